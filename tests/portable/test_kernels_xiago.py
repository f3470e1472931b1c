# XiaGo's kernels against their twins (hexgames/xiago/kernels.py, twins.py,
# groups/ and scan/), position for position: the same playouts (result, io,
# every buffer, the superko table), placements, move lists, quick slide
# tests, counts, rehashes, liberty counts, evaluations and priors. Runs where
# viper does (the unix port, the emulated chip); CPython skips it.
import hexgames
from array import array
from hexgames.rng import Rng
from kit import ON_CHIP, kernel_pair, unload_games, use_kernels

K, T = kernel_pair("xiago.kernels", "xiago.twins")
KG, TG = kernel_pair("xiago.groups.kernels", "xiago.groups.twins")
KS, TS = kernel_pair("xiago.scan.kernels", "xiago.scan.twins")

_IO_N = 0           # io's layout (twins.py)
_IO_TMASK = 1
_IO_PLIES = 13


def _positions(every=1, first=0, bases=(4, 6, 8)):
    """Positions along seeded random games on base 4, 6 and 8 (neutral steps,
    captures and passes included): the first-th and every every-th after it."""
    games = ((4, 1, 200), (4, 2, 200), (6, 3, 160), (8, 4, 40))
    if ON_CHIP:
        games = ((4, 1, 200), (6, 3, 100))
        every *= 6
    for base, seed, plies in games:
        if base not in bases:
            continue
        if base == 8:
            unload_games()
        g = hexgames.new("xiago", base=base)
        rng = Rng(seed)
        k = 0
        while g.to_move and len(g.history()) < plies:
            if k >= first and (k - first) % every == 0:
                yield g
            k += 1
            ms = g.moves()
            # mostly placements, so that the board fills and groups fight
            m = ms[rng.below(len(ms))]
            if m >= 1 << 20 and rng.below(4):
                m = ms[rng.below(len(ms))]
            g.play(m)
        yield g


def _buffers(g):
    return [bytes(b) for b in (g.cell, g.head, g.nxt, g.size, g.libs, g.emp, g.epos,
                               g.t1, g.t2)]


def _io(g, plies, x1, x2):
    io = array("i", bytes(4 * 32))
    vals = (g.n, g.tmask, g.tcount, g.minemp, g.h1, g.h2, g.nemp, g.side, g.passes, g.must,
            g.last + 1, x1, x2, plies)
    for i in range(len(vals)):
        io[i] = vals[i]
    return io


def _playout(mod, g, plies, seed):
    """One kernel call on a copy of g: its return value, io and buffers
    (the table is not grown here: a call that finds it full just stops)."""
    h = g.copy()
    r = Rng(seed)
    io = _io(h, plies, r.x1, r.x2)
    full = mod.playout(h.cell, h.head, h.nxt, h.size, h.libs, h.emp, h.epos, h.z1, h.map.nb,
                       h.t1, h.t2, io, h.adj)
    return full, bytes(io), _buffers(h)


def test_playouts_match_from_every_position():
    rng = Rng(11)
    n = 0
    for g in _positions(2):
        for plies in (1, 2, 7, 40, 1000):
            seed = rng.bits15()
            a = _playout(K, g, plies, seed)
            b = _playout(T, g, plies, seed)
            assert a == b, (g.record(), plies, seed)
            n += 1
    assert n > 50


def test_playouts_through_the_game_match_to_the_end():
    # whole playouts through XiaGo.playout (the table grown between calls),
    # kernels and twins switched in playout.py
    from hexgames.xiago import playout
    for base, seeds in ((4, 6), (6, 3)):
        g = hexgames.new("xiago", base=base)
        for seed in range(seeds if not ON_CHIP else 2):
            out = []
            for mod in (K, T):
                playout.K = mod
                try:
                    h = g.copy()
                    r = h.playout(seed, 1000)
                finally:
                    playout.K = K
                out.append((r, h.dump(), h.tmask, h.tcount, h.minemp, h.last, _buffers(h)))
            assert out[0] == out[1], (base, seed)
            assert out[0][0] is not None


def test_liberty_counts_evaluations_and_territory_match():
    n = 0
    for g in _positions():
        m = g.map
        got = []
        for mod in (KS, TS):
            lc, l1, l2 = bytearray(g.n), array("H", bytes(2 * g.n)), array("H", bytes(2 * g.n))
            mark = bytearray(b"\x07" * g.n)
            mod.count(g.cell, g.head, g.nxt, m.nb, lc, l1, l2, mark, g.n, g.adj)
            row = [bytes(lc), bytes(l1), bytes(l2), bytes(mark)]
            for mover in (1, 2):
                for komi2 in (5, 9, -40, 40):
                    row.append(mod.evaluate(g.cell, g.head, m.nb, lc, g.n, mover, komi2, g.adj))
            got.append(row)
        for mod in (KG, TG):
            mark = bytearray(b"\x07" * g.n)
            stack = array("H", bytes(2 * g.n))
            got.append([mod.territory(g.cell, m.nb, g.emp, g.nemp, mark, stack, g.n, g.adj),
                        bytes(mark), bytes(stack)])
        assert got[2] == got[3], g.record()
        assert got[0] == got[1], g.record()
        n += 1
    assert n > (50 if not ON_CHIP else 30)


def _scan_state(g):
    return [bytes(b) for b in (g.cell, g.head, g.nxt, g.size, g.libs, g.emp, g.epos)]


def test_placements_and_quick_slide_tests_match():
    n = 0
    for g in _positions(1 if not ON_CHIP else 2):
        before = _scan_state(g)
        nbr, off = g.board.nbr, g.board.off
        got = []
        for mod in (KG, TG):
            row = []
            io = g._io()
            for p in (1, 2):
                buf = array("i", bytes(4 * g.max_moves))
                k = mod.places(g.cell, g.head, g.nxt, g.libs, g.z1, g.map.nb, g.t1, g.t2, io, p,
                               buf, 2, g.adj)
                row.append(bytes(buf[:k]))
                for a in range(g.n):
                    if g.cell[a] != 3:
                        continue
                    for d in range(6):
                        b = nbr[6 * a + d]
                        while b != off and g.cell[b] == 0:
                            row.append(mod.check_slide(g.cell, g.head, g.libs, g.emp, g.z1,
                                       g.map.nb, g.t1, g.t2, io, a, b, p, g.adj))
                            b = nbr[6 * b + d]
                buf = array("i", bytes(4 * g.max_moves))
                k = mod.slides(g.cell, g.head, g.libs, g.emp, g.z1, g.map.nb, g.t1, g.t2, io, p,
                               buf, 1, g.adj)
                row += [bytes(buf[:k]), io[15]]
            row.append(bytes(io))
            got.append(row)
            assert _scan_state(g) == before, g.record()
        assert got[0] == got[1], g.record()
        n += 1
    assert n > (50 if not ON_CHIP else 20)


def test_priors_match_on_every_move_and_kept_above_a_bar():
    from hexgames.xiago import knowledge
    for g in _positions():
        if not g.to_move:
            continue
        knowledge.count(g)
        ms = g.moves()
        m = g.map
        got = []
        for mod in (KS, TS):
            row = []
            for p in (1, 2):
                for keep in (0, 4, 9):
                    moves = array("i", ms)
                    out = bytearray(len(ms) + 1)
                    io = g._io()
                    e = mod.priors(g.cell, g.head, g.size, m.nb, m.lc, m.l1, m.l2, moves, 1,
                                   len(ms), out, p, keep, io, g.adj)
                    row += [e, bytes(moves), bytes(out), io[14]]
                for mv in ms:
                    if 1 << 20 <= mv < 2 << 20:
                        row.append(mod.rate_slide(g.cell, g.head, m.nb, m.lc, (mv >> 10) & 1023,
                                                  mv & 1023, p, g.adj))
            got.append(row)
        assert got[0] == got[1], g.record()


def test_the_move_lists_match_through_the_game():
    # the game's moves_into and the search's list (knowledge.moves_into), all
    # kernels against all twins, the slow paths of the slides included
    from hexgames.xiago import knowledge
    # on the chip the twins' move list is bytecode at about 7 moves a second: the
    # base-4 game's 40th and 160th positions, where the stones fight (the same
    # Thumb code reads a larger board; the kernels' own tests above take more)
    for g in (_positions() if not ON_CHIP else _positions(20, 40, (4,))):
        got = []
        for on in (True, False):
            use_kernels(on)
            try:
                buf = array("i", bytes(4 * g.max_moves))
                out = bytearray(g.max_moves)
                k = g.moves_into(buf)
                row = [bytes(buf[:k])]
                k = knowledge.moves_into(g, buf, out)
                row += [bytes(buf[:k]), bytes(out[:k]), knowledge.evaluate(g)]
                row += _scan_state(g)
            finally:
                use_kernels(True)
            got.append(row)
        assert got[0] == got[1], g.record()


def test_the_superko_table_rehashes_alike():
    for g in _positions(8):
        cap = g.tmask + 1
        got = []
        for mod in (KG, TG):
            t1 = array("i", bytes(8 * cap))
            t2 = array("H", bytes(4 * cap))
            mod.rehash(t1, t2, g.t1, g.t2, cap)
            got.append((bytes(t1), bytes(t2)))
        assert got[0] == got[1], g.record()
        t1 = array("i", got[0][0])
        assert sorted([v for v in t1 if v >= 0]) == sorted([v for v in g.t1 if v >= 0])


def test_rated_placements_match():
    from hexgames.xiago import knowledge
    for g in _positions(2):
        if not g.to_move:
            continue
        knowledge.count(g)
        m = g.map
        got = []
        for mod in (KS, TS):
            row = []
            for p in (1, 2):
                for keep in (0, 4, 9):
                    buf = array("i", bytes(4 * g.max_moves))
                    out = bytearray(g.max_moves)
                    io = g._io()
                    e = mod.rated_places(g.cell, g.head, g.nxt, g.size, g.libs, g.z1, m.nb, m.lc,
                                         m.l1, m.l2, g.t1, g.t2, io, p, buf, 1, out, keep, g.adj)
                    row += [e, bytes(buf), bytes(out), io[14]]
            got.append(row)
        assert got[0] == got[1], g.record()


def test_the_neutral_steps_worth_rating_match():
    # slide_steps for both sides: the steps listed (in order, after the
    # slots already taken) and the marks left behind
    from hexgames.xiago import knowledge
    steps = 0
    for g in _positions(2):
        knowledge.count(g)
        m = g.map
        got = []
        for mod in (KS, TS):
            row = []
            for p in (1, 2):
                buf = array("i", bytes(4 * g.max_moves))
                buf[0] = 7
                e = mod.slide_steps(g.cell, g.head, m.nb, m.lc, m.l1, m.l2, m.mark, g.n, p, buf,
                                    1, g.adj)
                row += [e, bytes(buf), bytes(m.mark)]
            got.append(row)
        assert got[0] == got[1], g.record()
        steps += got[0][0] + got[0][3] - 2
    assert steps > 50           # the positions do have steps to list


def test_placements_place_alike():
    # every legal placement of every position, by kernel and twin: the same
    # buffers (the vacant list, groups, liberties, capbuf) and hashes
    for g in _positions(4 if not ON_CHIP else 2):
        if not g.to_move or g.must:
            continue
        ms = [c for c in g.moves() if c < g.n]
        for c in ms[::3]:
            got = []
            for mod in (KG, TG):
                h = g.copy()
                m = h.map
                capbuf = array("H", bytes(2 * h.n))
                io = h._io()
                mod.place(h.cell, h.head, h.nxt, h.size, h.libs, h.emp, h.epos, h.z1, m.nb,
                          capbuf, io, c, h.side, h.adj)
                got.append(_buffers(h) + [bytes(capbuf), bytes(io)])
            assert got[0] == got[1], (g.record(), c)
