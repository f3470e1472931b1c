# Hexmeister's move generation as native code (viper): the kernels of
# twins.py, which says what each computes; the same signatures and results.
# The board map comes packed in one bytes object, kt (tables.KT), at the
# offsets below; a loop over a cell's neighbours walks its 6 places of the
# neighbour table (255: off the board), in the order of BOARD.adj.
#
# Functions stay short and their constants fit 16 bits: written while the
# board's image froze native code 2-byte aligned, where a longer jump or a
# wider constant read a misplaced literal (tools/firmware.py now aligns it).
import micropython
from micropython import const

_N = const(91)
_OFF = const(255)
_CENTRE = const(45)
_NULLIFY = const(8)
_DROP = const(0x4000)
# tables.KT's layout (tests/portable/test_kernels_hexmeister.py compares them)
K_NBR = const(0)           # 6 neighbours a cell, 255 off the board
K_GATE_NO = const(546)
K_BASE_OF = const(637)
K_BGATE_OF = const(728)
K_GATES = const(819)
K_GROUPS = const(832)
K_GSIZE = const(898)
K_GGROUPS = const(909)
K_NGG = const(1026)
K_GTRIS = const(1039)
K_NGT = const(1117)
K_BASES = const(1130)
K_BGATES = const(1138)
K_PASS = const(1142)


@micropython.viper
def gen(cell, cq, cp, grpq, ngp: int, buf, k: int, stop: int, lo: int, left: int, p: int,
        resp: int, risk: int, kt, gs) -> int:
    # the components first (_floods), then each stone's moves (_spread); with
    # risk one stone at a time, its moves off a gate through unexposed()
    if left:
        _floods(0, 0, 0, cell, cq, p, lo, left, kt, gs)
    if risk == 0 or left == 0:
        return int(_spread(k, 0, 0, cell, cq, grpq, ngp, buf, stop, lo, left, p, resp, kt, gs))
    k = int(_spread(k, 0, 0, cell, cq, grpq, ngp, buf, stop, lo, 0, p, resp, kt, gs))
    c = ptr8(cell)
    o = lo
    while o < _N and left > 0 and k < stop:
        if c[o] == p:
            left -= 1
            k0 = k
            k = int(_spread(k, 0, 0, cell, cq, grpq, ngp, buf, stop, o, 1, p, 0, kt, gs))
            k = int(unexposed(buf, k0, k, cell, cp, grpq, 3 - p, kt))
        o += 1
    return k


# A viper function keeps its first arguments in registers (on the Cortex-M0+
# two, r4 and r5, in a function of this many arguments) and every other
# local on the stack: the hot loops' variables come first (a third faster).
@micropython.viper
def _floods(n: int, b: int, w: int, cell: ptr8, cq: ptr8, p: int, lo: int, left: int, kt: ptr8,
            gs) -> int:
    lab = ptr16(gs[0])
    cm = ptr16(gs[2])
    cbeg = ptr16(gs[4])
    cend = ptr16(gs[5])
    cdst = ptr8(gs[6])
    stack = ptr8(gs[7])
    ctr = ptr32(gs[8])
    if ctr[0] > 65000 or ctr[1] > 65000 or ctr[2] > 65000:
        om = ptr16(gs[1])
        cseen = ptr16(gs[3])
        i = 0
        while i <= _N:
            lab[i] = 0
            om[i] = 0
            cm[i] = 0
            cseen[i] = 0
            i += 1
        ctr[0] = 0
        ctr[1] = 0
        ctr[2] = 0
    gno = ptr8(uint(kt) + K_GATE_NO)
    pt = ptr8(uint(kt) + K_PASS + 273 * (p - 1))
    base = ctr[0]
    cst = ctr[2]
    nc = 0
    nd = 0
    o = lo
    while o < _N and left > 0:
        if cell[o] - p:
            o += 1
            continue
        left -= 1
        a = 6 * o
        o += 1
        while a < 6 * o:
            j = kt[a]
            a += 1
            if j == _OFF or pt[3 * j + cell[j]] == 0 or lab[j] > base:
                continue
            nc += 1
            L = base + nc
            cst += 1
            cbeg[nc] = nd
            lab[j] = L
            cm[j] = cst
            if cell[j] == 0 and gno[j] == _OFF and cq[j] < 3:
                cdst[nd] = j
                nd += 1
            stack[0] = j
            sp = 1
            while sp:
                sp -= 1
                b = 6 * stack[sp]
                e = b + 6
                while e - b:
                    n = kt[b]
                    b += 1
                    if n == _OFF or cm[n] == cst:
                        continue
                    cm[n] = cst
                    w = cell[n]
                    if w == 0 and gno[n] == _OFF and cq[n] < 3:
                        cdst[nd] = n
                        nd += 1
                    if pt[3 * n + w]:
                        lab[n] = L
                        stack[sp] = n
                        sp += 1
            cend[nc] = nd
    ctr[0] = base + nc
    ctr[2] = cst
    ctr[3] = base
    return nc


@micropython.viper
def _spread(k: int, x: int, d: int, cell: ptr8, cq: ptr8, grpq: ptr8, ngp: int, buf: ptr32,
            stop: int, lo: int, left: int, p: int, resp: int, kt: ptr8, gs) -> int:
    om = ptr16(gs[1])
    cdst = ptr8(gs[6])
    lab = ptr16(gs[0])
    cseen = ptr16(gs[3])
    cbeg = ptr16(gs[4])
    cend = ptr16(gs[5])
    ctr = ptr32(gs[8])
    gno = ptr8(uint(kt) + K_GATE_NO)
    pt = ptr8(uint(kt) + K_PASS + 273 * (p - 1))
    if resp:
        b = K_BASES + 4 * (p - 1)
        while b < K_BASES + 4 * p:
            c = kt[b]
            b += 1
            if cell[c] == 0 and cq[c] < 3:
                buf[k] = _DROP | c
                k += 1
    # the gates q secures (bit i: gate i), for the ones p may step onto
    sec = 0
    i = 0
    while i < 13:
        c = kt[K_GATES + i]
        if cq[c] >= 3:
            sec |= 1 << i
        elif c != _CENTRE or ngp < _NULLIFY:
            t = 6 * i
            while t < 6 * i + kt[K_NGT + i]:
                if grpq[kt[K_GTRIS + t]] == 4:
                    sec |= 1 << i
                t += 1
        i += 1
    base = ctr[3]
    ost = ctr[1]
    o = lo
    while o < _N and left > 0 and k < stop:
        if cell[o] - p:
            o += 1
            continue
        left -= 1
        ost += 1
        ob = o << 7
        a = 6 * o
        while a < 6 * o + 6:
            j = kt[a]
            a += 1
            if j == _OFF:
                continue
            v = cell[j]
            if v == 0 and om[j] != ost:         # a neighbour: gates allowed
                om[j] = ost
                g = gno[j]
                if (g == _OFF and cq[j] < 3) or (g != _OFF and ((sec >> g) & 1) == 0):
                    buf[k] = ob | j
                    k += 1
            if pt[3 * j + v] == 0:
                continue
            ci = lab[j] - base
            if cseen[ci] - ost:
                cseen[ci] = ost
                x = cbeg[ci]
                e = cend[ci]
                while e - x:
                    d = cdst[x]
                    x += 1
                    if om[d] - ost:
                        om[d] = ost
                        buf[k] = ob | d
                        k += 1
        if kt[K_BASE_OF + o] == p:
            # p's base gates: from p's base any route will do (rule 5.1.4)
            g = K_BGATES + 2 * (p - 1)
            while g < K_BGATES + 2 * p:
                bg = kt[g]
                g += 1
                if cell[bg] != 0 or om[bg] == ost or (sec >> gno[bg]) & 1:
                    continue
                b = 6 * bg
                while b < 6 * bg + 6:
                    n = kt[b]
                    b += 1
                    if n != _OFF and lab[n] > base and cseen[lab[n] - base] == ost:
                        buf[k] = ob | bg
                        k += 1
                        break
        o += 1
    ctr[1] = ost
    return k


@micropython.viper
def unexposed(buf: ptr32, k0: int, k: int, cell: ptr8, cp: ptr8, grpq: ptr8, q: int,
              kt: ptr8) -> int:
    w = k0
    x = k0
    while x < k:
        m = buf[x]
        x += 1
        o = m >> 7
        d = m & 0x7F
        bad = 0
        if kt[K_GATE_NO + o] != _OFF and o != _CENTRE:
            t = 0
            while t < 6 and bad == 0:
                if grpq[t] == 4:
                    bad = 1
                    s = K_GROUPS + 6 * t
                    while s < K_GROUPS + 6 * t + 5:
                        c = kt[s]
                        s += 1
                        if c == _CENTRE or cell[c] != q:
                            continue
                        near_d = 0
                        near_o = 0
                        b = 6 * c
                        while b < 6 * c + 6:
                            if kt[b] == d:
                                near_d = 1
                            if kt[b] == o:
                                near_o = 1
                            b += 1
                        if near_d and cp[c] + 1 - near_o >= 3:
                            bad = 0
                            break
                t += 1
        if bad == 0:
            buf[w] = m
            w += 1
    return w
