# A frame's per-cell loops as native code (viper): the kernels of twins.py,
# which says what each computes; the same signatures and the same bytes out.
# A colour is mixed in at the end of each cell's step, once, from (c, lvl):
# viper has no cheap calls, so the blend is written out where it is needed.
import micropython
from micropython import const

_P_DIM = const(0)
_P_X = const(1)
_P_O = const(2)
_P_WHITE = const(4)
_P_CANDIDATE = const(5)
_P_CURSOR = const(6)
_P_HINT = const(7)
_P_FLASH = const(8)
_ME = const(1)
_TERRITORY = const(4)
_SIX = const(6)
_PENDING = const(8)
_N = const(3)
_X_ME = const(4)
_NONE = const(0xFFFF)


@micropython.viper
def gamma(frame: ptr8, lin: ptr8, table: ptr8, level: int, n3: int, floor: int) -> int:
    total = 0
    for k in range(n3):
        v = frame[k]
        if v != 0:
            w = (table[v] * level) >> 8
            if w == 0 and v >= floor:
                w = 1
            v = w
            total += v
        lin[k] = v
    return total


@micropython.viper
def wire(lin: ptr8, buf: ptr8, led: ptr16, n: int, bpp: int, o0: int, o1: int, o2: int,
         s: int) -> int:
    changed = 0
    for i in range(n):
        k = 3 * i
        j = led[i] * bpp
        r = lin[k]
        g = lin[k + 1]
        b = lin[k + 2]
        if s < 65536:
            r = (r * s) >> 16
            g = (g * s) >> 16
            b = (b * s) >> 16
        if buf[j + o0] != r or buf[j + o1] != g or buf[j + o2] != b:
            buf[j + o0] = r
            buf[j + o1] = g
            buf[j + o2] = b
            changed = 1
    return changed


@micropython.viper
def paint(frame: ptr8, n: int, place: ptr16, phase: ptr8, pal: ptr8, syms: ptr8, mark: ptr8,
          last: ptr8, cand: ptr8, flash: ptr8, hint: ptr8, now: int, thinking: int, mover: int,
          wc: int, veil: int, breathe: int, blink: int, olvl: int, cb: int, flash_lvl: int,
          hint_on: int):
    shift = now >> 4
    for i in range(n):
        k = 3 * i
        gi = place[i]
        c = -1                      # a colour to put (c, lvl) ...
        lvl = 0
        if gi == _NONE:
            if thinking != 0:
                t = (phase[i] + shift) & 255
                if t >= 128:
                    t = 255 - t
                c = wc
                lvl = t
            elif mover != 0:
                c = mover
                lvl = 20
            else:
                c = _P_DIM
            p = 3 * c
            frame[k] = (pal[p] * lvl) >> 8
            frame[k + 1] = (pal[p + 1] * lvl) >> 8
            frame[k + 2] = (pal[p + 2] * lvl) >> 8
            continue
        s = syms[gi]
        mc = -1                     # ... and one to mix in after it (mc, ml)
        ml = 0
        if s == 0:
            m = mark[gi]
            if m == 0:
                if last[gi] != 0:
                    c = _P_O
                    if last[gi] & 1:
                        c = _P_X
                    lvl = 40
                else:
                    c = _P_DIM
            elif m < _TERRITORY:
                c = m - _ME + 1
                lvl = 30
                if cb != 0:
                    lvl = 22
                    if m == _ME:
                        lvl = 40
            elif m < _SIX:
                c = m - _TERRITORY + 1
                lvl = 14
            if thinking != 0:
                t = (phase[i] + shift) & 255
                if t >= 128:
                    t = 255 - t
                mc = wc
                ml = t >> 1
            elif veil != 0:
                mc = veil
                ml = blink >> 3
        elif s <= _N:
            lvl = 210
            if s == 2:
                lvl = olvl
            if s != _N and (last[gi] & s) != 0:
                lvl = (lvl * breathe) >> 8
            c = s
            m = mark[gi]
            if m >= _SIX:
                mc = _P_WHITE
                ml = blink >> 1
                if m == _PENDING:
                    ml = (blink * 3) >> 2
        else:                       # a captured Me (hexgo)
            c = s - _X_ME + 1
            lvl = 70
            mc = _P_WHITE
            ml = 20
        if c >= 0:
            p = 3 * c
            frame[k] = (pal[p] * lvl) >> 8
            frame[k + 1] = (pal[p + 1] * lvl) >> 8
            frame[k + 2] = (pal[p + 2] * lvl) >> 8
        if mc >= 0:
            p = 3 * mc
            keep = 256 - ml
            frame[k] = (frame[k] * keep + pal[p] * ml) >> 8
            frame[k + 1] = (frame[k + 1] * keep + pal[p + 1] * ml) >> 8
            frame[k + 2] = (frame[k + 2] * keep + pal[p + 2] * ml) >> 8
        e = cand[gi]
        if e == 1:
            p = 3 * _P_CANDIDATE
            frame[k] = (frame[k] * 146 + pal[p] * 110) >> 8
            frame[k + 1] = (frame[k + 1] * 146 + pal[p + 1] * 110) >> 8
            frame[k + 2] = (frame[k + 2] * 146 + pal[p + 2] * 110) >> 8
        elif e == 2:
            p = 3 * _P_CURSOR
            frame[k] = (pal[p] * 170) >> 8
            frame[k + 1] = (pal[p + 1] * 170) >> 8
            frame[k + 2] = (pal[p + 2] * 170) >> 8
        elif e == 3:
            p = 3 * _P_CURSOR
            if mover != 0:
                p = 3 * mover
            lvl = 60 + ((blink * 196) >> 8)
            frame[k] = (pal[p] * lvl) >> 8
            frame[k + 1] = (pal[p + 1] * lvl) >> 8
            frame[k + 2] = (pal[p + 2] * lvl) >> 8
        if flash_lvl != 0 and flash[gi] != 0:
            p = 3 * _P_FLASH
            keep = 256 - flash_lvl
            frame[k] = (frame[k] * keep + pal[p] * flash_lvl) >> 8
            frame[k + 1] = (frame[k + 1] * keep + pal[p + 1] * flash_lvl) >> 8
            frame[k + 2] = (frame[k + 2] * keep + pal[p + 2] * flash_lvl) >> 8
        if hint_on != 0 and hint[gi] != 0:
            p = 3 * _P_HINT
            keep = 256 - blink
            frame[k] = (frame[k] * keep + pal[p] * blink) >> 8
            frame[k + 1] = (frame[k + 1] * keep + pal[p + 1] * blink) >> 8
            frame[k + 2] = (frame[k + 2] * keep + pal[p + 2] * blink) >> 8
