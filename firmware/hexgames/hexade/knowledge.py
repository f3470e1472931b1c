# Hexade knowledge for the opponent (hooks in hexgames/README.md, "The
# opponent"): move priors, the judgement of a playout cut short, and the cell
# that completes a five, for the playouts. The game keeps the stone count of
# every six (rules.py: cnt, 1 per X stone, 8 per O stone), so rating a cell
# is reading the counts of the sixes through it: no search, no allocation.
from micropython import const
from hexgames.board import zeros
from hexgames.hexade.tables import FIVE, KIND_STEPS, FIVES

_WIN = const(16)            # completes a six
_BLOCK = const(15)          # fills the cell that completes the opponent's six
_DOUBLE = const(14)         # makes two fives at once
_FOUR = const(12)           # makes a five: a threat of six
_CAPTURE = const(11)        # lifts an enemy pair


def _values(p):
    """VALUE[count] of a six through a cell, for mover p placing there."""
    out = bytearray(64)
    for x in range(7):
        for o in range(7 - x):
            own, opp = (x, o) if p == 1 else (o, x)
            if opp == 0:
                v = (6, 8, 9, 10, _FOUR, _WIN, 0)[own]
            elif own == 0:
                v = (6, 6, 7, 9, 11, _BLOCK, 0)[opp]
            else:
                v = 5                   # both colours: dead for either
            out[x + 8 * o] = v
    return bytes(out)


VALUE = (None, _values(1), _values(2))


def _rated():
    """RATED[64 * (p - 1) + count]: VALUE[p][count], plus 32 when it is strong
    (10 and up) and 2048 when it makes a five: summed over the sixes of a
    cell, the flags count the strong sixes (bits 5..10) and the fives."""
    out = zeros("H", 128)
    for p in (1, 2):
        for v in range(64):
            t = VALUE[p][v]
            out[64 * (p - 1) + v] = t + (32 if t >= 10 else 0) + (2048 if t == _FOUR else 0)
    return out


RATED = _rated()

# The priors (Hexade.priors_into, computed by twins.priors or its kernel): a
# prior 0..16 of each move for the side to move: the best six it serves (16
# completes one, 15 blocks the opponent's completion, 12 makes a five, ...),
# raised by further strong sixes and by a capture (16 when the opponent has a
# six, which only a capture can break), lowered when the stone would stand in
# a capturable pair.


_NOISE = const(40)          # spread of the judgement (worth units)


def evaluate(g, rng):
    """Who wins a playout cut short (1 or 2): the side to move if he can
    complete a six, else by the worth of all sixes (tables._worth, kept
    by the game as it plays), with noise, so that a small lead wins a little
    more often than not."""
    p = g.side
    if five(g, p) >= 0:
        return p
    score = g.worth + (10 if p == 1 else -10) + rng.below(2 * _NOISE + 1) - _NOISE
    return 1 if score > 0 else 2


def five(g, p):
    """The board index of a cell that completes a six of p, or -1: the top
    of p's stack of fives (rules.py: thr) once the fives since blocked or
    broken are dropped from it."""
    vals = g.vals
    n = vals[FIVES + p]
    if not n:
        return -1
    thr, cnt, cell, lay = g.thr, g.cnt, g.cell, g.lay
    f = FIVE[p]
    base = (p - 1) * (len(thr) >> 1) - 1
    while n:
        s = thr[base + n]
        if cnt[s] == f:
            vals[FIVES + p] = n
            a = lay.pad[s // 6]
            j = (s % 6) * 6
            for t in range(j, j + 6):
                if not cell[a + KIND_STEPS[t]]:
                    return lay.index[a + KIND_STEPS[t]]
        n -= 1
    vals[FIVES + p] = 0
    return -1
