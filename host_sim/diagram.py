"""ASCII diagrams in the rule files' style: one row per line, rows indented to
show the hex offsets, the row number on the left and the row's first and last
cell names on the right."""


def rows(board):
    """Cell numbers grouped by row, top row first."""
    out = []
    last = None
    for i in range(board.n):
        r = board.coord(i)[1]
        if r != last:
            out.append([])
            last = r
        out[-1].append(i)
    return out


def indent(board, r):
    if board.kind == "rhombus":
        return r
    return abs(r)


def draw(board, symbol, width=1):
    """symbol(i) -> text of cell i, padded to width; returns the diagram."""
    lines = []
    groups = rows(board)
    pad = max(indent(board, board.coord(g[0])[1]) for g in groups)
    for k, g in enumerate(groups):
        r = board.coord(g[0])[1]
        shift = indent(board, r)
        if board.kind != "rhombus":
            shift = shift * (width + 1) // 2
        body = " ".join(symbol(i).ljust(width) for i in g)
        left = "%2d " % (k + 1) + " " * shift
        right = " " * (2 + (pad - shift if board.kind == "rhombus" else shift))
        lines.append(left + body + right + "%s-%s" % (board.name(g[0]), board.name(g[-1])))
    return "\n".join(lines)


def names(board):
    """The board with every cell's name (the key to the notation)."""
    return draw(board, board.name, 3)


def marks(game):
    """Annotations of empty cells from info(): HexGo's Me as + - = (rules/hexgo.md)."""
    me = game.info().get("me", {}) if game.NAME == "hexgo" else {}
    return {game.board.index(c): {"X": "+", "O": "-", "N": "="}[o] for c, o in me.items()}


def position(game):
    ann = marks(game)

    def symbol(i):
        s = game._symbol(i)
        return s or ann.get(i, ".")

    return draw(game.board, symbol)
