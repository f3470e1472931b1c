# inpHeXion's pushes, move list, priors and wins in one in plain Python: the
# twins of kernels.py (same signatures, same results, the same buffers
# afterwards), for CPython and the WebAssembly VM.
#
# The state they work on (rules.py): cell (0 empty, 1 X, 2 O, 3 N), enb
# (empty neighbours a cell has), slots (the discs of value v in slots[(v-1)n
# ...] in any order, cnt[v] of them; pos[i] the place of the disc on i among
# them), ecnt (per colour the sum of weight over its discs), hands, pend
# (discs walled in by the last push) and forbid (the turn's starting cells).
# A call reads cnt, ecnt and hands (bytearray, array('H'), bytearray) into
# locals once and writes them back at the end.
# Tables: adj (the board's neighbour tuples: the twins iterate them) and nbr
# (the same as one flat table, 6 a cell and 255 off the board: the kernels
# read it); arc/arc_at, connect.py's arc shortcut; w1, w2: connect.Links.weight
# of X and O, 1 on the colour's first edge, 64 on its second (OR-ed over a
# group they make 65 exactly when it links); queue, a buffer of n cells.
from micropython import const

_A1 = const(32760)      # hexgames/rng.py's generators, stepped inline
_A2 = const(32730)
_M15 = const(0x7FFF)
_N = const(3)           # the Neutral Disc
_DRAW = const(255)      # run(): the pushes are drawn by the playout policy
_LINK = const(65)       # weight bits of a group that touches both edges
_MARK = const(16)       # a flood fill marks cells it has seen with + 16
_PUSH = const(0x10000)  # notation.PUSH
# run()'s result codes (bits 18 up of its return value: winner | reason << 2)
CONNECTION = const(1)
COMPLETED = const(2)
NO_MOVE = const(3)


def run(cell, nbr, enb, slots, pos, cnt, ecnt, hands, pend, forbid, queue, adj, arc,
        arc_at, w1, w2, size, pie, c, e, plies, p, turn, lc, x1, x2, out):
    """Ordinary pushes: the push c>e by p, or with c = 255 up to `plies`
    pushes drawn by the playout policy (rules.py, InpHeXion.playout) with
    their relocations. Stops early when a push ends the game, before the pie
    turn, or when a push leaves discs to relocate that it may not make (not
    drawing, too few plies or empty cells): they are then in pend[0..ns).
    lc: the last push's cell (255: none); x1, x2: the generators' state.
    Writes x1, x2, turn, the side to move (the mover while ns > 0) and lc
    to out[0..5); returns the plies made | ns << 16 | result << 18. The
    counts of the mover and of his opponent are kept in locals that change
    places with the turn."""
    n = len(cell)
    draw = c == _DRAW
    left = plies
    result = 0
    ns = 0
    q = 3 - p
    cp = cnt[p]                 # discs on the board, the mover's and the opponent's
    cq = cnt[q]
    cn = cnt[_N]
    ep = ecnt[p]                # their edge counts
    eq = ecnt[q]
    hp = hands[p]
    hq = hands[q]
    sp = n * p - n              # where their slots start
    sq = n * q - n
    sn = n + n
    if p == 1:
        wp = w1
        wq = w2
    else:
        wp = w2
        wq = w1
    while left:
        if c == _DRAW:
            # the answer to a push that broke into the mover's discs (lc,
            # where the enemy disc stands whose neighbours of the mover's
            # colour form more than one arc): push it out again, to a
            # uniformly random empty neighbour
            if lc < n and cell[lc] == q and enb[lc]:
                k = 0
                for y in adj[lc]:
                    k += k + (cell[y] == p)
                if not arc[k + arc_at[lc]]:
                    c = lc
                    x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                    x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                    r = (((x1 ^ x2) & _M15) * enb[c]) >> 15
            if c == _DRAW:
                # a pushable disc with an empty neighbour, uniformly, then one
                # of those neighbours: one draw of Rng.below(60 k) gives both
                # (60 is a multiple of every count 1..6)
                k = 60 * (cq + cn)
                while True:
                    x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                    x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                    r = (((x1 ^ x2) & _M15) * k) >> 15
                    i = r // 60
                    c = slots[sq + i] if i < cq else slots[sn]
                    if enb[c]:
                        break
                r = (r - 60 * i) % enb[c]
            for e in adj[c]:
                if not cell[e]:
                    if not r:
                        break
                    r -= 1
        left -= 1
        d = cell[c]
        k = pos[c]                  # the pushed disc keeps its slot, now at e
        slots[(sq if d == q else sn) + k] = e
        pos[e] = k
        slots[sp + cp] = c          # the mover's new disc on c
        pos[c] = cp
        cp += 1
        hp -= 1
        cell[c] = p
        lc = c
        ep += wp[c]
        # e's neighbours lose an empty neighbour. Once q has enough discs to
        # link, me records which of them hold q (connect.py, arc).
        me = 0
        if d == q:
            eq += wq[e] - wq[c]
            if cq >= size and eq & 63 and eq >> 6:
                for y in adj[e]:
                    enb[y] -= 1
                    me += me + (cell[y] == q)
                me += me + 1        # low bit: q may have linked through e
            else:
                for y in adj[e]:
                    enb[y] -= 1
        else:
            for y in adj[e]:
                enb[y] -= 1
        cell[e] = d
        # C: only the neighbours of c (e among them) can be newly walled in,
        # and any walled in now is new: c held a non-mover disc before
        ns = 0
        for x in adj[c]:
            if not enb[x]:
                v = cell[x]
                if v and v != p:
                    for y in adj[x]:
                        if cell[y] != p:
                            break
                    else:
                        pend[ns] = x
                        ns += 1
        # B: a link of the mover, else one of the opponent through e; a
        # flood fill only where the counts and the arc shortcut cannot rule
        # it out
        link = cp >= size and ep & 63 and ep >> 6
        if link and not wp[c]:
            m = 0
            for x in adj[c]:
                m += m + (cell[x] == p)
            link = not arc[m + arc_at[c]]
        if link and _reach(cell, c, wp, adj, queue):
            result = p | CONNECTION << 2
        elif me and (wq[e] or not arc[(me >> 1) + arc_at[e]]) and _reach(cell, e, wq, adj, queue):
            result = q | COMPLETED << 2
        elif ns:
            # relocations follow: the caller's to make unless drawing, when
            # they are made here by the policy: reading order, each to a
            # uniformly random allowed cell
            if not draw or ns > left or ns > n - cp - cq - cn:
                break               # (too few cells: the caller ends the game)
            left -= ns
            _sort(pend, ns)
            for i in range(ns):
                forbid[pend[i]] = 1
            for i in range(ns):
                x = pend[i]
                while True:
                    x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                    x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                    t = (((x1 ^ x2) & _M15) * n) >> 15
                    if not cell[t] and not forbid[t]:
                        break
                v = cell[x]             # the disc keeps its slot, now at t
                k = pos[x]
                slots[(sq if v == q else sn) + k] = t
                pos[t] = k
                cell[x] = 0
                for y in adj[x]:
                    enb[y] += 1
                cell[t] = v
                for y in adj[t]:
                    enb[y] -= 1
                # D, checked as each disc lands: a later relocation only
                # takes an isolated disc away, so it cannot undo a link
                if v == q:
                    eq += wq[t] - wq[x]
                    if (not result and cq >= size and eq & 63 and eq >> 6
                            and _new_link(cell, t, wq, adj, arc, arc_at, queue)):
                        result = q | COMPLETED << 2
            for i in range(ns):
                forbid[pend[i]] = 0
            ns = 0
        if not result:
            # E: the opponent needs a disc in hand and a push (the new disc
            # on c usually has an empty neighbour), or the swap
            if not (hq and (enb[c] or _pushable(slots, enb, sp, cp, cn, sn))
                    or (turn == 0 and q == 2 and pie)):
                result = p | NO_MOVE << 2
        turn += 1
        p, q = q, p
        cp, cq = cq, cp
        ep, eq = eq, ep
        hp, hq = hq, hp
        sp, sq = sq, sp
        wp, wq = wq, wp
        if result or turn == 1 and pie:
            break
        c = _DRAW
    cnt[p] = cp
    cnt[q] = cq
    ecnt[p] = ep
    ecnt[q] = eq
    hands[p] = hp
    hands[q] = hq
    out[0] = x1
    out[1] = x2
    out[2] = turn
    out[3] = p
    out[4] = lc
    return plies - left | ns << 16 | result << 18


def _reach(cell, start, w, adj, queue):
    """Whether the group of the disc on start links its colour's edges (w:
    that colour's weights). Visited discs are marked + 16, then restored."""
    v = cell[start]
    got = w[start]
    cell[start] = v + _MARK
    queue[0] = start
    head = 0
    tail = 1
    while head < tail and got != _LINK:
        for j in adj[queue[head]]:
            if cell[j] == v:
                cell[j] = v + _MARK
                queue[tail] = j
                tail += 1
                got |= w[j]
        head += 1
    for k in range(tail):
        cell[queue[k]] = v
    return got == _LINK


def _new_link(cell, start, w, adj, arc, arc_at, queue):
    """Whether the disc just put on start links, given that no group of its
    colour linked before (connect.Links.new_link)."""
    if not w[start]:
        v = cell[start]
        m = 0
        for j in adj[start]:
            m += m + (cell[j] == v)
        if arc[m + arc_at[start]]:
            return False
    return _reach(cell, start, w, adj, queue)


def _pushable(slots, enb, at, k, cn, sn):
    """Whether one of the k discs in slots[at...], or N, has an empty
    neighbour (the opponent of their owner can push)."""
    for i in range(at, at + k):
        if enb[slots[i]]:
            return True
    return cn and enb[slots[sn]]


def _sort(pend, ns):
    """pend[0..ns) in reading order (at most 3)."""
    for i in range(1, ns):
        x = pend[i]
        j = i
        while j and pend[j - 1] > x:
            pend[j] = pend[j - 1]
            j -= 1
        pend[j] = x


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
        if cnt[p] + 1 >= size and ep & 63 and ep >> 6 and _new_link(cell, c, wp, adj, arc,
                                                                       arc_at, queue):
            w = p
        elif d == q:
            eq = ecnt[q] + wq[e] - wq[c]
            if cnt[q] >= size and eq & 63 and eq >> 6 and _new_link(cell, e, wq, adj, arc,
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
            if cq >= size and h & 63 and h >> 6 and _new_link(cell, t, wq, adj, arc, arc_at,
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
