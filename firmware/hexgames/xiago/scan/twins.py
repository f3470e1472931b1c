# Scans of a XiaGo position in plain Python: the twins of kernels.py here
# (same signatures, same results, the same buffers afterwards), for CPython
# and the WebAssembly VM; what each computes is said here. Liberty counts and
# the cut-off evaluation, the legal placements and the quick test of neutral
# steps (the move lists of rules.py and knowledge.py), the priors, and the
# count at the end. Nothing runs per playout move (the playout is ../kernels).
#
# Buffers: those of stones.py (cell, head, nxt, size, libs, emp), the
# superko table of ko.py (t1, t2), the base's tables (tables.py: lc, l1, l2
# by group root, mark, stack); z the Zobrist keys (z[k] for h1, z[k + 1] for
# h2); adj the board's neighbour tuples (the twins' loop), nb the same as a
# flat 16-bit table, off the board >= n (the kernels'); moves in an
# array("i"). io (an array("i")) holds the position's values at the _IO_
# indices below, as ../twins.py has them.
from micropython import const

_MARK = const(0x8000)   # libs of a group counted as captured, while a check runs

_IO_N = const(0)
_IO_TMASK = const(1)
_IO_MINEMP = const(3)
_IO_H1 = const(4)
_IO_H2 = const(5)
_IO_NEMP = const(6)
_IO_USEFUL = const(14)  # priors(): whether a placement rates above an eye

_STEP = const(1 << 20)  # moves, as in rules.py
_PASS = const(2 << 20)
# Priors, 0..16 for the mover (knowledge.py says what each means)
_CAPTURE = const(16)
_TAKE_NEXT = const(15)  # a slide leaves an opponent group in atari, the placement follows
_ESCAPE = const(14)
_SAVE = const(12)       # a slide gives an own group in atari a liberty
_ATARI = const(11)
_EXTEND = const(10)
_CONTACT = const(9)
_PLAIN = const(8)
_INSIDE = const(5)
_SLIDE = const(3)
_SELF_ATARI = const(2)
_PASS_PRIOR = const(2)
_EYE = const(1)


def count(cell, head, nxt, nb, lc, l1, l2, mark, n, adj):
    """The distinct liberties of every group, up to 3, by root r: lc[r], and
    the first two found in l1[r], l2[r] (0 where none); mark[r] = 1 on the
    roots, 0 elsewhere."""
    for i in range(n):
        mark[i] = 0
    for i in range(n):
        v = cell[i]
        if v != 1 and v != 2:
            continue
        r = head[i]
        if mark[r]:
            continue
        mark[r] = 1
        a = b = -1
        k = 0
        s = r
        while True:
            for j in adj[s]:
                if not cell[j] and j != a and j != b:
                    if k == 0:
                        a = j
                    elif k == 1:
                        b = j
                    k += 1
                    if k == 3:
                        break
            if k == 3:
                break
            s = nxt[s]
            if s == r:
                break
        lc[r] = k
        l1[r] = a if a >= 0 else 0
        l2[r] = b if b >= 0 else 0


def evaluate(cell, head, nb, lc, n, mover, komi2, adj):
    """Who leads (1 X, 2 O) by an area estimate with komi2 (komi in half
    points), count() done: each stone for its owner, but a group in atari
    with the opponent to move for the mover; each vacant cell for the colour
    with more stones next to it."""
    sx = so = 0
    for i in range(n):
        v = cell[i]
        if v == 1 or v == 2:
            if v != mover and lc[head[i]] == 1:
                v = mover           # about to be taken
            if v == 1:
                sx += 1
            else:
                so += 1
        elif not v:
            x = o = 0
            for j in adj[i]:
                w = cell[j]
                if w == 1:
                    x += 1
                elif w == 2:
                    o += 1
            if x > o:
                sx += 1
            elif o > x:
                so += 1
    return 1 if 2 * sx > 2 * so + komi2 else 2


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
        if not _check_place(cell, head, nxt, libs, z, adj, t1, t2, io, c, p):
            buf[k] = c
            k += 1
    return k


def _check_place(cell, head, nxt, libs, z, adj, t1, t2, io, c, p):
    """Stones._check_place over the buffers: 0 legal, 1 suicide, 2 superko.
    The neighbours' liberties are lowered for the test and restored."""
    n = io[_IO_N]
    nb = adj[c]
    q = 3 - p
    vac = hq = 0
    for j in nb:
        v = cell[j]
        if v == 0:
            vac += 1
        elif v != 3:
            libs[head[j]] -= 1
            if v == q:
                hq = 1
    h1 = io[_IO_H1] ^ z[(p - 1) * n + c]
    h2 = io[_IO_H2] ^ z[(p - 1) * n + c + 1]
    cap = 0
    if hq:
        qz = (q - 1) * n
        for j in nb:
            if cell[j] == q:
                r = head[j]
                if libs[r] == 0:            # captured: count each group once
                    libs[r] = _MARK
                    s = r
                    while True:
                        h1 ^= z[qz + s]
                        h2 ^= z[qz + s + 1]
                        cap += 1
                        s = nxt[s]
                        if s == r:
                            break
    ok = vac or cap
    if not ok:
        for j in nb:
            if cell[j] == p and libs[head[j]]:
                ok = 1
    for j in nb:
        v = cell[j]
        if v == 1 or v == 2:
            r = head[j]
            if libs[r] >= _MARK:
                libs[r] = 0
            libs[r] += 1
    if not ok:
        return 1
    if io[_IO_NEMP] - 1 + cap >= io[_IO_MINEMP]:
        mask = io[_IO_TMASK]
        i = h1 & mask
        h2 &= 0xFFFF
        while True:
            v = t1[i]
            if v == h1:
                if t2[i] == h2:
                    return 2
            elif v < 0:
                break
            i = (i + 1) & mask
    return 0


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


def rated_places(cell, head, nxt, size, libs, z, nb, lc, l1, l2, t1, t2, io, p, buf, k,
                 out, keep, adj):
    """places() then priors() on them: the legal placements of p into
    buf[k..), rated into out, the ones rated keep or more moved up; returns
    their end (count() done). The same buffers as the two calls leave, here
    in one loop (a placement is moved up only over ones already rated)."""
    n = io[_IO_N]
    q = 3 - p
    fresh = io[_IO_NEMP] - 1 < io[_IO_MINEMP]
    useful = 0
    e = m = k
    for c in range(n):
        if cell[c]:
            continue
        nbs = adj[c]
        # one look at the neighbours for the legality (as places) and the
        # prior (as priors)
        vac = nq = cap = atari = danger = near = short = 0
        low = 99
        a = -1
        nl = 0
        for j in nbs:
            v = cell[j]
            if not v:
                vac = 1
                if nl == 0:
                    a = j
                    nl = 1
                elif j != a:
                    nl = 2
            elif v == q:
                near = 1
                nq += 1
                r = head[j]
                x = libs[r]
                if x < low:
                    low = x
                x = lc[r]
                if x == 1:
                    cap = 1
                elif x == 2:
                    atari = 1
            elif v == p:
                near = 1
                r = head[j]
                x = lc[r]
                if x == 1:
                    danger = 1
                elif x == 2:
                    short = 1
                if x >= 3:
                    nl = 2
                elif nl < 2:            # two liberties: c and one other
                    x = l1[r] if l1[r] != c else l2[r]
                    if nl == 0:
                        a = x
                        nl = 1
                    elif x != a:
                        nl = 2
        if not (fresh and vac and low > nq) and _check_place(cell, head, nxt, libs, z, adj,
                                                               t1, t2, io, c, p):
            continue                    # not legal
        if cap:
            v = _CAPTURE
        elif nl < 2:
            v = _SELF_ATARI
        elif danger:
            v = _ESCAPE
        elif atari:
            v = _ATARI
        elif not near:
            v = _PLAIN
        elif short:
            v = _EXTEND
        else:
            v = _EYE
            for j in nbs:
                w = cell[j]
                if w == q:
                    v = _CONTACT
                    break
                if not w:
                    v = _INSIDE
                    for i in adj[j]:
                        if cell[i] == q:
                            v = _CONTACT
                            break
                    if v == _CONTACT:
                        break
        if v > _SELF_ATARI and v != _EYE:
            useful = 1
        buf[m] = c
        out[m] = v
        m += 1
        if v >= keep:
            buf[e] = c
            out[e] = v
            e += 1
    io[_IO_USEFUL] = useful
    return e


def priors(cell, head, size, nb, lc, l1, l2, moves, k0, k, out, p, keep, io, adj):
    """The prior (0..16, for p) of each placement and pass of moves[k0..k)
    into out[k0..k) (a neutral step gets 3, a plain one: rate_slide() rates
    them), count() done; then the moves rated keep or more, with their
    priors, are moved up from k0 on (all of them with keep 0). Returns their end;
    io[_IO_USEFUL] = 1 if a placement rates more than a self-atari or an
    eye. knowledge.py says the priors. (One loop here: a move is moved up
    only over moves already rated, so that is the same.)"""
    q = 3 - p
    useful = 0
    e = k0
    for m in range(k0, k):
        c = moves[m]
        if c >= _STEP:
            v = _PASS_PRIOR if c == _PASS else _SLIDE     # steps: rate_slide()
        else:
            # a placement, written out here: a call per move costs CPython
            # more than the rest of the rating
            cap = atari = danger = near = short = 0
            # liberties of the new group: distinct cells other than c, up to 2
            a = -1
            nl = 0
            nbs = adj[c]
            for j in nbs:
                v = cell[j]
                if not v:
                    if nl == 0:
                        a = j
                        nl = 1
                    elif j != a:
                        nl = 2
                elif v == q:
                    near = 1
                    r = lc[head[j]]
                    if r == 1:
                        cap = 1
                    elif r == 2:
                        atari = 1
                elif v == p:
                    near = 1
                    r = head[j]
                    n = lc[r]
                    if n == 1:
                        danger = 1
                    elif n == 2:
                        short = 1
                    if n >= 3:
                        nl = 2
                    elif nl < 2:        # two liberties: c and one other
                        x = l1[r] if l1[r] != c else l2[r]
                        if nl == 0:
                            a = x
                            nl = 1
                        elif x != a:
                            nl = 2
            if cap:
                v = _CAPTURE
            elif nl < 2:
                v = _SELF_ATARI
            elif danger:
                v = _ESCAPE
            elif atari:
                v = _ATARI
            elif not near:
                v = _PLAIN
            elif short:
                v = _EXTEND
            else:
                # own stones around and no opponent within two steps: own
                # area, worth nothing under area scoring
                v = _EYE
                for j in nbs:
                    w = cell[j]
                    if w == q:
                        v = _CONTACT
                        break
                    if not w:
                        v = _INSIDE
                        for i in adj[j]:
                            if cell[i] == q:
                                v = _CONTACT
                                break
                        if v == _CONTACT:
                            break
            if v > _SELF_ATARI and v != _EYE:
                useful = 1
        out[m] = v
        if v >= keep:
            moves[e] = c
            out[e] = v
            e += 1
    io[_IO_USEFUL] = useful
    return e


def rate_slide(cell, head, nb, lc, a, b, p, adj):
    """The prior (0..16, for p) of the legal neutral step a -> b, count()
    done: the piece leaves a liberty at a and takes one at b."""
    q = 3 - p
    best = _SLIDE
    for j in adj[b]:
        v = cell[j]
        if v != 1 and v != 2:
            continue
        r = head[j]
        k = lc[r]
        gain = 0                    # r gains a if it touches a
        for i in adj[a]:
            if i != b and cell[i] == v and head[i] == r:
                gain = 1
        k += gain - 1
        if v == q:
            if k <= 0:
                return _CAPTURE     # taken by the slide itself
            if k == 1:
                best = _TAKE_NEXT
        elif k <= 1:
            return _SELF_ATARI
    for i in adj[a]:
        if cell[i] == p and lc[head[i]] == 1:
            touch = 0
            for j in adj[b]:
                if cell[j] == p and head[j] == head[i]:
                    touch = 1
            if not touch and best < _ESCAPE:
                best = _SAVE
    return best


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
