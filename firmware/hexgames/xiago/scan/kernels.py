# The opponent's reading of a XiaGo position as native code (viper): the
# kernels of twins.py here, which says what each computes; the same
# signatures and the same results. As ../kernels.py: one function per loop,
# helpers inline, neighbours from nb (off the board: cell
# n, a neutral piece), values >= 0 in io.
import micropython
from micropython import const
from hexgames.xiago.groups.kernels import places

_IO_N = const(0)
_IO_USEFUL = const(14)

_STEP = const(1 << 20)
_PASS = const(2 << 20)
_N = const(3)
_CAPTURE = const(16)
_TAKE_NEXT = const(15)
_ESCAPE = const(14)
_SAVE = const(12)
_ATARI = const(11)
_EXTEND = const(10)
_CONTACT = const(9)
_PLAIN = const(8)
_INSIDE = const(5)
_SLIDE = const(3)
_SELF_ATARI = const(2)
_PASS_PRIOR = const(2)
_EYE = const(1)


@micropython.viper
def count(cell: ptr8, head: ptr16, nxt: ptr16, nb: ptr16, lc: ptr8, l1: ptr16, l2: ptr16,
          mark: ptr8, n: int, adj):
    for i in range(n):
        mark[i] = 0
    for i in range(n):
        v = int(cell[i])
        if v != 1 and v != 2:
            continue
        r = int(head[i])
        if mark[r] != 0:
            continue
        mark[r] = 1
        a = -1
        b = -1
        k = 0
        s = r
        while True:
            d = 6 * s
            while d < 6 * s + 6:
                j = int(nb[d])
                d += 1
                if cell[j] == 0 and j != a and j != b:
                    if k == 0:
                        a = j
                    elif k == 1:
                        b = j
                    k += 1
                    if k == 3:
                        break
            if k == 3:
                break
            s = int(nxt[s])
            if s == r:
                break
        lc[r] = k
        if a < 0:
            a = 0
        if b < 0:
            b = 0
        l1[r] = a
        l2[r] = b


@micropython.viper
def evaluate(cell: ptr8, head: ptr16, nb: ptr16, lc: ptr8, n: int, mover: int, komi2: int,
             adj) -> int:
    sx = 0
    so = 0
    for i in range(n):
        v = int(cell[i])
        if v == 1 or v == 2:
            if v != mover and lc[head[i]] == 1:
                v = mover
            if v == 1:
                sx += 1
            else:
                so += 1
        elif v == 0:
            x = 0
            o = 0
            d = 6 * i
            while d < 6 * i + 6:
                w = int(cell[nb[d]])
                d += 1
                if w == 1:
                    x += 1
                elif w == 2:
                    o += 1
            if x > o:
                sx += 1
            elif o > x:
                so += 1
    if 2 * sx > 2 * so + komi2:
        return 1
    return 2


@micropython.viper
def rated_places(cell: ptr8, head: ptr16, nxt: ptr16, size: ptr16, libs: ptr16, z: ptr32,
                 nb: ptr16, lc: ptr8, l1: ptr16, l2: ptr16, t1: ptr32, t2: ptr16, io: ptr32,
                 p: int, buf: ptr32, k: int, out: ptr8, keep: int, adj) -> int:
    m = int(places(cell, head, nxt, libs, z, nb, t1, t2, io, p, buf, k, adj))
    return int(priors(cell, head, size, nb, lc, l1, l2, buf, k, m, out, p, keep, io, adj))


@micropython.viper
def priors(cell: ptr8, head: ptr16, size: ptr16, nb: ptr16, lc: ptr8, l1: ptr16, l2: ptr16,
           moves: ptr32, k0: int, k: int, out: ptr8, p: int, keep: int, io: ptr32, adj) -> int:
    # three loops: the placements; the pass and steps; the kept moved up
    n = io[_IO_N]
    q = 3 - p
    useful = 0
    m = k0
    while m < k:
        mv = moves[m]
        m += 1
        if mv >= _STEP:
            continue
        c6 = 6 * mv
        cap = 0
        atari = 0
        danger = 0
        near = 0
        short = 0
        a = -1
        nl = 0
        d = c6
        while d < c6 + 6:
            j = int(nb[d])
            d += 1
            w = int(cell[j])
            if w == 0:
                if nl == 0:
                    a = j
                    nl = 1
                elif j != a:
                    nl = 2
            elif w == q:
                near = 1
                r = int(head[j])
                if lc[r] == 1:
                    cap += 1
                elif lc[r] == 2:
                    atari = 1
            elif w == p:
                near = 1
                r = int(head[j])
                kk = int(lc[r])
                if kk == 1:
                    danger = 1
                elif kk == 2:
                    short = 1
                if kk >= 3:
                    nl = 2
                elif kk == 2 and nl < 2:        # c and one other (in atari: c alone)
                    x = int(l1[r])
                    if x == mv:
                        x = int(l2[r])
                    if nl == 0:
                        a = x
                        nl = 1
                    elif x != a:
                        nl = 2
        v = _EYE
        if cap != 0:
            v = _CAPTURE
        elif nl < 2:
            v = _SELF_ATARI
        elif danger != 0:
            v = _ESCAPE
        elif atari != 0:
            v = _ATARI
        elif near == 0:
            v = _PLAIN
        elif short != 0:
            v = _EXTEND
        else:                       # own area, or the opponent within two steps
            d = c6
            while d < c6 + 6 and v != _CONTACT:
                j = int(nb[d])
                d += 1
                w = int(cell[j])
                if w == q:
                    v = _CONTACT
                elif w == 0:
                    v = _INSIDE
                    i = 6 * j
                    while i < 6 * j + 6:
                        x = int(nb[i])
                        i += 1
                        if cell[x] == q:
                            v = _CONTACT
                            break
        if v > _SELF_ATARI and v != _EYE:
            useful = 1
        out[m - 1] = v
    m = k0
    while m < k:                    # the pass, and neutral steps as plain
        mv = moves[m]
        if mv == _PASS:
            out[m] = _PASS_PRIOR
        elif mv >= _STEP:
            out[m] = _SLIDE
        m += 1
    e = k0
    m = k0
    while m < k:
        v = int(out[m])
        if v >= keep:
            moves[e] = moves[m]
            out[e] = v
            e += 1
        m += 1
    io[_IO_USEFUL] = useful
    return e


@micropython.viper
def rate_slide(cell: ptr8, head: ptr16, nb: ptr16, lc: ptr8, a: int, b: int, p: int,
               adj) -> int:
    q = 3 - p
    v = -1
    best = _SLIDE
    d0 = 6 * b
    while d0 < 6 * b + 6 and v < 0:
        j = int(nb[d0])
        d0 += 1
        w = int(cell[j])
        if w != 1 and w != 2:
            continue
        r = int(head[j])
        kk = int(lc[r]) - 1
        d = 6 * a
        while d < 6 * a + 6:
            i = int(nb[d])
            d += 1
            if i != b and cell[i] == w and head[i] == r:
                kk = int(lc[r])
                break
        if w == q:
            if kk <= 0:
                v = _CAPTURE
            elif kk == 1:
                best = _TAKE_NEXT
        elif kk <= 1:
            v = _SELF_ATARI
    if v < 0:
        d0 = 6 * a
        while d0 < 6 * a + 6:
            i = int(nb[d0])
            d0 += 1
            if cell[i] != p or lc[head[i]] != 1:
                continue
            r = int(head[i])
            touch = 0
            d = 6 * b
            while d < 6 * b + 6:
                j = int(nb[d])
                d += 1
                if cell[j] == p and head[j] == r:
                    touch = 1
            if touch == 0 and best < _ESCAPE:
                best = _SAVE
        v = best
    return v


@micropython.viper
def slide_steps(cell: ptr8, head: ptr16, nb: ptr16, lc: ptr8, l1: ptr16, l2: ptr16, mark: ptr8,
                n: int, p: int, buf: ptr32, k: int, adj) -> int:
    for i in range(n):
        mark[i] = 0
    for i in range(n):
        v = int(cell[i])
        if v != 1 and v != 2:
            continue
        r = int(head[i])
        c = int(lc[r])
        if c == 0 or c > 2:
            continue
        mark[l1[r]] = 1
        if c == 2:
            mark[l2[r]] = 1
        if v == p and c == 1:
            d = 6 * i
            while d < 6 * i + 6:
                j = int(nb[d])
                d += 1
                if j < n and cell[j] == _N:
                    mark[j] = 2
    for b in range(n):
        if mark[b] != 1:
            continue
        for d in range(6):
            a = int(nb[6 * b + d])
            while a < n and cell[a] == 0:
                a = int(nb[6 * a + d])
            if a < n and cell[a] == _N:
                buf[k] = _STEP | (a << 10) | b
                k += 1
    for a in range(n):
        if mark[a] != 2:
            continue
        for d in range(6):
            b = int(nb[6 * a + d])
            while b < n and cell[b] == 0:
                if mark[b] != 1:
                    buf[k] = _STEP | (a << 10) | b
                    k += 1
                b = int(nb[6 * b + d])
    return k
