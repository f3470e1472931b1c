# The search goes on from the last one: the tree below the moves played since
# is kept (reuse.py and the kernel keep), its nodes near the new root scanned for moves that end
# the game, and anything else (an undo, another game) starts a new tree.
import gc
import hexgames
from hexgames import ai
from hexgames.ai import Player, Search
from kit import midgame, position, scaled, without_ends

WIN = 1


def _snapshot(t, v):
    """Node v and its subtree as nested tuples, in the children's order."""
    node = (t.move[v], t.visits[v], t.wins[v], t.who[v], t.proven[v], t.born[v],
            t.amaf_n[v], t.amaf_w[v], t.kids[v])
    f = t.first[v]
    return (node, tuple([_snapshot(t, c) for c in range(f, f + t.kids[v])]))


def _fingerprint(t):
    """A hash of the used nodes, field by field (a snapshot of a whole tree
    would not fit the unix port's heap beside it)."""
    h = t.used
    for a in (t.move, t.first, t.visits, t.wins, t.who, t.proven, t.born, t.amaf_n, t.amaf_w, t.kids):
        for i in range(t.used):
            h = (h * 31 + a[i]) & 0xFFFFFF
    return h


def _keep(s, r):
    """The kernel keep alone (no scan after it), as the search calls it."""
    t = s.tree
    t.used = ai.K.keep(r, t.used, t.move, t.first, t.visits, t.wins, t.kids, t.amaf_n,
                       t.amaf_w, t.who, t.proven, t.born)
    return t.used


def _count(snap):
    return 1 + sum([_count(c) for c in snap[1]])


def _most_visited(t, v):
    f = t.first[v]
    best = f
    for c in range(f, f + t.kids[v]):
        if t.visits[c] > t.visits[best]:
            best = c
    return best


def _searched(name, opts, iterations, seed=1, plies=0, kb=32, ends=True, cls=Search):
    # the same tree on every VM: the tests below find their positions in it.
    # ends=False: a game without ends_into, whose scan plays each move
    g = midgame(name, opts, plies, seed) if plies else hexgames.new(name, **opts)
    if not ends:
        g = without_ends(g)
    gc.collect()
    s = cls(seed, memory=kb * 1024)
    s.start(g)
    for _ in range(iterations):
        s.iterate()
    return g, s


def _ends_with_a_win(g, m):
    h = g.copy()
    h.play(m)
    r = h.result()
    return r is not None and r[0] == g.to_move


def test_keep_slides_a_subtree_to_the_front_as_it_was():
    # Hex keeps its RAVE counts too; HexGo's leaves take four playouts
    for name, opts in (("hex", {"size": 5}), ("hexgo", {})):
        g, s = _searched(name, opts, scaled(300, 120))
        t = s.tree
        c = _most_visited(t, 0)
        r = _most_visited(t, c)
        assert t.kids[r], name
        before = _snapshot(t, r)
        used = t.used
        n = _keep(s, r)
        assert n == t.used == _count(before) < used, (name, n, used)
        assert _snapshot(t, 0) == before, name
        assert max(t.proven[:n]) <= 2          # no mark of the pass left behind


def test_the_search_goes_on_below_the_moves_played():
    for name, opts in (("hexgo", {}), ("inphexion", {})):
        g, s = _searched(name, opts, scaled(300, 120))
        t = s.tree
        c = _most_visited(t, 0)
        r = _most_visited(t, c)
        visits, kids = t.visits[r], t.kids[r]
        assert kids, name
        h = g.copy()
        h.play(t.move[c])
        h.play(t.move[r])
        s.start(h)
        # inpHeXion's tree is paced: its room is what the kept nodes left, so
        # with a long budget it still grows at once (were the kept nodes counted
        # as spent, not for dozens of iterations)
        s.plan(3000)
        assert s.kept >= 1 + kids and t.visits[0] == visits and t.kids[0] == kids, name
        for _ in range(10):
            s.iterate()
        assert t.visits[0] == visits + 10 * s.leaf, name
        assert t.used > s.kept, name        # it grows again (a paced tree too)
        # an undo: the history no longer goes on from the root's, a new tree
        h.undo()
        s.start(h)
        assert s.kept == 0 and t.visits[0] == 0 and t.used == 1 + t.kids[0], name


def test_a_leaf_never_searched_another_line_or_another_game_starts_a_new_tree():
    g, s = _searched("hex", {"size": 5}, 50, plies=4, kb=16)
    t = s.tree
    kids = range(t.first[0], t.first[0] + t.kids[0])
    leaf = [c for c in kids if not t.kids[c]][0]
    h = g.copy()
    h.play(t.move[leaf])
    s.start(h)
    assert s.kept == 0 and t.visits[0] == 0
    # moves the tree has searched, after a history that is not its root's
    g, s = _searched("hex", {"size": 5}, 200, plies=4, kb=16)
    t = s.tree
    c = _most_visited(t, 0)
    r = _most_visited(t, c)
    assert t.kids[r]
    line = (t.move[c], t.move[r])
    last = g.history()[-1]
    others = [m for m in _before(g).moves() if m not in line and m != last]
    assert others[0] < last < others[-1]      # a history that differs up or down
    for other in (others[0], others[-1]):
        g, s = _searched("hex", {"size": 5}, 200, plies=4, kb=16)
        t = s.tree
        h = _before(g)
        h.play(other)
        h.play(line[0])
        h.play(line[1])
        s.start(h)
        assert s.kept == 0 and t.visits[0] == 0, other
    # the same (empty) history in another game: other options, another start
    for other in (hexgames.new("hex", size=6), position("hex", {"X": "c3"}, "O", {"size": 5})):
        g, s = _searched("hex", {"size": 5}, 50, kb=16)
        s.start(other)
        assert s.kept == 0 and s.tree.visits[0] == 0 and s.tree.kids[0] == len(other.moves())


def _before(g):
    """g a move earlier."""
    h = g.copy()
    h.undo()
    return h


def _two_plies_on(g, t, wanted):
    """The position after the first root child and grandchild (expanded, not
    proven) for which wanted(position, grandchild) holds, or None."""
    for c in range(t.first[0], t.first[0] + t.kids[0]):
        for r in range(t.first[c], t.first[c] + t.kids[c]):
            if t.kids[r] and not t.proven[r]:
                h = g.copy()
                h.play(t.move[c])
                h.play(t.move[r])
                if wanted(h, r):
                    return h
    return None


def _unproven_wins(t, v, pos):
    """v's children whose moves from pos win at once, not proven so."""
    return [x for x in range(t.first[v], t.first[v] + t.kids[v])
            if t.proven[x] != WIN and _ends_with_a_win(pos, t.move[x])]


def _after(pos, m):
    h = pos.copy()
    h.play(m)
    return h


def _checked_near_the_root(t, h):
    """Every child of the root and of its expanded children: proven a win
    exactly where its move wins at once. Returns how many were checked."""
    checked = 0
    for v in [0] + [c for c in range(t.first[0], t.first[0] + t.kids[0]) if t.kids[c]]:
        pos = _after(h, t.move[v]) if v else h
        for x in range(t.first[v], t.first[v] + t.kids[v]):
            assert (t.proven[x] == WIN) == _ends_with_a_win(pos, t.move[x]), (v, x)
            checked += 1
    return checked


def test_a_kept_root_is_scanned_for_a_win_in_one():
    # two plies on, the expanded node was deeper than the scan looks: its
    # win in one is proven at the start, and the root decided; by ends_into,
    # or by playing each move where the game has none
    for ends in (True, False):
        g, s = _searched("hex", {"size": 5}, 600, seed=1, plies=8, ends=ends)
        t = s.tree
        h = _two_plies_on(g, t, lambda h, r: _unproven_wins(t, r, h))
        assert h is not None
        s.start(h)
        assert s.kept and s.solved(), ends
        assert _checked_near_the_root(t, h) >= t.kids[0]


def test_below_a_kept_root_a_reply_that_wins_at_once_is_proven():
    # no win in one at the new root, but below one of its children the
    # opponent's reply wins at once: proven, so the search avoids that child
    def threatened(h, r):
        if [m for m in h.moves() if _ends_with_a_win(h, m)]:
            return False
        for x in range(t.first[r], t.first[r] + t.kids[r]):
            if t.kids[x] and _unproven_wins(t, x, _after(h, t.move[x])):
                return True
        return False
    for ends in (True, False):
        g, s = _searched("hex", {"size": 5}, 600, seed=2, plies=8, ends=ends)
        t = s.tree
        h = _two_plies_on(g, t, threatened)
        assert h is not None
        s.start(h)
        assert s.kept and not s.solved(), ends
        assert _checked_near_the_root(t, h) > t.kids[0]


def test_a_player_keeps_its_tree_from_move_to_move_and_stays_seeded():
    # two players, one game: a move's search starts with the visits the
    # player's last search made below the two moves played since, and the
    # game is the same move for move when played again. The engines of
    # Hexade and XiaGo list fewer moves than moves_into: kept as well.
    def game(name, opts):
        g = hexgames.new(name, **opts)
        ps = (Player(3, seed=5), Player(3, seed=6))
        kept = 0
        for _ in range(8):
            p = ps[g.to_move - 1]
            p.start(g.copy())
            kept += p.search.tree.visits[0]
            p.think()
            g.play(p.best())
        return g.history(), kept
    for name, opts in (("hexgo", {}), ("hexade", {"base": 5}), ("xiago", {"base": 4})):
        first, kept = game(name, opts)
        assert kept > 0, name
        assert game(name, opts) == (first, kept), name


def test_the_same_position_searched_again_keeps_the_whole_tree():
    # a hint, then the computer's move on the same position: the tree goes
    # on as it was (its root and the nodes below were scanned when expanded)
    g, s = _searched("hex", {"size": 5}, 200, plies=4, kb=16)
    t = s.tree
    before, used = _fingerprint(t), t.used
    s.start(g.copy())
    assert s.kept == used == t.used
    assert _fingerprint(t) == before


def test_every_expanded_child_of_the_root_is_found_and_no_other_move():
    # the first and the last of the root's children; Hexade lists the moves
    # worth searching, not every empty cell, and a move it left out has no
    # node below the root, even where it was searched deeper down
    g, s = _searched("hex", {"size": 4}, 300, plies=6, kb=16)
    t = s.tree
    f, k = t.first[0], t.kids[0]
    grown = [c for c in range(f, f + k) if t.kids[c]]
    assert grown[-1] == f + k - 1
    for c in (grown[0], grown[-1]):
        g, s = _searched("hex", {"size": 4}, 300, plies=6, kb=16)
        t = s.tree
        size = _count(_snapshot(t, c))
        h = g.copy()
        h.play(t.move[c])
        s.start(h)
        assert s.kept == size, c
    from hexgames.hexade.search import Search as Narrow      # the game's own
    g, s = _searched("hexade", {"base": 5}, scaled(300, 150), cls=Narrow)
    t = s.tree
    f, k = t.first[0], t.kids[0]
    listed = [t.move[c] for c in range(f, f + k)]
    moves = g.moves()
    # the first such move in the tree's order: a look past the root's
    # children finds it soonest
    left = [t.move[c] for c in range(f + k, t.used) if t.move[c] not in listed and t.move[c] in moves]
    assert left
    h = g.copy()
    h.play(left[0])
    s.start(h)
    assert s.kept == 0 and t.visits[0] == 0


def _deep_marks(t, v, depth):
    """The proven marks of v's subtree from depth 3 on, by move (a kept root
    and its children are scanned again: deeper nodes are not)."""
    f = t.first[v]
    return (t.move[v], t.proven[v] if depth >= 3 else None,
            tuple([_deep_marks(t, c, depth + 1) for c in range(f, f + t.kids[v])]))


def test_the_scan_of_a_kept_root_leaves_the_deeper_nodes_as_they_were():
    for seed in (2,):
        g, s = _searched("hex", {"size": 5}, 600, seed=seed, plies=14)
        t = s.tree
        c = _most_visited(t, 0)
        r = _most_visited(t, c)
        before = _deep_marks(t, r, 0)
        h = g.copy()
        h.play(t.move[c])
        h.play(t.move[r])
        s.start(h)
        assert s.kept and _deep_marks(t, 0, 0) == before, seed
