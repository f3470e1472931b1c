# XiaGo's playout in plain Python: the twin of kernels.py (the same signature,
# the same results, the same buffers afterwards), for CPython and the
# WebAssembly VM. What it computes is said here; kernels.py is the same as
# viper code. The board's other kernels are in groups/ and scan/.
#
# The position's buffers are those of stones.py (cell, head, nxt, size, libs,
# emp, epos), the superko table those of ko.py (t1, t2); z holds the Zobrist
# keys (z[k] for h1, z[k + 1] for h2), adj the board's neighbour tuples (the
# twins' neighbour loop) and nb the same as a flat 16-bit table (the
# kernels'; off the board cell n, which holds a neutral piece). Plain values
# go in and out through io, an array("i") (tables.py), at the _IO_ indices
# below; the kernel also uses io[16..27] and leaves them 0.
from micropython import const

_A1 = const(32760)      # hexgames/rng.py's generators, stepped inline
_A2 = const(32730)
_M15 = const(0x7FFF)
_MARK = const(0x8000)   # libs of a group counted as captured, while a check runs

# io: the playout's values (last + 1, so that every value is >= 0)
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


def _one_lib(cell, adj, nxt, r, skip):
    """The one liberty of group r other than skip; -1 if none, -2 if two or more."""
    a = -1
    s = r
    while True:
        for j in adj[s]:
            if not cell[j] and j != skip and j != a:
                if a >= 0:
                    return -2
                a = j
        s = nxt[s]
        if s == r:
            return a


def playout(cell, head, nxt, size, libs, emp, epos, z, nb, t1, t2, io, adj):
    """Plays io[_IO_PLIES] playout steps (playout.py says the policy) from the
    position in the buffers and io, and leaves the values of the position
    reached in io, the plies left among them. Returns 1 when it stopped
    because the superko table is 3/4 full (grow it, call again), else 0."""
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
    tfull = 3 * (tmask + 1) >> 2
    full = 0
    lastvac = 0                     # vacant neighbours of the last stone: not known
    while plies > 0:
        if tcount >= tfull:
            full = 1
            break
        plies -= 1
        p = side
        q = 3 - p
        pz = (p - 1) * n
        qz = (q - 1) * n
        # The answer to the last move: take the group it left in atari, or
        # else save an own group it put in atari.
        # (A new stone with two vacant neighbours has two liberties; a group
        # next to it twice is looked at once.)
        want = -1
        if last >= 0 and cell[last] == q:
            r = head[last]
            if libs[r] <= 6 and lastvac < 2:
                want = _one_lib(cell, adj, nxt, r, -1)
            if want < 0:
                seen = -1
                for j in adj[last]:
                    if cell[j] == p:
                        r = head[j]
                        if libs[r] <= 6 and r != seen:
                            seen = r
                            want = _one_lib(cell, adj, nxt, r, -1)
                            if want >= 0:
                                break
        # One draw per turn: a random starting point in the vacant list, then
        # the cells in list order, wrapping around.
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
        k = (((x1 ^ x2) & _M15) * nemp) >> 15
        eyes = 1                    # 1: skip own eyes and self-ataris
        ok = 0
        while True:
            for t in range(-1, nemp):
                if t < 0:
                    if want < 0:
                        continue
                    c = want
                    at = epos[c]
                else:
                    at = t + k
                    if at >= nemp:
                        at -= nemp
                    c = emp[at]
                nbs = adj[c]
                # Neighbours: vacant, of q (and the fewest pseudo-liberties
                # of their groups), of p.
                vac = nq = np = 0
                low = 0x7FFF
                for j in nbs:
                    v = cell[j]
                    if not v:
                        vac += 1
                    elif v == q:
                        nq += 1
                        jq = j
                        r = libs[head[j]]
                        if r < low:
                            low = r
                    elif v == p:
                        np += 1
                ok = 0
                if vac or nq or not eyes:   # else an own eye: p's stones, neutral pieces
                    cap = g1 = g2 = 0       # stones captured, XOR of their keys
                    if low <= nq:
                        # A group is captured when all its pseudo-liberties
                        # are at c: only one with at most nq of them can be.
                        if nq == 1:         # c is the last liberty, or not
                            r = head[jq]
                            if libs[r] == 1:
                                s = r
                                while True:
                                    g1 ^= z[qz + s]
                                    g2 ^= z[qz + s + 1]
                                    cap += 1
                                    s = nxt[s]
                                    if s == r:
                                        break
                        else:               # lower the liberties, look, restore
                            for j in nbs:
                                if cell[j] == q:
                                    libs[head[j]] -= 1
                            for j in nbs:
                                if cell[j] == q:
                                    r = head[j]
                                    if not libs[r]:    # count each group once
                                        libs[r] = _MARK
                                        s = r
                                        while True:
                                            g1 ^= z[qz + s]
                                            g2 ^= z[qz + s + 1]
                                            cap += 1
                                            s = nxt[s]
                                            if s == r:
                                                break
                            for j in nbs:
                                if cell[j] == q:
                                    r = head[j]
                                    if libs[r] >= _MARK:
                                        libs[r] = 0
                                    libs[r] += 1
                    ok = vac or cap
                    if not ok and np:       # then its liberties come from own groups
                        for j in nbs:
                            if cell[j] == p:
                                libs[head[j]] -= 1
                        for j in nbs:
                            if cell[j] == p and libs[head[j]]:
                                ok = 1
                        for j in nbs:
                            if cell[j] == p:
                                libs[head[j]] += 1
                    if ok and eyes and vac < 2 and not cap:
                        # Self-atari: the new group would have one liberty.
                        a = -1
                        if vac:
                            for j in nbs:
                                if not cell[j]:
                                    a = j
                        if np:
                            for j in nbs:
                                if cell[j] == p:
                                    i = _one_lib(cell, adj, nxt, head[j], c)
                                    if i == -2 or (i >= 0 and a >= 0 and i != a):
                                        a = -2
                                        break
                                    if i >= 0:
                                        a = i
                        if a != -2:
                            ok = 0
                    if ok:
                        y1 = h1 ^ g1 ^ z[pz + c]
                        y2 = h2 ^ g2 ^ z[pz + c + 1]
                        if nemp - 1 + cap >= minemp:
                            i = y1 & tmask
                            while True:
                                v = t1[i]
                                if v == y1 and t2[i] == y2 & 0xFFFF:
                                    ok = 0
                                    break
                                if v < 0:
                                    break
                                i = (i + 1) & tmask
                        if ok:
                            break
            if ok or not (must and eyes):
                break
            eyes = 0                # an owed placement: eyes too
        if not ok:
            side = q
            last = -1
            passes += 1
            if passes == 2:
                break
            continue
        # Place: c sits at emp[at].
        cell[c] = p
        nemp -= 1
        o = emp[nemp]
        emp[at] = o
        epos[o] = at
        h1 = y1
        h2 = y2
        r = -1                      # the new stone's group: none yet
        if np or nq:                # neighbours' liberties, merges
            for j in nbs:
                v = cell[j]
                if v == q:
                    libs[head[j]] -= 1
                elif v == p:
                    b = head[j]
                    libs[b] -= 1
                    if r < 0:           # the stone joins its first own neighbour
                        head[c] = b
                        nxt[c] = nxt[b]
                        nxt[b] = c
                        size[b] += 1
                        libs[b] += vac
                        r = b
                    elif r != b:        # merge: relabel the smaller group
                        a = r
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
                        r = a
        if r < 0:                   # a group of its own
            head[c] = c
            nxt[c] = c
            size[c] = 1
            libs[c] = vac
        if cap:
            for j in nbs:
                if cell[j] == q:
                    r = head[j]
                    if not libs[r]:     # remove the captured group
                        s = r
                        while True:
                            cell[s] = 0
                            emp[nemp] = s
                            epos[s] = nemp
                            nemp += 1
                            for i in adj[s]:
                                if cell[i] == p:
                                    libs[head[i]] += 1
                            s = nxt[s]
                            if s == r:
                                break
        # Record the new position for superko.
        i = y1 & tmask
        while t1[i] >= 0:
            i = (i + 1) & tmask
        t1[i] = y1
        t2[i] = y2 & 0xFFFF
        tcount += 1
        if nemp < minemp:
            minemp = nemp
        side = q
        passes = must = 0
        last = c
        lastvac = vac
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

