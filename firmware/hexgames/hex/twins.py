# Hex's playout and priors in plain Python: the twins of kernels.py (same
# signatures, same results), for CPython and the WebAssembly VM.
#
# The playout fills the board and then asks once who links: a stone never
# breaks a link, so the first player to link is the one whose link stands
# on the filled board (and a full board always holds exactly one). The
# moves are those of a playout that stopped at the link; the moves after it
# only add to the all-moves-as-first counts, as in other Hex programs.
# Tables: tri/at, a colour's bridge triples and where each cell's start
# (connect.Links.bridges); nbr, the board's neighbour table (6 a cell, 255
# off the board); queue, a buffer of n cells for the flood fill.
from micropython import const

_A1 = const(32760)      # hexgames/rng.py's generators, stepped inline
_A2 = const(32730)
_M15 = const(0x7FFF)
_NONE = const(255)


def playout(cell, free, fpos, nfree, side, last, plies, x1, x2,
            tri1, at1, tri2, at2, nbr, queue, size):
    """Plays min(plies, nfree) moves on cell/free/fpos from `side` to move
    after `last` (255: none): the other cell of the bridge the last stone
    broke into, else a uniformly random empty cell (Rng.below over free
    from the generator state x1, x2). Returns winner + 4 * the last cell
    played; winner 0 when nobody links yet."""
    p = side
    c = last
    while plies > 0 and nfree > 0:
        m = _NONE
        if c != _NONE:
            if p == 1:
                tri = tri1
                at = at1
            else:
                tri = tri2
                at = at2
            for k in range(at[c], at[c + 1], 3):
                if cell[tri[k + 1]] == 0 and cell[tri[k]] == p and cell[tri[k + 2]] == p:
                    m = tri[k + 1]
                    break
        if m == _NONE:
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
    n = size * size
    if _linked(cell, 1, nbr, queue, size, n):
        return 1 + 4 * c
    if _linked(cell, 2, nbr, queue, size, n):
        return 2 + 4 * c
    return 4 * c


def _linked(cell, p, nbr, queue, size, n):
    """Whether p's stones link p's edges: a flood fill from p's first edge
    (X: row 1, O: column a); visited stones are marked +16 and restored."""
    tail = 0
    step = 1 if p == 1 else size
    for s in range(0, step * size, step):
        if cell[s] == p:
            cell[s] = p + 16
            queue[tail] = s
            tail += 1
    head = 0
    won = False
    while head < tail:
        i = queue[head]
        head += 1
        if (i >= n - size) if p == 1 else (i % size == size - 1):
            won = True
            break
        for d in range(6 * i, 6 * i + 6):
            j = nbr[d]
            if j != _NONE and cell[j] == p:
                cell[j] = p + 16
                queue[tail] = j
                tail += 1
    for k in range(tail):
        cell[queue[k]] = p
    return won


def priors(cell, moves, k, out, side, last, tri, at, nbr):
    """out[i] for moves[0..k): 16 for keeping the bridge the last stone broke
    into; 4 for a cell of one of the mover's intact bridges; 11 for a cell
    that makes a bridge with a stone of the mover; 10 for one next to an
    enemy stone; else 8 (tri/at: the mover's bridge tables)."""
    p = side
    save = _NONE
    if last != _NONE:
        for j in range(at[last], at[last + 1], 3):
            if cell[tri[j + 1]] == 0 and cell[tri[j]] == p and cell[tri[j + 2]] == p:
                save = tri[j + 1]
                break
    for i in range(k):
        m = moves[i]
        v = 8
        if m == save:
            v = 16
        elif m < _NONE:
            for j in range(at[m], at[m + 1], 3):
                if cell[tri[j + 1]] == 0 and cell[tri[j]] == p and cell[tri[j + 2]] == p:
                    v = 4
                    break
            else:
                for d in range(6):
                    a = nbr[6 * m + d]
                    if a == _NONE:
                        continue
                    if cell[a] == 3 - p:
                        v = 10
                    e = d + 1 if d < 5 else 0
                    b = nbr[6 * m + e]
                    if b != _NONE and cell[a] == 0 and cell[b] == 0:
                        x = nbr[6 * a + e]
                        if x != _NONE and cell[x] == p:
                            v = 11
                            break
        out[i] = v


def ends(cell, moves, k, out, p, edge, nbr, queue, label, bits, n):
    """out[i] = p for each move of moves[0..k) that links p's edges at once
    (its own edge bits and those of the groups of p it touches make both),
    else 0; returns how many do. p's groups are numbered first (label, and
    their edge bits in bits). edge: edge[p] of connect.Links."""
    for i in range(n):
        label[i] = 0
    g = 0
    for s in range(n):
        if cell[s] == p and not label[s]:
            g += 1
            label[s] = g
            b = edge[s]
            queue[0] = s
            head = 0
            tail = 1
            while head < tail:
                i = queue[head]
                head += 1
                for d in range(6 * i, 6 * i + 6):
                    j = nbr[d]
                    if j != _NONE and cell[j] == p and not label[j]:
                        label[j] = g
                        b |= edge[j]
                        queue[tail] = j
                        tail += 1
            bits[g] = b
    count = 0
    for i in range(k):
        m = moves[i]
        w = 0
        if m < n:
            b = edge[m]
            for d in range(6 * m, 6 * m + 6):
                j = nbr[d]
                if j != _NONE and cell[j] == p:
                    b |= bits[label[j]]
            if b == 3:
                w = p
                count += 1
        out[i] = w
    return count
