# XiaGo knowledge for the opponent: the liberties of every group, move
# priors and the evaluation at a playout's cut-off (hexgames/README.md, "The
# opponent"). Nothing here runs per playout move; every buffer is the
# base's (tables.py), so nothing allocates.
#
# (Never more than three names in one assignment: MicroPython unpacks up
# to three without building a tuple.)
#
# Liberties: groups keep only pseudo-liberties (stones.py), which say
# "none" exactly but not "one". count() walks each group once and notes, per
# group root r, its distinct liberties up to 3 in lc[r] and the first two of
# them in l1[r], l2[r].
from micropython import const
from hexgames.native import pick

# liberty counts, the evaluation (and more): native kernels where the VM
# has them, else their twins
K = pick("xiago.kernels", "xiago.twins")

_N = const(3)
_STEP = const(1 << 20)
_PASS = const(2 << 20)

# Priors, 0..16 for the mover (8: no opinion)
_CAPTURE = const(16)        # takes a group (a placement, or a slide then its placement)
_ESCAPE = const(14)         # an own group in atari gets two liberties or more
_ATARI = const(11)          # an opponent group left with one liberty
_PLAIN = const(8)
_CONTACT = const(9)         # next to a stone, the opponent within two steps
_EXTEND = const(10)         # an own group of two liberties gets more
_INSIDE = const(5)          # own stones around, no opponent near: own area
_SLIDE = const(3)           # a neutral step with no tactical point
_SELF_ATARI = const(2)      # the stone's group is left with one liberty, nothing taken
_EYE = const(1)             # fills an own eye
_PASS_PRIOR = const(2)      # while something is still worth playing
_KEEP = const(4)            # the lowest prior the search keeps


def count(g):
    """Distinct liberties (up to 3) of every group: lc, l1, l2 by root."""
    m = g.map
    K.count(g.cell, g.head, g.nxt, g.adj, m.nb, m.lc, m.l1, m.l2, m.mark, g.n)


def _placement(g, c, p):
    """The prior of a legal placement of p on c (count() done)."""
    m = g.map
    lc, l1, l2 = m.lc, m.l1, m.l2
    cell, head = g.cell, g.head
    size, adj = g.size, g.adj
    q = 3 - p
    cap = atari = danger = near = 0
    short = 0                       # an own group next to c has two liberties
    # liberties of the new group: distinct cells other than c, up to 2
    a = -1
    nl = 0
    for j in adj[c]:
        v = cell[j]
        if not v:
            if nl == 0:
                a = j
                nl = 1
            elif j != a:
                nl = 2
        elif v == q:
            near = 1
            r = head[j]
            if lc[r] == 1:
                cap += size[r]
            elif lc[r] == 2:
                atari = 1
        elif v == p:
            near = 1
            r = head[j]
            k = lc[r]
            if k == 1:
                danger = 1
            elif k == 2:
                short = 1
            if k >= 3:
                nl = 2
            elif nl < 2:            # two liberties: c and one other
                x = l1[r] if l1[r] != c else l2[r]
                if nl == 0:
                    a = x
                    nl = 1
                elif x != a:
                    nl = 2
    if cap:
        return _CAPTURE
    if nl < 2:
        return _SELF_ATARI
    if danger:
        return _ESCAPE
    if atari:
        return _ATARI
    if not near:
        return _PLAIN
    if short:
        return _EXTEND
    # Own stones around and no opponent within two steps: a placement in
    # one's own area, worth nothing under area scoring.
    inside = 1
    for j in adj[c]:
        v = cell[j]
        if v == q:
            return _CONTACT
        if not v:
            inside = 2
            for i in adj[j]:
                if cell[i] == q:
                    return _CONTACT
    return _INSIDE if inside == 2 else _EYE


def _slide(g, a, b, p):
    """The prior of a legal neutral step a -> b by p (count() done): the
    piece leaves a liberty at a and takes b."""
    m = g.map
    lc, l1, l2 = m.lc, m.l1, m.l2
    cell, head, adj = g.cell, g.head, g.adj
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
                best = 15           # in atari, and the placement follows at once
        elif k <= 1:
            return _SELF_ATARI
    for i in adj[a]:
        if cell[i] == p and lc[head[i]] == 1:
            touch = 0
            for j in adj[b]:
                if cell[j] == p and head[j] == head[i]:
                    touch = 1
            if not touch and best < _ESCAPE:
                best = 12           # an own group in atari gets a liberty
    return best


def priors_into(g, moves, k, out):
    count(g)
    p = g.side
    useful = 0
    for i in range(k):
        mv = moves[i]
        if mv < _STEP:
            v = _placement(g, mv, p)
            if v > _SELF_ATARI and v != _EYE:
                useful = 1
        elif mv == _PASS:
            v = _PASS_PRIOR
        else:
            v = _slide(g, (mv >> 10) & 1023, mv & 1023, p)
        out[i] = v
    if not useful:                  # nothing but eyes and self-ataris: pass is fine
        for i in range(k):
            if moves[i] == _PASS:
                out[i] = 10


def moves_into(g, buf, out):
    """The moves the search tries, with their priors in out; returns how
    many. The pass, the placements rated above a plain neutral step, and
    only the neutral steps that can matter: onto a liberty of a group with
    one or two (capture, atari, or a placement that captures next), or away
    from a group in atari. moves_into() of the game checks every one of the
    hundred-odd steps for a legal placement after it, which on the chip
    costs more than the playouts of a node. If nothing but the pass
    qualifies, or a placement is owed, every move is listed."""
    p = g.side
    if g.must or not g.to_move:
        k = g.moves_into(buf)
        priors_into(g, buf, k, out)
        return k
    count(g)
    m = g.map
    lc, l1, l2 = m.lc, m.l1, m.l2
    mark = m.mark
    cell, head, adj = g.cell, g.head, g.adj
    nbr, off = g.board.nbr, g.board.off
    n = g.n
    buf[0] = _PASS
    k = 1
    fresh = g.nemp - 1 < g.minemp   # a placement that captures nothing is new
    for c in range(n):
        if cell[c]:
            continue
        free = 0
        if fresh:                   # then a vacant neighbour makes it legal
            for j in adj[c]:
                v = cell[j]
                if not v:
                    free = 1
                elif v == 3 - p and lc[head[j]] == 1:
                    free = 0        # a capture: superko may forbid it
                    break
        if free or not g._check_place(c, p):
            v = _placement(g, c, p)
            if v >= _KEEP:
                buf[k] = c
                out[k] = v
                k += 1
    useful = k > 1
    # mark: 1 on the liberties of short groups, 2 on pieces next to an own
    # group in atari
    for i in range(n):
        mark[i] = 0
    for i in range(n):
        v = cell[i]
        if v == 1 or v == 2:
            r = head[i]
            if lc[r] <= 2 and lc[r]:
                mark[l1[r]] = 1
                if lc[r] == 2:
                    mark[l2[r]] = 1
                if v == p and lc[r] == 1:
                    for j in adj[i]:
                        if cell[j] == _N:
                            mark[j] = 2
    for b in range(n):
        if mark[b] != 1:
            continue
        for d in range(6):          # back along each line to a piece
            a = nbr[6 * b + d]
            while a != off and cell[a] == 0:
                a = nbr[6 * a + d]
            if a != off and cell[a] == _N:
                k = _add(g, a, b, p, buf, out, k)
    for a in range(n):
        if mark[a] != 2:
            continue
        for d in range(6):
            b = nbr[6 * a + d]
            while b != off and cell[b] == 0:
                if mark[b] != 1:    # else listed above
                    k = _add(g, a, b, p, buf, out, k)
                b = nbr[6 * b + d]
    if k > 1:
        useful = 1
    out[0] = _PASS_PRIOR if useful else 10
    if k == 1:
        k = g.moves_into(buf)
        priors_into(g, buf, k, out)
    return k


def _add(g, a, b, p, buf, out, k):
    """List the neutral step a -> b if it is legal and rated above plain."""
    if g._check_slide(a, b, p):
        return k
    v = _slide(g, a, b, p)
    if v >= _KEEP:
        buf[k] = _STEP | a << 10 | b
        out[k] = v
        k += 1
    return k


def evaluate(g):
    """Who leads at a playout's cut-off (1 X, 2 O), by an area estimate
    with komi: each stone for its owner, except that a group in atari with
    the opponent to move counts for the opponent (he takes it next); each
    vacant cell for the colour with more stones next to it."""
    m = g.map
    K.count(g.cell, g.head, g.nxt, g.adj, m.nb, m.lc, m.l1, m.l2, m.mark, g.n)
    return K.evaluate(g.cell, g.head, g.adj, m.nb, m.lc, g.n, g.side, m.komi2)
