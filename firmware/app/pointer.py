# The knob's pointer, on a board with a knob (the HexBoard): turning the knob walks a
# highlighted cell through what can be pressed now (the screen's targets(), in reading
# order, then a stop on OK), and the knob's button presses that cell, or OK. So a
# whole game can be played with the knob alone.
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
    # the stops: every target, then OK (-1), round and round
    stops = targets(app) + [-1]
    p = app.pointer if app.pointer_on is app.screen else -2
    if p in stops:
        nxt = stops[(stops.index(p) + (1 if what else -1)) % len(stops)]
    else:                                   # the nearest target that way
        later = [c for c in stops[:-1] if c > p]
        nxt = later[0] if what and later else stops[0] if what else stops[-1]
    app.point(nxt, label(app, nxt) if nxt >= 0 else "OK")
    app.tone(2600, 3)


def run(app, key, kind):
    if kind == PRESS:
        knob(app, key - app.layout.knob)
