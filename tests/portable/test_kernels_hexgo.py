# HexGo's kernels against their twins (hexgames/hexgo/kernels.py, twins.py): the
# same playouts (result and every buffer), moves, single moves with their
# captures, scores and wins in one, position for position along seeded games.
from array import array
import hexgames
from hexgames.rng import Rng
from kit import ON_CHIP, kernel_pair, random_game

from hexgames.hexgo.rules import _ADJ, _NB

K, T = kernel_pair("hexgo.kernels", "hexgo.twins")
N = 37


def _positions():
    """Positions along seeded random games (Me entered and stones captured
    as the legal moves fall), the finished one included."""
    games = 4 if ON_CHIP else 40
    for seed in range(games):
        moves = random_game("hexgo", {}, seed, check=False).history()
        g = hexgames.new("hexgo")
        for k, m in enumerate(moves):
            if k % (2 if ON_CHIP else 1) == seed % 2:
                yield g
            g.play(m)
        yield g


def test_the_kernels_are_native_here():
    for name in ("playout", "apply", "score", "moves", "ends"):
        assert getattr(K, name) is not getattr(T, name)


def test_playouts_match_from_every_position():
    rng = Rng(5)
    for g in _positions():
        if not g.to_move:
            continue
        for plies in ((1, 1000) if ON_CHIP else (1, 3, 1000)):
            seed = rng.bits30()
            got = []
            for mod in (K, T):
                h = g.copy()
                w = mod.playout(h.st, h.side, plies, seed, _NB, _ADJ)
                got.append((w, bytes(h.st)))
            assert got[0] == got[1], (g.record(), plies, got[0][0], got[1][0])


def test_moves_and_wins_in_one_match():
    buf = array("i", bytes(4 * N))
    for g in _positions():
        outs = []
        for mod in (K, T):
            k = mod.moves(g.st, buf, _NB, _ADJ)
            ms = array("i", buf)
            out = bytearray(N)
            tst = bytearray(2 * N)
            e = mod.ends(g.st, ms, k, out, g.side, _NB, _ADJ, tst)
            outs.append((k, bytes(ms)[:4 * k], e, bytes(out), bytes(g.st)))
        assert outs[0] == outs[1], g.record()


def test_every_move_and_score_match():
    for g in _positions():
        if not g.to_move:
            continue
        for m in g.moves():
            got = []
            for mod in (K, T):
                h = g.copy()
                left = mod.apply(h.st, m, h.side, _NB, _ADJ)
                got.append((left, mod.score(h.st, _NB, _ADJ), bytes(h.st)))
            assert got[0] == got[1], (g.record(), m)


def test_playouts_draw_the_numbers_of_rng():
    # the kernel seeds rng.py's generators itself (Rng.seed's moduli among
    # them): the same cells as moves drawn with an Rng, seeds past 2**20 too
    for seed in (0, 1, 77, 1000002, 1000003, 5000000, 455696751, 1000000006, (1 << 30) - 1):
        s = seed % 1000000007
        for mod in (K, T):
            g = hexgames.new("hexgo")
            h = hexgames.new("hexgo")
            mod.playout(g.st, 1, 6, s, _NB, _ADJ)
            rng = Rng(seed)
            for _ in range(6):
                h._apply(h.st[74 + rng.below(h.st[148])])       # opn[below(nopen)]
            assert g.st == h.st, (seed, mod)


def test_priors_match_for_either_side_to_move():
    KP, TP = kernel_pair("hexgo.kernels_priors", "hexgo.twins_priors")
    buf = array("i", bytes(4 * N))
    for g in _positions():
        if not g.to_move:
            continue
        k = g.moves_into(buf)
        for p in (1, 2):                # the mover's view and the other's
            outs = []
            for mod in (KP, TP):
                out = bytearray(N)
                sc = array("i", bytes(4 * N))
                m = mod.priors(g.st, buf, k, out, p, _NB, _ADJ, sc)
                outs.append((m, bytes(out), bytes(sc)[:4 * k]))
            assert outs[0] == outs[1], (g.record(), p)
