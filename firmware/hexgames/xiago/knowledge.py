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

# liberty counts, the evaluation and the priors: native kernels where the
# VM has them, else their twins (scan/)
K = pick("xiago.scan.kernels", "xiago.scan.twins")

_STEP = const(1 << 20)
_PASS = const(2 << 20)

# Priors, 0..16 for the mover (8: no opinion), as scan/ rates moves:
#   16  takes a group (a placement, or a slide then its placement)
#   15  a slide that leaves an opponent group in atari (the placement follows)
#   14  an own group in atari gets two liberties or more
#   12  a slide that gives an own group in atari a liberty
#   11  an opponent group left with one liberty
#   10  an own group of two liberties gets more
#    9  next to a stone, the opponent within two steps
#    8  a placement away from every stone
#    5  own stones around, no opponent near: own area
#    3  a neutral step with no tactical point
#    2  a self-atari (the stone's group is left with one liberty, nothing
#       taken), and the pass while something is still worth playing
#    1  fills an own eye
#   10  the pass, when nothing but eyes and self-ataris is left
_PASS_PRIOR = const(2)      # while something is still worth playing
_KEEP = const(4)            # the lowest prior the search keeps
_IO_USEFUL = const(14)      # io: a placement rates more than a self-atari or an eye


def count(g):
    """Distinct liberties (up to 3) of every group: lc, l1, l2 by root."""
    m = g.map
    K.count(g.cell, g.head, g.nxt, m.nb, m.lc, m.l1, m.l2, m.mark, g.n, g.adj)


def priors_into(g, moves, k, out):
    count(g)
    m = g.map
    cell, head = g.cell, g.head
    nb, lc = m.nb, m.lc
    p = g.side
    io = g._io()
    K.priors(cell, head, g.size, nb, lc, m.l1, m.l2, moves, 0, k, out, p, 0, io, g.adj)
    for i in range(k):
        mv = moves[i]
        if _STEP <= mv < _PASS:     # a neutral step
            out[i] = K.rate_slide(cell, head, nb, lc, (mv >> 10) & 1023, mv & 1023, p, g.adj)
    if not io[_IO_USEFUL]:          # nothing but eyes and self-ataris: pass is fine
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
    lc = m.lc
    cell, head, adj = g.cell, g.head, g.adj
    io = g._io()
    buf[0] = _PASS
    k = K.rated_places(cell, head, g.nxt, g.size, g.libs, g.z1, m.nb, lc, m.l1, m.l2, g.t1,
                       g.t2, io, p, buf, 1, out, _KEEP, adj)
    useful = k > 1
    # The steps are listed after the placements and kept in place: each
    # is read before its slot can be written again.
    e = k
    for i in range(k, K.slide_steps(cell, head, m.nb, lc, m.l1, m.l2, m.mark, g.n, p, buf,
                                    k, adj)):
        mv = buf[i]
        a = (mv >> 10) & 1023
        b = mv & 1023
        if g._quick_slide(a, b, p):
            continue
        v = K.rate_slide(cell, head, m.nb, lc, a, b, p, adj)
        if v >= _KEEP:
            buf[e] = mv
            out[e] = v
            e += 1
    k = e
    if k > 1:
        useful = 1
    out[0] = _PASS_PRIOR if useful else 10
    if k == 1:
        k = g.moves_into(buf)
        priors_into(g, buf, k, out)
    return k


def evaluate(g):
    """Who leads at a playout's cut-off (1 X, 2 O), by an area estimate
    with komi: each stone for its owner, except that a group in atari with
    the opponent to move counts for the opponent (he takes it next); each
    vacant cell for the colour with more stones next to it."""
    m = g.map
    K.count(g.cell, g.head, g.nxt, m.nb, m.lc, m.l1, m.l2, m.mark, g.n, g.adj)
    return K.evaluate(g.cell, g.head, m.nb, m.lc, g.n, g.side, m.komi2, g.adj)
