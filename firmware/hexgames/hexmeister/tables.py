# Hexmeister's board map (rules/hexmeister.md section 2) as tables built once
# at import: cell classes, bases, gates, the gate groups (segmental triangles,
# gate lines, gate rings), passability per player, and the hash keys used by
# the repetition rule. rules.py reads these; nothing here changes later.
from array import array
from micropython import const
from hexgames.board import hexhex
from hexgames.rng import Rng

BOARD = hexhex(6)
N = const(91)
CENTRE = const(45)         # f6
NO = const(255)            # "not a gate" in GATE_NO

# Cell classes (section 2.2); base cells are ring cells with an owner.
LANE = const(0)
GATE = const(1)
RING = const(2)

# Gate groups: triangles 0-5, gate lines 6-8, gate rings 9-10 (section 2.2).
_GROUPS = (
    "f6 f3 f1 i3 k1", "f6 i3 k1 i6 k6", "f6 i6 k6 f9 f11",     # T-top, T-upper-right, T-lower-right
    "f6 f9 f11 c9 a11", "f6 c9 a11 c6 a6", "f6 c6 a6 f3 f1",   # T-bottom, T-lower-left, T-upper-left
    "a6 c6 f6 i6 k6", "f1 f3 f6 f9 f11", "k1 i3 f6 c9 a11",    # the three gate lines
    "f1 k1 k6 f11 a11 a6", "f3 i3 i6 f9 c9 c6",                # outer and middle ring gates
)
N_TRIANGLES = const(6)
FIRST_RING = const(9)      # groups from here on are the gate rings (encirclement)
N_GROUPS = const(11)
_BASES = ("b11 c11 d11 e11", "g1 h1 i1 j1")                 # X (bottom), O (top)
_BASE_GATES = ("a11 f11", "f1 k1")


def _cells(names):
    return bytes([BOARD.index(s) for s in names.split()])


GROUPS = tuple([_cells(g) for g in _GROUPS])
GROUP_SIZE = bytes([len(g) for g in GROUPS])
GATES = _cells("f6 f3 i3 c6 i6 c9 f9 f1 k1 a6 k6 a11 f11")
BASES = (b"", _cells(_BASES[0]), _cells(_BASES[1]))           # by player 1 = X, 2 = O
BASE_GATES = (b"", _cells(_BASE_GATES[0]), _cells(_BASE_GATES[1]))
BASE_NAMES = ("", _BASES[0], _BASES[1])


def _build():
    cls = bytearray(N)
    gate_no = bytearray(b"\xff" * N)
    base_of = bytearray(N)         # owner of a base cell
    bgate_of = bytearray(N)        # owner of a base gate
    for i in range(N):
        q, r = BOARD.coord(i)
        ring = max(abs(q), abs(r), abs(q + r))
        cls[i] = LANE if ring % 2 == 0 else RING
    for k in range(len(GATES)):
        cls[GATES[k]] = GATE
        gate_no[GATES[k]] = k
    for p in (1, 2):
        for c in BASES[p]:
            base_of[c] = p
        for c in BASE_GATES[p]:
            bgate_of[c] = p
    # groups and triangles each gate belongs to, indexed by gate number
    groups = []
    tris = []
    for g in GATES:
        groups.append(bytes([k for k in range(N_GROUPS) if g in GROUPS[k]]))
        tris.append(bytes([k for k in range(N_TRIANGLES) if g in GROUPS[k]]))
    # PASSABLE[p][3*i + v]: can p's route cross cell i while it holds v (0, 1, 2)?
    # Empty lanes, empty or own gates, own empty base cells (section 4).
    passable = [b""]
    for p in (1, 2):
        t = bytearray(3 * N)
        for i in range(N):
            c = cls[i]
            t[3 * i] = 1 if c == LANE or c == GATE or base_of[i] == p else 0
            t[3 * i + p] = 1 if c == GATE else 0
        passable.append(bytes(t))
    return bytes(cls), bytes(gate_no), bytes(base_of), bytes(bgate_of), \
        tuple(groups), tuple(tris), tuple(passable)


CLASS, GATE_NO, BASE_OF, BASE_GATE_OF, GATE_GROUPS, GATE_TRIANGLES, PASSABLE = _build()
del _build, _cells, _GROUPS, _BASE_GATES     # built once: free their bytecode and text

# Hash keys for the repetition rule, all below 2**30 so every XOR stays a
# small int on the chip, in one array: a stone of player p on cell i is
# KEYS[(p-1)*N + i], a reserve of r stones is KEYS[K_RESERVE + (p-1)*19 + r],
# O to move adds KEYS[K_SIDE].
K_RESERVE = const(182)
K_SIDE = const(220)
_rng = Rng(1980)
KEYS = array("i", [_rng.bits30() for _ in range(2 * N + 2 * 19 + 1)])
del _rng


# The board map once more, packed into one bytes object for the native
# kernels (kernels.py): a viper function reads a table passed as an argument
# at the cost of a load, a global at the cost of a dictionary look-up, and
# one argument converts faster than a dozen. The offsets are repeated as
# const() in kernels.py (a const is local to its module); a test compares them.
K_NBR = const(0)           # 6 neighbours a cell (E, NE, NW, W, SW, SE), 255 off the board
K_GATE_NO = const(546)     # GATE_NO
K_BASE_OF = const(637)     # BASE_OF
K_BGATE_OF = const(728)    # BASE_GATE_OF
K_GATES = const(819)       # GATES
K_GROUPS = const(832)      # group t's cells at 6 t (unused places 255)
K_GSIZE = const(898)       # GROUP_SIZE
K_GGROUPS = const(909)     # gate k's groups at 9 k, their count at K_NGG + k
K_NGG = const(1026)
K_GTRIS = const(1039)      # gate k's triangles at 6 k, their count at K_NGT + k
K_NGT = const(1117)
K_BASES = const(1130)      # player p's base cells at 4 (p - 1)
K_BGATES = const(1138)     # ... and base gates at 2 (p - 1)
K_PASS = const(1142)       # PASSABLE[p] at 273 (p - 1)
K_SIZE = const(1688)


def _pack():
    t = bytearray(b"\xff" * K_SIZE)
    t[K_NBR:K_NBR + 6 * N] = BOARD.nbr
    t[K_GATE_NO:K_GATE_NO + N] = GATE_NO
    t[K_BASE_OF:K_BASE_OF + N] = BASE_OF
    t[K_BGATE_OF:K_BGATE_OF + N] = BASE_GATE_OF
    t[K_GATES:K_GATES + 13] = GATES
    for k in range(N_GROUPS):
        t[K_GROUPS + 6 * k:K_GROUPS + 6 * k + len(GROUPS[k])] = GROUPS[k]
    t[K_GSIZE:K_GSIZE + N_GROUPS] = GROUP_SIZE
    for k in range(13):
        t[K_GGROUPS + 9 * k:K_GGROUPS + 9 * k + len(GATE_GROUPS[k])] = GATE_GROUPS[k]
        t[K_NGG + k] = len(GATE_GROUPS[k])
        t[K_GTRIS + 6 * k:K_GTRIS + 6 * k + len(GATE_TRIANGLES[k])] = GATE_TRIANGLES[k]
        t[K_NGT + k] = len(GATE_TRIANGLES[k])
    for p in (1, 2):
        t[K_BASES + 4 * (p - 1):K_BASES + 4 * p] = BASES[p]
        t[K_BGATES + 2 * (p - 1):K_BGATES + 2 * p] = BASE_GATES[p]
        t[K_PASS + 273 * (p - 1):K_PASS + 273 * p] = PASSABLE[p]
    return bytes(t)


KT = _pack()
del _pack
