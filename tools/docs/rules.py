"""Draws the pictures of the rules pages (docs/rules/<game>.md) from the engine itself.

    python tools/docs/rules.py           write docs/rules/img/<figure>.svg
    python tools/docs/rules.py --check   exit 1 (naming the files) if a picture is stale

Every picture is a real position: set up with hexgames.load() or replayed from a record,
then the figure's move is played by the engine. What the figure claims (a capture, a Me,
a six, a win, a move refused) is checked against the engine first, and a claim that does
not hold stops the tool with the figure's name: each picture is also a test of the rules.
Stones are drawn in the handheld's side colours (firmware/app/palette.py), the marks as
the handheld computes them (firmware/app/marks.py), hexes as tools/hardware/hwviews.py
draws a board face (pointy-topped, placed by axial q, r).
"""
import json
import math
import os
import sys
from xml.sax.saxutils import escape

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_sim", "compat"),
           os.path.dirname(os.path.abspath(__file__))):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import hexgames  # noqa: E402
from app import marks, palette  # noqa: E402
from figures import FIGURES  # noqa: E402

IMG = os.path.join("docs", "rules", "img")
PITCH = 28.0                         # centre to centre of two neighbouring cells
ROW_H = PITCH * math.sqrt(3) / 2
RAD = PITCH / math.sqrt(3)


class FigureError(Exception):
    pass


def _hexcol(rgb):
    return "#%02x%02x%02x" % rgb


def _tint(rgb, k):
    """rgb blended k of the way towards white: a pale cell background."""
    return _hexcol(tuple(int(c + (255 - c) * k) for c in rgb))


SIDE = {s: palette.NORMAL[v] for s, v in (("X", palette.X), ("O", palette.O), ("N", palette.N))}
CELL = "#e9e4d8"
EDGE_TEXT = "#667"
# Hexmeister's board has cells of four kinds (its rules, section 2.2): drawn as the
# handheld cannot, by their background, so that its pictures read without the LEDs.
KIND_FILL = {"gate": "#d9c27a", "lane": "#f4f1ea", "ring": "#c9d3dc", "base": "#cfe3c8"}


# ---------------------------------------------------------------- the position

def _game(fig):
    """The figure's game before its move: a position loaded or a record replayed."""
    try:
        if "position" in fig:
            return hexgames.load(json.dumps(fig["position"]))
        return hexgames.replay(fig["record"])
    except ValueError as e:                  # IllegalMove is a ValueError too
        raise FigureError("the engine refuses the position: %s" % e)


STONES = ("X", "O", "N")


def _contents(g):
    return [g._symbol(i) for i in range(g.board.n)]


def _check(fig, g):
    """Every claim of the figure, against the engine. Raises FigureError naming it."""
    want = fig.get("expect", {})
    for tok in want.get("illegal", ()):
        try:
            g.play(g.parse(tok))
        except ValueError:
            continue
        raise FigureError("%r was played, the figure says it is illegal" % tok)
    for tok in want.get("legal", ()):
        try:
            m = g.parse(tok)
            g.play(m)
            g.undo()
        except ValueError as e:
            raise FigureError("%r is refused (%s), the figure says it is legal" % (tok, e))
    if "moves" in want:
        got = sorted(g.text(m) for m in g.moves())
        if got != sorted(want["moves"]):
            raise FigureError("legal moves %s, the figure says %s" % (got, sorted(want["moves"])))


def _check_after(fig, g, before, moved):
    """The claims about the position after the move; returns the cells it emptied (a
    stone there before, none now, and not a cell the mover pressed)."""
    want = fig.get("expect", {})
    after = _contents(g)
    names = g.board.name
    gone = sorted(names(i) for i in range(g.board.n)
                  if before[i] in STONES and after[i] not in STONES and names(i) not in moved)
    if "emptied" in want and gone != sorted(want["emptied"]):
        raise FigureError("the move emptied %s, the figure says %s" % (gone, sorted(want["emptied"])))
    info = g.info()
    for key, value in want.get("info", {}).items():
        if info.get(key) != value:
            raise FigureError("info()[%r] is %r, the figure says %r" % (key, info.get(key), value))
    if "result" in want:
        r = g.result()
        got = None if r is None else (" XO"[r[0]].strip() or None, r[3]) + tuple(r[1:3])
        w = want["result"]
        if (got is None) != (w is None) or (got and tuple(got[:len(w)]) != tuple(w)):
            raise FigureError("result %r, the figure says %r" % (got, w))
    if "to_move" in want and "_XO"[g.to_move] != want["to_move"]:
        raise FigureError("%s to move, the figure says %s" % ("_XO"[g.to_move], want["to_move"]))
    return gone


def run(fig):
    """The figure's game after its moves, with what to highlight: (g, the cells of each
    move played, the cells they emptied, the contents before)."""
    g = _game(fig)
    _check(fig, g)
    before = _contents(g)
    paths = []
    words = fig.get("play", "").split()
    toks = []
    while words:                                       # "drop c11": JOIN words take the next
        w = words.pop(0)
        toks.append(w + " " + words.pop(0) if w in g.JOIN and words else w)
    for tok in toks:
        try:
            m = g.parse(tok)
            paths.append([g.board.name(i) for i in g.cells(m)])
            g.play(m)
        except ValueError as e:
            raise FigureError("the move %r is refused: %s" % (tok, e))
    gone = _check_after(fig, g, before, [c for p in paths for c in p])
    return g, paths, gone, before


# ---------------------------------------------------------------- the picture

def _kind(g, i):
    if g.NAME != "hexmeister":
        return None
    from hexgames.hexmeister import tables as T
    if i in T.GATES:
        return "gate"
    if i in T.BASES[1] or i in T.BASES[2]:
        return "base"
    q, r = g.board.coord(i)
    return "lane" if max(abs(q), abs(r), abs(q + r)) % 2 == 0 else "ring"


def _labels(g):
    """Cell names along the edges: each row's number left of its first cell, each
    column's letter one step on along the column (its names run along the SE axis):
    above its first cell on a rhombus, below its last on a hexhex, where above would
    fall on a row's number."""
    coords = [g.board.coord(i) for i in range(g.board.n)]
    names = [g.board.name(i) for i in range(g.board.n)]
    top, bottom, rows = {}, {}, {}
    for (q, r), name in zip(coords, names):
        letter = name.rstrip("0123456789")
        if q not in top or r < top[q][1]:
            top[q] = (q, r - 1, letter)
        if q not in bottom or r > bottom[q][1] - 1:
            bottom[q] = (q, r + 1, letter)
        if r not in rows or q < rows[r][0] + 1:
            rows[r] = (q - 1, r, name[len(letter):])
    rows = list(rows.values())
    taken = set((q, r) for q, r, _ in rows)
    cols = list(top.values())
    if any((q, r) in taken for q, r, _ in cols):
        cols = list(bottom.values())
    return rows + cols


def svg(fig, g, paths, gone, before):
    n = g.board.n
    mark = bytearray(n)
    if fig.get("marks", True):
        marks.compute(g.NAME, g, mark)
    coords = [g.board.coord(i) for i in range(n)]
    labels = _labels(g)
    pts = [(q + r / 2.0, r) for q, r in coords] + [(q + r / 2.0, r) for q, r, _ in labels]
    xs = [p[0] for p in pts]
    rs = [p[1] for p in pts]
    margin = 4.0
    width = (max(xs) - min(xs) + 1) * PITCH + 2 * margin
    height = (max(rs) - min(rs)) * ROW_H + 2 * RAD + 2 * margin
    x0 = margin + PITCH / 2 - min(xs) * PITCH
    y0 = margin + RAD - min(rs) * ROW_H

    def at(q, r):
        return x0 + PITCH * (q + r / 2.0), y0 + ROW_H * r

    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %.1f %.1f"'
           ' font-family="sans-serif" text-anchor="middle" role="img">'
           % (round(width), round(height), width, height),
           '<title>%s</title>' % escape(fig["alt"])]
    for i in range(n):
        x, y = at(*coords[i])
        m = mark[i]
        fill = KIND_FILL.get(_kind(g, i), CELL)
        if marks.ME <= m < marks.ME + 3:              # a Me, or an edge Hex must join
            fill = _tint(SIDE["XON"[m - marks.ME]], 0.55)
        elif marks.TERRITORY <= m < marks.TERRITORY + 2:
            fill = _tint(SIDE["XO"[m - marks.TERRITORY]], 0.6)
        corners = " ".join("%.1f,%.1f" % (x + 0.97 * RAD * math.cos(math.radians(60 * k - 90)),
                                          y + 0.97 * RAD * math.sin(math.radians(60 * k - 90)))
                           for k in range(6))
        out.append('<polygon points="%s" fill="%s" stroke="#8a8478" stroke-width="0.8"/>'
                   % (corners, fill))
    for i in range(n):
        x, y = at(*coords[i])
        s = g._symbol(i)
        name = g.board.name(i)
        if s in ("x", "o"):                            # HexGo's captured Me: the captor's cross
            c = _hexcol(SIDE[s.upper()])
            out.append('<path d="M%.1f %.1fl8 8m0 -8l-8 8" stroke="%s" stroke-width="2.5"/>'
                       % (x - 4, y - 4, c))
        elif s:
            ring = ""
            if marks.SIX <= mark[i] < marks.SIX + 2:   # a six, or a winning link
                ring = ' stroke="#ffd000" stroke-width="3"'
            elif mark[i] == marks.PENDING:
                ring = ' stroke="#222" stroke-width="2" stroke-dasharray="3 2"'
            out.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s"%s/>'
                       % (x, y, PITCH * 0.36, _hexcol(SIDE[s]), ring))
        if name in gone:                               # taken off by the move: its ghost
            c = _hexcol(SIDE[before[i].upper()])
            out.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="%s" '
                       'stroke-width="2" stroke-dasharray="3 2.5"/>' % (x, y, PITCH * 0.32, c))
    for name in fig.get("refused", ()):               # a move the text says is illegal
        x, y = at(*g.board.coord(g.board.index(name)))
        out.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="#d01010" '
                   'stroke-width="2.2"/>' % (x, y, PITCH * 0.42))
    for path in paths:                                  # the move: its cells ringed, an arrow between
        idx = [g.board.index(c) for c in path]
        for i in idx:
            x, y = at(*coords[i])
            out.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="none" stroke="#111" '
                       'stroke-width="2.2"/>' % (x, y, PITCH * 0.45))
        for a, b in zip(idx, idx[1:]):
            (xa, ya), (xb, yb) = at(*coords[a]), at(*coords[b])
            d = math.hypot(xb - xa, yb - ya) or 1
            ux, uy = (xb - xa) / d, (yb - ya) / d
            xa, ya, xb, yb = xa + ux * 9, ya + uy * 9, xb - ux * 11, yb - uy * 11
            out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#111" '
                       'stroke-width="2.2"/>' % (xa, ya, xb, yb))
            out.append('<path d="M%.1f %.1fL%.1f %.1fL%.1f %.1fz" fill="#111"/>'
                       % (xb + ux * 6, yb + uy * 6, xb - uy * 4, yb + ux * 4, xb + uy * 4, yb - ux * 4))
    for q, r, text in labels:
        x, y = at(q, r)
        out.append('<text x="%.1f" y="%.1f" font-size="10" fill="%s">%s</text>'
                   % (x, y + 3.5, EDGE_TEXT, text))
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- files

def outputs():
    """{path relative to the repository: text} of every picture. Raises FigureError
    naming the figure whose claim the engine does not confirm."""
    out = {}
    for name in sorted(FIGURES):
        fig = FIGURES[name]
        try:
            g, paths, gone, before = run(fig)
        except FigureError as e:
            raise FigureError("figure %s: %s" % (name, e))
        out[os.path.join(IMG, name + ".svg")] = svg(fig, g, paths, gone, before)
    return out


def stale(root=ROOT):
    bad = []
    for rel, text in outputs().items():
        full = os.path.join(root, rel)
        if not os.path.exists(full) or open(full, encoding="utf-8").read() != text:
            bad.append(rel)
    for f in sorted(os.listdir(os.path.join(root, IMG))) if os.path.isdir(os.path.join(root, IMG)) else ():
        if f.endswith(".svg") and f[:-4] not in FIGURES:
            bad.append(os.path.join(IMG, f))
    return bad


def main(argv):
    try:
        if "--check" in argv:
            bad = stale()
            if bad:
                print("stale (run: python tools/docs/rules.py):", " ".join(bad))
                return 1
            return 0
        os.makedirs(os.path.join(ROOT, IMG), exist_ok=True)
        for rel, text in outputs().items():
            with open(os.path.join(ROOT, rel), "w", encoding="utf-8") as f:
                f.write(text)
        print("wrote %d pictures to %s" % (len(FIGURES), IMG))
        return 0
    except FigureError as e:
        print("error:", e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
