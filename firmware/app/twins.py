# A frame's per-cell loops in plain Python: the twins of kernels.py (the same
# signatures, the same bytes out), for CPython and the WebAssembly VM. On the
# chip the kernels run them: as bytecode they took 27 ms of each frame, more
# than the computer's search got of it (25 ms).
#
# pal: colours as bytes, three a colour, numbered as the constants below (the
# two sides' colours depend on the colour-blind setting; render.Painter keeps
# it). A game's cells: syms, mark, last, cand, flash, hint (one byte each),
# place: layout cell -> game cell (array 'H', 0xFFFF: none).
from micropython import const

# palette entries (pal[3 * entry ...])
P_DIM = const(0)
P_X = const(1)          # X, O, N: the sides' colours, at their symbols' numbers
P_O = const(2)
P_N = const(3)
P_WHITE = const(4)
P_CANDIDATE = const(5)
P_CURSOR = const(6)
P_HINT = const(7)
P_FLASH = const(8)
PALETTE = const(9)

# as app.marks and app.palette number them (a test checks)
_ME = const(1)
_TERRITORY = const(4)
_SIX = const(6)
_PENDING = const(8)
_EMPTY = const(0)
_N = const(3)
_X_ME = const(4)
_NONE = const(0xFFFF)


def gamma(frame, lin, table, level, n3, floor):
    """lin = frame through the gamma table, scaled by level/256; a value drawn at
    floor or more never goes fully dark. Returns the sum of lin."""
    total = 0
    for k in range(n3):
        v = frame[k]
        if v:
            w = table[v] * level >> 8
            if not w and v >= floor:
                w = 1
            v = w
            total += v
        lin[k] = v
    return total


def wire(lin, buf, led, n, bpp, o0, o1, o2, s):
    """Each cell's colour, scaled by s/65536 (below the power budget: 65536), into
    the LED driver's wire bytes at its place on the chain. Returns 1 when any byte
    changed."""
    changed = 0
    for i in range(n):
        k = 3 * i
        j = led[i] * bpp
        r = lin[k]
        g = lin[k + 1]
        b = lin[k + 2]
        if s < 65536:
            r = r * s >> 16
            g = g * s >> 16
            b = b * s >> 16
        if buf[j + o0] != r or buf[j + o1] != g or buf[j + o2] != b:
            buf[j + o0] = r
            buf[j + o1] = g
            buf[j + o2] = b
            changed = 1
    return changed


def paint(frame, n, place, phase, pal, syms, mark, last, cand, flash, hint, now, thinking,
          mover, wc, veil, breathe, blink, olvl, cb, flash_lvl, hint_on):
    """A game's frame (render.Painter.draw says what each cell shows). wc: the
    palette entry of the thinking wave; flash_lvl: how strong captured stones
    still show (0: none); thinking, mover, veil, cb, hint_on: as Play has them."""
    shift = now >> 4
    for i in range(n):
        k = 3 * i
        gi = place[i]
        if gi == _NONE:
            if thinking:
                t = (phase[i] + shift) & 255
                c, lvl = wc, (t if t < 128 else 255 - t)
            elif mover:
                c, lvl = mover, 20
            else:
                c, lvl = P_DIM, 0
            p = 3 * c
            frame[k] = pal[p] * lvl >> 8
            frame[k + 1] = pal[p + 1] * lvl >> 8
            frame[k + 2] = pal[p + 2] * lvl >> 8
            continue
        s = syms[gi]
        c = -1
        if s == _EMPTY:
            m = mark[gi]
            if m == 0:
                if last[gi]:
                    c, lvl = (P_X if last[gi] & 1 else P_O), 40
                else:
                    c, lvl = P_DIM, 0
            elif m < _TERRITORY:
                c = m - _ME + 1
                lvl = (40 if m == _ME else 22) if cb else 30
            elif m < _SIX:
                c, lvl = m - _TERRITORY + 1, 14
            if c >= 0:
                p = 3 * c
                frame[k] = pal[p] * lvl >> 8
                frame[k + 1] = pal[p + 1] * lvl >> 8
                frame[k + 2] = pal[p + 2] * lvl >> 8
            c = -1
            if thinking:
                t = (phase[i] + shift) & 255
                c, lvl = wc, (t if t < 128 else 255 - t) >> 1
            elif veil:
                c, lvl = veil, blink >> 3
        elif s <= _N:
            lvl = olvl if s == 2 else 210
            if s != _N and last[gi] & s:
                lvl = lvl * breathe >> 8
            p = 3 * s
            frame[k] = pal[p] * lvl >> 8
            frame[k + 1] = pal[p + 1] * lvl >> 8
            frame[k + 2] = pal[p + 2] * lvl >> 8
            m = mark[gi]
            if m >= _SIX:
                c = P_WHITE
                lvl = blink * 3 >> 2 if m == _PENDING else blink >> 1
        else:                                       # a captured Me (hexgo)
            p = 3 * (s - _X_ME + 1)
            frame[k] = pal[p] * 70 >> 8
            frame[k + 1] = pal[p + 1] * 70 >> 8
            frame[k + 2] = pal[p + 2] * 70 >> 8
            c, lvl = P_WHITE, 20
        if c >= 0:
            _mix(frame, k, pal, c, lvl)
        c = cand[gi]
        if c == 1:
            _mix(frame, k, pal, P_CANDIDATE, 110)
        elif c == 2:
            p = 3 * P_CURSOR
            frame[k] = pal[p] * 170 >> 8
            frame[k + 1] = pal[p + 1] * 170 >> 8
            frame[k + 2] = pal[p + 2] * 170 >> 8
        elif c == 3:
            p = 3 * (mover if mover else P_CURSOR)
            lvl = 60 + (blink * 196 >> 8)
            frame[k] = pal[p] * lvl >> 8
            frame[k + 1] = pal[p + 1] * lvl >> 8
            frame[k + 2] = pal[p + 2] * lvl >> 8
        if flash_lvl and flash[gi]:
            _mix(frame, k, pal, P_FLASH, flash_lvl)
        if hint_on and hint[gi]:
            _mix(frame, k, pal, P_HINT, blink)


def _mix(frame, k, pal, c, lvl):
    keep = 256 - lvl
    p = 3 * c
    frame[k] = (frame[k] * keep + pal[p] * lvl) >> 8
    frame[k + 1] = (frame[k + 1] * keep + pal[p + 1] * lvl) >> 8
    frame[k + 2] = (frame[k + 2] * keep + pal[p + 2] * lvl) >> 8
