# The fit behind HexGo's priors (tools/bench/hexgo_priors.py): its features are
# the ones the priors weigh, and its least squares finds known weights again.
import os
import random
import sys

import host_sim  # noqa: F401
import hexgames
from hexgames.hexgo.rules import KP, _ADJ, _NB
from array import array

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
import hexgo_priors  # noqa: E402

# the weights of twins_priors.py, in the fit's order of features
SHIPPED = (-20, -4, -6, 9, -8, 9, 48, -22, 39, 122, 88)


def test_the_shipped_weights_over_the_fits_features_give_the_priors_scores():
    buf = array("i", bytes(4 * 37))
    sc = array("i", bytes(4 * 37))
    rng = random.Random(3)
    for _ in range(20):
        g = hexgames.new("hexgo")
        while g.to_move:
            k = g.moves_into(buf)
            KP.priors(g.st, buf, k, bytearray(37), g.to_move, _NB, _ADJ, sc)
            for i in range(k):
                f = hexgo_priors.features(g, buf[i])
                assert sc[i] == 256 + sum(w * x for w, x in zip(SHIPPED, f)), g.record()
            g.play(buf[rng.randrange(k)])


def test_least_squares_finds_the_weights_that_made_the_rates():
    rng = random.Random(5)
    truth = [0.03 * (i - 5) for i in range(len(hexgo_priors.NAMES))]
    positions = []
    for _ in range(60):
        base = rng.random()             # positions differ in their mean rate
        fs = []
        for _ in range(6):              # each with its complement: every position's
            f = [float(rng.randrange(4)) for _ in truth]     # mean rate is the same
            fs += [f, [3.0 - x for x in f]]
        moves = []
        for m, f in enumerate(fs):
            rate = base + sum(w * x for w, x in zip(truth, f)) / 10
            moves.append((f, 8 + int(10 ** 6 * (rate + 2)), rate, m))     # the best most visited
        positions.append(moves)
    coef, r2, rows = hexgo_priors.fit(positions)
    assert rows == 60 * 12 and r2 > 0.999
    for got, want in zip(coef, truth):
        assert abs(10 * got - want) < 1e-6
    n, hits = hexgo_priors.ranks(positions, coef)
    assert n == 60 and hits[2] == 60 and hits[0] >= 55     # (two moves may tie)
