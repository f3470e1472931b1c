# The playout kernel's ply (kernels.py): tries the cells of a ply, places the
# stone, finds the answer for the next ply. Native code only: the twin of the
# playout's three functions is twins.py's playout. It finds the buffers
# through io, as kernels.py says.
import micropython
from micropython import const
from hexgames.xiago.kernels_judge import _judge

_IO_N = const(0)
_IO_TMASK = const(1)
_IO_TCOUNT = const(2)
_IO_MINEMP = const(3)
_IO_H1 = const(4)
_IO_H2 = const(5)
_IO_NEMP = const(6)
_AT_CELL = const(16)
_AT_HEAD = const(17)
_AT_NXT = const(18)
_AT_SIZE = const(19)
_AT_LIBS = const(20)
_AT_EMP = const(21)
_AT_EPOS = const(22)
_AT_Z = const(23)
_AT_NB = const(24)
_AT_T1 = const(25)
_AT_T2 = const(26)
_BIAS = const(1 << 29)


@micropython.viper
def _ply(a_io: int, k: int, want: int, x: int) -> int:
    # One ply for p (x & 3; x & 4: a placement is owed): the cells from
    # emp[k] on, want first, tried as the twin does; the stone placed
    # (merges, captures, the position recorded); then the answer to it for
    # the next ply. Returns 0 for a pass, else c + 2 + 1024 * (answer + 2).
    # With k < 0 only the answer for p to the opponent's stone on want.
    # No early return.
    io = ptr32(a_io)
    a_io -= _BIAS
    cell = ptr8(a_io + io[_AT_CELL])
    head = ptr16(a_io + io[_AT_HEAD])
    nxt = ptr16(a_io + io[_AT_NXT])
    size = ptr16(a_io + io[_AT_SIZE])
    libs = ptr16(a_io + io[_AT_LIBS])
    emp = ptr16(a_io + io[_AT_EMP])
    epos = ptr16(a_io + io[_AT_EPOS])
    z = ptr32(a_io + io[_AT_Z])
    nb = ptr16(a_io + io[_AT_NB])
    t1 = ptr32(a_io + io[_AT_T1])
    t2 = ptr16(a_io + io[_AT_T2])
    a_io += _BIAS
    n = io[_IO_N]
    tmask = io[_IO_TMASK]
    p = x & 3
    must = (x >> 2) & 1
    q = 3 - p
    pz = (p - 1) * n
    nemp = io[_IO_NEMP]
    minemp = io[_IO_MINEMP]
    end = nemp                      # the cells to try: none for an answer only
    if k < 0:
        end = -1
    c = -1
    at = 0
    vac = 0
    nq = 0
    low = 0
    eyes = 1
    ok = 0
    while True:
        t = -1
        while t < end:
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
            vac = 0
            nq = 0
            np = 0
            low = 0x7FFF
            d = 6 * c
            while d < 6 * c + 6:
                j = int(nb[d])
                d += 1
                v = int(cell[j])
                if v == 0:
                    vac += 1
                elif v == q:
                    nq += 1
                    r = int(libs[head[j]])
                    if r < low:
                        low = r
                elif v == p:
                    np += 1
            if vac == 0 and nq == 0 and eyes != 0:
                continue                    # an own eye
            if low > nq and vac < 2 and np == 0 and (vac == 0 or eyes != 0):
                continue                    # a lone stone, suicide or in atari
            if low > nq and vac >= 2:       # no capture, no self-atari
                y1 = io[_IO_H1] ^ z[pz + c]
                y2 = io[_IO_H2] ^ z[pz + c + 1]
                ok = 1
                if nemp - 1 >= minemp:
                    i = y1 & tmask
                    while True:
                        v = t1[i]
                        if v == y1 and t2[i] == (y2 & 0xFFFF):
                            ok = 0
                            break
                        if (v >> 30) != 0:  # a free slot
                            break
                        i = (i + 1) & tmask
                if ok != 0:
                    io[_IO_H1] = y1
                    io[_IO_H2] = y2
            else:                           # the census goes along, packed
                y1 = p | eyes << 2 | vac << 3 | nq << 6 | np << 9
                if low <= nq:
                    y1 |= 1 << 12
                ok = int(_judge(a_io, c, y1))
            if ok != 0:
                break
        if ok != 0 or must == 0 or eyes == 0:
            break
        eyes = 0
    if k < 0:
        c = -1
        at = want
    r = -1
    if ok != 0:
        cell[c] = p
        nemp -= 1
        o = int(emp[nemp])
        emp[at] = o
        epos[o] = at
        d = 6 * c
        while d < 6 * c + 6:
            j = int(nb[d])
            d += 1
            v = int(cell[j])
            if v == q:
                libs[head[j]] -= 1
            elif v == p:
                b = int(head[j])
                libs[b] -= 1
                if r < 0:                   # the stone joins its first own neighbour
                    head[c] = b
                    nxt[c] = nxt[b]
                    nxt[b] = c
                    size[b] += 1
                    libs[b] += vac
                    r = b
                elif r != b:                # merge: relabel the smaller group
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
    if ok != 0 and low <= nq:               # captured groups go (none unless
        d = 6 * c                           # a group of q had so few)
        while d < 6 * c + 6:
            j = int(nb[d])
            d += 1
            if cell[j] != q:
                continue
            r = int(head[j])
            if libs[r] != 0:
                continue
            s = r
            while True:
                cell[s] = 0
                emp[nemp] = s
                epos[s] = nemp
                nemp += 1
                i = 6 * s
                while i < 6 * s + 6:
                    x = int(nb[i])
                    i += 1
                    if cell[x] == p:
                        libs[head[x]] += 1
                s = int(nxt[s])
                if s == r:
                    break
    if ok != 0:                             # the position recorded
        i = io[_IO_H1] & tmask
        while (t1[i] >> 30) == 0:
            i = (i + 1) & tmask
        t1[i] = io[_IO_H1]
        t2[i] = io[_IO_H2] & 0xFFFF
        io[_IO_TCOUNT] += 1
        io[_IO_NEMP] = nemp
        if nemp < io[_IO_MINEMP]:
            io[_IO_MINEMP] = nemp
        at = c
        p = q
    # the answer for p to the stone on at (of the opponent)
    want = -1
    if (ok == 0 and k >= 0) or cell[at] != 3 - p:
        at = -1                             # none: a pass, or not his stone
    seen = -1                               # the group looked at last
    d0 = 6 * at - 1                         # -1: the stone's own group first
    while d0 < 6 * at + 6 and want < 0 and at >= 0:
        r = -1
        if d0 < 6 * at:
            r = int(head[at])
        else:
            j = int(nb[d0])
            if cell[j] == p:
                r = int(head[j])
        d0 += 1
        if r < 0 or r == seen or libs[r] > 6:
            continue
        seen = r
        if d0 == 6 * at and vac >= 2 and k >= 0:
            continue                        # the new stone's group: two liberties
        a = -1
        s = r
        while True:
            d = 6 * s
            while d < 6 * s + 6:
                j = int(nb[d])
                d += 1
                if cell[j] == 0 and j != a:
                    if a >= 0:
                        a = -2
                        break
                    a = j
            s = int(nxt[s])
            if a == -2 or s == r:
                break
        want = a
    if ok == 0 and k >= 0:
        return 0
    return c + 2 + 1024 * (want + 2)
