# A game board placed on the layout: game cell <-> layout cell.
# The game's board is centred on the layout (DESIGN.md section 7): a hexhex board
# shares the layout's centre, a rhombus n x n puts its middle cell there. Two
# 16-bit tables built once per game, so drawing a frame is two look-ups per cell.
from array import array
from micropython import const

NONE = const(0xFFFF)        # a layout cell outside the game board


class Place:
    def __init__(self, layout, board):
        n = board.n
        self.n = n
        self.board = board
        self.cell = array("H", bytes(2 * n))                 # game cell -> layout cell
        self.game = array("H", b"\xff" * (2 * layout.n))     # layout cell -> game cell
        # centre = the floor of the mean coordinate: (0, 0) for a hexhex board,
        # ((n-1)//2, (n-1)//2) for a rhombus, as Layout.fits_rhombus assumes
        sq = sr = 0
        for i in range(n):
            q, r = board.coord(i)
            sq += q
            sr += r
        oq = sq // n
        orr = sr // n
        for i in range(n):
            q, r = board.coord(i)
            j = layout.index(q - oq, r - orr)
            if j < 0:
                raise ValueError("the %s %d board does not fit this layout" % (board.kind, board.size))
            self.cell[i] = j
            self.game[j] = i

    def of(self, key):
        """Game cell under layout cell `key`, or -1 (off the board, or a function key)."""
        if key >= len(self.game):
            return -1
        g = self.game[key]
        return -1 if g == NONE else g
