# Hexade's move list, priors and the search's kept moves as native code
# (viper): the kernels of twins.py beside it, which says what each computes;
# the same signatures and the same results. The playout's kernels are in
# ../kernels.py (its notes on viper hold here too).
import micropython
from micropython import const

# as ../kernels.py (a const of another module is a global look-up in viper)
_RING_AT = const(30)        # kstep[30..36]: the six directions, E NE NW W SW SE
_A1 = const(32760)          # hexgames/rng.py's generators, stepped inline
_A2 = const(32730)
_M15 = const(0x7FFF)
# knowledge.py's ratings
_WIN = const(16)
_BLOCK = const(15)
_DOUBLE = const(14)
_CAPTURE = const(11)

@micropython.viper
def moves(emp: ptr16, n: int, buf: ptr32, wf: int, pad: ptr16, near: ptr8) -> int:
    if wf == 0:
        for j in range(n):
            buf[j] = emp[j]
        return n
    k = 0
    for j in range(n):
        i = int(emp[j])
        d = int(pad[i]) - wf + 48
        if d < 0 or d > 96 or near[d] == 0:
            buf[k] = i
            k += 1
    return k


@micropython.viper
def priors(moves: ptr32, k: int, out: ptr8, side: int, pending: int, cell: ptr8, cnt: ptr8,
           six_at: ptr16, six_ids: ptr16, rated: ptr16, pad: ptr16, kstep: ptr8):
    # rated (knowledge.RATED): a rating, plus 32 when it is strong and 2048
    # when it makes a five, so the sixes of a cell are counted by a sum
    p = side
    q = 3 - p
    vbase = (p - 1) * 64
    for i in range(k):
        mv = int(moves[i])
        best = 0
        flags = 0
        j = int(six_at[mv])
        end = int(six_at[mv + 1])
        while j < end:
            t = int(rated[vbase + int(cnt[six_ids[j]])])
            flags += t >> 5                 # strong sixes, plus 64 a five
            t &= 31
            if t > best:
                best = t
            j += 1
        strong = flags & 63
        fours = flags >> 6
        if best < _BLOCK:
            if fours >= 2:
                best = _DOUBLE
            elif strong >= 2:
                if strong == 2:
                    best += 1
                else:
                    best += 2
                if best > _DOUBLE:
                    best = _DOUBLE
            c = int(pad[mv])
            exposed = 0
            j = _RING_AT
            while j < _RING_AT + 6:
                d = int(kstep[j]) - 128
                v = int(cell[c + d])
                if v == q:
                    if best < _CAPTURE and cell[c + d + d] == q and cell[c + 3 * d] == p:
                        best = _CAPTURE
                        if pending:
                            best = _WIN
                elif v == p:
                    u = int(cell[c + d + d])
                    w = int(cell[c - d])
                    if (u == q and w == 0) or (u == 0 and w == q):
                        exposed = 2
                j += 1
            if best < _BLOCK:
                best -= exposed
        out[i] = best


@micropython.viper
def best(buf: ptr32, prior: ptr8, k: int, width: int, count: ptr16, rng: ptr32) -> int:
    # search.py's _best: the width moves of the highest priors to the front
    for i in range(17):
        count[i] = 0
    for i in range(k):
        count[prior[i]] = count[prior[i]] + 1
    low = 16
    n = int(count[16])
    while n < width and low > 0:
        low -= 1
        n += int(count[low])
    ties = int(count[low])
    room = width - (n - ties)
    x1 = int(rng[0])
    x2 = int(rng[1])
    w = 0
    for i in range(k):
        p = int(prior[i])
        if p < low:
            continue
        if p == low:
            x1 = _A1 * (x1 & _M15) + (x1 >> 15)
            x2 = _A2 * (x2 & _M15) + (x2 >> 15)
            take = (((x1 ^ x2) & _M15) * ties) >> 15 < room
            ties -= 1
            if not take:
                continue
            room -= 1
        m = buf[i]
        buf[i] = buf[w]
        buf[w] = m
        prior[i] = prior[w]
        prior[w] = p
        w += 1
    rng[0] = x1
    rng[1] = x2
    return w
