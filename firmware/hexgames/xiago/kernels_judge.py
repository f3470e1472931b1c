# The playout kernel's judge (kernels.py): whether the player may play a cell
# that might capture or leave a lone liberty, by the playout's rules. Native
# code only: the twin of the playout's three functions is twins.py's playout.
# It finds the buffers through io, as kernels.py says.
import micropython
from micropython import const

_MARK = const(0x8000)
_IO_N = const(0)
_IO_TMASK = const(1)
_IO_MINEMP = const(3)
_IO_H1 = const(4)
_IO_H2 = const(5)
_IO_NEMP = const(6)
_AT_CELL = const(16)
_AT_HEAD = const(17)
_AT_NXT = const(18)
_AT_LIBS = const(20)
_AT_Z = const(23)
_AT_NB = const(24)
_AT_T1 = const(25)
_AT_T2 = const(26)
_BIAS = const(1 << 29)


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
