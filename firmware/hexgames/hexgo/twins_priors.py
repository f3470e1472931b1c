# HexGo's move priors in plain Python: the twin of kernels_priors.py (same
# signature, same results), for CPython and the WebAssembly VM.
#
# A move's score adds up what it does to the cells around it; the weights are
# a least-squares fit of the win rate a deep search gives each move (less the
# mean of the position's moves) to these features, over 562 positions of
# level-4 games (tools/bench/hexgo_priors.py, docs/speed-and-strength.md). In
# thousandths of a win rate:
#   a neighbour that becomes a Me with the move: +48 if the mover then holds
#   the most stones around it, -22 if the opponent does, +39 if neutral;
#   an enemy neighbour the move captures: +122; the move enters a Me (legal
#   only where it captures or stops a capture): +88;
#   a corner: -20; each empty neighbour (not a captured Me) +9, each enemy
#   stone +9, each own stone -4 and -6 more from two on, -8 from three enemy
#   stones on.
# The prior is 8 (no opinion) plus an eighth of the score's excess over the
# mean of the listed moves, clamped to 0..16. Scores carry a base of 256 so
# that every sum and mean stays positive: a floor division then means the
# same on every VM, and >> 3 floors the signed excess on both.
from micropython import const

_ENB = const(37)
_BASE = const(256)


def _count(st, around, p):
    n = 0
    for a in around:
        if st[a] == p:
            n += 1
    return n


def priors(st, moves, k, out, p, nb, adj, sc):
    """out[i] = the prior 0..16 of moves[i] (i < k) for p, to move; sc (an
    array('i') of k or more) holds the scores. Returns their mean."""
    q = 3 - p
    total = 0
    for i in range(k):
        c = moves[i]
        around = adj[c]
        own = opp = opn = 0
        s = _BASE - 20 if len(around) == 3 else _BASE
        if not st[_ENB + c]:
            s += 88
        for j in around:
            v = st[j]
            e = st[_ENB + j]
            if v == p:
                own += 1
            elif v == q:
                opp += 1
            elif v == 0:                # c is empty: no neighbour is a Me
                opn += 1
            if e == 1:
                if v == 0:
                    x = _count(st, adj[j], p) + 1
                    y = _count(st, adj[j], q)
                    s += 48 if x > y else -22 if y > x else 39
                elif v == q and 2 * (_count(st, adj[j], p) + 1) > len(adj[j]):
                    s += 122
        s += 9 * (opp + opn) - 4 * own
        if own >= 2:
            s -= 6
        if opp >= 3:
            s -= 8
        sc[i] = s
        total += s
    m = total // k if k else 0
    for i in range(k):
        v = 8 + ((sc[i] - m) >> 3)
        out[i] = 0 if v < 0 else 16 if v > 16 else v
    return m
