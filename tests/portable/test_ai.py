# The computer opponent: real searches on real games.
import gc
from array import array
import hexgames
from hexgames.ai import Player, Search
from hexgames.tree import ucb_explore as _ucb_explore
from hexgames.rng import Rng
from kit import StepClock, position, raises, scaled, unload_games


def winning_moves(g):
    """The moves after which g's mover has won: at once, or in Hexade, whose
    six wins only once it outlasts the opponent's reply (rules/hexade.md
    section 7), whatever the opponent replies."""
    me = g.to_move
    out = []
    for m in g.moves():
        c = g.copy()
        c.play(m)
        if won(c, me) or g.NAME == "hexade" and c.to_move and all_replies_lose(c, me):
            out.append(m)
    return out


def won(g, player):
    r = g.result()
    return r is not None and r[0] == player


def all_replies_lose(g, player):
    for m in g.moves():
        c = g.copy()
        c.play(m)
        if not won(c, player):
            return False
    return True


# Small boards: the search is the same, and the MicroPython VM keeps the
# chip's heap. Hexade's sixes and Hexmeister's lines almost never come one
# move short in random games (Hexmeister's run to the 300-turn draw): their
# positions are built (BUILT).
RANDOM = {"hexgo": {}, "xiago": {"base": 4}, "inphexion": {"size": 5}, "hex": {"size": 5}}


def position_with_a_win_in_one(name, rng):
    """A seeded random game, stopped where the mover can win with one move."""
    for _ in range(40):
        g = hexgames.new(name, **RANDOM[name])
        while g.to_move:
            ms = g.moves()
            wins = winning_moves(g) if len(ms) <= 12 else []
            if wins and len(wins) < len(ms):
                return g
            g.play(ms[rng.below(len(ms))])
    raise AssertionError("no %s position with a win in one in 40 random games" % name)


def meister(x, o, to_move="X"):
    return position("hexmeister", {"X": x, "O": o}, to_move,
                    reserves={"X": 12, "O": 12}, bonus=False, turn=20)


# (game, X stones, O stones, to move, options): the mover has a win in one
BUILT = (
    # a row of five, the sixth cell free, no pair of it capturable
    ("hexade", "a5 b5 c5 d5 e5", "e1 g1 i1 a9 c9", "X", {"base": 5}),
    ("hexade", "e1 g1 i1 a9 c9", "a5 b5 c5 d5 e5", "O", {"base": 5}),
    # five of the ring around e5 (f4 missing); five of the triangle c5 d5 e5 / c6 d6 / c7
    ("hexade", "f5 d5 e6 d6 e4", "g1 i1 a9 c9 e9", "X", {"base": 5}),
    ("hexade", "c5 d5 e5 c6 d6", "g1 i1 a9 h2 e9", "X", {"base": 5}),
    # rules/hexade.md example 6: f6 completes a triangle that O's g6 breaks at
    # once by capture; f11 completes a row that stays
    ("hexade", "e5 f5 g5 e6 e7 a11 b11 c11 d11 e11", "c5 d6 h6 k1 j2 i3 h4", "X", {"base": 6}),
    # X holds four gates of the f line; one step enters the fifth (f11)
    ("hexmeister", "f1 f3 f6 f9 f10", "h1 i1 a6", "X", None),
    ("hexmeister", "f1 f3 f6 f9 d11", "h1 i1 a6", "X", None),
    ("hexmeister", "f1 f3 f6 f9 f10", "e11 g10 h1", "X", None),
    # the row 6 line, b5 beside its gate a6
    ("hexmeister", "c6 f6 i6 k6 b5 j7", "h1 c9", "X", None),
)


def built(k):
    name, x, o, to_move, options = BUILT[k]
    if name == "hexmeister":
        return meister(x, o, to_move)
    return position(name, {"X": x, "O": o}, to_move, options)


def choice(g, level, seed):
    """The move of a Player of this level; level 6 gets a virtual clock (4 ms a reading)."""
    p = Player(level, seed=seed, memory=8 * 1024)
    if level == Player.PC_LEVEL:
        clock = StepClock(4)
        p.start(g, clock)
        while not p.think(50, clock):
            pass
    else:
        p.start(g)
        p.think()
    return p.best()


def test_no_level_misses_a_win_in_one():
    rng = Rng(1)
    checked = {}
    for name in hexgames.GAMES:
        todo = [k for k in range(len(BUILT)) if BUILT[k][0] == name]
        for i in range(len(todo) if todo else scaled(4, 2)):
            # (made when its turn comes: several at once crowd the unix port's heap)
            g = built(todo[i]) if todo else position_with_a_win_in_one(name, rng)
            wins = winning_moves(g)
            assert wins and len(wins) < len(g.moves()), g.dump()
            for level in (1, 2, 3, 4, 5, 6):
                assert choice(g, level, len(wins) + i) in wins, (name, level, g.dump())
                gc.collect()
            checked[name] = checked.get(name, 0) + 1
            g = None
        unload_games(everything=True)      # one game's tables and search at a time
    assert sorted(checked) == sorted(hexgames.GAMES) and min(checked.values()) >= 2, checked


def test_same_seed_same_move():
    g = hexgames.replay("hexgo: d4 e4 c4")
    a, b = Player(3, seed=9, memory=8 * 1024), Player(3, seed=9, memory=8 * 1024)
    for p in (a, b):
        p.start(g)
        p.think()
    assert a.best() == b.best()
    assert a.search.playouts == b.search.playouts == type(g).CHIP_RATE * 250 // 1000


def test_the_tree_stays_inside_its_memory_budget():
    s = Search(1, memory=4096)
    g = hexgames.new("hexgo")
    s.start(g)
    for _ in range(400):
        s.iterate()
    assert s.tree.used <= s.tree.size == 4096 // s.tree.BYTES_PER_NODE
    # and the arrays, every one of them, hold no more than the budget: a node's
    # bytes counted short once made a 32 KB tree take 35.6 KB
    arrays = [a for a in s.tree.__dict__.values() if isinstance(a, (bytearray, array))]
    assert len(arrays) == 10
    assert 4096 - s.tree.BYTES_PER_NODE < sum([len(bytes(a)) for a in arrays]) <= 4096
    assert s.tree.visits[0] == 400 * s.leaf         # HexGo samples each leaf LEAF_PLAYOUTS times


def paced_fill(name, budget, **options):
    """t.used after each of `budget` iterations of a search told its
    budget, from a seeded random position a few turns in."""
    g = hexgames.new(name, **options)
    rng = Rng(4)
    for _ in range(8):
        ms = g.moves()
        g.play(ms[rng.below(len(ms))])
    s = Search(3, memory=16 * 1024)
    s.start(g)
    s.plan(budget)
    used = []
    for _ in range(budget):
        s.iterate()
        used.append(s.tree.used)
    return s.tree, g.max_moves, used


def test_a_paced_tree_fills_as_the_budget_is_spent():
    # inpHeXion's nodes have up to 3n children: unpaced, the tree was full
    # after a quarter of a level's budget, and the rest of it searched flat
    budget = 400
    t, widest, used = paced_fill("inphexion", budget)
    grew = edge = 0
    for i in range(1, budget):
        # no expansion while the tree is fuller than the budget spent (the
        # i-th iteration starts with i spent, and counts itself)
        if used[i] > used[i - 1]:
            grew += 1
            assert used[i - 1] * budget <= t.size * (i + 1), (i, used[i - 1], t.size)
            edge += used[i - 1] * budget > t.size * i     # allowed by its own share
    assert grew > 20 and edge > 0 and widest < t.size // 2
    assert used[-1] > t.size * 3 // 4        # and it does fill
    # a game that does not ask for pacing fills its tree as before
    t, widest, used = paced_fill("hexgo", budget)
    assert used[budget // 4] > t.size * 3 // 4, used[budget // 4]


def test_root_visits_add_up():
    s = Search(2)
    s.start(hexgames.new("hexgo"))
    for _ in range(300):
        s.iterate()
    t = s.tree
    f, k = t.first[0], t.kids[0]
    n = 300 * s.leaf                # the root is expanded at start; a leaf sampled s.leaf times
    assert sum([t.visits[c] - t.born[c] for c in range(f, f + k)]) == n     # less the priors'
    assert sum([t.born[c] for c in range(f, f + k)]) == k * s.pv > 0
    assert 0 <= t.wins[0] <= 2 * n


def test_a_leaf_is_sampled_as_often_as_the_game_asks():
    # LEAF_PLAYOUTS: each iteration backs up that many playouts of its leaf,
    # the ones the game's playouts() plays from there
    g = hexgames.replay("hexgo: d4 e4 c4 b5")
    cls = type(g)
    old, pv = cls.LEAF_PLAYOUTS, cls.PRIOR_VISITS
    cls.PRIOR_VISITS = 0                # children start empty: every visit a playout
    try:
        for k in (1, 3, 8):
            cls.LEAF_PLAYOUTS = k
            s = Search(4, memory=8 * 1024)
            s.start(g)
            seed = s.seed
            s.iterate()                 # the root's first child, a leaf: sampled at once
            t = s.tree
            c = s.path[1]
            assert s.seed == seed + k and t.visits[0] == t.visits[c] == k
            h = g.copy()
            h.play(t.move[c])
            want = 0
            for j in range(k):          # each playout as playout() plays it alone
                r = h.copy().playout(seed + 1 + j, s.max_plies)
                want += 1 if r is None or r[0] == 0 else 2 if r[0] == t.who[c] else 0
            assert t.wins[c] == want, (k, t.wins[c], want)
            for _ in range(99):
                s.iterate()
            assert t.visits[0] == 100 * k
        cls.AMAF = "st"                 # RAVE counts one playout an iteration
        msg = raises(ValueError, Search(4, memory=8 * 1024).start, g)
        assert "LEAF_PLAYOUTS and AMAF" in msg
    finally:
        cls.LEAF_PLAYOUTS, cls.PRIOR_VISITS = old, pv
        del cls.AMAF


def test_integer_exploration_term_tracks_the_float_formula():
    from math import log, sqrt
    for big, small in ((2, 1), (100, 7), (1000, 500), (5000, 40), (200000, 3000)):
        exact = sqrt(log(big) / small) * (1 << 18)
        got = _ucb_explore(big, small)
        assert abs(got - exact) <= 0.06 * exact + 300, (big, small, got, exact)


def test_bad_level_is_refused():
    assert "level" in raises(ValueError, Player, 7)


def test_thinking_in_slices_stops_at_the_levels_time():
    g = hexgames.new("hex", size=5)
    p = Player(3, seed=3, memory=8 * 1024)      # level 3: 250 ms of chip time
    p.start(g)
    p.budget = 1 << 20                          # here only the clock may end it
    clock = StepClock(20)                       # every iteration "takes" 20 ms
    slices = 1
    while not p.think(20, clock):
        slices += 1
        assert slices < 100
    # after 12 slices of one 20 ms iteration each (240 ms), one more
    # iteration would pass the 250 ms: it stops there
    assert p.spent == 240 and slices == 12 and p.search.playouts == 12
    assert p.best() in g.moves()


def test_level_six_searches_for_a_second_of_the_clock_it_is_given():
    g = hexgames.new("hex", size=5)
    p = Player(6, seed=3, memory=8 * 1024)
    p.start(g)
    assert "clock" in raises(ValueError, p.think)      # no clock, no end
    clock = StepClock(4)                        # every iteration "takes" 4 ms
    while not p.think(50, clock):
        assert p.spent < 1000
    # no cap of iterations: the level's 1000 ms alone ended it, after more
    # iterations than the chip's level 5 makes in its second
    assert 950 <= p.spent <= 1000 and p.search.playouts > g.CHIP_RATE
    assert p.best() in g.moves()


def test_a_decided_search_stops_early():
    # X to move can join top and bottom at c3 (column c): a proven win ends the search
    g = position("hex", {"X": "c1 c2 c4 c5", "O": "a1 b1 a2 e5"}, "X", {"size": 5})
    p = Player(5, seed=1, memory=8 * 1024)
    p.start(g)
    p.think()
    assert g.text(p.best()) == "c3"
    assert p.search.tree.proven[0] and p.search.playouts < p.budget


def test_the_search_blocks_a_win_in_one():
    # O joins a3 b3 . d3 e3 at c3 unless X takes it; X has no win of its own
    g = position("hex", {"X": "b1 d5", "O": "a3 b3 d3 e3"}, "X", {"size": 5})
    for level in (4, 5):
        p = Player(level, seed=level, memory=8 * 1024)
        p.start(g)
        p.think()
        assert g.text(p.best()) == "c3", level
        # every other move whose replies were listed is proven a loss
        t = p.search.tree
        f = t.first[0]
        seen = [c for c in range(f, f + t.kids[0]) if t.first[c] != -1 and t.move[c] != 12]
        assert seen and all([t.proven[c] == 2 for c in seen])


def test_level_one_takes_a_win_and_avoids_a_losing_move():
    # X wins at c3 (top to bottom through column c)
    g = position("hex", {"X": "c1 c2 c4 c5", "O": "a1 b1 a2 e5"}, "X", {"size": 5})
    for seed in range(1, 6):
        p = Player(1, seed=seed)
        p.start(g)
        p.think()
        assert g.text(p.best()) == "c3"
    # without a win the beginner's picks vary with the seed, all legal
    g = hexgames.new("hex", size=5)
    picks = []
    for seed in range(1, 9):
        p = Player(1, seed=seed)
        p.start(g)
        p.think()
        picks.append(p.best())
    assert len(set(picks)) >= 3 and all([m in g.moves() for m in picks])


def told_hex():
    """Hex 5x5 whose priors say c3 is the move (16) and nothing else is (0)."""
    cls = type(hexgames.new("hex", size=5))

    class Told(cls):
        PRIOR_VISITS = 6
        AMAF = None             # plain UCB: the priors alone steer it

        def priors_into(self, moves, k, out):
            for i in range(k):
                out[i] = 16 if moves[i] == 12 else 0       # c3 is cell 12 of 5x5
    g = Told({"size": 5, "pie": False})
    assert g.text(12) == "c3"
    return g, 12


def test_priors_steer_the_search_and_the_beginner():
    g, target = told_hex()
    s = Search(1, memory=8 * 1024)
    s.start(g)
    t = s.tree
    f = t.first[0]
    c = [c for c in range(f, f + t.kids[0]) if t.move[c] == target][0]
    assert t.visits[c] == 6 and t.wins[c] == 12            # 6 visits at a score of 1.0
    for _ in range(30):
        s.iterate()
    assert s.ranked()[0][1] == target
    # the priors' visits do not count towards expansion: the first
    # iteration ends at a child, the second real visit expands it
    s.start(g)
    used = t.used
    s.iterate()
    assert t.used == used
    while t.used == used:
        s.iterate()
    assert s.playouts <= 2 * t.kids[0]
    p = Player(1, seed=3)
    p.start(g)
    p.think()
    assert p.best() == target


def test_rave_counts_moves_played_later():
    g = hexgames.new("hex", size=5)
    cls = type(g)
    old = getattr(cls, "AMAF", None)
    try:
        cls.AMAF = None
        s = Search(1, memory=8 * 1024)
        s.start(g)
        for _ in range(50):
            s.iterate()
        t = s.tree
        assert max(t.amaf_n[:t.used]) == 0
        cls.AMAF = "cell"
        s.start(g)
        for _ in range(50):
            s.iterate()
        f, k = t.first[0], t.kids[0]
        # Hex fills the board: X plays about half the 25 cells in each
        # playout; each child starts with its prior's visits (s.pv)
        total = sum([t.amaf_n[c] for c in range(f, f + k)]) - k * s.pv
        assert s.pv and 50 * 10 <= total <= 50 * 14
        assert all([t.amaf_w[c] <= 2 * t.amaf_n[c] for c in range(f, f + k)])
    finally:
        cls.AMAF = old


def test_a_game_may_name_its_own_engine():
    g = hexgames.new("hex", size=5)
    cls = type(g)
    old = getattr(cls, "SEARCH", None)
    try:
        cls.SEARCH = "greedy"           # any module of hexgames with a Search-like class
        import hexgames.greedy as gm
        gm.Search = gm.Greedy
        p = Player(3, seed=1, memory=4096)
        p.start(g)
        assert type(p.search).__name__ == "Greedy"
        p.think()
        assert p.best() in g.moves()
    finally:
        cls.SEARCH = old
        del gm.Search
