# The board's bookkeeping as native code (viper): the kernels of twins.py
# here, which says what each computes; the same signatures and the same
# results. As ../kernels.py: one function per loop, helpers inline,
# neighbours from nb (off the board: cell n, a neutral piece),
# values >= 0 in io, and a free slot of the superko table (-1) told by its
# bit 30.
import micropython
from micropython import const

_MARK = const(0x8000)

_IO_N = const(0)
_IO_TMASK = const(1)
_IO_MINEMP = const(3)
_IO_H1 = const(4)
_IO_H2 = const(5)
_IO_NEMP = const(6)
_IO_UNSURE = const(15)

_STEP = const(1 << 20)
_UNSURE = const(1 << 29)


@micropython.viper
def place(cell: ptr8, head: ptr16, nxt: ptr16, size: ptr16, libs: ptr16, emp: ptr16,
          epos: ptr16, z: ptr32, nb: ptr16, capbuf: ptr16, io: ptr32, c: int, p: int, adj):
    n = io[_IO_N]
    q = 3 - p
    cell[c] = p
    nemp = io[_IO_NEMP] - 1
    k = int(epos[c])
    o = int(emp[nemp])
    emp[k] = o
    epos[o] = k
    h1 = io[_IO_H1] ^ z[(p - 1) * n + c]
    h2 = io[_IO_H2] ^ z[(p - 1) * n + c + 1]
    head[c] = c
    nxt[c] = c
    size[c] = 1
    c6 = 6 * c
    vac = 0
    hq = 0
    d = c6
    while d < c6 + 6:
        j = int(nb[d])
        d += 1
        v = int(cell[j])
        if v == 0:
            vac += 1
        elif v != 3:
            libs[head[j]] -= 1
            if v == q:
                hq = 1
    libs[c] = vac
    d = c6
    while d < c6 + 6:
        j = int(nb[d])
        d += 1
        if cell[j] != p:
            continue
        a = int(head[c])
        b = int(head[j])
        if a == b:
            continue
        if size[a] < size[b]:           # merge: relabel the smaller group
            a = b
            b = int(head[c])
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
    if hq != 0:
        qz = (q - 1) * n
        d = c6
        while d < c6 + 6:
            j = int(nb[d])
            d += 1
            if cell[j] != q or libs[head[j]] != 0:
                continue
            r = int(head[j])
            s = r
            k = 0
            while True:
                cell[s] = 0
                emp[nemp] = s
                epos[s] = nemp
                nemp += 1
                capbuf[k] = s
                k += 1
                h1 ^= z[qz + s]
                h2 ^= z[qz + s + 1]
                i = 6 * s
                while i < 6 * s + 6:
                    x = int(nb[i])
                    i += 1
                    if cell[x] == p:
                        libs[head[x]] += 1
                s = int(nxt[s])
                if s == r:
                    break
    io[_IO_H1] = h1
    io[_IO_H2] = h2
    io[_IO_NEMP] = nemp


@micropython.viper
def places(cell: ptr8, head: ptr16, nxt: ptr16, libs: ptr16, z: ptr32, nb: ptr16, t1: ptr32,
           t2: ptr16, io: ptr32, p: int, buf: ptr32, k: int, adj) -> int:
    n = io[_IO_N]
    nemp = io[_IO_NEMP]
    minemp = io[_IO_MINEMP]
    tmask = io[_IO_TMASK]
    h1 = io[_IO_H1]
    h2 = io[_IO_H2]
    q = 3 - p
    pz = (p - 1) * n
    qz = (q - 1) * n
    for c in range(n):
        if cell[c] != 0:
            continue
        c6 = 6 * c
        vac = 0
        hq = 0
        d = c6
        while d < c6 + 6:
            j = int(nb[d])
            d += 1
            v = int(cell[j])
            if v == 0:
                vac += 1
            elif v != 3:
                libs[head[j]] -= 1
                if v == q:
                    hq = 1
        y1 = h1 ^ z[pz + c]
        y2 = h2 ^ z[pz + c + 1]
        cap = 0
        if hq != 0:
            d = c6
            while d < c6 + 6:
                j = int(nb[d])
                d += 1
                if cell[j] == q:
                    r = int(head[j])
                    if libs[r] == 0:
                        libs[r] = _MARK
                        s = r
                        while True:
                            y1 ^= z[qz + s]
                            y2 ^= z[qz + s + 1]
                            cap += 1
                            s = int(nxt[s])
                            if s == r:
                                break
        ok = 0
        if vac != 0 or cap != 0:
            ok = 1
        d = c6
        while d < c6 + 6 and ok == 0:       # else liberties from own groups
            j = int(nb[d])
            d += 1
            if cell[j] == p and libs[head[j]] != 0:
                ok = 1
        d = c6
        while d < c6 + 6:                   # the liberties restored
            j = int(nb[d])
            d += 1
            v = int(cell[j])
            if v == 1 or v == 2:
                r = int(head[j])
                if libs[r] >= _MARK:
                    libs[r] = 0
                libs[r] += 1
        if ok != 0 and nemp - 1 + cap >= minemp:
            i = y1 & tmask
            y2 &= 0xFFFF
            while True:
                v = t1[i]
                if v == y1 and t2[i] == y2:
                    ok = 0
                    break
                if (v >> 30) != 0:
                    break
                i = (i + 1) & tmask
        if ok != 0:
            buf[k] = c
            k += 1
    return k


@micropython.viper
def check_slide(cell: ptr8, head: ptr16, libs: ptr16, emp: ptr16, z: ptr32, nb: ptr16, t1: ptr32,
                t2: ptr16, io: ptr32, a: int, b: int, p: int, adj) -> int:
    n = io[_IO_N]
    q = 3 - p
    a6 = 6 * a
    b6 = 6 * b
    dead = 0
    d0 = b6
    while d0 < b6 + 6:
        j = int(nb[d0])
        d0 += 1
        v = int(cell[j])
        if v != 1 and v != 2:
            continue
        r = int(head[j])
        k = int(libs[r])
        d = b6
        while d < b6 + 6:
            i = int(nb[d])
            d += 1
            if cell[i] == v and head[i] == r:
                k -= 1
        d = a6
        while d < a6 + 6:
            i = int(nb[d])
            d += 1
            if cell[i] == v and head[i] == r:
                k += 1
        if k <= 0:
            if v == q:
                return 3
            dead = 1
    if dead != 0:
        return 1
    nemp = io[_IO_NEMP]
    fresh = 0
    if nemp - 1 < io[_IO_MINEMP]:
        fresh = 1
    zn = 2 * n
    y1 = io[_IO_H1] ^ z[zn + a] ^ z[zn + b]
    y2 = io[_IO_H2] ^ z[zn + a + 1] ^ z[zn + b + 1]
    pz = (p - 1) * n
    tmask = io[_IO_TMASK]
    t = 0
    while t <= nemp:
        c = a
        if t < nemp:
            c = int(emp[t])
        t += 1
        if c == b:
            continue
        free = 0
        d = 6 * c
        while d < 6 * c + 6:
            j = int(nb[d])
            d += 1
            if j == a:
                free = 1
            elif j != b:
                v = int(cell[j])
                if v == q:
                    free = 0
                    break
                if v == 0:
                    free = 1
        if free == 0:
            continue
        if fresh != 0:
            return 0
        h1 = y1 ^ z[pz + c]
        h2 = (y2 ^ z[pz + c + 1]) & 0xFFFF
        i = h1 & tmask
        while True:
            v = t1[i]
            if v == h1 and t2[i] == h2:
                break
            if (v >> 30) != 0:
                return 0
            i = (i + 1) & tmask
    return 3


@micropython.viper
def territory(cell: ptr8, nb: ptr16, emp: ptr16, nemp: int, mark: ptr8, stack: ptr16, n: int,
              adj) -> int:
    tx = 0
    to = 0
    for k in range(nemp):
        mark[emp[k]] = 0
    for k in range(nemp):
        i = int(emp[k])
        if mark[i] != 0:
            continue
        touch = 0
        d = 6 * i
        while d < 6 * i + 6:
            j = int(nb[d])
            d += 1
            v = int(cell[j])
            if v == 0:
                touch = -1
                break
            if v != 3:
                touch |= v
        cnt = 1
        if touch < 0:
            mark[i] = 1
            stack[0] = i
            sp = 1
            cnt = 0
            touch = 0
            while sp > 0:
                sp -= 1
                s = int(stack[sp])
                cnt += 1
                d = 6 * s
                while d < 6 * s + 6:
                    j = int(nb[d])
                    d += 1
                    v = int(cell[j])
                    if v == 0:
                        if mark[j] == 0:
                            mark[j] = 1
                            stack[sp] = j
                            sp += 1
                    elif v != 3:
                        touch |= v
        if touch == 1:
            tx += cnt
        elif touch == 2:
            to += cnt
    return tx + 4096 * to


@micropython.viper
def rehash(t1: ptr32, t2: ptr16, old1: ptr32, old2: ptr16, cap: int):
    mask = 2 * cap - 1
    for i in range(2 * cap):
        t1[i] = -1
    for i in range(cap):
        v = old1[i]
        if (v >> 30) != 0:              # a free slot
            continue
        j = v & mask
        while (t1[j] >> 30) == 0:
            j = (j + 1) & mask
        t1[j] = v
        t2[j] = old2[i]


@micropython.viper
def slides(cell: ptr8, head: ptr16, libs: ptr16, emp: ptr16, z: ptr32, nb: ptr16, t1: ptr32,
           t2: ptr16, io: ptr32, p: int, buf: ptr32, k: int, adj) -> int:
    n = io[_IO_N]
    fresh = 0
    if io[_IO_NEMP] - 1 < io[_IO_MINEMP]:
        fresh = 1
    unsure = 0
    for a in range(n):
        if cell[a] != 3:
            continue
        quiet = fresh               # no stone next to a (and fresh)
        vac = 0
        d = 6 * a
        while d < 6 * a + 6:
            v = int(cell[nb[d]])
            d += 1
            if v == 0:
                vac += 1
            elif v != 3:
                quiet = 0
        for d in range(6):
            b = int(nb[6 * a + d])
            near = 1
            while cell[b] == 0:
                why = 1
                if quiet != 0 and vac > near:
                    why = 0                 # legal, unless a stone is next to b
                    i = 6 * b
                    while i < 6 * b + 6:
                        v = int(cell[nb[i]])
                        i += 1
                        if v == 1 or v == 2:
                            why = 1
                            break
                if why != 0:
                    why = int(check_slide(cell, head, libs, emp, z, nb, t1, t2, io, a, b, p,
                                          adj))
                if why != 1:
                    mv = _STEP | a << 10 | b
                    if why != 0:
                        mv |= _UNSURE
                        unsure += 1
                    buf[k] = mv
                    k += 1
                b = int(nb[6 * b + d])
                near = 0
    io[_IO_UNSURE] = unsure
    return k
