# The opponent's reading of a XiaGo position in plain Python: the twins of
# kernels.py here (same signatures, same results, the same buffers
# afterwards), for CPython and the WebAssembly VM; what each computes is said
# here. Liberty counts and the cut-off evaluation, the priors of placements
# (rated_places: the legal ones, rated, for the search's list), of the pass
# and of neutral steps. knowledge.py says what the priors mean.
#
# Buffers as in ../groups/twins.py, and the base's lc, l1, l2 (liberties of
# groups by root, tables.py); moves in an array("i"); io as there.
from micropython import const
from hexgames.xiago.legal import check_place

_IO_N = const(0)
_IO_MINEMP = const(3)
_IO_NEMP = const(6)
_IO_USEFUL = const(14)  # priors(): whether a placement rates above an eye

_STEP = const(1 << 20)  # moves, as in rules.py
_PASS = const(2 << 20)
_N = const(3)
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
                elif x == 2 and nl < 2:     # c and one other (in atari: c alone)
                    x = l1[r] if l1[r] != c else l2[r]
                    if nl == 0:
                        a = x
                        nl = 1
                    elif x != a:
                        nl = 2
        if not (fresh and vac and low > nq) and check_place(cell, head, nxt, libs, z, adj,
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
                    elif n == 2 and nl < 2:     # c and one other (in atari: c alone)
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


def slide_steps(cell, head, nb, lc, l1, l2, mark, n, p, buf, k, adj):
    """The neutral steps that can matter to p, count() done, as moves into
    buf from k (the search's list rates each and keeps some); returns the
    new end. First the steps onto a liberty of a group with one or two
    (cells in order, each line back to its piece), then those of a piece
    next to an own group in atari, away along each line (the cells not
    listed already). mark: 1 on those liberties, 2 on those pieces."""
    for i in range(n):
        mark[i] = 0
    for i in range(n):
        v = cell[i]
        if v == 1 or v == 2:
            r = head[i]
            c = lc[r]
            if c and c <= 2:
                mark[l1[r]] = 1
                if c == 2:
                    mark[l2[r]] = 1
                if v == p and c == 1:
                    for j in adj[i]:
                        if cell[j] == _N:
                            mark[j] = 2
    for b in range(n):
        if mark[b] == 1:
            for d in range(6):
                a = nb[6 * b + d]
                while a < n and not cell[a]:
                    a = nb[6 * a + d]
                if a < n and cell[a] == _N:
                    buf[k] = _STEP | a << 10 | b
                    k += 1
    for a in range(n):
        if mark[a] == 2:
            for d in range(6):
                b = nb[6 * a + d]
                while b < n and not cell[b]:
                    if mark[b] != 1:
                        buf[k] = _STEP | a << 10 | b
                        k += 1
                    b = nb[6 * b + d]
    return k
