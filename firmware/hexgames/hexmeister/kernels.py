# Hexmeister's move generation as native code (viper), and the playout's
# pick among a stone's moves: the kernels of twins.py, which says what each
# computes; the same signatures and results.
# The board map comes packed in one bytes object, kt (tables.KT), at the
# offsets below; a loop over a cell's neighbours walks its 6 places of the
# neighbour table (255: off the board), in the order of BOARD.adj.
#
# Functions stay short and their constants fit 16 bits: written while the
# board's image froze native code 2-byte aligned, where a longer jump or a
# wider constant read a misplaced literal (tools/build/firmware.py now aligns it).
import micropython
from micropython import const

_N = const(91)
_OFF = const(255)
_CENTRE = const(45)
_NULLIFY = const(8)
_DROP = const(0x4000)
_PASS = const(0x8000)
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
K_BASES = const(1130)
K_BGATES = const(1138)
K_PASS = const(1142)


@micropython.viper
def steps(g, buf, stop: int, only: int, kt, gs) -> int:
    p = int(g.side)
    k = 0
    lo = only
    left = 1
    resp = 0
    if only < 0:
        if g.bonus:
            ptr32(buf)[0] = _PASS
            k = 1
        resp = int(g.res[p])
        left = int(g.nst[p])
        lo = 0
    cell = g.cell
    cnt = g.cnt
    ngp = int(g.ngate[p])
    risk = 0
    if ptr8(cell)[_CENTRE] == p and ngp == _NULLIFY:
        if g._four_of_a_triangle(3 - p):
            risk = 1
    return int(gen(cell, cnt[3 - p], cnt[p], g.grp[3 - p], ngp, buf, k, stop, lo, left, p, resp,
                   risk, kt, gs))


@micropython.viper
def gen(cell, cq, cp, grpq, ngp: int, buf, k: int, stop: int, lo: int, left: int, p: int,
        resp: int, risk: int, kt, gs) -> int:
    # a call's labels start above the last one's (ctr[3]: their base), and
    # _spread floods a component when it first meets it; with risk one
    # stone at a time, its moves off a gate through unexposed()
    if left:
        ctr = ptr32(gs[8])
        if ctr[0] > 65000 or ctr[1] > 65000 or ctr[2] > 65000:
            _reset(gs)
        ctr[3] = ctr[0]
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


@micropython.viper
def _reset(gs):
    # the stamps and labels back to 0 (every 65,000 of them)
    i = 0
    while i < 4:
        b = ptr16(gs[i])
        j = 0
        while j <= _N:
            b[j] = 0
            j += 1
        i += 1
    ctr = ptr32(gs[8])
    ctr[0] = 0
    ctr[1] = 0
    ctr[2] = 0


# A viper function keeps its first arguments in registers (on the Cortex-M0+
# two, r4 and r5, in a function of this many arguments) and every other
# local on the stack: the hot loops' variables come first (a third faster),
# k the count and x the index of the copy and of the flood's neighbours.
# Hot tests are differences (`if d - _OFF`, `not om[j] - ost`), not `==`:
# viper makes a comparison's bool and then tests it, twice the instructions.
@micropython.viper
def _spread(k: int, x: int, d: int, cell: ptr8, cq: ptr8, grpq: ptr8, ngp: int, buf: ptr32,
            stop: int, lo: int, left: int, p: int, resp: int, kt: ptr8, gs) -> int:
    # gs (moves.scratch): the six tables one block of 92 entries each, the
    # destination list and the stack another
    lab = ptr16(gs[0])
    om = ptr16(uint(lab) + 184)
    cm = ptr16(uint(lab) + 368)
    cseen = ptr16(uint(lab) + 552)
    cbeg = ptr16(uint(lab) + 736)
    cend = ptr16(uint(lab) + 920)
    cdst = ptr8(gs[6])
    stack = ptr8(uint(cdst) + 7 * _N)
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
    # the gates q secures (bit i: gate i): by proximity, or as one of a
    # triangle's five of which q holds four (f6 not while p holds 8 gates)
    sec = 0
    i = 0
    while i < 13:
        if cq[kt[K_GATES + i]] >= 3:
            sec |= 1 << i
        i += 1
    i = 0
    while i < 6:
        if grpq[i] == 4:
            b = K_GROUPS + 6 * i
            while b < K_GROUPS + 6 * i + 5:
                c = kt[b]
                b += 1
                if c != _CENTRE or ngp < _NULLIFY:
                    sec |= 1 << gno[c]
        i += 1
    base = ctr[3]
    nc = ctr[0] - base
    nd = 0
    if nc:
        nd = cend[nc]
    cst = ctr[2]
    ost = ctr[1]
    o = lo
    while o < _N and left > 0 and k < stop:
        if cell[o] - p:
            o += 1
            continue
        left -= 1
        ost += 1
        ob = o << 7
        # the components beside o (at most 3), each handed once, their
        # indices packed a byte each: one list is copied as it stands (a
        # flood lists a cell once), more are merged through the om stamps
        nco = 0
        cs = 0
        a = 6 * o
        end = a + 6
        while end - a:
            j = kt[a]
            a += 1
            if not (j - _OFF and pt[3 * j + cell[j]]):
                continue
            L = lab[j]
            if L <= base:
                # a new component: flood it from j, listing the cells
                # around it a stone may stop on in cdst[cbeg[nc]:cend[nc]]
                nc += 1
                L = base + nc
                cst += 1
                cbeg[nc] = nd
                lab[j] = L
                cm[j] = cst
                if not cell[j] and not gno[j] - _OFF and cq[j] < 3:
                    cdst[nd] = j
                    nd += 1
                stack[0] = j
                sp = 1
                while sp:
                    sp -= 1
                    x = 6 * stack[sp]
                    e = x + 6
                    while e - x:
                        d = kt[x]
                        x += 1
                        if not (d - _OFF and cm[d] - cst):
                            continue
                        cm[d] = cst
                        w = cell[d]
                        if not w and not gno[d] - _OFF and cq[d] < 3:
                            cdst[nd] = d
                            nd += 1
                        if pt[3 * d + w]:
                            lab[d] = L
                            stack[sp] = d
                            sp += 1
                cend[nc] = nd
            ci = L - base
            if cseen[ci] - ost:
                cseen[ci] = ost
                cs |= ci << (8 * nco)
                nco += 1
        i = 0
        while i < nco:
            ci = (cs >> (8 * i)) & 255
            i += 1
            x = cbeg[ci]
            e = cend[ci]
            if nco - 1:
                while e - x:
                    d = cdst[x]
                    x += 1
                    if om[d] - ost:
                        om[d] = ost
                        buf[k] = ob | d
                        k += 1
            else:
                while e - x:
                    buf[k] = ob | cdst[x]
                    x += 1
                    k += 1
        # then the empty neighbours no list holds: gates q does not secure,
        # and ring cells (a passable one is in its component's list)
        a = 6 * o
        while end - a:
            j = kt[a]
            a += 1
            if not (j - _OFF) or cell[j] or not om[j] - ost:
                continue
            g = gno[j]
            if g - _OFF:
                if (sec >> g) & 1:
                    continue
            elif cq[j] >= 3 or pt[3 * j]:
                continue
            elif not nco - 1:
                x = base + cs
                e = 0
                b = 6 * j
                while b < 6 * j + 6 and e == 0:
                    d = kt[b]
                    b += 1
                    if d != _OFF and lab[d] == x:
                        e = 1
                if e:
                    continue
            om[j] = ost
            buf[k] = ob | j
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
    ctr[0] = base + nc
    ctr[1] = ost
    ctr[2] = cst
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


@micropython.viper
def draw(st: ptr32, n: int) -> int:
    x1 = st[6]
    x2 = st[7]
    x1 = 32760 * (x1 & 0x7FFF) + (x1 >> 15)
    x2 = 32730 * (x2 & 0x7FFF) + (x2 >> 15)
    st[6] = x1
    st[7] = x2
    return (((x1 ^ x2) & 0x7FFF) * n) >> 15


@micropython.viper
def stone_move(cell, cq, cp, gq, ngp: int, p: int, o: int, risk: int, kt, gs, buf, st) -> int:
    n = int(gen(cell, cq, cp, gq, ngp, buf, 0, _N, o, 1, p, 0, risk, kt, gs))
    if n == 0:
        return -1
    bufp = ptr32(buf)
    ktp = ptr8(kt)
    ng = 0
    i = 0
    while i < n:
        m = bufp[i]
        if ktp[K_GATE_NO + (m & 0x7F)] != _OFF:
            bufp[i] = bufp[ng]
            bufp[ng] = m
            ng += 1
        i += 1
    if ng > 0:
        n = ng
    return bufp[int(draw(st, n))]
