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
from hexgames.board import hexhex, DIRS, zeros
from hexgames.rng import Rng

PAD = const(2)
WIDTH = const(23)          # 19 columns of base 10 + 2 * PAD
WALL = const(3)            # cell value of the padding (stones are 1 and 2)
NOT_ON_BOARD = const(0xFFFF)
TCAP = const(48)           # fives kept on each player's stack (more: dropped after a clean-up)

# Results, built once so that ending a game allocates nothing.
WIN = (None, (1, 0, 0, "six"), (2, 0, 0, "six"))
FULL_BOARD = (0, 0, 0, "full_board")
REPEATED = (0, 0, 0, "repetition")
# What a move kernel returns: ending << 2 | the side to move next. The
# endings, by number: 0 none, 1 and 2 that player's six, 3 a full board,
# 4 the third repetition, and ROOM: the history is full (no move made; the
# game grows it and calls again).
ENDINGS = (None, WIN[1], WIN[2], FULL_BOARD, REPEATED)
FULL_END = const(3)
REPEATED_END = const(4)
ROOM = const(5)

# The numbers of a position that a move changes, or that the kernels read,
# kept in one array('i') (the game's `vals`), so that a kernel updates them
# in place and the search restores them with one copy. WORTH is stored plus
# BIAS (a kernel must not read a negative number through ptr32). MINEMP is
# the fewest empty cells since the origin: a position with fewer has more
# stones than any before it, so it cannot be a repetition (the kernels look
# back through the history only otherwise). VERDICT is the judgement of a
# playout cut short, 0 once read or after any move (Hexade.evaluate).
NEMP = const(0)             # empty cells
PLY = const(1)              # plies since the origin
NCAP = const(2)             # stones captured since the origin
WORTH = const(3)            # the sum of _worth over the sixes, plus BIAS
WHITE0 = const(4)           # White's placements at the origin
X_FIRST = const(5)          # 1 if X moved first from the origin
HCAP = const(6)             # plies the history holds
VERDICT = const(7)          # 1 or 2: who a playout cut short judged the winner
MINEMP = const(8)           # the fewest empty cells since the origin
SIXES = const(8)            # vals[SIXES + p]: p's complete sixes on the board
FIVES = const(10)           # vals[FIVES + p]: the fives on p's stack (the game's thr)
CELLS = const(13)           # the board's cells, n (Layout: where the buffers' parts start)
NVALS = const(14)           # the history's 30-bit hashes follow, from here on
BIAS = const(1 << 20)

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
# The cells of each shape that decide whether it fits on the board (see _six_tables).
_CORNERS = tuple(tuple(sh[i] for i in ((0, 5) if k < 3 else (0, 2, 5) if k < 5 else range(6)))
                 for k, (_, sh) in enumerate(SHAPES))


def delta(q, r):
    """Padded-index step of the axial offset (q, r)."""
    return r * WIDTH + q


# Direction steps in the order of board.DIRS: E, NE, NW, W, SW, SE.
STEPS = tuple([delta(q, r) for q, r in DIRS])


def _distance(q, r):
    return max(abs(q), abs(r), abs(q + r))


# The six kinds of six, by number: the rows along E, SE and NE (0-2), the
# triangles pointing down and up (3, 4) and the ring (5). A six is named by
# its anchor and kind: id = 6 * (board index of the anchor) + kind, the
# anchor being the shape's cell (0, 0) (the centre, for a ring).
# KIND_STEPS[6 * kind .. + 6] are the padded steps from the anchor to the cells.
KIND_STEPS = array("b", [delta(q, r) for _, shape in SHAPES for q, r in shape])

# The same steps for the kernels, plus 128 (ptr8 reads no negative bytes).
KSTEP = bytes([d + 128 for d in KIND_STEPS])
# KSTEP[30..36] (the ring) are the six directions in the order of STEPS.
RING_AT = const(30)

# Stones in a six are counted in one byte: 1 per X stone, 8 per O stone. So
# 5 is X's five (the sixth cell empty), 40 O's, 6 and 48 complete sixes.
# EVENT[count]: 1 an X five, 2 an O five, 3 a six (of either; by the mover).
ADD = b"\x00\x01\x08"
FIVE = b"\x00\x05\x28"
EVENT = bytearray(64)
EVENT[5] = 1
EVENT[40] = 2
EVENT[6] = EVENT[48] = 3


def _worth(v):
    """What a six holding count v is worth to X (O's worth is negative): the
    sum of these is the judgement of a playout cut short."""
    x, o = v % 8, v // 8
    if x + o > 6 or x + o == 6 or (x and o):
        return 0
    return (0, 1, 3, 9, 27, 60)[x] if x else -(0, 1, 3, 9, 27, 60)[o]


def _gains():
    """GAIN[p][v]: the change of the sum when p's stone makes count v."""
    gx = zeros("h", 64)
    go = zeros("h", 64)
    for v in range(64):
        if v % 8:
            gx[v] = _worth(v) - _worth(v - 1)
        if v >= 8:
            go[v] = _worth(v) - _worth(v - 8)
    return (None, gx, go)


GAIN = _gains()
# GAIN for the kernels, plus 64 in bytes: X's stone making count v at [v],
# O's at [64 + v].
GAINS = bytes([GAIN[1][v] + 64 for v in range(64)] + [GAIN[2][v] + 64 for v in range(64)])


def _near():
    """NEAR[d + 48] = 1 where the padded step d leads to a cell within
    distance 2 (the zone White's second stone avoids), for -48 <= d <= 48:
    with WIDTH 23 no two cells of a board are the same step apart unless
    they are the same (q, r) apart."""
    out = bytearray(97)
    for q in range(-2, 3):
        for r in range(-2, 3):
            if _distance(q, r) <= 2:
                out[delta(q, r) + 48] = 1
    return bytes(out)


NEAR = _near()


def _keys(n):
    """Random keys of (cell, colour) for the repetition hashes of a board of
    n cells: KEY1[2*i + colour - 1] of 30 bits, KEY2[...] of 16, so ints stay
    small on the chip and a false repetition needs a 46-bit collision. Seeded,
    so every VM draws the same keys (and a smaller base the first of them)."""
    rng = Rng(2024)
    k1 = zeros("i", 2 * n)
    k2 = zeros("H", 2 * n)
    for k in range(2 * n):
        k1[k] = rng.bits30()
        k2[k] = rng.bits15() << 1 | (rng.bits15() & 1)
    return k1, k2


class Layout:
    """One base: the padded board and its cell numbering, built once.

    A game keeps its position in three buffers (rules.py, bufs), laid out
    here, so that a copy allocates three blocks and the search restores it
    with three copies:
      bytes  [0, cell0) the stone counts of the sixes, then the padded
             board: pad[i] is the offset of board cell i in it
      16-bit [0, n) the empty cells, [n, 2n) each cell's place among them,
             [thr0, thr0 + 2 * TCAP) the stacks of fives, then from h2 on
             the 16-bit repetition hash of each ply
      32-bit [0, NVALS) the position's numbers, then from NVALS on the
             30-bit repetition hash of each ply
    """

    def __init__(self, base):
        b = self.board = hexhex(base)
        n = b.n
        R = base - 1
        rows = 2 * R + 1 + 2 * PAD
        self.cell0 = 6 * n                     # the six counts come first
        self.thr0 = 2 * n
        self.h2 = 2 * n + 2 * TCAP
        size = self.cell0 + rows * WIDTH
        self.pad = zeros("H", n)               # board index -> padded index
        self.index = array("H", b"\xff" * (2 * size))    # padded index -> board index
        self.empty_board = bytearray(self.cell0) + bytearray(bytes((WALL,)) * (size - self.cell0))
        for i in range(n):
            q, r = b.coord(i)
            c = self.cell0 + (r + R + PAD) * WIDTH + q + R + PAD
            self.pad[i] = c
            self.index[c] = i
            self.empty_board[c] = 0                        # an empty cell
        self.key1, self.key2 = _keys(n)
        self.board_radius = R
        self._six_tables()

    def _six_tables(self):
        """The sixes through each cell i: six_ids[six_at[i] .. six_at[i + 1]],
        ids as above (every six of the board, each listed at its 6 cells).
        Two passes (count, then fill), so no list per cell is ever built. A
        shape fits where its farthest cells do (a row's ends, a triangle's
        corners, a ring's six are all on the board when those are: the board
        is convex); its cells are then the anchor's padded place plus the
        shape's steps."""
        b = self.board
        n = b.n
        R = self.board_radius
        pad = self.pad
        index = self.index
        at = self.six_at = zeros("H", n + 1)
        ids = used = None
        for fill in (0, 1):
            if fill:
                for i in range(n):
                    at[i + 1] += at[i]
                ids = self.six_ids = zeros("H", at[n])
                used = array("H", at)
            for a in range(n):
                q, r = b.coord(a)
                base = pad[a]
                for kind in range(6):
                    ok = True
                    for dq, dr in _CORNERS[kind]:
                        x = q + dq
                        y = r + dr
                        if x > R or x < -R or y > R or y < -R or x + y > R or x + y < -R:
                            ok = False
                            break
                    if not ok:
                        continue
                    six = 6 * a + kind
                    for k in range(6 * kind, 6 * kind + 6):
                        c = index[base + KIND_STEPS[k]]
                        if fill:
                            ids[used[c]] = six
                            used[c] += 1
                        else:
                            at[c + 1] += 1

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
