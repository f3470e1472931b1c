"""Fit HexGo's move priors (firmware/hexgames/hexgo/twins_priors.py) to a deep search.

  .venv/bin/python tools/bench/hexgo_priors.py [--games 50] [--iterations 4000] [--seed 11]

Plays --games games of level 4 against itself from 0-6 random opening plies;
in about half of the positions a reference search (level 5's, --iterations
iterations of 4 playouts, a 2 MB tree) rates every move: its win rate, less
the mean over the position's moves with 8 visits or more. The features of a
move (what it does to the cells around it, as twins_priors.py reads them) are
fitted to that rate by least squares, each move weighted by its visits (up to
200). Prints the weights in thousandths of a win rate, the fit's R^2 and how
often the move the reference played most ranks first, in the top 3 and 5
under the fitted score. The weights in twins_priors.py and kernels_priors.py
came from the same fit over 50 games (562 positions) played before the search
had priors, rounded, with two more features that added nothing (an inner
cell: -2; own x enemy stones: -1) left out.
"""
import argparse
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
import host_sim  # noqa: E402,F401  (puts the firmware on the path)
import hexgames  # noqa: E402
from hexgames.ai import Player  # noqa: E402
from hexgames.hexgo.rules import _ADJ, _ENB  # noqa: E402

NAMES = ("corner", "own", "own>=2", "enemy", "enemy>=3", "open", "Me own", "Me enemy",
         "Me neutral", "capture", "enters Me")


def features(g, c):
    """The features of c for the side to move: twins_priors.py's, one by one."""
    st, p = g.st, g.to_move
    q = 3 - p
    f = [0.0] * len(NAMES)
    f[0] = len(_ADJ[c]) == 3
    f[10] = not st[_ENB + c]
    for j in _ADJ[c]:
        v, e = st[j], st[_ENB + j]
        if v == p:
            f[1] += 1
        elif v == q:
            f[3] += 1
        elif v == 0:
            f[5] += 1
        if e == 1:
            x = sum(1 for a in _ADJ[j] if st[a] == p)
            y = sum(1 for a in _ADJ[j] if st[a] == q)
            if v == 0:
                f[6 if x + 1 > y else 7 if y > x + 1 else 8] += 1
            elif v == q and 2 * (x + 1) > len(_ADJ[j]):
                f[9] += 1
    f[2] = f[1] >= 2
    f[4] = f[3] >= 3
    return [float(x) for x in f]


def rated(g, seed, iterations):
    """[(features, visits, win rate, move)] of every move the reference did not prove."""
    ref = Player(5, seed, 2 << 20)
    ref.start(g.copy())
    ref.budget = iterations
    ref.think()
    t = ref.search.tree
    f = t.first[0]
    out = []
    for c in range(f, f + t.kids[0]):
        n = t.visits[c] - ref.search.pv
        if n > 0 and not t.proven[c]:
            out.append((features(g, t.move[c]), n, t.wins[c] / (2 * t.visits[c]), t.move[c]))
    return out


def collect(games, iterations, seed):
    rnd = random.Random(seed)
    positions = []
    for _ in range(games):
        g = hexgames.new("hexgo")
        opening = rnd.randrange(7)
        ply = 0
        while g.to_move:
            ms = g.moves()
            ply += 1
            if ply <= opening:
                g.play(rnd.choice(ms))
                continue
            if len(ms) > 1 and rnd.random() < 0.5:
                positions.append(rated(g, rnd.randrange(1 << 20), iterations))
            p = Player(4, rnd.randrange(1 << 20))
            p.start(g.copy())
            p.think()
            g.play(p.best())
    return positions


def solve(a, b):
    """x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        k = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[k] = m[k], m[i]
        if abs(m[i][i]) < 1e-12:
            continue                      # a feature never seen: weight 0
        for r in range(n):
            if r != i:
                t = m[r][i] / m[i][i]
                m[r] = [x - t * y for x, y in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def fit(positions):
    """Weighted least squares of (rate - the position's mean) on the features."""
    n = len(NAMES) + 1
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    rows = []
    for moves in positions:
        kept = [m for m in moves if m[1] >= 8]
        if len(kept) < 3:
            continue
        mean = sum(m[2] for m in kept) / len(kept)
        for f, visits, rate, _ in kept:
            x = f + [1.0]
            w = min(visits, 200)
            rows.append((x, w, rate - mean))
            for i in range(n):
                b[i] += w * x[i] * (rate - mean)
                for j in range(n):
                    a[i][j] += w * x[i] * x[j]
    coef = solve(a, b)
    ys = sum(w * y for _, w, y in rows) / sum(w for _, w, _ in rows)
    res = sum(w * (y - sum(c * v for c, v in zip(coef, x))) ** 2 for x, w, y in rows)
    tot = sum(w * (y - ys) ** 2 for _, w, y in rows)
    return coef, 1 - res / tot, len(rows)


def ranks(positions, coef):
    """How often the reference's most visited move is first, top 3, top 5 by score."""
    hits = [0, 0, 0]
    n = 0
    for moves in positions:
        if len(moves) < 5:
            continue
        best = max(moves, key=lambda m: m[1])[3]
        order = sorted(moves, key=lambda m: -sum(c * v for c, v in zip(coef, m[0] + [1.0])))
        r = [m[3] for m in order].index(best)
        n += 1
        for i, top in enumerate((1, 3, 5)):
            hits[i] += r < top
    return n, hits


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--iterations", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args(argv)
    positions = collect(a.games, a.iterations, a.seed)
    coef, r2, moves = fit(positions)
    print("%d positions, %d moves rated; weights in thousandths of a win rate:" % (len(positions), moves))
    for name, c in zip(NAMES, coef):
        print("  %-10s %+5d" % (name, round(1000 * c)))
    n, hits = ranks(positions, coef)
    print("R^2 %.3f; the reference's move first in %d%%, top 3 in %d%%, top 5 in %d%% of %d positions"
          % (r2, 100 * hits[0] // max(n, 1), 100 * hits[1] // max(n, 1), 100 * hits[2] // max(n, 1), n))


if __name__ == "__main__":
    main()
