# A game on the LEDs: stones, marks, the last move, the input in progress, the
# hint, refusals, captures fading out, and the calm wave while the computer thinks.
# draw() runs every frame, so it only reads tables kept by play.py and allocates
# nothing: no tuples, no strings, no iterators (integer maths on bytes only).
import math
from micropython import const

from app import palette
from app.marks import ME, TERRITORY, SIX, PENDING
from app.palette import EMPTY, X, O, N

SYMS = {None: EMPTY, "X": X, "O": O, "N": N, "x": palette.X_ME, "o": palette.O_ME}

_FLASH_MS = const(1500)      # a captured stone fades out over this time
_REFUSE_MS = const(450)      # three quick red blinks on a refused press
_NONE = const(0xFFFF)


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

    def wave(self, i, now):
        """0..127, a slow turning swell."""
        t = (self.phase[i] + (now >> 4)) & 255
        return t if t < 128 else 255 - t

    def draw(self, light, p, now, cb):
        lay = self.layout
        place = p.place.game
        cols = palette.sides(cb)
        # one name per assignment: MicroPython builds a tuple for 4 or more at once
        syms = p.syms
        mark = p.mark
        last = p.last
        cand = p.cand
        g = p.g
        mover = g.to_move
        thinking = p.thinking
        wc = cols[p.computer] if thinking == 1 else palette.HINT
        breathe = 120 + (tri(now, 2400) * 136 >> 8)
        blink = tri(now, 500)
        # colour-blind: O stones are dimmer and wink off briefly every 2 s
        olvl = 110 if cb else 210
        if cb and now % 2000 < 160:
            olvl = 0
        flash_left = _FLASH_MS - (now - p.flash_t) if p.flash_t >= 0 else 0
        hint_on = p.hint_t >= 0
        for i in range(lay.n):
            gi = place[i]
            if gi == _NONE:
                if thinking:
                    light.put(i, wc, self.wave(i, now))
                elif mover:
                    light.put(i, cols[mover], 20)       # whose turn, very faintly
                else:
                    light.put(i, palette.DIM, 0)
                continue
            s = syms[gi]
            if s == EMPTY:
                m = mark[gi]
                if m == 0:
                    if last[gi]:
                        light.put(i, cols[X if last[gi] & 1 else O], 40)   # a stone left here
                    else:
                        light.put(i, palette.DIM, 0)
                elif m < TERRITORY:                              # a Me of X, O or neutral
                    light.put(i, cols[m - ME + 1], (40, 22, 22)[m - ME] if cb else 30)
                elif m < SIX:
                    light.put(i, cols[m - TERRITORY + 1], 14)
                if thinking:
                    light.mix(i, wc, self.wave(i, now) >> 1)
                elif p.veil:
                    light.mix(i, cols[p.veil], blink >> 3)      # a pass: armed, or just played
            elif s <= N:
                lvl = olvl if s == O else 210
                if s != N and last[gi] & s:
                    lvl = lvl * breathe >> 8
                light.put(i, cols[s], lvl)
                m = mark[gi]
                if m >= SIX:
                    if m == PENDING:                             # to be relocated: blink
                        light.mix(i, palette.WHITE, blink * 3 >> 2)
                    else:                                        # a six, a winning link
                        light.mix(i, palette.WHITE, blink >> 1)
            else:                                                # a captured Me (hexgo)
                light.put(i, cols[s - palette.X_ME + 1], 70)
                light.mix(i, palette.WHITE, 20)
            c = cand[gi]
            if c == 1:
                light.mix(i, palette.CANDIDATE, 110)
            elif c == 2:
                light.put(i, palette.CURSOR, 170)
            elif c == 3:
                light.put(i, cols[mover] if mover else palette.CURSOR, 60 + (blink * 196 >> 8))
            if flash_left > 0 and p.flash[gi]:
                light.mix(i, palette.FLASH, flash_left * 256 // _FLASH_MS)
            if hint_on and p.hint[gi]:
                light.mix(i, palette.HINT, blink)
        if p.refuse_cell >= 0:
            left = _REFUSE_MS - (now - p.refuse_t)
            if left <= 0:
                p.refuse_cell = -1
            elif (left // 75) & 1:
                light.put(p.refuse_cell, palette.REFUSE, 200)
