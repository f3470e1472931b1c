# Hexade's precomputed board data, built once: the padded board and the
# tables that find sixes and repetitions without searching.
#
# The hot path works on a padded board: the hexhex sits in a rectangle of
# WIDTH columns with a wall of PAD cells all round, so a step in direction d
# is "+ delta" with no bounds test (a wall never matches a stone). Two wall
# cells suffice: every look is at most 2 steps from a cell known to be on the
# board (the placed stone, or a nearer cell of the same row that already held
# a stone), so it never runs out of the rectangle. WIDTH is the same for every
# base, so the offsets of the six shapes, and their tables, are shared.
from array import array
from micropython import const
from hexgames.board import hexhex, DIRS
from hexgames.rng import Rng

PAD = const(2)
WIDTH = const(23)          # 19 columns of base 10 + 2 * PAD
WALL = const(3)            # cell value of the padding (stones are 1 and 2)
NOT_ON_BOARD = const(0xFFFF)
MAX_CELLS = const(271)     # base 10

# Results, built once so that ending a game allocates nothing.
WIN = (None, (1, 0, 0, "six"), (2, 0, 0, "six"))
FULL_BOARD = (0, 0, 0, "full_board")
REPEATED = (0, 0, 0, "repetition")

# The six shapes as axial (q, r) cells of a shape anchored at (0, 0).
ROWS = (
    ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)),          # E axis
    ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)),          # SE axis
    ((0, 0), (1, -1), (2, -2), (3, -3), (4, -4), (5, -5)),     # NE axis
)
TRIANGLES = (
    ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)),          # pointing down
    ((0, 0), (1, 0), (2, 0), (1, -1), (2, -1), (2, -2)),       # pointing up
)
RING = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))    # around (0, 0)
SHAPES = [("row", s) for s in ROWS] + [("triangle", s) for s in TRIANGLES] + [("hexagon", RING)]


def delta(q, r):
    """Padded-index step of the axial offset (q, r)."""
    return r * WIDTH + q


# Direction steps in the order of board.DIRS: E, NE, NW, W, SW, SE.
STEPS = tuple([delta(q, r) for q, r in DIRS])


def _distance(q, r):
    return max(abs(q), abs(r), abs(q + r))


def _six_tables():
    """The sixes through a placed cell c, grouped by which neighbours of c they use.

    Every six through c holds at least one neighbour of c. For each of the
    64 sets of neighbours that hold the mover's stones, REST lists the
    sixes using only those neighbours, each as 4 steps from c to its other
    cells (nearest first, so a failing six is usually seen at the first
    look; a short six is padded with step 0, c itself, which always matches).
    AT[mask] .. AT[mask + 1] is the slice of REST for that set."""
    through = []                       # (neighbour bits, other cells) per six through c
    for _, shape in SHAPES:
        for uq, ur in shape:
            bits = 0
            rest = []
            for q, r in shape:
                q -= uq
                r -= ur
                if (q, r) in DIRS:
                    bits |= 1 << DIRS.index((q, r))
                elif (q, r) != (0, 0):
                    rest.append((_distance(q, r), q, r))
            rest.sort()                 # nearest first: see PAD
            steps = [delta(q, r) for _, q, r in rest]
            through.append((bits, steps + [0] * (4 - len(steps))))
    at = array("H", bytes(2 * 65))
    rest = []
    for mask in range(64):
        at[mask] = len(rest)
        for bits, steps in through:
            if bits & ~mask == 0:
                rest.extend(steps)
    at[64] = len(rest)
    return at, array("b", rest)         # every step fits a byte: |5 * WIDTH + 5| < 128


SIX_AT, SIX_REST = _six_tables()


def _keys():
    """Random keys of (cell, colour) for the repetition hashes, shared by
    every base (board index < MAX_CELLS): KEY1[2*i + colour - 1] of 30 bits,
    KEY2[...] of 16, so ints stay small on the chip and a false repetition
    needs a 46-bit collision. Seeded, so every VM draws the same keys."""
    rng = Rng(2024)
    k1 = array("i", bytes(8 * MAX_CELLS))
    k2 = array("H", bytes(4 * MAX_CELLS))
    for k in range(2 * MAX_CELLS):
        k1[k] = rng.bits30()
        k2[k] = rng.bits15() << 1 | (rng.bits15() & 1)
    return k1, k2


KEY1, KEY2 = _keys()


class Layout:
    """One base: the padded board and its cell numbering, built once."""

    def __init__(self, base):
        b = self.board = hexhex(base)
        R = base - 1
        rows = 2 * R + 1 + 2 * PAD
        self.size = rows * WIDTH
        self.pad = array("H", bytes(2 * b.n))             # board index -> padded index
        self.index = array("H", b"\xff" * (2 * self.size))  # padded index -> board index
        self.empty_board = bytearray(bytes((WALL,)) * self.size)   # walls; cells below
        for i in range(b.n):
            q, r = b.coord(i)
            c = (r + R + PAD) * WIDTH + q + R + PAD
            self.pad[i] = c
            self.index[c] = i
            self.empty_board[c] = 0                        # an empty cell
        # Cells within distance 2 of each cell, as padded steps: the zone
        # that White's second stone must avoid.
        self.near = tuple([delta(q, r) for q in range(-2, 3) for r in range(-2, 3)
                           if _distance(q, r) <= 2])

    def sixes(self, cell, p):
        """The complete sixes of colour p on the padded board `cell`, each once,
        as (kind, [6 padded cells]). For set-up and info(), not the hot path:
        it visits every anchor but builds a list only for complete sixes."""
        out = []
        for kind, shape in SHAPES:
            steps = [delta(q, r) for q, r in shape]
            for i in range(self.board.n):
                c = self.pad[i]
                for d in steps:
                    if cell[c + d] != p:
                        break
                else:
                    out.append((kind, [c + d for d in steps]))
        return out


_layouts = {}


def layout(base):
    lay = _layouts.get(base)
    if lay is None:
        lay = _layouts[base] = Layout(base)
    return lay
