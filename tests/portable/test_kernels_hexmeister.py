# Hexmeister's kernels against their twins (hexgames/hexmeister/kernels.py and
# twins.py, steps/, scoring/): move generation, the step and its taking back,
# the playout, the evaluation and the move scorer, position for position,
# with every buffer compared afterwards. Runs where viper does (the unix port,
# the emulated chip); CPython skips it.
import hexgames
from array import array
from hexgames.board import zeros
from hexgames.rng import Rng
from hexgames.hexmeister import tables, moves, evaluation as ev
from hexgames.hexmeister.tables import KT, KEYS, GATES, GROUPS, BOARD
from kit import ON_CHIP, kernel_pair, position

MK, MT = kernel_pair("hexmeister.kernels", "hexmeister.twins")
SK, ST = kernel_pair("hexmeister.steps.kernels", "hexmeister.steps.twins")
EK, ET = kernel_pair("hexmeister.scoring.kernels", "hexmeister.scoring.twins")
N = 91
BUF = zeros("i", 1400)


def _games(n, turns, seed):
    """Positions along n seeded random games, every `step`-th step."""
    rng = Rng(seed)
    step = 10 if ON_CHIP else 1      # the Thumb code, not breadth: the unix port has that
    for _ in range(n):
        g = hexgames.new("hexmeister")
        k = 0
        while g.to_move and g.turn < turns:
            if k % step == 0:
                yield g
            k += 1
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])


def _scratch():
    """A fresh set of move generation's scratch buffers (moves.GS)."""
    return moves.scratch()


def _dump(*bufs):
    """The bytes of buffers (tuples of them flattened), for comparing."""
    out = []
    for b in bufs:
        if isinstance(b, tuple):
            out += _dump(*b)
        else:
            out.append(bytes(b))
    return out


def test_the_kernels_are_native_and_read_the_same_tables():
    for name in ("steps", "gen", "unexposed", "stone_move", "draw"):
        assert getattr(MK, name) is not getattr(MT, name)
    for name in ("step", "unstep", "playout", "look", "judge", "values", "best"):
        k = SK if hasattr(SK, name) else EK
        t = ST if k is SK else ET
        assert getattr(k, name) is not getattr(t, name)
    # the offsets into tables.KT, as const()s in each kernels module
    for name in dir(tables):
        if name.startswith("K_") and name not in ("K_RESERVE", "K_SIDE", "K_SIZE"):
            for mod in (MK, SK, EK):
                if hasattr(mod, name):
                    assert getattr(mod, name) == getattr(tables, name), (mod, name)
    for name in dir(ET):
        if name.startswith("E_"):
            assert getattr(EK, name) == getattr(ET, name), name
    assert EK.OFFSET == ET.OFFSET == ev.OFFSET and ev.EVT[ET.E_WON] == ev.WIN - 1000
    assert len(KEYS) == tables.K_SIDE + 1


def _gen_both(g, only, stop, gk, gt, risk=0):
    """g's mover's steps by gen() (with risk, through unexposed()) with the
    kernels and the twins: counts, lists and scratch buffers."""
    p = g.side
    q = 3 - p
    out = []
    for mod, gs in ((MK, gk), (MT, gt)):
        lo, left, resp = (0, g.nst[p], g.res[p]) if only < 0 else (only, 1, 0)
        k = mod.gen(g.cell, g.cnt[q], g.cnt[p], g.grp[q], g.ngate[p], BUF, 0, stop, lo, left, p,
                    resp, risk, KT, gs)
        out.append((k, bytes(memoryview(BUF)[:k])) + tuple(_dump(gs)))
    return out


def test_move_lists_match():
    gk, gt = _scratch(), _scratch()
    rng = Rng(3)
    for g in _games(2 if ON_CHIP else 12, 160, 1):
        p = g.side
        stones = [i for i in range(N) if g.cell[i] == p]
        one = stones[rng.below(len(stones))] if stones else 0
        for only, stop in ((-1, 2000), (-1, 1), (one, 2000)):
            a, b = _gen_both(g, only, stop, gk, gt)
            assert a == b, (g.record(), only, stop)
            # and read off the game, a bonus's pass first
            out = []
            for mod, gs in ((MK, gk), (MT, gt)):
                k = mod.steps(g, BUF, stop, only, KT, gs)
                out.append((k, bytes(memoryview(BUF)[:k])))
            assert out[0] == out[1]
            if stop > N:
                assert out[0][0] == a[0] + (1 if g.bonus and only < 0 else 0)


def _risky(rng):
    """A position where O to move holds f6 and exactly 8 gates and X the four
    outer gates of a triangle: O's moves off its other gates may expose f6
    (rules section 5.1, example 13). None where load() refuses it."""
    t = rng.below(6)
    x = [c for c in GROUPS[t] if c != tables.CENTRE]
    rest = [c for c in GATES if c != tables.CENTRE and c not in x]
    left_out = rng.below(len(rest))
    o = [tables.CENTRE] + [rest[i] for i in range(len(rest)) if i != left_out]
    free = [i for i in range(N) if tables.GATE_NO[i] == tables.NO]
    for _ in range(10):
        c = free[rng.below(len(free))]
        if c not in x and c not in o:
            (x if rng.below(2) else o).append(c)
    try:
        g = position("hexmeister", {"X": " ".join([BOARD.name(c) for c in x]),
                                    "O": " ".join([BOARD.name(c) for c in o])}, "O",
                     reserves={"X": 4, "O": 4}, turn=40)
    except ValueError:
        return None
    return g if g.to_move == 2 and g.ngate[2] == 8 else None


def test_moves_that_would_expose_the_centre_are_left_out_alike():
    rng = Rng(8)
    gk, gt, gx = _scratch(), _scratch(), _scratch()
    seen = 0
    while seen < (3 if ON_CHIP else 25):
        g = _risky(rng)
        if g is None:
            continue
        seen += 1
        for stop in (1, 2000):          # the full list last: it stays in BUF
            a, b = _gen_both(g, -1, stop, gk, gt, 1)
            assert a == b, (g.dump(), stop)
        kept = [BUF[i] for i in range(a[0])]
        assert g.moves() == kept, g.dump()
        # what unexposed() keeps is what playing the move leaves unexposed
        k = MT.gen(g.cell, g.cnt[1], g.cnt[2], g.grp[1], g.ngate[2], BUF, 0, 2000, 0, g.nst[2], 2,
                   g.res[2], 0, KT, gx)
        for i in range(k):
            m = BUF[i]
            h = g.copy()
            h._apply(m)
            exposed = h.cell[tables.CENTRE] == 2 and h._triangulates(1, tables.CENTRE)
            assert (m in kept) == (not exposed), (g.dump(), g.text(m))
        MK.unexposed(BUF, 0, 0, g.cell, g.cnt[2], g.grp[1], 1, KT)     # callable alone too


def _state(g):
    return _dump(g.cell, g.cnt[1], g.cnt[2], g.grp[1], g.grp[2], g.ngate, g.nst, g.res, g.rep)


def test_steps_and_their_taking_back_match():
    rng = Rng(4)
    stk, stt = zeros("i", 8), zeros("i", 8)
    capk, capt = bytearray(N), bytearray(N)
    for g in _games(2 if ON_CHIP else 10, 300, 2):
        ms = g.moves()
        for m in (ms[rng.below(len(ms))], ms[rng.below(len(ms))]):
            before = _state(g)
            out = []
            for mod, st, cap in ((SK, stk, capk), (ST, stt, capt)):
                h = g.copy()
                st[0] = h.h
                st[1] = h.turn
                st[2] = h.bonus
                st[3] = h.side
                st[4] = h.nrep
                st[5] = h.rmat + 1
                p = h.side
                n0 = h.nst[3 - p]
                r = mod.step(m, h.cell, h.cnt[1], h.cnt[2], h.grp[1], h.grp[2], h.ngate, h.nst,
                             h.res, h.rep, st, KT, KEYS, cap)
                n = n0 - h.nst[3 - p]
                after = _state(h)
                hh = mod.unstep(m, p, cap, 0, n, h.cell, h.cnt[1], h.cnt[2], h.grp[1], h.grp[2],
                                h.ngate, h.nst, h.res, st[0], KT, KEYS)
                back = _state(h)[:-1] == before[:-1] and hh == g.h
                out.append((r, bytes(st), bytes(cap[:n]), back) + tuple(after))
            assert out[0] == out[1], (g.record(), g.text(m))
            assert out[0][4], (g.record(), g.text(m), "not taken back")


def test_playouts_match():
    rng = Rng(5)
    stk, stt = zeros("i", 8), zeros("i", 8)
    gk, gt = _scratch(), _scratch()
    sk, st_ = bytearray(22), bytearray(22)
    caps = bytearray(N)
    for g in _games(1 if ON_CHIP else 4, 200, 3):
        if g.turn % (40 if ON_CHIP else 10):
            continue
        for plies in (1, 7, 400 if not ON_CHIP else 60):
            x = Rng(rng.bits15())
            out = []
            for mod, st, gs, stones in ((SK, stk, gk, sk), (ST, stt, gt, st_)):
                h = g.copy()
                plain = (h.h, h.turn, h.bonus, h.side, h.nrep, h.rmat + 1, x.x1, x.x2)
                for i in range(8):
                    st[i] = plain[i]
                r = mod.playout(h.cell, h.cnt[1], h.cnt[2], h.grp[1], h.grp[2], h.ngate, h.nst,
                                h.res, h.rep, st, KT, KEYS, caps, BUF, stones, gs, plies)
                out.append((r, bytes(st), bytes(stones)) + tuple(_state(h) + _dump(gs)))
            assert out[0] == out[1], (g.record(), plies)


def test_game_playouts_match():
    # the whole playout through the game (rules.playout, its kernels or twins)
    from kit import use_kernels
    rng = Rng(6)
    for g in _games(1, 120, 4):
        if g.turn % 30:
            continue
        seed = rng.bits15()
        out = []
        for on in (True, False):
            use_kernels(on)
            try:
                h = g.copy()
                out.append((h.playout(seed, 60 if ON_CHIP else 1000), h.dump()))
            finally:
                use_kernels(True)
        assert out[0] == out[1], (g.record(), seed)


def test_evaluations_and_move_scores_match():
    rng = Rng(7)
    for g in _games(2 if ON_CHIP else 10, 250, 5):
        p = g.side
        q = 3 - p
        ms = array("i", g.moves())
        s = rng.below(len(ms))
        out = []
        for mod in (EK, ET):
            ent, imp, alive = bytearray(39), zeros("i", 39), bytearray(33)
            blk, used, dv, ov = bytearray(13), bytearray(N), zeros("i", N), zeros("i", N)
            c1, c2, g1, g2 = g.cnt[1], g.cnt[2], g.grp[1], g.grp[2]
            mod.look(g.cell, c1, c2, g1, g2, g.ngate[1], 1, KT, ev.EVT, ent, imp, alive, blk)
            mod.look(g.cell, c2, c1, g2, g1, g.ngate[2], 2, KT, ev.EVT, ent, imp, alive, blk)
            v = mod.judge(g.cell, c1, c2, g1, g2, g.ngate, g.nst, g.res, p, KT, ev.EVT, ent, imp,
                          alive, used)
            w = mod.wins(g.cell, q, KT, ent, alive, used)
            sd = mod.side(g.cell, g.cnt[q], g.grp[q], g.grp[p], g.ngate[q], g.nst[q], g.res[q], q,
                          KT, ev.EVT, ent, imp, alive)
            pr = mod.pressure(g.cell, c1, c2, q, KT, ev.EVT)
            mod.values(g.cell, g.cnt[p], g.cnt[q], p, KT, ent, imp, dv, ov)
            val, best = zeros("i", 40), zeros("i", 40)
            n = mod.best(ms, len(ms), s, 40, val, best, dv, ov)
            bufs = _dump(ent, imp, alive, blk, used, dv, ov, val, best)
            out.append((v, w, sd, pr, n) + tuple(bufs))
        assert out[0] == out[1], g.record()
