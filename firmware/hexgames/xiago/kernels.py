# XiaGo's playout as native code (viper): the kernel of twins.py, which
# says what it computes; the same signatures and the same results. One
# function per loop, helpers written inline (a call between viper functions
# costs what a bytecode call does); neighbours come from nb (off the board:
# >= n), not adj, which viper cannot read; every value is an int >= 0 in io
# (a ptr32 read of a negative number differs between the chip and the unix
# port), and a free slot of the superko table (-1) is told by its bit 30.
import micropython
from micropython import const

_A1 = const(32760)
_A2 = const(32730)
_M15 = const(0x7FFF)
_MARK = const(0x8000)

_IO_N = const(0)
_IO_TMASK = const(1)
_IO_TCOUNT = const(2)
_IO_MINEMP = const(3)
_IO_H1 = const(4)
_IO_H2 = const(5)
_IO_NEMP = const(6)
_IO_SIDE = const(7)
_IO_PASSES = const(8)
_IO_MUST = const(9)
_IO_LAST = const(10)
_IO_X1 = const(11)
_IO_X2 = const(12)
_IO_PLIES = const(13)


@micropython.viper
def playout(cell: ptr8, head: ptr16, nxt: ptr16, size: ptr16, libs: ptr16, emp: ptr16,
            epos: ptr16, z: ptr32, nb: ptr16, adj, t1: ptr32, t2: ptr16, io: ptr32) -> int:
    n = io[_IO_N]
    tmask = io[_IO_TMASK]
    tcount = io[_IO_TCOUNT]
    minemp = io[_IO_MINEMP]
    h1 = io[_IO_H1]
    h2 = io[_IO_H2]
    nemp = io[_IO_NEMP]
    side = io[_IO_SIDE]
    passes = io[_IO_PASSES]
    must = io[_IO_MUST]
    last = io[_IO_LAST] - 1
    x1 = io[_IO_X1]
    x2 = io[_IO_X2]
    plies = io[_IO_PLIES]
    tfull = (3 * (tmask + 1)) >> 2
    full = 0
    c = 0
    at = 0
    vac = 0
    nq = 0
    np = 0
    cap = 0
    y1 = 0
    y2 = 0
    while plies > 0:
        if tcount >= tfull:
            full = 1
            break
        plies -= 1
        p = side
        q = 3 - p
        pz = (p - 1) * n
        qz = (q - 1) * n
        # the answer to the last move: the one liberty of its group, or of
        # an own group next to it (groups of up to 6 pseudo-liberties)
        want = -1
        if last >= 0 and cell[last] == q:
            d0 = 6 * last - 1           # -1: the last stone's own group first
            while d0 < 6 * last + 6 and want < 0:
                r = -1
                if d0 < 6 * last:
                    r = int(head[last])
                else:
                    j = int(nb[d0])
                    if j < n and cell[j] == p:
                        r = int(head[j])
                d0 += 1
                if r < 0 or libs[r] > 6:
                    continue
                a = -1
                s = r
                while True:
                    d = 6 * s
                    while d < 6 * s + 6:
                        j = int(nb[d])
                        d += 1
                        if j < n and cell[j] == 0 and j != a:
                            if a >= 0:
                                a = -2
                                break
                            a = j
                    s = int(nxt[s])
                    if a == -2 or s == r:
                        break
                want = a
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
        k = (((x1 ^ x2) & _M15) * nemp) >> 15
        eyes = 1
        ok = 0
        while True:
            t = -1
            while t < nemp:
                if t < 0:
                    t = 0
                    if want < 0:
                        continue
                    c = want
                    at = int(epos[c])
                else:
                    at = t + k
                    if at >= nemp:
                        at -= nemp
                    c = int(emp[at])
                    t += 1
                c6 = 6 * c
                vac = 0
                nq = 0
                np = 0
                low = 0x7FFF
                jq = 0
                d = c6
                while d < c6 + 6:
                    j = int(nb[d])
                    d += 1
                    if j >= n:
                        continue
                    v = int(cell[j])
                    if v == 0:
                        vac += 1
                    elif v == q:
                        nq += 1
                        jq = j
                        r = int(libs[head[j]])
                        if r < low:
                            low = r
                    elif v == p:
                        np += 1
                ok = 0
                if vac == 0 and nq == 0 and eyes != 0:
                    continue                    # an own eye
                cap = 0
                g1 = 0
                g2 = 0
                if low <= nq:
                    if nq == 1:
                        r = int(head[jq])
                        if libs[r] == 1:
                            s = r
                            while True:
                                g1 ^= z[qz + s]
                                g2 ^= z[qz + s + 1]
                                cap += 1
                                s = int(nxt[s])
                                if s == r:
                                    break
                    else:
                        d = c6
                        while d < c6 + 6:
                            j = int(nb[d])
                            d += 1
                            if j < n and cell[j] == q:
                                libs[head[j]] -= 1
                        d = c6
                        while d < c6 + 6:
                            j = int(nb[d])
                            d += 1
                            if j < n and cell[j] == q:
                                r = int(head[j])
                                if libs[r] == 0:
                                    libs[r] = _MARK
                                    s = r
                                    while True:
                                        g1 ^= z[qz + s]
                                        g2 ^= z[qz + s + 1]
                                        cap += 1
                                        s = int(nxt[s])
                                        if s == r:
                                            break
                        d = c6
                        while d < c6 + 6:
                            j = int(nb[d])
                            d += 1
                            if j < n and cell[j] == q:
                                r = int(head[j])
                                if libs[r] >= _MARK:
                                    libs[r] = 0
                                libs[r] += 1
                if vac != 0 or cap != 0:
                    ok = 1
                if ok == 0 and np != 0:
                    d = c6
                    while d < c6 + 6:
                        j = int(nb[d])
                        d += 1
                        if j < n and cell[j] == p:
                            libs[head[j]] -= 1
                    d = c6
                    while d < c6 + 6:
                        j = int(nb[d])
                        d += 1
                        if j < n and cell[j] == p and libs[head[j]] != 0:
                            ok = 1
                    d = c6
                    while d < c6 + 6:
                        j = int(nb[d])
                        d += 1
                        if j < n and cell[j] == p:
                            libs[head[j]] += 1
                if ok != 0 and eyes != 0 and vac < 2 and cap == 0:
                    # self-atari: the new group would have one liberty
                    a = -1
                    d = c6
                    while d < c6 + 6:
                        j = int(nb[d])
                        d += 1
                        if j < n and cell[j] == 0:
                            a = j
                    d0 = c6
                    while d0 < c6 + 6 and np != 0:
                        j0 = int(nb[d0])
                        d0 += 1
                        if j0 >= n or cell[j0] != p:
                            continue
                        r = int(head[j0])
                        i = -1                  # the one liberty of r but c
                        s = r
                        while True:
                            d = 6 * s
                            while d < 6 * s + 6:
                                j = int(nb[d])
                                d += 1
                                if j < n and cell[j] == 0 and j != c and j != i:
                                    if i >= 0:
                                        i = -2
                                        break
                                    i = j
                            s = int(nxt[s])
                            if i == -2 or s == r:
                                break
                        if i == -2 or (i >= 0 and a >= 0 and i != a):
                            a = -2
                            break
                        if i >= 0:
                            a = i
                    if a != -2:
                        ok = 0
                if ok != 0:
                    y1 = h1 ^ g1 ^ z[pz + c]
                    y2 = h2 ^ g2 ^ z[pz + c + 1]
                    if nemp - 1 + cap >= minemp:
                        i = y1 & tmask
                        while True:
                            v = t1[i]
                            if v == y1 and t2[i] == (y2 & 0xFFFF):
                                ok = 0
                                break
                            if (v >> 30) != 0:      # a free slot
                                break
                            i = (i + 1) & tmask
                    if ok != 0:
                        break
            if ok != 0 or must == 0 or eyes == 0:
                break
            eyes = 0
        if ok == 0:
            side = q
            last = -1
            passes += 1
            if passes == 2:
                break
            continue
        cell[c] = p
        nemp -= 1
        o = int(emp[nemp])
        emp[at] = o
        epos[o] = at
        h1 = y1
        h2 = y2
        c6 = 6 * c
        r = -1
        if np != 0 or nq != 0:
            d = c6
            while d < c6 + 6:
                j = int(nb[d])
                d += 1
                if j >= n:
                    continue
                v = int(cell[j])
                if v == q:
                    libs[head[j]] -= 1
                elif v == p:
                    b = int(head[j])
                    libs[b] -= 1
                    if r < 0:
                        head[c] = b
                        nxt[c] = nxt[b]
                        nxt[b] = c
                        size[b] += 1
                        libs[b] += vac
                        r = b
                    elif r != b:
                        a = r
                        if size[a] < size[b]:
                            a = b
                            b = r
                        s = b
                        while True:
                            head[s] = a
                            s = int(nxt[s])
                            if s == b:
                                break
                        s = int(nxt[a])
                        nxt[a] = nxt[b]
                        nxt[b] = s
                        size[a] += size[b]
                        libs[a] += libs[b]
                        r = a
        if r < 0:
            head[c] = c
            nxt[c] = c
            size[c] = 1
            libs[c] = vac
        if cap != 0:
            d0 = c6
            while d0 < c6 + 6:
                j0 = int(nb[d0])
                d0 += 1
                if j0 >= n or cell[j0] != q:
                    continue
                r = int(head[j0])
                if libs[r] != 0:
                    continue
                s = r
                while True:
                    cell[s] = 0
                    emp[nemp] = s
                    epos[s] = nemp
                    nemp += 1
                    d = 6 * s
                    while d < 6 * s + 6:
                        j = int(nb[d])
                        d += 1
                        if j < n and cell[j] == p:
                            libs[head[j]] += 1
                    s = int(nxt[s])
                    if s == r:
                        break
        i = y1 & tmask
        while (t1[i] >> 30) == 0:
            i = (i + 1) & tmask
        t1[i] = y1
        t2[i] = y2 & 0xFFFF
        tcount += 1
        if nemp < minemp:
            minemp = nemp
        side = q
        passes = 0
        must = 0
        last = c
    io[_IO_TCOUNT] = tcount
    io[_IO_MINEMP] = minemp
    io[_IO_H1] = h1
    io[_IO_H2] = h2
    io[_IO_NEMP] = nemp
    io[_IO_SIDE] = side
    io[_IO_PASSES] = passes
    io[_IO_MUST] = must
    io[_IO_LAST] = last + 1
    io[_IO_X1] = x1
    io[_IO_X2] = x2
    io[_IO_PLIES] = plies
    return full

