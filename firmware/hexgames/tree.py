# The opponent's tree: node arrays preallocated from a memory budget, and
# the integer tables its UCB selection reads (sqrt and ln by lookup, because
# every float is a heap object on the chip). ai.py's Search walks it.
from array import array
from hexgames.board import zeros
from math import log, sqrt
from micropython import const

_UNEXPANDED = const(-1)  # first[v] of a leaf (never compared: kids[v] == 0 tells a leaf)

# INVSQ[n] = 4096/sqrt(n); LN16[n] = 16*ln(n); SQ64[l] = 64*sqrt(l/16).
# Built once at import: floats here, never in the search.
INVSQ = array("H", [4096] + [int(4096 / sqrt(n)) for n in range(1, 1024)])
LN16 = array("H", [0] + [int(16 * log(n)) for n in range(1, 1024)])
SQ64 = bytes([min(255, int(64 * sqrt(v / 16))) for v in range(256)])
# RAVE weight of the all-moves-as-first score after n real visits, x 1024:
# sqrt(K / (3n + K)), K = RAVE_K (Gelly and Silver's schedule).
RAVE_K = const(400)
BETA = array("H", [int(1024 * sqrt(RAVE_K / (3 * n + RAVE_K))) for n in range(1024)])


def ucb_explore(parent_visits, child_visits):
    """sqrt(ln N / n) * 2**18, in integers: the exploration term, as the
    selection in kernels.py and twins.py computes it inline."""
    n = parent_visits
    ln = 0
    while n >= 1024:
        n >>= 1
        ln += 11                      # 16 * ln 2
    ln = min(255, ln + LN16[n])
    n = child_visits
    shift = 0
    while n >= 1024:
        n >>= 2
        shift += 1
    return (SQ64[ln] * INVSQ[n]) >> shift


class Tree:
    """Node arrays. Children of a node are one contiguous block. amaf_n and
    amaf_w count the playouts in which the node's move was played later on
    by the same player (all moves as first), for games that ask for RAVE."""
    BYTES_PER_NODE = 25          # 4 arrays of 4 bytes, 3 of 2, 3 of 1

    def __init__(self, memory):
        n = self.size = memory // self.BYTES_PER_NODE
        self.move = zeros("i", n)
        self.first = zeros("i", n)
        self.visits = zeros("i", n)
        self.wins = zeros("i", n)   # half points for the mover into the node
        self.kids = zeros("H", n)
        self.amaf_n = zeros("H", n)
        self.amaf_w = zeros("H", n)
        self.who = bytearray(n)
        self.proven = bytearray(n)
        self.born = bytearray(n)                # visits a node starts with (its prior's)
        self.used = 0

    def reset(self, mover):
        self.used = 1
        self.first[0] = _UNEXPANDED
        self.kids[0] = self.visits[0] = self.wins[0] = self.proven[0] = self.born[0] = 0
        self.who[0] = mover
