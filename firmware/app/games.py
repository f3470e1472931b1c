# What the handheld knows about each game beyond the engine interface: which board
# sizes and flags the menu offers, which of them fit the board it runs on, and where
# a game's board lies on the layout.
# The engine stays the authority on rules; a game that lands in hexgames.GAMES
# without an entry here is still offered, with its default options.
from array import array
from hexgames.board import zeros
from micropython import const

import hexgames

# name: (board shape, size option, sizes offered, on/off options)
TABLE = {
    "hexgo": ("hexhex", "base", (4,), ()),
    "hexade": ("hexhex", "base", (4, 5, 6, 7, 8, 9, 10), ()),
    "xiago": ("hexhex", "base", (4, 6, 8, 10), ()),
    "inphexion": ("rhombus", "size", (7,), ("pie", "neutral")),
    "hexmeister": ("hexhex", "base", (6,), ()),
    "hex": ("rhombus", "size", (5, 7, 9, 11), ("pie",)),
}
TITLE = {"hexgo": "HexGo", "hexade": "Hexade", "xiago": "XiaGo",
         "inphexion": "inpHeXion", "hexmeister": "Hexmeister", "hex": "Hex"}
# What a side plays for, where the board alone does not tell a newcomer: shown with
# the first turn's caption (the edges are lit too: app/marks.py).
GOAL = {"hex": "X joins top and bottom, O left and right"}

_guessed = {}


def spec(name):
    """(shape, size option or None, sizes, flags) of a game."""
    s = TABLE.get(name) or _guessed.get(name)
    if s is None:
        # Not in the table: build the default game once and read its board.
        g = hexgames.new(name)
        key = None
        flags = []
        for opt, default, allowed in g.OPTIONS:
            if default is True or default is False:
                flags.append(opt)
            elif default == g.board.size and key is None:
                key = opt
        s = _guessed[name] = (g.board.kind, key, (g.board.size,), tuple(flags))
    return s


def title(name):
    return TITLE.get(name, name)


def goal(name):
    return GOAL.get(name)


def fits(layout, shape, size):
    if shape == "hexhex":
        return layout.fits_hexhex(size)
    return layout.fits_rhombus(size)


def sizes(layout, name):
    """The board sizes of a game that fit this layout, smallest first."""
    shape, _, offered, _ = spec(name)
    return [s for s in offered if fits(layout, shape, s)]


def offered(layout):
    """Games with at least one board that fits, in hexgames.GAMES order."""
    out = []
    for name in hexgames.GAMES:
        try:
            if sizes(layout, name):
                out.append(name)
        except (ValueError, ImportError, MemoryError):
            pass                   # a game that cannot even be built is not offered
    return out


def default_size(layout, name):
    """The largest fitting size (the official board where it fits)."""
    s = sizes(layout, name)
    return s[-1] if s else None


def options(name, size, flags):
    """Options for hexgames.new(): the size under its option name, plus the flags
    that are on (flags: the set option names)."""
    shape, key, _, names = spec(name)
    opts = {}
    if key is not None and size is not None:
        opts[key] = size
    for f in names:
        if f in flags:
            opts[f] = True
    return opts


# -- a game board placed on the layout -------------------------------------------------
# The game's board is centred on the layout (DESIGN.md section 7): a hexhex board
# shares the layout's centre, a rhombus n x n puts its middle cell there. Two
# 16-bit tables built once per game, so drawing a frame is two look-ups per cell.
NONE = const(0xFFFF)        # a layout cell outside the game board


class Place:
    def __init__(self, layout, board):
        n = board.n
        self.n = n
        self.board = board
        self.cell = zeros("H", n)                 # game cell -> layout cell
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
