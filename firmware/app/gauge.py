# The battery gauge on the settings page: five cells in the top row, one per 20 % of
# charge, in the level colours (green full .. red nearly empty). On USB power the cell
# voltage cannot be measured (device/power.py): the five cells then glow white.
# The level is read once when the page opens, not every frame: an ADC reading is cheap,
# but the figure does not change while someone looks at the settings.
from micropython import const

from app import palette

_CELLS = const(5)
_ROW = const(-3)               # fits every layout from base 5 (radius 4)


def cells(layout):
    return [layout.index(q, _ROW) for q in range(-1, -1 + _CELLS)]


def draw(light, layout, pct):
    """pct: 0..100, or -1 on USB power."""
    cs = cells(layout)
    if pct < 0:
        for c in cs:
            light.put(c, palette.WHITE, 60)
        return
    lit = (pct + 19) // 20                     # 1 % still shows one cell
    colour = palette.LEVEL[max(0, min(4, 4 - pct // 20))]
    for k in range(len(cs)):
        if k < lit:
            light.put(cs[k], colour, 200)
        else:
            light.put(cs[k], palette.DIM, 60)


def text(pct):
    return "on USB power" if pct < 0 else "battery %d %%" % pct
