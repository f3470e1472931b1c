# The knob's pointer, on a board with a knob (the HexBoard): turning the knob walks a
# highlighted cell through what can be pressed now (the screen's targets(), in reading
# order), and the knob's button presses that cell, or OK where nothing is pointed at.
# So a whole game can be played with the knob alone.
from app import names
from app.keys import PRESS


def targets(app):
    t = getattr(app.screen, "targets", None)
    return t() if t is not None else []


def label(app, cell):
    """What the panel names: a menu item's label, else the cell's name."""
    f = getattr(app.screen, "label", None)
    return (f(cell) if f is not None else None) or names.name_of(app, cell)


def knob(app, what):
    """what: 0 turned counter-clockwise, 1 clockwise, 2 its button."""
    if what == 2:
        if app.pointer >= 0 and app.pointer in targets(app):
            app.screen.key(app.pointer)
        else:
            app.screen.key(app.OK)
        return
    t = targets(app)
    if not t:
        app.point(-1)
        return
    p = app.pointer if app.pointer_on is app.screen else -1
    if what:
        nxt = t[0]
        for c in t:
            if c > p:
                nxt = c
                break
    else:
        nxt = t[-1]
        for c in t:
            if 0 <= p <= c:
                break
            nxt = c
    app.point(nxt, label(app, nxt))
    app.tone(2600, 3)


def run(app, key, kind):
    if kind == PRESS:
        knob(app, key - app.layout.knob)
