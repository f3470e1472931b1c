# The computer opponent: real searches on real games.
import gc
import hexgames
from hexgames.ai import Player, Search, _ucb_explore
from hexgames.rng import Rng
from kit import position, raises, scaled, unload_games


def winning_moves(g):
    out = []
    for m in g.moves():
        c = g.copy()
        c.play(m)
        r = c.result()
        if r is not None and r[0] == g.to_move:
            out.append(m)
    return out


# Small boards: the search is the same, and the MicroPython VM keeps the
# chip's heap. Hexmeister's random games run to the 300-turn draw and almost
# never pass a win in one; its tactics are tested in its own module.
SMALL = {"hexgo": {}, "hexade": {"base": 5}, "xiago": {"base": 4}, "inphexion": {"size": 5},
         "hex": {"size": 5}}


def position_with_a_win_in_one(name, rng):
    """A seeded random game, stopped where the mover can win with one move."""
    for _ in range(40):
        g = hexgames.new(name, **SMALL[name])
        while g.to_move:
            ms = g.moves()
            wins = winning_moves(g) if len(ms) <= 12 else []
            if wins and len(wins) < len(ms):
                return g, wins
            g.play(ms[rng.below(len(ms))])
    return None, None


def test_no_level_misses_a_win_in_one():
    rng = Rng(1)
    for name in hexgames.GAMES:
        if name not in SMALL:
            continue
        for _ in range(scaled(6, 2)):
            g, wins = position_with_a_win_in_one(name, rng)
            if g is None:
                continue
            for level in (1, 2, 3):
                p = Player(level, seed=len(wins), memory=8 * 1024)
                p.start(g)
                p.think()
                assert p.best() in wins, (name, level, g.dump())
                p = None
                gc.collect()
        unload_games()


def test_same_seed_same_move():
    g = hexgames.replay("hexgo: d4 e4 c4")
    a, b = Player(3, seed=9), Player(3, seed=9)
    for p in (a, b):
        p.start(g)
        p.think()
    assert a.best() == b.best()
    assert a.search.playouts == b.search.playouts == 175 * 250 // 1000


def test_the_tree_stays_inside_its_memory_budget():
    s = Search(1, memory=4096)
    g = hexgames.new("hexgo")
    s.start(g)
    for _ in range(400):
        s.iterate()
    assert s.tree.used <= s.tree.size == 4096 // s.tree.BYTES_PER_NODE
    assert s.tree.visits[0] == 400


def test_root_visits_add_up():
    s = Search(2)
    s.start(hexgames.new("hexgo"))
    for _ in range(300):
        s.iterate()
    t = s.tree
    f, k = t.first[0], t.kids[0]
    assert sum([t.visits[c] for c in range(f, f + k)]) == 300     # the root is expanded at start
    assert 0 <= t.wins[0] <= 2 * 300


def test_integer_exploration_term_tracks_the_float_formula():
    from math import log, sqrt
    for big, small in ((2, 1), (100, 7), (1000, 500), (5000, 40), (200000, 3000)):
        exact = sqrt(log(big) / small) * (1 << 18)
        got = _ucb_explore(big, small)
        assert abs(got - exact) <= 0.06 * exact + 300, (big, small, got, exact)


def test_bad_level_is_refused():
    assert "level" in raises(ValueError, Player, 7)


class StepClock:
    """A virtual clock that moves on by `step` ms at every reading."""

    def __init__(self, step):
        self.now = 0
        self.step = step

    def ticks_ms(self):
        self.now += self.step
        return self.now

    def ticks_diff(self, a, b):
        return a - b


def test_thinking_in_slices_stops_at_the_levels_time():
    g = hexgames.new("hex", size=5)
    p = Player(3, seed=3, memory=8 * 1024)      # level 3: 250 ms of chip time
    p.start(g)
    clock = StepClock(20)                       # every iteration "takes" 20 ms
    slices = 1
    while not p.think(20, clock):
        slices += 1
        assert slices < 100
    # 13 slices of one 20 ms iteration each reach the 250 ms, well before
    # the level's playout budget (what the chip does in 250 ms at full speed)
    assert p.spent == 260 and slices == 13 and p.search.playouts == 13 < p.budget
    assert p.best() in g.moves()


def test_a_decided_search_stops_early():
    # X to move can join top and bottom at c3 (column c): a proven win ends the search
    g = position("hex", {"X": "c1 c2 c4 c5", "O": "a1 b1 a2 e5"}, "X", {"size": 5})
    p = Player(5, seed=1, memory=8 * 1024)
    p.start(g)
    p.think()
    assert g.text(p.best()) == "c3"
    assert p.search.tree.proven[0] and p.search.playouts < p.budget
