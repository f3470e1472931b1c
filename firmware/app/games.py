# What the handheld knows about each game beyond the engine interface: which board
# sizes and flags the menu offers, and which of them fit the board it runs on.
# The engine stays the authority on rules; a game that lands in hexgames.GAMES
# without an entry here is still offered, with its default options.
import hexgames

# name: (board shape, size option, sizes offered, on/off options)
TABLE = {
    "hexgo": ("hexhex", "base", (4,), ()),
    "hexade": ("hexhex", "base", (4, 5, 6, 7, 8, 9, 10), ()),
    "xiago": ("hexhex", "base", (4, 6, 8, 10), ()),
    "inphexion": ("rhombus", "size", (7,), ("pie", "neutral")),
    "hexmeister": ("hexhex", "base", (6,), ()),
}
TITLE = {"hexgo": "HexGo", "hexade": "Hexade", "xiago": "XiaGo",
         "inphexion": "inpHeXion", "hexmeister": "Hexmeister"}

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
