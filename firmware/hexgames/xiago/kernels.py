# XiaGo's playout as native code (viper): the kernel of twins.py, which says
# what it computes; the same signature and the same results. Neighbours come
# from nb, not adj, which viper cannot read (adj comes last): off the board
# nb names cell n, which holds a neutral piece, so that no loop tests for
# the edge (a neutral piece is what the edge is to every rule); every value
# is an int >= 0 in io (a ptr32 read of a negative number differs between
# the chip and the unix port), and a free slot of the superko table (-1) is
# told by its bit 30.
#
# Three functions, none with a jump of over 2 KB: MicroPython 1.28 freezes
# ARMv6-M native code 2-byte aligned, and such a jump (or a 32-bit constant)
# reads a literal that needs 4-byte alignment, so it breaks at random in the
# board's image (tests/portable/test_xiago_thumb.py checks for them). So no
# loop's body may pass 2 KB, and the ply loop calls helpers: playout() runs
# the plies and tries the cells; a cell that might capture, or leave a lone
# liberty, goes to _judge(); the stone is placed by _place(), which also
# finds the answer to it for the next ply. They find the buffers through io
# (where each lies relative to io), and io holds the position's hash, vacant
# count, table count and fewest vacant cells, always up to date.
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
# io[16..27]: where the buffers are, for the helpers (relative to io, plus
# _BIAS: values >= 0); the kernel's scratch, zero again when it returns
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
def playout(cell: ptr8, head: ptr16, nxt: ptr16, size: ptr16, libs: ptr16, emp: ptr16,
            epos: ptr16, z: ptr32, nb: ptr16, t1: ptr32, t2: ptr16, io: ptr32, adj) -> int:
    tmask = io[_IO_TMASK]
    side = io[_IO_SIDE]
    passes = io[_IO_PASSES]
    must = io[_IO_MUST]
    last = io[_IO_LAST] - 1
    x1 = io[_IO_X1]
    x2 = io[_IO_X2]
    plies = io[_IO_PLIES]
    tfull = (3 * (tmask + 1)) >> 2
    full = 0
    # The helpers find the buffers through io: a call costs about 0.5 us an
    # int argument and 1.3 us a pointer (chip), and helpers are called on
    # almost every ply.
    a_io = int(io)
    io[_AT_CELL] = int(cell) - a_io + _BIAS
    io[_AT_HEAD] = int(head) - a_io + _BIAS
    io[_AT_NXT] = int(nxt) - a_io + _BIAS
    io[_AT_SIZE] = int(size) - a_io + _BIAS
    io[_AT_LIBS] = int(libs) - a_io + _BIAS
    io[_AT_EMP] = int(emp) - a_io + _BIAS
    io[_AT_EPOS] = int(epos) - a_io + _BIAS
    io[_AT_Z] = int(z) - a_io + _BIAS
    io[_AT_NB] = int(nb) - a_io + _BIAS
    io[_AT_T1] = int(t1) - a_io + _BIAS
    io[_AT_T2] = int(t2) - a_io + _BIAS
    want = -1
    if last >= 0 and plies > 0:     # the answer to the last move
        want = (int(_ply(a_io, -1, last, side)) >> 10) - 2
    while plies > 0:
        if io[_IO_TCOUNT] >= tfull:
            full = 1
            break
        plies -= 1
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
        k = (((x1 ^ x2) & _M15) * io[_IO_NEMP]) >> 15
        r = int(_ply(a_io, k, want, side | must << 2))
        side = 3 - side
        if r == 0:                  # a pass
            last = -1
            want = -1
            passes += 1
            if passes == 2:
                break
            continue
        last = (r & 1023) - 2
        want = (r >> 10) - 2
        passes = 0
        must = 0
    io[_IO_SIDE] = side
    io[_IO_PASSES] = passes
    io[_IO_MUST] = must
    io[_IO_LAST] = last + 1
    io[_IO_X1] = x1
    io[_IO_X2] = x2
    io[_IO_PLIES] = plies
    i = _AT_CELL
    while i <= _AT_T2:
        io[i] = 0
        i += 1
    return full


@micropython.viper
def _judge(a_io: int, c: int, x: int) -> int:
    # 1 if p may play c by the playout's rules (legal, and with eyes no
    # self-atari), the new hashes then in io; else 0, io unchanged. x packs
    # p, eyes and the census of c: vacant neighbours, of the opponent, own,
    # and whether an opponent group might be captured.
    io = ptr32(a_io)
    a_io -= _BIAS
    cell = ptr8(a_io + io[_AT_CELL])
    head = ptr16(a_io + io[_AT_HEAD])
    nxt = ptr16(a_io + io[_AT_NXT])
    libs = ptr16(a_io + io[_AT_LIBS])
    z = ptr32(a_io + io[_AT_Z])
    nb = ptr16(a_io + io[_AT_NB])
    t1 = ptr32(a_io + io[_AT_T1])
    t2 = ptr16(a_io + io[_AT_T2])
    n = io[_IO_N]
    p = x & 3
    eyes = (x >> 2) & 1
    vac = (x >> 3) & 7
    nq = (x >> 6) & 7
    np = (x >> 9) & 7
    q = 3 - p
    qz = (q - 1) * n
    c6 = 6 * c
    cap = 0
    g1 = 0
    g2 = 0
    if (x >> 12) & 1 != 0:
        # captured: a group all of whose pseudo-liberties are at c
        if nq == 1:
            r = 0
            d = c6
            while d < c6 + 6:
                j = int(nb[d])
                d += 1
                if cell[j] == q:
                    r = int(head[j])
            if libs[r] == 1:
                s = r
                while True:
                    g1 ^= z[qz + s]
                    g2 ^= z[qz + s + 1]
                    cap += 1
                    s = int(nxt[s])
                    if s == r:
                        break
        else:                           # lower the liberties, look, restore
            d = c6
            while d < c6 + 6:
                j = int(nb[d])
                d += 1
                if cell[j] == q:
                    libs[head[j]] -= 1
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
                if cell[j] == q:
                    r = int(head[j])
                    if libs[r] >= _MARK:
                        libs[r] = 0
                    libs[r] += 1
    ok = 0
    if vac != 0 or cap != 0:
        ok = 1
    elif np != 0:                       # then its liberties come from own groups
        d = c6
        while d < c6 + 6:
            j = int(nb[d])
            d += 1
            if cell[j] == p:
                libs[head[j]] -= 1
        d = c6
        while d < c6 + 6:
            j = int(nb[d])
            d += 1
            if cell[j] == p:
                if libs[head[j]] != 0:
                    ok = 1
        d = c6
        while d < c6 + 6:
            j = int(nb[d])
            d += 1
            if cell[j] == p:
                libs[head[j]] += 1
    if ok != 0 and eyes != 0 and vac < 2 and cap == 0:
        # a self-atari unless the new group gets two liberties: its vacant
        # neighbour and those of the own groups it joins
        a = -1
        d = c6
        while d < c6 + 6:
            j = int(nb[d])
            d += 1
            if cell[j] == 0:
                a = j
        d0 = c6
        while d0 < c6 + 6 and a != -2:
            j0 = int(nb[d0])
            d0 += 1
            if cell[j0] != p:
                continue
            r = int(head[j0])
            i = -1                      # the one liberty of r but c
            s = r
            while True:
                d = 6 * s
                while d < 6 * s + 6:
                    j = int(nb[d])
                    d += 1
                    if cell[j] == 0 and j != c and j != i:
                        if i >= 0:
                            i = -2
                            break
                        i = j
                s = int(nxt[s])
                if i == -2 or s == r:
                    break
            if i == -2 or (i >= 0 and a >= 0 and i != a):
                a = -2
            elif i >= 0:
                a = i
        if a != -2:
            ok = 0
    if ok == 0:
        return 0
    y1 = io[_IO_H1] ^ g1 ^ z[(p - 1) * n + c]
    y2 = io[_IO_H2] ^ g2 ^ z[(p - 1) * n + c + 1]
    if io[_IO_NEMP] - 1 + cap >= io[_IO_MINEMP]:
        tmask = io[_IO_TMASK]
        i = y1 & tmask
        while True:
            v = t1[i]
            if v == y1 and t2[i] == (y2 & 0xFFFF):
                return 0
            if (v >> 30) != 0:
                break
            i = (i + 1) & tmask
    io[_IO_H1] = y1
    io[_IO_H2] = y2
    return 1


@micropython.viper
def _ply(a_io: int, k: int, want: int, x: int) -> int:
    # One ply for p (x & 3; x & 4: a placement is owed): the cells from
    # emp[k] on, want first, tried as the twin does; the stone placed
    # (merges, captures, the position recorded); then the answer to it for
    # the next ply. Returns 0 for a pass, else c + 2 + 1024 * (answer + 2).
    # With k < 0 only the answer for p to the opponent's stone on want.
    # No early return and no block over 2 KB (see above).
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
