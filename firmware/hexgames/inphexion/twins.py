# inpHeXion's pushes and playouts in plain Python: the twin of kernels.py
# (same signature, same results, the same buffers afterwards), for CPython
# and the WebAssembly VM; opponent/twins.py has the opponent's.
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
                            and new_link(cell, t, wq, adj, arc, arc_at, queue)):
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


def new_link(cell, start, w, adj, arc, arc_at, queue):
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
