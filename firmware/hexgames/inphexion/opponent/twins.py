# inpHeXion's move list, priors and wins in one for the opponent in plain
# Python: the twins of kernels.py beside it (same signatures, same results),
# for CPython and the WebAssembly VM. The state and the tables are those of
# ../twins.py, which says what they hold.
from micropython import const
from hexgames.inphexion.twins import new_link

_N = const(3)           # the Neutral Disc
_PUSH = const(0x10000)  # notation.PUSH


def pushes(cell, nbr, enb, adj, n, p, buf):
    """The pushes open to p into buf (array('i')), cells in reading order,
    each disc's empty neighbours in board order; returns how many."""
    k = 0
    for c in range(n):
        v = cell[c]
        if v and v != p and enb[c]:
            base = _PUSH | c << 8
            for e in adj[c]:
                if not cell[e]:
                    buf[k] = base | e
                    k += 1
    return k


def priors(cell, nbr, moves, k, out, p, adj, arc, arc_at):
    """out[i] for moves[0..k), priors for p (8: no opinion) of the pushes
    c>e: +3 when p's disc on c joins discs of his that stand apart around
    it, +3 when taking c away parts the opponent's discs around it, -3 when
    the pushed disc on e joins the opponent's discs there (a join: the
    colour's neighbours form more than one arc). Other moves get 8."""
    q = 3 - p
    for i in range(k):
        m = moves[i]
        if m & 0x30000 != _PUSH:
            out[i] = 8
            continue
        c = (m >> 8) & 255
        e = m & 255
        a = b = 0
        for x in adj[c]:
            v = cell[x]
            a += a + (v == p)
            b += b + (v == q)
        s = 8
        at = arc_at[c]
        if not arc[a + at]:
            s += 3
        if cell[c] == q:
            if not arc[b + at]:
                s += 3
            a = 0
            for x in adj[e]:
                a += a + (x != c and cell[x] == q)
            if not arc[a + arc_at[e]]:
                s -= 3
        out[i] = s


def ends(cell, nbr, enb, moves, k, out, p, hands_q, pie_turn, cnt, ecnt, adj, arc,
         arc_at, w1, w2, queue, size):
    """For the search's look for wins in one: out[i] = the winner if the push
    moves[i] (all of moves[0..k) are pushes by p) ends the game at once, else
    0; returns how many do. A push ends it by a link of p, one of the
    opponent q through the pushed disc, more discs walled in than empty
    cells (q wins), or, walling nobody in, by leaving q no legal move (p
    wins); hands_q: q's discs in hand; pie_turn: q may swap next. Each push
    is made on cell and enb and taken back."""
    q = 3 - p
    n = len(cell)
    if p == 1:
        wp = w1
        wq = w2
    else:
        wp = w2
        wq = w1
    count = 0
    for i in range(k):
        m = moves[i]
        c = (m >> 8) & 255
        e = m & 255
        d = cell[c]
        cell[c] = p
        cell[e] = d
        for y in adj[e]:
            enb[y] -= 1
        w = 0
        # p's link through c (the counts, the arc shortcut, a flood fill)
        ep = ecnt[p] + wp[c]
        if cnt[p] + 1 >= size and ep & 63 and ep >> 6 and new_link(cell, c, wp, adj, arc,
                                                                       arc_at, queue):
            w = p
        elif d == q:
            eq = ecnt[q] + wq[e] - wq[c]
            if cnt[q] >= size and eq & 63 and eq >> 6 and new_link(cell, e, wq, adj, arc,
                                                                      arc_at, queue):
                w = q
        if not w:
            ns = 0
            for x in adj[c]:
                v = cell[x]
                if v and v != p and not enb[x]:
                    for y in adj[x]:
                        if cell[y] != p:
                            break
                    else:
                        ns += 1
            if ns:
                if ns > n - 1 - cnt[1] - cnt[2] - cnt[_N]:
                    w = q
            elif not pie_turn and not (hands_q and _can_push(cell, enb, c, p, n)):
                w = p
        for y in adj[e]:
            enb[y] += 1
        cell[e] = 0
        cell[c] = d
        out[i] = w
        if w:
            count += 1
    return count


def _can_push(cell, enb, c, p, n):
    """Whether a disc of p (the one on c first) or N has an empty neighbour."""
    return enb[c] or _any_push(cell, enb, p, n)


def _any_push(cell, enb, p, n):
    """Whether a disc of p or N has an empty neighbour."""
    for y in range(n):
        v = cell[y]
        if (v == p or v == _N) and enb[y]:
            return True
    return False


def last_relocation_ends(cell, nbr, enb, moves, k, out, x, p, hands_q, swap_next, qlink, cq,
                         eq, adj, arc, arc_at, wq, queue, size):
    """For the search's look for wins in one while the last disc of a turn,
    on x, is to be relocated by p: out[i] = the winner if its relocation to
    moves[i] & 255 ends the game, else 0; returns how many do. It ends with
    a link of the opponent q (one a relocation made earlier in the turn,
    qlink, or one the disc makes where it lands: cq, eq are q's counts), or
    by leaving q no legal move (hands_q: q's discs in hand; swap_next: q may
    swap). Each relocation is made on cell and enb and taken back."""
    q = 3 - p
    n = len(cell)
    v = cell[x]
    cell[x] = 0
    for y in adj[x]:
        enb[y] += 1
    count = 0
    for i in range(k):
        t = moves[i] & 255
        cell[t] = v
        for y in adj[t]:
            enb[y] -= 1
        w = 0
        if qlink:
            w = q
        elif v == q:
            h = eq + wq[t] - wq[x]
            if cq >= size and h & 63 and h >> 6 and new_link(cell, t, wq, adj, arc, arc_at,
                                                             queue):
                w = q
        if not w and not swap_next and not (hands_q and _any_push(cell, enb, p, n)):
            w = p
        for y in adj[t]:
            enb[y] += 1
        cell[t] = 0
        out[i] = w
        if w:
            count += 1
    for y in adj[x]:
        enb[y] -= 1
    cell[x] = v
    return count
