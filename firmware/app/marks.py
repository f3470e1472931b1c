# What a game shows besides its stones, as each game defines it (g.info()), turned
# into one mark code per game cell. Computed when the position changes, never per
# frame; render.py gives every code its colour.
from micropython import const

NONE = const(0)
ME = const(1)          # hexgo: a Me (eye); + owner 0 X, 1 O, 2 neutral;
                       # hex: a cell of an edge X (1) or O (2) must join, lit as a Me
TERRITORY = const(4)   # xiago: a vacant cell of X's (4) or O's (5) territory;
                       # hexmeister: a cell X (4) or O (5) secures
SIX = const(6)         # hexade: a stone of a six-stone shape of X (6) or O (7);
                       # inphexion: a disc of the winning link; hex: the winning chain
PENDING = const(8)     # inphexion: a disc that must be relocated now

_OWNER = "XON"


def compute(name, g, mark):
    for i in range(len(mark)):
        mark[i] = NONE
    f = _BY_GAME.get(name, _generic)
    f(g, mark)


def _hexgo(g, mark):
    me = g.info().get("me", {})
    index = g.board.index
    for name in me:
        mark[index(name)] = ME + _OWNER.index(me[name])


def _hexade(g, mark):
    sixes = g.info().get("sixes", {})
    index = g.board.index
    for side in sixes:
        for shape in sixes[side]:
            for name in shape["cells"]:
                mark[index(name)] = SIX + _OWNER.index(side)


def territory(g, mark):
    """XiaGo's territory (rules D9, D10): a region of vacant cells whose bordering
    stones are all of one colour; neutral stones and the edge only separate.
    info() gives the counts, the handheld needs the cells. Returns [x, o] counts."""
    g.owners_into(mark)
    counts = [0, 0]
    for i in range(len(mark)):
        v = mark[i]
        if v:
            counts[v - 1] += 1
            mark[i] = TERRITORY + v - 1
    return counts


def _hexmeister(g, mark):
    secured = g.info().get("secured", {})
    index = g.board.index
    for side in secured:
        for name in secured[side]:
            mark[index(name)] = TERRITORY + _OWNER.index(side)


def _inphexion(g, mark):
    info = g.info()
    index = g.board.index
    for name in info.get("link", ()):
        i = index(name)
        s = g._symbol(i)
        if s in ("X", "O"):
            mark[i] = SIX + _OWNER.index(s)
    for name in info.get("pending_relocation", ()):
        mark[index(name)] = PENDING


def _hex(g, mark):
    # The edges each side must join, faintly in its colour while they are empty: X
    # links row 1 to the last row, O column a to the last column. A corner lies on an
    # edge of each: it is given to neither, so no edge looks longer than the other.
    last = g.options["size"] - 1
    coord = g.board.coord
    for i in range(len(mark)):
        q, r = coord(i)
        rows = r == 0 or r == last
        if rows != (q == 0 or q == last):
            mark[i] = ME + (0 if rows else 1)
    # the winning chain blinks, as inpHeXion's link does
    index = g.board.index
    for name in g.info().get("chain", ()):
        i = index(name)
        mark[i] = SIX + _OWNER.index(g._symbol(i))


def _generic(g, mark):
    # A game not known here: show any info() entry that maps cell names to an
    # owner ("X"/"O"/"N") like HexGo's Me.
    info = g.info()
    index = g.board.find
    for key in info:
        v = info[key]
        if isinstance(v, dict):
            for name in v:
                o = v[name]
                if isinstance(o, str) and len(o) == 1 and o in _OWNER and index(name) >= 0:
                    mark[index(name)] = ME + _OWNER.index(o)


_BY_GAME = {"hexgo": _hexgo, "hexade": _hexade, "xiago": territory, "hexmeister": _hexmeister,
            "inphexion": _inphexion, "hex": _hex}
