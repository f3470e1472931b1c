# The board's bookkeeping in plain Python: the twins of kernels.py here (same
# signatures, same results, the same buffers afterwards), for CPython and the
# WebAssembly VM; what each computes is said here. A placement (Stones),
# the legal placements and the quick test of a neutral step (the game's move
# list), the count at the end, and the superko table's rehash. Nothing here
# runs per playout move (the playout is ../kernels.py).
#
# Buffers: those of stones.py (cell, head, nxt, size, libs, emp, epos), the
# superko table of ko.py (t1, t2), the base's tables (tables.py: mark,
# stack, capbuf); z the Zobrist keys (z[k] for h1, z[k + 1] for h2); adj the
# board's neighbour tuples (the twins' loop), nb the same as a flat 16-bit
# table (the kernels'; off the board cell n, which holds a neutral piece).
# io (an array("i")) holds the position's values at the _IO_ indices below,
# as ../twins.py has them.
from micropython import const
from hexgames.xiago.legal import check_place


_IO_N = const(0)
_IO_TMASK = const(1)
_IO_MINEMP = const(3)
_IO_H1 = const(4)
_IO_H2 = const(5)
_IO_NEMP = const(6)
_IO_UNSURE = const(15)  # slides(): the steps check_slide() could not tell

_STEP = const(1 << 20)  # a neutral step, as in rules.py
_UNSURE = const(1 << 29)


def place(cell, head, nxt, size, libs, emp, epos, z, nb, capbuf, io, c, p, adj):
    """A stone of p on the vacant cell c, known to be legal (Stones._place):
    c leaves the vacant list (the last one takes its slot), starts a group
    of its own that joins each own neighbour's (the smaller relabelled), and
    the opponent groups left without liberty go (their cells appended to the
    vacant list, each group to capbuf from 0). io: n, h1, h2 and nemp in,
    the new h1, h2 and nemp out."""
    n = io[_IO_N]
    q = 3 - p
    cell[c] = p
    nemp = io[_IO_NEMP] - 1
    k = epos[c]
    o = emp[nemp]
    emp[k] = o
    epos[o] = k
    h1 = io[_IO_H1] ^ z[(p - 1) * n + c]
    h2 = io[_IO_H2] ^ z[(p - 1) * n + c + 1]
    head[c] = c
    nxt[c] = c
    size[c] = 1
    nbs = adj[c]
    vac = hq = 0
    for j in nbs:
        v = cell[j]
        if v == 0:
            vac += 1
        elif v != 3:
            libs[head[j]] -= 1
            if v == q:
                hq = 1
    libs[c] = vac
    for j in nbs:
        if cell[j] == p:
            a = head[c]
            b = head[j]
            if a != b:              # merge: relabel the smaller group
                if size[a] < size[b]:
                    a, b = b, a
                s = b
                while True:
                    head[s] = a
                    s = nxt[s]
                    if s == b:
                        break
                s = nxt[a]
                nxt[a] = nxt[b]
                nxt[b] = s
                size[a] += size[b]
                libs[a] += libs[b]
    if hq:
        qz = (q - 1) * n
        for j in nbs:
            if cell[j] == q and libs[head[j]] == 0:
                r = head[j]
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
                    for i in adj[s]:
                        if cell[i] == p:
                            libs[head[i]] += 1
                    s = nxt[s]
                    if s == r:
                        break
    io[_IO_H1] = h1
    io[_IO_H2] = h2
    io[_IO_NEMP] = nemp


def places(cell, head, nxt, libs, z, nb, t1, t2, io, p, buf, k, adj):
    """The legal placements of p, by cell, into buf from k on; returns the
    new end. Legal: not suicide, and not a position seen before (superko).
    io: n, tmask, minemp, h1, h2, nemp of the position."""
    n = io[_IO_N]
    nemp = io[_IO_NEMP]
    q = 3 - p
    # A placement next to a vacant cell that captures nothing is legal if
    # every recorded position has more vacant cells than it leaves. A group
    # of q is captured only if all its pseudo-liberties are pairs with c,
    # so not if it has more than c has neighbours of q.
    fresh = nemp - 1 < io[_IO_MINEMP]
    for c in range(n):
        if cell[c]:
            continue
        if fresh:
            vac = nq = 0
            low = 99
            for j in adj[c]:
                v = cell[j]
                if not v:
                    vac = 1
                elif v == q:
                    nq += 1
                    v = libs[head[j]]
                    if v < low:
                        low = v
            if vac and low > nq:
                buf[k] = c
                k += 1
                continue
        if not check_place(cell, head, nxt, libs, z, adj, t1, t2, io, c, p):
            buf[k] = c
            k += 1
    return k


def check_slide(cell, head, libs, emp, z, nb, t1, t2, io, a, b, p, adj):
    """Whether the neutral step a -> b is legal for p, where that is quick
    to tell: 0 legal, 1 not (it leaves a group of p without liberty), 3 look
    closer (slides._check_slide: the step captures, or no placement after it
    is easily seen to be legal). Reads the buffers, changes nothing."""
    n = io[_IO_N]
    q = 3 - p
    # The groups next to b lose their pairs with b and gain those with a.
    dead = 0
    for j in adj[b]:
        v = cell[j]
        if v == 1 or v == 2:
            r = head[j]
            k = libs[r]
            for i in adj[b]:
                if cell[i] == v and head[i] == r:
                    k -= 1
            for i in adj[a]:
                if cell[i] == v and head[i] == r:
                    k += 1
            if k <= 0:
                if v == q:
                    return 3        # a capture
                dead = 1
    if dead:
        return 1
    # A placement after it with a vacant neighbour and no opponent next to
    # it is legal if the position it makes is new: surely so if every
    # recorded one has more vacant cells, else by the table.
    nemp = io[_IO_NEMP]
    fresh = nemp - 1 < io[_IO_MINEMP]
    zn = 2 * n
    y1 = io[_IO_H1] ^ z[zn + a] ^ z[zn + b]
    y2 = io[_IO_H2] ^ z[zn + a + 1] ^ z[zn + b + 1]
    pz = (p - 1) * n
    mask = io[_IO_TMASK]
    for t in range(nemp + 1):
        c = emp[t] if t < nemp else a
        if c == b:
            continue
        free = 0
        for j in adj[c]:
            if j == a:
                free = 1
            elif j != b:
                v = cell[j]
                if v == q:
                    free = 0
                    break
                if not v:
                    free = 1
        if not free:
            continue
        if fresh:
            return 0
        h1 = y1 ^ z[pz + c]
        h2 = (y2 ^ z[pz + c + 1]) & 0xFFFF
        i = h1 & mask
        while True:
            v = t1[i]
            if v == h1 and t2[i] == h2:
                break               # seen: try another cell
            if v < 0:
                return 0
            i = (i + 1) & mask
    return 3


def territory(cell, nb, emp, nemp, mark, stack, n, adj):
    """Rules section 9: the territory of X plus 4096 times O's. A region of
    vacant cells counts for the one colour it touches; neutral pieces and
    the edge only bound it. mark: 1 on the cells of regions of two cells
    or more (only vacant cells are touched); stack: the flood fill's."""
    tx = to = 0
    for k in range(nemp):
        mark[emp[k]] = 0
    for k in range(nemp):
        i = emp[k]
        if mark[i]:
            continue
        touch = 0
        for j in adj[i]:            # a region of one cell: the common case at the end
            v = cell[j]
            if not v:
                touch = -1
                break
            if v != 3:
                touch |= v
        if touch >= 0:
            cnt = 1
        else:
            mark[i] = 1
            stack[0] = i
            sp = 1
            cnt = touch = 0
            while sp:
                sp -= 1
                s = stack[sp]
                cnt += 1
                for j in adj[s]:
                    v = cell[j]
                    if not v:
                        if not mark[j]:
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


def rehash(t1, t2, old1, old2, cap):
    """The superko table (ko.py) of cap slots in old1, old2 into t1, t2 of
    twice that: every slot free (-1), then each position inserted again."""
    mask = 2 * cap - 1
    for i in range(2 * cap):
        t1[i] = -1
    for i in range(cap):
        v = old1[i]
        if v >= 0:
            j = v & mask
            while t1[j] >= 0:
                j = (j + 1) & mask
            t1[j] = v
            t2[j] = old2[i]


def slides(cell, head, libs, emp, z, nb, t1, t2, io, p, buf, k, adj):
    """Every neutral step of p (by piece, direction E NE NW W SW SE, and
    distance) that check_slide() does not refuse, into buf from k on, with
    _UNSURE set on those it cannot tell; returns the new end, and how many
    are unsure in io[_IO_UNSURE]. (A step with no stone next to either end,
    while every recorded position has more vacant cells than a placement
    leaves, is one check_slide() passes: a placement on the cell the piece
    left, if that has a vacant neighbour, is new and legal. So here it is
    not asked.)"""
    n = io[_IO_N]
    fresh = io[_IO_NEMP] - 1 < io[_IO_MINEMP]
    unsure = 0
    for a in range(n):
        if cell[a] != 3:
            continue
        quiet = fresh
        vac = 0
        for j in adj[a]:
            v = cell[j]
            if not v:
                vac += 1
            elif v != 3:
                quiet = False
        for d in range(6):
            b = nb[6 * a + d]
            near = 1                # b is a's neighbour
            while not cell[b]:      # cell n, off the board, holds a neutral piece
                why = 1
                if quiet and vac > near:
                    why = 0
                    for j in adj[b]:
                        v = cell[j]
                        if v == 1 or v == 2:
                            why = 1
                            break
                if why:
                    why = check_slide(cell, head, libs, emp, z, nb, t1, t2, io, a, b, p, adj)
                if why != 1:
                    mv = _STEP | a << 10 | b
                    if why:
                        mv |= _UNSURE
                        unsure += 1
                    buf[k] = mv
                    k += 1
                b = nb[6 * b + d]
                near = 0
    io[_IO_UNSURE] = unsure
    return k
