# A game on the LEDs: stones, marks, the last move, the input in progress, the
# hint, refusals, captures fading out, and the calm wave while the computer thinks.
# draw() runs every frame, so it only reads tables kept by play.py and allocates
# nothing: no tuples, no strings, no iterators (integer maths on bytes only).
import math
from micropython import const

from app import palette
from app.light import K
from app.palette import EMPTY, X, O, N

SYMS = {None: EMPTY, "X": X, "O": O, "N": N, "x": palette.X_ME, "o": palette.O_ME}

_FLASH_MS = const(1500)      # a captured stone fades out over this time
_REFUSE_MS = const(450)      # three quick red blinks on a refused press
_P_HINT = const(7)           # the palette entries of kernels.paint (twins.py numbers them)
_P_FLASH = const(8)
_PALETTE = const(9)


def symbols(g, out):
    """Snapshot of the position as symbol codes, one byte per game cell."""
    for i in range(len(out)):
        out[i] = SYMS.get(g._symbol(i), EMPTY)


def tri(now, period):
    t = now % period
    h = period >> 1
    return t * 256 // h if t < h else (period - t) * 256 // h


class Painter:
    def __init__(self, layout):
        self.layout = layout
        # Angle of every cell around the centre, 0..255: the thinking wave turns
        # around the board. Floats here, once; the frame loop only adds integers.
        n = layout.n
        self.phase = bytearray(n)
        for i in range(n):
            q = layout.q[i]
            r = layout.r[i]
            a = math.atan2(r * 0.866, q + r * 0.5)
            self.phase[i] = int((a + math.pi) * 255 / (2 * math.pi)) & 255
        self.pal = bytearray(3 * _PALETTE)     # kernels.paint's colours, per setting
        self._cb = None

    def _palette(self, cb):
        cols = palette.sides(cb)
        for e, c in enumerate((palette.DIM, cols[X], cols[O], cols[N], palette.WHITE,
                               palette.CANDIDATE, palette.CURSOR, palette.HINT, palette.FLASH)):
            for j in range(3):
                self.pal[3 * e + j] = c[j]
        self._cb = cb

    def draw(self, light, p, now, cb):
        """The game on the LEDs (kernels.paint, cell by cell): empty cells dark or
        with their marks (Me, territory) and the faint trace of a stone just taken,
        stones in their side's colour (the last turn's breathing, sixes and links
        blinking white, discs to relocate blinking), captured Me, the cells of the
        move being entered, captures fading out, the hint; around the board,
        whose turn it is; while the computer thinks, a slow wave in its colour."""
        if cb != self._cb:
            self._palette(cb)
        thinking = p.thinking
        # colour-blind: O stones are dimmer and wink off briefly every 2 s
        olvl = 110 if cb else 210
        if cb and now % 2000 < 160:
            olvl = 0
        flash_left = _FLASH_MS - (now - p.flash_t) if p.flash_t >= 0 else 0
        K.paint(light.frame, self.layout.n, p.place.game, self.phase, self.pal, p.syms, p.mark,
                p.last, p.cand, p.flash, p.hint, now, thinking, p.g.to_move,
                p.computer if thinking == 1 else _P_HINT, p.veil,
                120 + (tri(now, 2400) * 136 >> 8), tri(now, 500), olvl, 1 if cb else 0,
                flash_left * 256 // _FLASH_MS if flash_left > 0 else 0,
                1 if p.hint_t >= 0 else 0)
        if p.refuse_cell >= 0:
            left = _REFUSE_MS - (now - p.refuse_t)
            if left <= 0:
                p.refuse_cell = -1
            elif (left // 75) & 1:
                light.put(p.refuse_cell, palette.REFUSE, 200)
