# Hexade's kernels against their twins (hexgames/hexade/kernels.py, twins.py,
# and opponent/'s):
# the same playouts (full, cut short and judged, one forced move, one stopped
# by a full history), move lists and priors, position for position: the return
# values and every buffer afterwards.
import gc
import hexgames
from array import array
from hexgames import board
from hexgames.board import zeros
from hexgames.hexade import tables
from hexgames.hexade.knowledge import RATED
from hexgames.rng import Rng
from kit import ON_CHIP, kernel_pair, position, random_game

K, T = kernel_pair("hexade.kernels", "hexade.twins")
KO, TO = kernel_pair("hexade.opponent.kernels", "hexade.opponent.twins")

# the chip runs the twins as bytecode, some 100 times slower than the unix port
GAMES = ((5, 1), (7, 2)) if ON_CHIP else ((4, 1), (5, 2), (7, 3), (7, 4), (10, 5))
EVERY = 6 if ON_CHIP else 2             # every how many plies a position is taken
PLIES = (1, 24) if ON_CHIP else (1, 3, 24, 1000)


def _set_ups():
    """Positions a random game seldom reaches: White's second stone (kept away
    from his first), a pending six of each side, the repetition cycle of
    rules.md, a board one stone from full."""
    yield position("hexade", {"X": "f6", "O": "h2"}, "X", {"base": 6},
                   white_stones_placed=1, white_first="f6")
    yield position("hexade", {"X": "a6 b6 c6 d6 e6 f6", "O": "h2 i2 c5"}, "O", {"base": 6})
    yield position("hexade", {"X": "c4 h2 i2 j2 h8", "O": "a6 b6 c6 d6 e6 f6 c5"}, "X",
                   {"base": 6})
    yield position("hexade", {"X": "c6 g6", "O": "b6 e6 f6"}, "X", {"base": 6})
    g = hexgames.new("hexade", base=4)
    rng = Rng(9)
    while g.to_move and g.nemp > 1:
        ms = g.moves()
        g.play(ms[rng.below(len(ms))])
    yield g


def _positions():
    """Positions along seeded random games, then the set-ups; a None after
    each game, which lets its board go before the next (the unix port's
    heap is the chip's, with objects twice the size)."""
    for base, seed in GAMES:
        moves = random_game("hexade", {"base": base}, seed, check=False).history()
        g = hexgames.new("hexade", base=base)
        for k, m in enumerate(moves):
            if k % EVERY == 0:
                yield g
            g.play(m)
        g = moves = None
        yield None
        if base != 6:                   # the set-ups' board stays
            board._cache.pop(("hexhex", base), None)
            tables._layouts.pop(base, None)
        gc.collect()
    for g in _set_ups():
        yield g


def _state(g):
    return [bytes(b) for b in g.bufs]


def _play(mod, g, first, plies, judge, x1, x2):
    """mod's playout on a copy of g: its return value, the copy's buffers and
    the generator state after."""
    h = g.copy()
    rng = h.draws                       # where the kernels' rare paths read it
    rng[0] = x1
    rng[1] = x2
    lay = h.lay
    cell, e16, vals = h.bufs
    r = mod.playout(h, cell, e16, vals, lay.pad, lay.six_at, lay.six_ids, lay.key1, lay.key2,
                    tables.KSTEP, tables.GAINS, rng, h.side, first, plies, judge)
    return r, _state(h), list(rng)


def test_playouts_match_from_every_position():
    rng = Rng(11)
    n = 0
    for g in _positions():
        if g is None or not g.to_move:
            continue
        for plies in PLIES:
            for judge in (0, 1):
                x1, x2 = 1 + rng.bits15(), 1 + rng.bits15()
                a = _play(K, g, -1, plies, judge, x1, x2)
                b = _play(T, g, -1, plies, judge, x1, x2)
                assert a == b, (g.record(), plies, judge)
                n += 1
    assert n >= 20


def test_forced_moves_match():
    # a move of the search's descent, and of play(): a playout of one forced ply
    rng = Rng(12)
    for g in _positions():
        if g is None or not g.to_move:
            continue
        ms = g.moves()
        for i in range(0, len(ms), 5 if ON_CHIP else 1):
            a = _play(K, g, ms[i], 1, 0, 7, 9)
            b = _play(T, g, ms[i], 1, 0, 7, 9)
            assert a == b, (g.record(), g.text(ms[i]))
        # a forced move, then the policy
        x1, x2 = 1 + rng.bits15(), 1 + rng.bits15()
        assert _play(K, g, ms[0], 24, 1, x1, x2) == _play(T, g, ms[0], 24, 1, x1, x2)


def test_a_full_history_stops_before_the_move():
    # room for one more ply: the second move of a playout waits for the game
    # to grow the history (tables.ROOM); the game then goes on to the same end
    for g in _set_ups():
        if g is None or not g.to_move:
            continue
        h = g.copy()
        t = h.vals[tables.PLY]
        cell, e16, vals = h.bufs
        h.bufs = (cell, e16[:h.lay.h2 + t + 2], vals[:tables.NVALS + t + 2])
        h.vals[tables.HCAP] = t + 2
        a = _play(K, h, -1, 50, 1, 5, 6)
        b = _play(T, h, -1, 50, 1, 5, 6)
        assert a == b, g.record()
        if a[0] >> 2 == tables.ROOM:                # one move made, then the stop
            assert array("i", a[1][-1])[tables.PLY] == t + 1
    whole = hexgames.new("hexade", base=5)
    short = whole.copy()
    cell, e16, vals = short.bufs
    short.bufs = (cell, e16[:short.lay.h2 + 1], vals[:tables.NVALS + 1])
    short.vals[tables.HCAP] = 1
    assert whole.playout(3, 1000) == short.playout(3, 1000)
    assert bytes(whole.cell) == bytes(short.cell) and whole.ply == short.ply


def test_move_lists_and_priors_match():
    for g in _positions():
        if g is None or not g.to_move:
            continue
        p = g.side
        wf = g.white_first if g._restricted() else 0
        outs = []
        for mod in (KO, TO):
            buf = zeros("i", g.max_moves)
            k = mod.moves(g.bufs[1], g.nemp, buf, wf, g.pad, tables.NEAR)
            pri = bytearray(k)
            mod.priors(buf, k, pri, p, g.nsix[3 - p], g.cell, g.cnt, g.six_at, g.six_ids,
                       RATED, g.pad, tables.KSTEP)
            outs.append((k, bytes(buf), bytes(pri)))
        assert outs[0] == outs[1], g.record()
    # White's second stone: the kernel leaves out his first stone's zone
    g = next(_set_ups())
    assert len(g.moves()) == g.board.n - 2 - 18


def test_the_kept_moves_match():
    # search.py keeps a node's WIDTH best moves by prior, the ties at the
    # lowest kept prior drawn at random (KO.best): the same moves, priors,
    # tallies and generator state
    rng = Rng(13)
    for trial in range(60 if ON_CHIP else 400):
        k = 1 + rng.below(120)
        width = 1 + rng.below(8)
        moves = [rng.below(300) for _ in range(k)]
        # many ties as often as varied priors
        pri = [rng.below(17) if trial % 2 else 8 + rng.below(3) for _ in range(k)]
        outs = []
        for mod in (KO, TO):
            buf = array("i", moves)
            prior = bytearray(pri)
            count = zeros("H", 17)
            state = array("i", [1 + trial, 7 + 3 * trial])
            w = mod.best(buf, prior, k, width, count, state)
            outs.append((w, list(buf), list(prior), list(state), list(count)))
        assert outs[0] == outs[1], (k, width, pri)
        assert outs[0][0] == min(k, width)
