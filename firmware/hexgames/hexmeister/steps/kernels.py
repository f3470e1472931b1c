# A Hexmeister step, its taking back and the playout as native code (viper):
# the kernels of twins.py beside this file, which says what each computes.
# The notes of ../kernels.py hold here too.
import micropython
from micropython import const
from hexgames.hexmeister.kernels import draw, stone_move

_N = const(91)
_OFF = const(255)
_CENTRE = const(45)
_NULLIFY = const(8)
_PASS = const(0x8000)
_DROP = const(0x4000)
_RESERVE = const(182)      # tables.K_RESERVE, K_SIDE
_SIDE = const(220)
_TURN_LIMIT = const(300)
# tables.KT's layout, the offsets used here (tests/portable/test_kernels_hexmeister.py
# compares them)
K_GATE_NO = const(546)
K_BASE_OF = const(637)
K_BGATE_OF = const(728)
K_GROUPS = const(832)
K_GSIZE = const(898)
K_GGROUPS = const(909)
K_NGG = const(1026)
K_GTRIS = const(1039)
K_NGT = const(1117)
K_BASES = const(1130)


@micropython.viper
def step(m: int, cell: ptr8, c1: ptr8, c2: ptr8, g1: ptr8, g2: ptr8, ngate: ptr8, nst: ptr8,
         res: ptr8, rep: ptr32, st: ptr32, kt: ptr8, keys: ptr32, caplog: ptr8) -> int:
    p = st[3]
    q = 3 - p
    cp = c1
    gp = g1
    if p == 2:
        cp = c2
        gp = g2
    d = m & 0x7F
    o = m >> 7
    i = 0
    if m == _PASS:
        i = 2
    elif m & _DROP:
        res[p] -= 1
        i = 1
    h = st[0]
    while i < 2:
        # the mover's stone leaves o (i = 0), arrives on d (i = 1)
        x = o
        s = -1
        if i == 1:
            x = d
            s = 1
        i += 1
        cell[x] = 0
        if s > 0:
            cell[x] = p
        b = 6 * x
        while b < 6 * x + 6:
            j = kt[b]
            b += 1
            if j != _OFF:
                cp[j] += s
        h ^= keys[91 * (p - 1) + x]
        nst[p] += s
        k = kt[K_GATE_NO + x]
        if k != _OFF:
            ngate[p] += s
            t = K_GGROUPS + 9 * k
            while t < K_GGROUPS + 9 * k + kt[K_NGG + k]:
                gp[kt[t]] += s
                t += 1
    st[0] = h
    # can the step capture? (a stone of q beside d with three of p's
    # neighbours, a triangle of gate d short of one of q's gates, q's
    # centre stone once q's gates fall below 8)
    gk = _OFF
    hit = 0
    if m != _PASS:
        gk = kt[K_GATE_NO + d]
        b = 6 * d
        while b < 6 * d + 6:
            j = kt[b]
            b += 1
            if j != _OFF and cell[j] == q and cp[j] >= 3:
                hit = 1
    if gk != _OFF:
        t = 6 * gk
        while t < 6 * gk + kt[K_NGT + gk]:
            if gp[kt[K_GTRIS + t]] == 4:
                hit = 1
            t += 1
    n = 0
    if hit:
        n = int(_captures(d, p, cell, c1, c2, g1, g2, ngate, nst, st, kt, keys, caplog))
    win = 0
    if gk != _OFF:
        t = K_GGROUPS + 9 * gk
        while t < K_GGROUPS + 9 * gk + kt[K_NGG + gk]:
            g = kt[t]
            t += 1
            if g > 5 and gp[g] == kt[K_GSIZE + g]:
                win = 1
                if g > 8:
                    win = 2
                break
        if kt[K_BASE_OF + o] != p or kt[K_BGATE_OF + d] != p:
            n += 1
    code = 0
    if win or n == 0:
        st[1] += 1
        st[3] = q
        code = 16 * win + p
        if win == 0:
            code = int(_turn_starts(cell, cp, ngate, nst, res, rep, st, q, kt, keys))
    st[2] = 0
    if code == 0:
        st[2] = 1
    return code


@micropython.viper
def _captures(d: int, p: int, cell: ptr8, c1, c2, g1, g2, ngate, nst, st: ptr32, kt: ptr8,
             keys, caplog: ptr8) -> int:
    q = 3 - p
    cp = ptr8(c1)
    gp = ptr8(g1)
    gq = ptr8(g2)
    if p == 2:
        cp = ptr8(c2)
        gp = ptr8(g2)
        gq = ptr8(g1)
    n = 0
    b = 6 * d
    while b < 6 * d + 6:
        j = kt[b]
        b += 1
        if j != _OFF and cell[j] == q and cp[j] >= 3:
            caplog[n] = j
            n += 1
    i = 0
    while i < n:
        st[0] ^= int(_change(caplog[i], q, -1, cell, c1, c2, g1, g2, ngate, nst, kt, keys))
        i += 1
    gk = kt[K_GATE_NO + d]
    if gk != _OFF:
        t = 6 * gk
        while t < 6 * gk + kt[K_NGT + gk]:
            g = kt[K_GTRIS + t]
            t += 1
            if gp[g] == 4 and gq[g] == 1:
                b = K_GROUPS + 6 * g
                while b < K_GROUPS + 6 * g + 5:
                    c = kt[b]
                    b += 1
                    if cell[c] == q:
                        if c != _CENTRE:
                            st[0] ^= int(_change(c, q, -1, cell, c1, c2, g1, g2, ngate, nst, kt,
                                                keys))
                            caplog[n] = c
                            n += 1
                        break
    if (gk != _OFF or n > 0) and cell[_CENTRE] == q and ptr8(ngate)[q] < _NULLIFY:
        t = 0
        while t < 6:
            if gp[t] == 4:
                st[0] ^= int(_change(_CENTRE, q, -1, cell, c1, c2, g1, g2, ngate, nst, kt, keys))
                caplog[n] = _CENTRE
                n += 1
                break
            t += 1
    return n


@micropython.viper
def _change(x: int, w: int, s: int, cell: ptr8, c1: ptr8, c2: ptr8, g1: ptr8, g2: ptr8,
           ngate: ptr8, nst: ptr8, kt: ptr8, keys: ptr32) -> int:
    cw = c1
    gw = g1
    if w == 2:
        cw = c2
        gw = g2
    cell[x] = 0
    if s > 0:
        cell[x] = w
    b = 6 * x
    while b < 6 * x + 6:
        j = kt[b]
        b += 1
        if j != _OFF:
            cw[j] += s
    nst[w] += s
    k = kt[K_GATE_NO + x]
    if k != _OFF:
        ngate[w] += s
        t = K_GGROUPS + 9 * k
        while t < K_GGROUPS + 9 * k + kt[K_NGG + k]:
            gw[kt[t]] += s
            t += 1
    return keys[91 * (w - 1) + x]


@micropython.viper
def _turn_starts(cell: ptr8, cp: ptr8, ngate: ptr8, nst: ptr8, res: ptr8, rep: ptr32, st: ptr32,
                q: int, kt: ptr8, keys: ptr32) -> int:
    ok = 0
    if res[q]:
        b = K_BASES + 4 * (q - 1)
        while b < K_BASES + 4 * q:
            c = kt[b]
            b += 1
            if cell[c] == 0 and cp[c] < 3:
                ok = 1
    if ok == 0:
        risky = 0
        if cell[_CENTRE] == q and ngate[q] == _NULLIFY:
            risky = 1
        o = 0
        while o < _N and ok == 0:
            if cell[o] == q and (risky == 0 or kt[K_GATE_NO + o] == _OFF or o == _CENTRE):
                b = 6 * o
                while b < 6 * o + 6:
                    j = kt[b]
                    b += 1
                    if j != _OFF and cell[j] == 0 and kt[K_GATE_NO + j] == _OFF and cp[j] < 3:
                        ok = 1
                        break
            o += 1
        if ok == 0:
            return 2
    mat = ((res[1] * 19 + res[2]) * 19 + nst[1]) * 19 + nst[2]
    if mat != st[5] - 1:
        st[5] = mat + 1
        st[4] = 0
    hh = st[0] ^ keys[_RESERVE + res[1]] ^ keys[_RESERVE + 19 + res[2]]
    if q == 2:
        hh ^= keys[_SIDE]
    n = st[4]
    seen = 1
    k = 0
    while k < n:
        if rep[k] == hh:
            seen += 1
        k += 1
    rep[n] = hh
    st[4] = n + 1
    if seen >= 3:
        return 64
    if st[1] >= _TURN_LIMIT:
        return 80
    return 1


@micropython.viper
def unstep(m: int, p: int, caps: ptr8, at: int, n: int, cell: ptr8, c1: ptr8, c2: ptr8,
           g1: ptr8, g2: ptr8, ngate: ptr8, nst: ptr8, res: ptr8, h: int, kt: ptr8,
           keys: ptr32) -> int:
    if m == _PASS:
        return h
    q = 3 - p
    nchg = 2
    if m & _DROP:
        res[p] += 1
        nchg = 1
    i = 0
    while i < n + nchg:
        # the captured stones back, then the mover's taken off and put back
        w = p
        s = -1
        if i < n:
            x = caps[at + i]
            w = q
            s = 1
        elif i == n:
            x = m & 0x7F
        else:
            x = m >> 7
            s = 1
        i += 1
        cw = c1
        gw = g1
        if w == 2:
            cw = c2
            gw = g2
        cell[x] = 0
        if s > 0:
            cell[x] = w
        b = 6 * x
        while b < 6 * x + 6:
            j = kt[b]
            b += 1
            if j != _OFF:
                cw[j] += s
        h ^= keys[91 * (w - 1) + x]
        nst[w] += s
        k = kt[K_GATE_NO + x]
        if k != _OFF:
            ngate[w] += s
            t = K_GGROUPS + 9 * k
            while t < K_GGROUPS + 9 * k + kt[K_NGG + k]:
                gw[kt[t]] += s
                t += 1
    return h


@micropython.viper
def playout(cell, c1, c2, g1, g2, ngate, nst, res, rep, st, kt, keys, caplog, buf, stones,
            gs, plies: int) -> int:
    cellp = ptr8(cell)
    ngp = ptr8(ngate)
    resp = ptr8(res)
    stp = ptr32(st)
    ktp = ptr8(kt)
    bufp = ptr32(buf)
    stn = ptr8(stones)
    code = 1
    while plies > 0:
        p = stp[3]
        cp = c1
        cq = c2
        gq = g2
        if p == 2:
            cp = c2
            cq = c1
            gq = g1
        cqp = ptr8(cq)
        gqp = ptr8(gq)
        ns = 0
        i = 0
        while i < _N:
            if cellp[i] == p:
                stn[ns] = i
                ns += 1
            i += 1
        # the legal drops after the stones, in stones[18..]
        nd = 0
        if resp[p]:
            b = K_BASES + 4 * (p - 1)
            while b < K_BASES + 4 * p:
                c = ktp[b]
                b += 1
                if cellp[c] == 0 and cqp[c] < 3:
                    stn[18 + nd] = c
                    nd += 1
        total = ns
        if nd:
            total += 1
        if stp[2]:
            total += 1
        risk = 0
        if cellp[_CENTRE] == p and ngp[p] == _NULLIFY:
            i = 0
            while i < 6:
                if gqp[i] == 4:
                    risk = 1
                i += 1
        m = 0
        while total > 0:
            r = int(draw(st, total))
            if r < ns:
                m = int(stone_move(cell, cq, cp, gq, ngp[p], p, stn[r], risk, kt, gs, buf, st))
                if m >= 0:
                    break
                ns -= 1
                stn[r] = stn[ns]
                total -= 1
            else:
                m = _PASS
                if nd > 0 and r == ns:
                    m = _DROP | stn[18 + int(draw(st, nd))]
                break
        if total == 0:
            break
        code = int(step(m, cell, c1, c2, g1, g2, ngate, nst, res, rep, st, kt, keys, caplog))
        plies -= 1
        if code >= 2:
            break
    return 256 * plies + code
