# Hex's playout and priors as native code (viper): the kernels of twins.py,
# which says what they compute; the same signatures and the same results.
# One function each, the flood fill inlined: a call between viper functions
# goes through the runtime and costs what a bytecode call does. Hot tests are
# differences (`if c - _NONE`), not `==`: viper makes a comparison's bool first.
import micropython
from micropython import const

_A1 = const(32760)
_A2 = const(32730)
_M15 = const(0x7FFF)
_NONE = const(255)
_MARK = const(16)


@micropython.viper
def playout(cell: ptr8, free: ptr8, fpos: ptr8, nfree: int, side: int, last: int, plies: int,
            x1: int, x2: int, tri1: ptr8, at1: ptr16, tri2: ptr8, at2: ptr16, nbr: ptr8,
            queue: ptr8, size: int) -> int:
    p = side
    c = last
    while plies > 0 and nfree > 0:
        m = _NONE
        if c - _NONE:
            tri = tri1
            at = at1
            if p == 2:
                tri = tri2
                at = at2
            k = at[c]
            end = at[c + 1]
            while end - k:              # a bridge of p's through c, its other cell free
                if not cell[tri[k + 1]] and not cell[tri[k]] - p and not cell[tri[k + 2]] - p:
                    m = tri[k + 1]
                    break
                k += 3
        if not m - _NONE:
            x1 = _A1 * (x1 & _M15) + (x1 >> 15)
            x2 = _A2 * (x2 & _M15) + (x2 >> 15)
            m = free[(((x1 ^ x2) & _M15) * nfree) >> 15]
        cell[m] = p
        nfree -= 1
        k = fpos[m]
        j = free[nfree]
        free[k] = j
        fpos[j] = k
        fpos[m] = _NONE
        c = m
        p = 3 - p
        plies -= 1
    # who links: a flood fill from each colour's first edge
    n = size * size
    p = 1
    while p <= 2:
        step = 1
        if p == 2:
            step = size
        tail = 0
        s = 0
        while s < step * size:
            if not cell[s] - p:
                cell[s] = p + _MARK
                queue[tail] = s
                tail += 1
            s += step
        head = 0
        won = 0
        while head < tail:
            i = queue[head]
            head += 1
            if p == 1:
                if i >= n - size:
                    won = 1
                    break
            elif i % size == size - 1:
                won = 1
                break
            d = 6 * i
            while d < 6 * i + 6:
                j = nbr[d]
                if j - _NONE and not cell[j] - p:
                    cell[j] = p + _MARK
                    queue[tail] = j
                    tail += 1
                d += 1
        k = 0
        while k < tail:
            cell[queue[k]] = p
            k += 1
        if won:
            return p + 4 * c
        p += 1
    return 4 * c


@micropython.viper
def priors(cell: ptr8, moves: ptr32, k: int, out: ptr8, side: int, last: int, tri: ptr8,
           at: ptr16, nbr: ptr8):
    p = side
    save = _NONE
    if last != _NONE:
        j = at[last]
        end = at[last + 1]
        while j < end:
            if cell[tri[j + 1]] == 0 and cell[tri[j]] == p and cell[tri[j + 2]] == p:
                save = tri[j + 1]
                break
            j += 3
    for i in range(k):
        m = moves[i]
        v = 8
        if m == save:
            v = 16
        elif m < _NONE:
            j = at[m]
            end = at[m + 1]
            while j < end:
                if cell[tri[j + 1]] == 0 and cell[tri[j]] == p and cell[tri[j + 2]] == p:
                    v = 4
                    break
                j += 3
            if v == 8:
                for d in range(6):
                    a = nbr[6 * m + d]
                    if a == _NONE:
                        continue
                    if cell[a] == 3 - p:
                        v = 10
                    e = d + 1
                    if e == 6:
                        e = 0
                    b = nbr[6 * m + e]
                    if b != _NONE and cell[a] == 0 and cell[b] == 0:
                        x = nbr[6 * a + e]
                        if x != _NONE and cell[x] == p:
                            v = 11
                            break
        out[i] = v


@micropython.viper
def ends(cell: ptr8, moves: ptr32, k: int, out: ptr8, p: int, edge: ptr8, nbr: ptr8,
         queue: ptr8, label: ptr8, bits: ptr8, n: int) -> int:
    for i in range(n):
        label[i] = 0
    g = 0
    for s in range(n):
        if cell[s] == p and label[s] == 0:
            g += 1
            label[s] = g
            b = edge[s]
            queue[0] = s
            head = 0
            tail = 1
            while head < tail:
                i = queue[head]
                head += 1
                d = 6 * i
                while d < 6 * i + 6:
                    j = nbr[d]
                    if j != _NONE and cell[j] == p and label[j] == 0:
                        label[j] = g
                        b |= edge[j]
                        queue[tail] = j
                        tail += 1
                    d += 1
            bits[g] = b
    count = 0
    for i in range(k):
        m = moves[i]
        w = 0
        if m < n:
            b = edge[m]
            d = 6 * m
            while d < 6 * m + 6:
                j = nbr[d]
                if j != _NONE and cell[j] == p:
                    b |= bits[label[j]]
                d += 1
            if b == 3:
                w = p
                count += 1
        out[i] = w
    return count
