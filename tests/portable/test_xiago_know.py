# XiaGo's knowledge for the opponent (xiago/knowledge.py, playout.py,
# search.py) on small hand-made base-4 positions: the playout answers
# a self-atari by capturing, saves a group put in atari, never fills its own
# eye nor puts itself in atari; priors rate captures (by placement and by
# neutral step), escapes and ataris high, eyes, self-ataris and the pass low;
# the search's move list is legal; everything is seeded and allocation-free.
import hexgames
from hexgames.xiago import knowledge
from hexgames.ai import Player
from array import array
from kit import position

INITIAL = "d2 f2 b4 d4 f4 b6 d6"       # base 4 (rules section 3)


def xiago(x="", o="", to_move="X", n=INITIAL):
    return position("xiago", {"X": x, "O": o, "N": n}, to_move, {"base": 4})


def priors(g):
    """{move text: prior} of every legal move."""
    ms = g.moves()
    buf = array("i", ms)
    out = bytearray(len(ms))
    g.priors_into(buf, len(ms), out)
    return dict([(g.text(ms[i]), out[i]) for i in range(len(ms))])


def first_stone(g, seed):
    """The cell of the first placement of a one-ply playout (None: a pass)."""
    h = g.copy()
    before = bytearray(h.cell)
    h.playout(seed, 1)
    new = [i for i in range(h.n) if h.cell[i] == g.side and before[i] != g.side]
    return g.board.name(new[0]) if new else None


def test_the_playout_takes_a_stone_left_in_atari():
    # O's a5 (b5, a6 X; b4 neutral) has the one liberty a4: X takes it,
    # whatever the seed
    g = xiago("b5 c3 a6", "b3", to_move="O")
    g.play("a5")
    for seed in range(20):
        h = g.copy()
        h.playout(seed, 1)
        assert h.cell[h.board.index("a4")] == 1 and h.cell[h.board.index("a5")] == 0, seed


def test_the_playout_saves_a_group_put_in_atari():
    # O's c2 leaves X's c3-c4 the one liberty b5; X extends there (a5 a6
    # give it two), whatever the seed
    g = xiago("c4 c3", "d3 b3 c5", to_move="O")
    g.play("c2")
    for seed in range(20):
        assert first_stone(g, seed) == "b5", seed


def test_the_playout_fills_no_own_eye_and_no_self_atari():
    # a7 is X's eye (b7, a6 X, b6 neutral); b3 would leave a lone X stone
    # the one liberty a4 (c2 c3 O, b4 neutral)
    g = xiago("a6 b7", "c2 c3")
    seen = set()
    for seed in range(60):
        c = first_stone(g, seed)
        seen.add(c)
        h = g.copy()
        h.play(c)
        knowledge.count(h)
        assert h.map.lc[h.head[h.board.index(c)]] >= 2, (seed, c)
    assert "a7" not in seen and "b3" not in seen and len(seen) > 10


def test_priors_rate_captures_escapes_and_ataris():
    g = xiago("b5 c3 a6", "a5 b3")              # rules example 2: a4 captures a5
    p = priors(g)
    assert p["a4"] == 16 and max(p.values()) == 16
    assert p["pass"] < 8
    # example 3: the neutral step d4-e4 takes O's e5 at once
    p = priors(xiago("d5 f5 e6", "e5"))
    assert p["d4-e4"] == 16 and p["e4"] == 16
    # example 8: a4 is suicide, but b6-a6 leaves a5 in atari, and the
    # placement on a4 follows
    p = priors(xiago("b5 c3", "a5 b3"))
    assert "a4" not in p and p["b6-a6"] == 15
    # X's c3-c4 has the one liberty b5, which gives it two
    p = priors(xiago("c4 c3", "d3 b3 c5 c2"))
    assert p["b5"] == 14
    # O's a5 (libs a4 a6): a6 leaves it in atari
    p = priors(xiago("b5 c3", "a5 b3"))
    assert p["a6"] == 11


def test_priors_rate_eyes_self_ataris_and_the_pass_low():
    p = priors(xiago("a6 b7", "c2 c3"))
    assert p["a7"] == 1 and p["b3"] == 2 and p["pass"] == 2
    assert p["e4"] == 8 and p["d3"] == 9            # open, and in contact
    assert p["a5"] == 5                             # own area: X next, no O near
    assert max([v for t, v in p.items() if "-" in t]) == 3    # no slide matters
    # nothing left but own eyes: passing is fine
    g = hexgames.new("xiago", base=4)
    eyes = ("a7", "d1", "g4", "d7", "a4", "g1", "c4", "e3", "e5")
    x = " ".join([g.board.name(i) for i in range(g.n)
                  if g.cell[i] == 0 and g.board.name(i) not in eyes])
    g = xiago(x, "")
    p = priors(g)
    assert p["pass"] == 10 and max([v for t, v in p.items() if t != "pass"]) <= 3


def test_the_search_lists_legal_moves_and_the_pass():
    from kit import midgame, scaled
    games = [xiago(x, o) for x, o in (("b5 c3 a6", "a5 b3"), ("d5 f5 e6", "e5"),
                                      ("c4 c3", "d3 b3 c5 e3 e2"), ("", ""))]
    for seed in range(scaled(40, 3)):      # and random positions, own groups in atari among them
        g = midgame("xiago", {"base": 4}, 6 + seed, seed)
        if g.to_move and not g.must:
            games.append(g)
    for g in games:
        legal = g.moves()
        buf = array("i", bytes(4 * g.max_moves))
        out = bytearray(g.max_moves)
        k = knowledge.moves_into(g, buf, out)
        got = list(buf[:k])
        assert len(set(got)) == k and g.parse("pass") in got
        for m in got:
            assert m in legal, g.text(m)
        full = priors(g)
        for i in range(k):
            assert out[i] == full[g.text(got[i])]
        # every move rated above a plain neutral step is there
        for t, v in full.items():
            if v >= 4:
                assert g.parse(t) in got, t


def test_the_evaluation_and_the_search_are_seeded():
    g = hexgames.new("xiago", base=4)
    for t in ("c3", "e3", "c5"):
        g.play(t)
    assert knowledge.evaluate(g) in (1, 2)
    a = Player(5, seed=3)
    b = Player(5, seed=3)
    for p in (a, b):
        p.start(g)
        p.think()
    assert a.best() == b.best() and a.search.playouts == b.search.playouts
    g.play(a.best())


def test_the_search_goes_for_the_capture():
    # a4 takes a5 at once; b4-a4 leaves a5 the one liberty b4 (for the
    # placement that follows); d2-c2 takes b3's liberty c2, and a4 then
    # takes both a5 and b3 (level 5 finds it since the kernels: 81
    # iterations). Nothing else is close.
    g = xiago("b5 c3 a6", "a5 b3")
    for level in (2, 5):
        p = Player(level, seed=1)
        p.start(g)
        p.think()
        assert g.text(p.best()) in ("a4", "b4-a4", "d2-c2")
    h = g.copy()
    h.play("d2-c2")
    h.play("a4")
    assert h.cell[h.board.index("a5")] == 0 and h.cell[h.board.index("b3")] == 0


def test_knowledge_allocates_nothing():
    import gc
    if not hasattr(gc, "mem_alloc"):
        return                                  # CPython: nothing to measure
    g = xiago("c4 c3 d5 f5 e6", "d3 b3 c5 e3 e2 e5")
    buf = array("i", bytes(4 * g.max_moves))
    out = bytearray(g.max_moves)
    knowledge.moves_into(g, buf, out)          # warm-up
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    k = knowledge.moves_into(g, buf, out)
    g.priors_into(buf, k, out)
    knowledge.evaluate(g)
    b = gc.mem_alloc()
    gc.enable()
    assert b == a, "knowledge allocated %d bytes" % (b - a)


def test_the_placement_after_a_neutral_step_is_searched_a_quarter_as_long():
    # one turn, two plies: the step's search looked below it at the
    # placements, so the placement's own gets a quarter of the level's time
    g = xiago()
    full = Player(5, seed=1)
    full.start(g)
    assert not g.follow_up() and full.budget == g.CHIP_RATE and full.ms == 1000
    step = [m for m in g.moves() if (1 << 20) <= m < (2 << 20)][0]
    g.play(step)
    assert g.follow_up() and g.to_move == 1            # X still to place
    p = Player(5, seed=1)
    p.start(g)
    assert p.budget == g.CHIP_RATE // 4 and p.ms == 250
    p.think()
    assert p.search.playouts == g.CHIP_RATE // 4
    g.play(p.best())
    assert not g.follow_up() and g.to_move == 2
    p.start(g)
    assert p.budget == g.CHIP_RATE


def test_the_evaluation_is_the_area_estimate_it_describes():
    # each stone for its owner, but a group with one liberty counts for the side
    # to move (who takes it next); each vacant cell for the colour with more
    # stones next to it; komi for O; a tie O's
    from kit import midgame, scaled, ON_MICROPYTHON
    seen = set()
    for seed in range(scaled(60, 6)):
        g = midgame("xiago", {"base": 4}, 10 + seed % 40, seed)
        if not g.to_move:
            continue
        n, cell, adj, mover = g.n, g.cell, g.adj, g.side
        score = [0, 0, 0]
        for i in range(n):
            v = cell[i]
            if v in (1, 2):
                group, libs = [i], set()
                for s in group:
                    for j in adj[s]:
                        if cell[j] == v and j not in group:
                            group.append(j)
                        elif cell[j] == 0:
                            libs.add(j)
                score[mover if v != mover and len(libs) == 1 else v] += 1
            elif v == 0:
                x = sum(1 for j in adj[i] if cell[j] == 1)
                o = sum(1 for j in adj[i] if cell[j] == 2)
                if x != o:
                    score[1 if x > o else 2] += 1
        want = 1 if 2 * score[1] > 2 * score[2] + g.map.komi2 else 2
        assert knowledge.evaluate(g) == want, (seed, g.record())
        seen.add(want)
    assert ON_MICROPYTHON or seen == {1, 2}


def test_a_playouts_first_stone_is_the_generators_draw_and_becomes_the_last_move():
    # the playout draws a starting point in the list of vacant cells (board order at
    # the start) with hexgames/rng.py, then takes the first cell in list order that
    # is no self-atari (here: one with two vacant neighbours); the game then knows
    # it as the last placement, which the next playout's first reply reads
    from hexgames.rng import Rng
    from kit import scaled
    g = hexgames.new("xiago", base=4)
    emp = [i for i in range(g.n) if g.cell[i] == 0]
    cells = set()
    for seed in range(scaled(300, 30)):
        h = g.copy()
        h.playout(seed, 1)
        k = Rng(seed).below(len(emp))
        for t in range(len(emp)):
            c = emp[(k + t) % len(emp)]
            if sum(1 for j in g.adj[c] if g.cell[j] == 0) >= 2:
                break
        assert h.cell[c] == 1 and h.last == c and h.to_move == 2, seed
        cells.add(c)
    assert len(cells) > scaled(20, 5)


def liberties(g, s):
    """The vacant cells next to the group of the stone on s, by a plain flood."""
    cell, adj = g.cell, g.adj
    group, out = [s], set()
    for x in group:
        for j in adj[x]:
            if cell[j] == cell[s] and j not in group:
                group.append(j)
            elif cell[j] == 0:
                out.add(j)
    return out


def placement_prior(g, c):
    """knowledge.py's prior of the placement on c by the side to move, from its
    definitions: the liberties of groups by a plain flood."""
    cell, adj, p = g.cell, g.adj, g.side
    q = 3 - p

    def libs(s):
        return liberties(g, s)
    mine, theirs = [libs(j) for j in adj[c] if cell[j] == p], [libs(j) for j in adj[c] if cell[j] == q]
    new = set(j for j in adj[c] if cell[j] == 0)
    for s in mine:
        new |= s
    new.discard(c)
    if any(len(s) == 1 for s in theirs):
        return 16                       # a capture
    if len(new) < 2:
        return 2                        # self-atari
    if any(len(s) == 1 for s in mine):
        return 14                       # the escape of an own group in atari
    if any(len(s) == 2 for s in theirs):
        return 11                       # atari
    if not mine and not theirs:
        return 8                        # plain: no stone next to it
    if any(len(s) == 2 for s in mine):
        return 10                       # extends a group of two liberties
    vacant = [j for j in adj[c] if cell[j] == 0]
    if theirs or any(cell[i] == q for j in vacant for i in adj[j]):
        return 9                        # contact
    return 5 if vacant else 1           # inside own lines, or an eye


def test_the_placements_priors_are_their_definitions():
    from kit import midgame, scaled
    rated = 0
    for seed in range(scaled(40, 4)):
        g = midgame("xiago", {"base": 4}, 6 + seed, seed)
        if not g.to_move or g.must:
            continue
        for t, v in priors(g).items():
            if t != "pass" and "-" not in t:
                assert v == placement_prior(g, g.board.index(t)), (seed, g.record(), t)
                rated += 1
    assert rated > scaled(300, 20)


def test_a_playouts_placement_is_the_first_fit_from_its_reply_then_the_drawn_start():
    # A ply first answers the last stone, the opponent's: the lone liberty of its
    # group (a capture), else of the first own group next to it in atari (a save);
    # then it draws a start k in the list of vacant cells (rng.py) and goes on in
    # list order. It takes the first of these cells that is legal, no own eye (no
    # vacant neighbour, no opponent next to it) and no self-atari that takes
    # nothing; with none, it passes. Each position once as it is, once with no
    # last stone to answer.
    from hexgames import IllegalMove
    from hexgames.rng import Rng
    from kit import midgame, scaled
    checked = replies = 0
    for seed in range(scaled(100, 6)):
        g = midgame("xiago", {"base": 4}, 4 + seed % 50, seed)
        if not g.to_move or g.must:
            continue
        cell, adj, p = g.cell, g.adj, g.side
        q = 3 - p

        def libs(s):
            return liberties(g, s)

        def fits(c):
            vacant = [j for j in adj[c] if cell[j] == 0]
            if not vacant and not any(cell[j] == q for j in adj[c]):
                return False                # an own eye
            try:
                g.copy().play(c)
            except IllegalMove:
                return False                # suicide or superko
            if any(cell[j] == q and libs(j) == {c} for j in adj[c]):
                return True                 # takes something
            new = set(vacant)
            for j in adj[c]:
                if cell[j] == p:
                    new |= libs(j)
            new.discard(c)
            return len(new) >= 2            # else a self-atari
        emp = list(g.emp[:g.nemp])
        k = Rng(seed).below(len(emp))
        order = [emp[(k + t) % len(emp)] for t in range(len(emp))]
        for last in (g.last, -1):
            g.last = last
            reply = []
            if last >= 0 and cell[last] == q:
                for s in [last] + [j for j in adj[last] if cell[j] == p]:
                    if len(libs(s)) == 1:
                        reply = list(libs(s))
                        break
            want = [c for c in reply + order if fits(c)][:1]
            h = g.copy()
            h.playout(seed, 1)
            got = [c for c in range(g.n) if cell[c] == 0 and h.cell[c] == p]
            assert got == want, (seed, last, g.record(), got, want)
            checked += 1
            replies += got == reply
    assert checked > scaled(80, 4) and replies >= scaled(5, 0)
