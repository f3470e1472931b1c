# The frame's kernels against their twins (app/kernels.py, app/twins.py): the
# gamma and current-limit pass, the wire bytes, and a game's painting, on random
# frames and random play states, byte for byte.
from array import array
from hexgames.rng import Rng
from kit import ON_CHIP, kernel_pair

K, T = kernel_pair("app.kernels", "app.twins")
_N = 127 if ON_CHIP else 271            # the pocket and the full board's cells


def _bytes(rng, n, hi, zeros=0):
    b = bytearray(n)
    for i in range(n):
        b[i] = 0 if zeros and rng.below(zeros) == 0 else rng.below(hi)
    return b


def test_gamma_and_wire_match():
    rng = Rng(1)
    table = _bytes(rng, 256, 256)
    led = array("H", range(_N - 1, -1, -1))
    for trial in range(20 if ON_CHIP else 200):
        frame = _bytes(rng, 3 * _N, 256, zeros=3)
        level = (8, 16, 32, 64, 128, 256)[rng.below(6)]
        s = 65536 if rng.below(2) else rng.below(65536)
        got = []
        for mod in (K, T):
            lin = bytearray(3 * _N)
            total = mod.gamma(frame, lin, table, level, 3 * _N, 16)
            buf = bytearray(3 * _N) if trial % 3 else bytearray(lin)
            changed = mod.wire(lin, buf, led, _N, 3, 1, 0, 2, s)
            got.append((total, bytes(lin), changed, bytes(buf)))
        assert got[0] == got[1], trial


def test_paint_matches():
    rng = Rng(2)
    n = _N
    games = n - 30                        # the game's cells: the rest of the layout is off it
    place = array("H", [i if i < games else 0xFFFF for i in range(n)])
    phase = _bytes(rng, n, 256)
    pal = _bytes(rng, 27, 256)
    for trial in range(20 if ON_CHIP else 300):
        state = [_bytes(rng, games, hi) for hi in (6, 9, 4, 4, 2, 2)]
        args = (rng.below(32768) * 8, rng.below(3), rng.below(3), 1 + rng.below(2) if
                rng.below(2) else 7, rng.below(3), 120 + rng.below(137), rng.below(257),
                (0, 110, 210)[rng.below(3)], rng.below(2), rng.below(257), rng.below(2))
        init = _bytes(rng, 3 * n, 256)
        out = []
        for mod in (K, T):
            frame = bytearray(init)
            mod.paint(frame, n, place, phase, pal, state[0], state[1], state[2], state[3],
                      state[4], state[5], *args)
            out.append(bytes(frame))
        assert out[0] == out[1], (trial, args)
