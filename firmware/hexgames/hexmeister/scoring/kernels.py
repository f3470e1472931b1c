# Hexmeister's evaluation and move scorer in viper: twins.py's kernels (../kernels.py's notes hold).
import micropython
from micropython import const

_N = const(91)
_OFF = const(255)
_CENTRE = const(45)
_NULLIFY = const(8)
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
E_MISSING = const(0)       # evaluation.EVT's layout (twins.E_*)
E_PROG = const(7)
E_TRI = const(14)
E_TRIV = const(20)
E_NEAR = const(26)
E_NUL = const(30)
E_SIEGE = const(44)
E_ATT = const(51)
E_WON = const(58)
_CENTRE_V = const(40)
_ENTRY = const(8)
_BESIEGE1 = const(10)      # twins._BESIEGE1, _BESIEGE2
_BESIEGE2 = const(40)
OFFSET = const(1048576)    # 1 << 20


@micropython.viper
def look(cell: ptr8, cp: ptr8, cq: ptr8, gp: ptr8, gq: ptr8, ngp: int, p: int, kt: ptr8,
         evt: ptr32, ent: ptr8, imp: ptr32, alive: ptr8, blk: ptr8):
    q = 3 - p
    base = 13 * p
    a = 11 * p
    k = 0
    while k < 13:
        c = kt[K_GATES + k]
        v = cell[c]
        tr = 0
        if v == 0 and (c != _CENTRE or ngp < _NULLIFY):
            t = 6 * k
            while t < 6 * k + kt[K_NGT + k]:
                if gq[kt[K_GTRIS + t]] == 4:
                    tr = 2
                t += 1
        blk[k] = tr
        if v == q or (tr != 0 and (c != _CENTRE or ngp < 6)):
            blk[k] = tr + 1
        k += 1
    t = 6
    while t < 11:
        alive[a + t] = 1
        s = K_GROUPS + 6 * t
        while s < K_GROUPS + 6 * t + kt[K_GSIZE + t]:
            if blk[kt[K_GATE_NO + kt[s]]] & 1:
                alive[a + t] = 0
            s += 1
        t += 1
    own = 0
    oth = 0
    if cell[_CENTRE] == p:
        own = 1
    if cell[_CENTRE] == q:
        oth = 1
    t = 0
    while t < 6:
        alive[a + t] = 0
        if gq[t] == oth:
            alive[a + t] = 1
        t += 1
    k = 0
    while k < 13:
        c = kt[K_GATES + k]
        v = 0
        s = K_GGROUPS + 9 * k
        while s < K_GGROUPS + 9 * k + kt[K_NGG + k]:
            t = kt[s]
            s += 1
            if alive[a + t]:
                if t >= 6:
                    v += evt[E_PROG + gp[t]]
                else:
                    v += evt[E_TRI + gp[t] - own]
        if c == _CENTRE:
            v += _CENTRE_V
        imp[base + k] = v
        e = 0
        if cell[c] == 0 and cq[c] < 3 and (blk[k] & 2) == 0:
            if cp[c]:
                b = 6 * c
                while b < 6 * c + 6:
                    j = kt[b]
                    b += 1
                    if j != _OFF and cell[j] == p:
                        if kt[K_BASE_OF + j] == p and kt[K_BGATE_OF + c] == p:
                            e = 2
                        else:
                            e = 1
                            break
            if e == 0 and kt[K_BGATE_OF + c] == p:
                s = K_BASES + 4 * (p - 1)
                while s < K_BASES + 4 * p:
                    if cell[kt[s]] == p:
                        e = 2
                    s += 1
        ent[base + k] = e
        k += 1


@micropython.viper
def wins(cell: ptr8, p: int, kt: ptr8, ent: ptr8, alive: ptr8, used: ptr8) -> int:
    base = 13 * p
    n = 0
    t = 6
    while t < 11:
        s0 = K_GROUPS + 6 * t
        s1 = s0 + kt[K_GSIZE + t]
        ok = alive[11 * p + t]
        s = s0
        while s < s1:
            c = kt[s]
            if cell[c] == 0 and ent[base + kt[K_GATE_NO + c]] == 0:
                ok = 0
            s += 1
        if ok:
            s = s0
            while s < s1:
                c = kt[s]
                s += 1
                if cell[c] == 0:
                    b = 6 * c
                    while b < 6 * c + 6:
                        if kt[b] != _OFF:
                            used[kt[b]] = 0
                        b += 1
            from_base = 0
            s = s0
            while s < s1:
                c = kt[s]
                s += 1
                if cell[c]:
                    continue
                got = 0
                b = 6 * c
                while b < 6 * c + 6:
                    j = kt[b]
                    b += 1
                    if j == _OFF or cell[j] != p or used[j]:
                        continue
                    if kt[K_BASE_OF + j] != p or kt[K_BGATE_OF + c] != p:
                        used[j] = 1
                        got = 1
                        break
                if got == 0:
                    from_base += 1
            if from_base <= 1:
                n += 1
        t += 1
    return n


@micropython.viper
def side(cell: ptr8, cp: ptr8, gp: ptr8, gq: ptr8, ngp: int, nsp: int, resp: int, p: int,
         kt: ptr8, evt: ptr32, ent: ptr8, imp: ptr32, alive: ptr8) -> int:
    q = 3 - p
    base = 13 * p
    a = 11 * p
    v = 106 * nsp + 100 * resp + 30 * ngp
    own = 0
    oth = 0
    if cell[_CENTRE] == p:
        own = 1
        v += _CENTRE_V
    elif cell[_CENTRE] == q:
        oth = 1
    t = 6
    while t < 11:
        s0 = K_GROUPS + 6 * t
        s1 = s0 + kt[K_GSIZE + t]
        if alive[a + t]:
            m = kt[K_GSIZE + t] - gp[t]
            v += evt[E_MISSING + m]
            if m <= 3:
                e = 0
                s = s0
                while s < s1:
                    if ent[base + kt[K_GATE_NO + kt[s]]]:
                        e += 1
                    s += 1
                if e == m:
                    v += evt[E_NEAR + m]
        # the siege of the group's one blocker (twins.siege)
        bl = -1
        s = s0
        while s < s1:
            c = kt[s]
            s += 1
            if cell[c] == q:
                if bl >= 0:
                    bl = -2
                    break
                bl = c
        if bl >= 0:
            v += evt[E_SIEGE + cp[bl]] * (1 + gp[t])
        t += 1
    lock = 0
    t = 0
    while t < 6:
        if alive[a + t]:
            v += evt[E_TRIV + gp[t] - own]
        if gq[t] - oth == 4:
            lock = 1
        t += 1
    if lock:
        v += evt[E_NUL + ngp]
    k = 0
    while k < 13:
        if ent[base + k]:
            v += _ENTRY + (imp[base + k] >> 2)
        k += 1
    return v


@micropython.viper
def pressure(cell: ptr8, c1: ptr8, c2: ptr8, p: int, kt: ptr8, evt: ptr32) -> int:
    hang1 = 0
    hang2 = 0
    pr = 0
    i = 0
    while i < _N:
        w = cell[i]
        c = 0
        if w == 1:
            c = c2[i]
        elif w == 2:
            c = c1[i]
        if c:
            x = evt[E_ATT + c]
            if kt[K_GATE_NO + i] != _OFF:
                x += x
            if w == 2:
                pr += x
            else:
                pr -= x
            if c == 2:
                b = 6 * i
                while b < 6 * i + 6:
                    j = kt[b]
                    b += 1
                    if j != _OFF and cell[j] == 0:
                        if w == 1:
                            hang1 += 1
                        else:
                            hang2 += 1
                        break
        i += 1
    if p == 1:
        return 90 * hang2 - 40 * hang1 + pr
    return 90 * hang1 - 40 * hang2 - pr


@micropython.viper
def judge(cell, c1, c2, g1, g2, ngate, nst, res, p: int, kt, evt, ent, imp, alive,
          used) -> int:
    q = 3 - p
    if int(wins(cell, p, kt, ent, alive, used)):
        return ptr32(evt)[E_WON]
    ng = ptr8(ngate)
    ns = ptr8(nst)
    rs = ptr8(res)
    v = int(side(cell, c1, g1, g2, ng[1], ns[1], rs[1], 1, kt, evt, ent, imp, alive)) - \
        int(side(cell, c2, g2, g1, ng[2], ns[2], rs[2], 2, kt, evt, ent, imp, alive))
    if p == 2:
        v = -v
    t = int(wins(cell, q, kt, ent, alive, used))
    if t >= 2:
        v -= 800
    elif t:
        v -= 150
    return v + int(pressure(cell, c1, c2, p, kt, evt))


@micropython.viper
def values(cell: ptr8, cp: ptr8, cq: ptr8, p: int, kt: ptr8, ent: ptr8, imp: ptr32,
           dv: ptr32, ov: ptr32):
    q = 3 - p
    bp = 13 * p
    bq = 13 * q
    i = 0
    while i < _N:
        v = cell[i]
        if v == 0:
            s = OFFSET
            k = kt[K_GATE_NO + i]
            if k != _OFF:
                s += 60 + imp[bp + k] + (imp[bq + k] >> 1)
            b = 6 * i
            while b < 6 * i + 6:
                j = kt[b]
                b += 1
                if j == _OFF:
                    continue
                w = cell[j]
                if w == q:
                    k = kt[K_GATE_NO + j]
                    if cp[j] == 2:
                        s += 150
                        if k != _OFF:
                            s += imp[bq + k]
                    elif cp[j] == 1:
                        s += 12
                        if k != _OFF:
                            s += _BESIEGE2 + ((imp[bp + k] + imp[bq + k]) >> 1)
                    elif k != _OFF:
                        s += _BESIEGE1 + ((imp[bp + k] + imp[bq + k]) >> 2)
                elif w == 0:
                    k = kt[K_GATE_NO + j]
                    if k != _OFF:
                        if ent[bp + k] != 1:
                            s += _ENTRY + (imp[bp + k] >> 1)
                        if cp[j] == 2 and ent[bq + k]:
                            s += 20 + (imp[bq + k] >> 1)
            if cq[i] == 2:
                s -= 110
            elif cq[i] == 1:
                s -= 6
            dv[i] = s
        elif v == p:
            s = OFFSET
            k = kt[K_GATE_NO + i]
            if k != _OFF:
                s += 30 + imp[bp + k] + (imp[bq + k] >> 1)
            b = 6 * i
            while b < 6 * i + 6:
                c = kt[b]
                b += 1
                if c == _OFF or cell[c] != 0:
                    continue
                k = kt[K_GATE_NO + c]
                if k != _OFF and ent[bp + k] == 1:
                    n = 0
                    x = 6 * c
                    while x < 6 * c + 6:
                        j = kt[x]
                        x += 1
                        if j != _OFF and cell[j] == p:
                            n += 1
                    if n == 1:
                        s += _ENTRY + (imp[bp + k] >> 1)
            if cq[i] == 2:
                s -= 100
            ov[i] = s
        i += 1


@micropython.viper
def best(moves: ptr32, k: int, start: int, width: int, val: ptr32, out: ptr32, dv: ptr32,
         ov: ptr32) -> int:
    n = 0
    x = 0
    while x < k:
        y = x + start
        if y >= k:
            y -= k
        x += 1
        m = moves[y]
        sc = OFFSET
        if m & 0x8000:
            sc = OFFSET
        elif m & 0x4000:
            sc = dv[m & 0x7F] + 5
        else:
            sc = dv[m & 0x7F] - ov[m >> 7] + OFFSET
        if n == width and sc <= val[n - 1]:
            continue
        i = width - 1
        if n < width:
            i = n
        while i > 0 and val[i - 1] < sc:
            if i < width:
                val[i] = val[i - 1]
                out[i] = out[i - 1]
            i -= 1
        val[i] = sc
        out[i] = m
        if n < width:
            n += 1
    return n
