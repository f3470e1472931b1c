# The search at its edges: when a leaf grows, a tree just big enough, a heap too
# small for the tree asked for, a level's budget and its slices of time, how the
# weaker levels choose, and endgames the solver must prove as exhaustive play does.
from array import array
import hexgames
from hexgames.ai import LEVELS, Player, Search
from hexgames.rng import Rng
from hexgames.tree import Tree
from kit import StepClock, midgame, position, raises, scaled, without_ends

WIN = 1
LOSS = 2


def _grown(name, iterations, **options):
    g = hexgames.new(name, **options)
    s = Search(2, memory=scaled(256, 48) * 1024)     # room for every expansion
    s.start(g)
    for _ in range(iterations):
        s.iterate()
    assert s.tree.used + g.max_moves <= s.tree.size
    return s


def test_a_leaf_grows_on_its_second_real_visit():
    # Hex's children start with their priors' visits (born), HexGo's leaves take
    # four playouts a visit: counted in real visits, each leaf is expanded on its
    # second. Early on no node of these trees ends the game.
    for name, opts, per in (("hex", {"size": 5}, 1), ("hexgo", {}, 4)):
        s = _grown(name, scaled(400, 120), **opts)
        t = s.tree
        assert s.leaf == per and s.EXPAND_AT == 2
        leaves = grown = 0
        for c in range(1, t.used):
            real = t.visits[c] - t.born[c]
            if t.proven[c]:
                continue
            if t.kids[c]:
                grown += 1
                assert real >= 2 * per, (name, c, real)
                # its visits: one as a leaf, then each through one of its children
                below = sum([t.visits[k] - t.born[k] for k in range(t.first[c], t.first[c] + t.kids[c])])
                assert real == per + below, (name, c, real, below)
            else:
                leaves += 1
                assert real <= per, (name, c, real)
        assert grown >= 5 and leaves >= 50, (name, grown, leaves)


def test_a_tree_just_big_enough_for_the_roots_moves_expands_the_root():
    g = hexgames.new("hexgo")
    k = len(g.moves())
    for nodes, expanded in ((1 + k, True), (k, False)):
        s = Search(1, memory=nodes * Tree.BYTES_PER_NODE)
        s.start(g)
        assert s.tree.size == nodes
        assert (s.tree.kids[0] == k and s.tree.used == 1 + k) == expanded, nodes
        assert (s.tree.used == 1) != expanded


class _Tight:
    """An engine that finds no room on the heap for a tree above `room` bytes."""
    room = 8192
    tried = []

    def __init__(self, seed, memory):
        _Tight.tried.append(memory)
        if memory > self.room:
            raise MemoryError("no %d bytes" % memory)


def test_a_tree_the_heap_cannot_hold_is_halved_until_it_fits():
    p = Player(5, memory=32 * 1024)
    _Tight.tried = []
    assert isinstance(p._make(_Tight), _Tight)
    assert _Tight.tried == [32768, 16384, 8192]
    _Tight.room = 1000                       # not even 4 KB: the MemoryError stands
    _Tight.tried = []
    try:
        raises(MemoryError, p._make, _Tight)
    finally:
        _Tight.room = 8192
    assert _Tight.tried == [32768, 16384, 8192, 4096]


def test_each_level_runs_the_iterations_the_chip_makes_in_its_time():
    for name, opts in (("hexgo", {}), ("hex", {"size": 7})):
        g = hexgames.new(name, **opts)
        for level in (2, 3, 4, 5):
            p = Player(level, seed=1, memory=8 * 1024)
            p.start(g)
            ms = getattr(g, "LEVELS", LEVELS)[level][0]     # a game's own times (HexGo's)
            assert p.budget == g.CHIP_RATE * ms // 1000, (name, level)
        assert p.budget == g.CHIP_RATE                # level 5: one chip second


def test_a_slice_of_thinking_runs_until_its_milliseconds_are_used():
    g = hexgames.new("hex", size=5)
    p = Player(5, seed=3, memory=8 * 1024)
    p.start(g)
    clock = StepClock(20)                        # every iteration "takes" 20 ms
    assert not p.think(60, clock)
    assert p.search.playouts == 3 and p.spent == 60
    assert not p.think(100, clock)
    assert p.search.playouts == 8 and p.spent == 160


def _choices(level, ranked, seeds):
    g = hexgames.new("hex", size=5)
    out = {}
    for seed in range(seeds):
        p = Player(level, seed=seed, memory=4096)
        p.start(g)
        p.search.ranked = lambda: ranked
        m = p.best()
        out[m] = out.get(m, 0) + 1
    return out


def test_the_weaker_levels_sample_the_moves_near_the_best_by_their_visits():
    ranked = [(100, "a"), (60, "b"), (49, "c"), (10, "d")]
    n = scaled(120, 40)
    # level 2 takes up to 3 moves of at least half the best's visits, level 3 up
    # to 2 of 60%, level 4 of 75%, level 5 the best only
    for level, pool in ((2, "ab"), (3, "ab"), (4, "a"), (5, "a")):
        seen = _choices(level, ranked, n)
        assert sorted(seen) == list(pool), (level, seen)
        if pool == "ab":                      # in proportion: 100 to 60
            assert n // 2 < seen["a"] < n - n // 8, (level, seen)
    # a proven win is played at every level
    won = [(1 << 29, "w"), (300, "a"), (290, "b")]
    for level in (2, 3, 4):
        assert _choices(level, won, 10) == {"w": 10}


def _minimax(g):
    """The winner of g with best play, by trying everything."""
    if not g.to_move:
        return g.result()[0]
    me = g.to_move
    other = 0
    for m in g.moves():
        c = g.copy()
        c.play(m)
        w = _minimax(c)
        if w == me:
            return me
        other = w
    return other


def test_the_solver_proves_small_endgames_as_exhaustive_play_does():
    # Hex 5x5 with eight cells left (seven on MicroPython's smaller heap), half of them as a game that cannot say which
    # moves end it: the search proves the root and each move it proves, and every
    # proof is the game's value under best play. Positions decided by a win in one
    # (proven at the start) are left out: here the proofs take 30 to 2,000 iterations.
    found = {1: 0, 2: 0}
    deep = 0
    seed = 0
    s = Search(1, memory=scaled(128, 48) * 1024)       # one tree: the heap stays whole
    while deep < scaled(8, 4):     # positions whose proof took more than 30 iterations
        seed += 1
        assert seed < 200
        g = midgame("hex", {"size": 5}, scaled(17, 18), seed)
        if not g.to_move:
            continue
        if deep % 2:
            g = without_ends(g)
            assert getattr(g.copy(), "ends_into") is None
        s.start(g)
        n = 0
        while not s.solved():
            assert n < 20000, seed
            s.iterate()
            n += 1
        if n <= scaled(30, 20):
            continue
        deep += 1
        t = s.tree
        winner = t.who[0] if t.proven[0] == WIN else 3 - t.who[0]
        assert winner == _minimax(g), seed
        found[winner] += 1
        for c in range(t.first[0], t.first[0] + t.kids[0]):
            if t.proven[c]:
                after = g.copy()
                after.play(t.move[c])
                w = t.who[c] if t.proven[c] == WIN else 3 - t.who[c]
                assert w == _minimax(after), (seed, c)
    assert found[1] and found[2], found


def test_a_reply_that_wins_at_once_is_proven_a_level_down_with_or_without_ends_into():
    # O joins a3 b3 . d3 e3 at c3: after any X move but c3, O's c3 wins at once.
    # Every expanded X move must have that reply proven, whether the game says
    # which moves end it or the search plays them (the X move first, then c3).
    for plain in (True, False):
        g = position("hex", {"X": "b1 d5", "O": "a3 b3 d3 e3"}, "X", {"size": 5})
        if not plain:
            g = without_ends(g)
        c3 = g.parse("c3")
        s = Search(1, memory=scaled(64, 40) * 1024)
        s.start(g)
        for _ in range(scaled(200, 100)):
            s.iterate()
        t = s.tree
        expanded = 0
        for c in range(t.first[0], t.first[0] + t.kids[0]):
            if t.move[c] == c3 or not t.kids[c]:
                continue
            expanded += 1
            replies = [r for r in range(t.first[c], t.first[c] + t.kids[c]) if t.move[r] == c3]
            assert len(replies) == 1 and t.proven[replies[0]] == WIN, (plain, g.text(t.move[c]))
            assert t.proven[c] == LOSS
        assert expanded >= 3, (plain, expanded)


def test_where_the_game_cannot_tell_which_moves_end_it_the_search_plays_them():
    # Hexade: O's row a6..f6 is complete and wins unless X's reply breaks it; only
    # c7 (capturing c6-c5 against c4) does. ends_into answers -1 here, so the root's
    # moves are played: each but c7 proven lost, c7 left open.
    g = position("hexade", {"X": "c4 h2 i2 j2 h8", "O": "a6 b6 c6 d6 e6 f6 c5"}, "X",
                 {"base": 6})
    assert g.ends_into(array("i", g.moves()), len(g.moves()), bytearray(g.max_moves)) == -1
    p = Player(2, seed=1)
    p.start(g)
    t = p.search.tree
    c7 = g.parse("c7")
    kids = range(t.first[0], t.first[0] + t.kids[0])
    assert c7 in [t.move[c] for c in kids] and len(kids) >= 3
    for c in kids:
        assert t.proven[c] == (0 if t.move[c] == c7 else LOSS), g.text(t.move[c])


def test_where_the_game_tells_that_no_move_ends_it_no_move_is_played():
    # Hex early on: ends_into answers that none of a node's moves ends the
    # game, which settles the look for wins in one: no child is played out,
    # at the root or a level down. A game that cannot tell has them played.
    for plain in (False, True):
        g = hexgames.new("hex", size=5)
        g.play(g.parse("c3"))
        if plain:
            g = without_ends(g)
        played = []

        class Counting(Search):
            def after(self, *moves):
                played.append(moves)
                return Search.after(self, *moves)
        s = Counting(1, memory=16 * 1024)
        s.start(g)
        for _ in range(60):
            s.iterate()
        t = s.tree
        below = [c for c in range(t.first[0], t.first[0] + t.kids[0]) if t.kids[c]]
        assert below and not t.proven[0]
        assert (len(played) >= t.kids[0] + t.kids[below[0]]) if plain else played == [], plain


def test_the_root_is_decided_at_the_start_by_a_win_in_one():
    # X joins top and bottom at c3: proven before any iteration, and ranked first
    g = position("hex", {"X": "c1 c2 c4 c5", "O": "a1 b1 a2 e5"}, "X", {"size": 5})
    p = Player(3, seed=1, memory=8 * 1024)
    p.start(g)
    assert p.search.solved() and p.search.playouts == 0 and p.done
    top = p.search.ranked()
    assert top[0] == (1 << 29, g.parse("c3"))
    assert [sc for sc, m in top[1:]] == [0] * (len(top) - 1)
    assert p.best() == g.parse("c3")


def test_a_ranked_move_scores_its_own_visits_and_a_lost_one_minus_one():
    g = hexgames.new("hex", size=5)
    p = Player(5, seed=2, memory=16 * 1024)
    p.start(g)
    p.think()
    s, t = p.search, p.search.tree
    kids = range(t.first[0], t.first[0] + t.kids[0])
    t.proven[kids[3]] = LOSS
    ranked = s.ranked()
    want = sorted([(-1 if c == kids[3] else t.visits[c] - s.pv) for c in kids], reverse=True)
    assert [sc for sc, m in ranked] == want and s.pv == 4
    assert ranked[-1] == (-1, t.move[kids[3]])


def _hand_tree(root_who, proofs, same_player=False):
    s = Search(1, memory=4096)
    t = s.tree
    t.reset(root_who)
    t.first[0], t.kids[0], t.used = 1, len(proofs), 1 + len(proofs)
    for i in range(len(proofs)):
        t.proven[1 + i] = proofs[i]
        t.kids[1 + i] = 0
        t.who[1 + i] = root_who if same_player else 3 - root_who
    return s, t


def test_a_node_is_proven_when_one_child_wins_or_every_child_loses():
    for same in (False, True):
        for proofs, want in (((0, WIN, LOSS), WIN), ((LOSS, LOSS), LOSS), ((0, LOSS), 0)):
            s, t = _hand_tree(1, proofs, same)
            s._prove(0)
            # the one who chooses at the root is the root's mover when he moves again
            mine = want if same else {WIN: LOSS, LOSS: WIN, 0: 0}[want]
            assert t.proven[0] == mine, (same, proofs)


def _drawing_moves(g):
    out = []
    for m in g.moves():
        c = g.copy()
        c.play(m)
        if not c.to_move and c.result()[0] == 0:
            out.append(m)
    return out


def test_a_drawn_end_counts_one_point_a_visit():
    # HexGo positions where a move ends the game drawn: searched with one playout
    # a leaf, that move's every visit is a drawn game, one point each
    seen = 0
    for seed in range(1, 300):
        g = hexgames.new("hexgo")
        rng = Rng(seed)
        while g.to_move and not _drawing_moves(g):
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])
        if not g.to_move:
            continue
        draws = _drawing_moves(g)
        g.LEAF_PLAYOUTS = 1
        g.PRIOR_VISITS = 0              # no prior's points: every visit a drawn game
        s = Search(seed, memory=16 * 1024)
        s.start(g)
        assert s.leaf == 1
        for _ in range(60):
            s.iterate()
        t = s.tree
        for c in range(t.first[0], t.first[0] + t.kids[0]):
            if t.move[c] in draws and t.visits[c] > 1:
                assert t.wins[c] == t.visits[c] and not t.proven[c], (seed, t.wins[c], t.visits[c])
                seen += 1
        if seen >= 3:
            break
    assert seen >= 3


def test_the_descent_draws_one_number_a_node_from_the_searchs_generator():
    s = Search(4, memory=16 * 1024)
    s.start(hexgames.new("hexgo"))
    for _ in range(120):
        s.iterate()
    states = set()
    for _ in range(20):
        s.rng.below(7)                        # as an expansion draws between descents
        twin = Rng(1)
        twin.x1, twin.x2 = s.rng.x1, s.rng.x2
        d = s._descend(0)
        assert d >= 1
        for i in range(d):
            twin.bits15()
        assert (s.rng.x1, s.rng.x2) == (twin.x1, twin.x2)
        states.add(s.rng.x1)
        states.add(s.rng.x2)
        s.iterate()
    assert len(states) == 40                  # neither generator stuck (0 stays 0)


def test_with_rave_the_descent_follows_the_all_moves_as_first_rate():
    # Hex asks for RAVE: a child that every playout favours as a later move is
    # taken while the real visits say little, where UCB1 alone would not
    s = Search(1, memory=16 * 1024)
    s.start(hexgames.new("hex", size=5))
    t = s.tree
    kids = list(range(t.first[0], t.first[0] + t.kids[0]))
    for c in kids:
        t.visits[c], t.wins[c], t.amaf_n[c], t.amaf_w[c] = 6, 6, 100, 100
    fav = kids[7]
    t.wins[fav], t.amaf_w[fav] = 4, 200      # worse by its own few visits, best by all
    t.visits[0] = 6 * len(kids)
    assert s._descend(0) == 1 and s.path[1] == fav
    s.amaf = None                            # the plain search would take another
    assert s._descend(0) == 1 and s.path[1] != fav
