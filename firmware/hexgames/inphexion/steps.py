# inpHeXion: the steps of a turn that are not ordinary pushes (the opening
# placement, relocations, the pie swap) and the end of a turn, with the
# bookkeeping they share; the moves of a turn that does not push. The class in
# rules.py takes these functions as its methods (g is the game); they run a
# few times a game, so they favour clarity over speed, except that they too
# allocate nothing.
from micropython import const
from hexgames.inphexion.notation import CONNECTION, COMPLETED, STUCK, NO_MOVE, RELOC

_N = const(3)           # the Neutral Disc in cell[]


def reset(g, side, turn):
    """Start of a turn of `side`, nothing pending (the caller decides the result)."""
    for i in range(g.nstart):
        g.forbid[g.start[i]] = 0
    g.side = g.to_move = side
    g.turn = turn
    g.npend = g.nstart = 0
    g.qlink = False
    g._result = None


def derive(g):
    """Rebuild enb, the slots and the counts from cell[]."""
    g.lastc = 255           # no push to answer (see _run)
    cell = g.cell
    cnt = g.cnt
    for v in range(4):
        cnt[v] = g.ecnt[v] = 0
    for i in range(len(cell)):
        e = 0
        for j in g.cf.adj[i]:
            if not cell[j]:
                e += 1
        g.enb[i] = e
        if cell[i]:
            g._list(i, cell[i])


def place(g, c):
    """The opening placement (turn 1 of the standard game)."""
    p = g.side
    g.hands[p] -= 1
    g._fill(c, p)
    if g.cnt[p] >= g.cf.size and g.cf.links.new_link(g.cell, c):
        g._over(p, CONNECTION)
    else:
        g._end_turn()


def finish(g, winner, results):
    """A link ends the game; the turn that made it counts as completed."""
    g.turn += 1
    g.side = 3 - g.side
    g.to_move = 0
    g._result = results[winner]


def end_turn(g):
    """E: the other player's turn, unless he has no legal move."""
    p = g.side
    g.turn += 1
    g.side = 3 - p
    if g._can_move(3 - p):
        g.to_move = 3 - p
    else:
        g.to_move = 0
        g._result = NO_MOVE[p]


def can_move(g, p):
    """Whether p, to move at the start of a turn, has a legal move (4.4)."""
    if g.turn == 0 and not g.cf.neutral:
        return g.hands[p] > 0 and g._empties() > 0
    if g.turn == 1 and p == 2 and g.cf.pie:
        return True
    return g.hands[p] > 0 and g._pushable(p)


def pushable(g, p):
    """Whether some disc p may push (the opponent's, or N) has an empty neighbour."""
    return g._pushes(p, 1) > 0


def count_pushes(g, p, enough=9999):
    """The number of pushes open to p (counting stops at `enough`)."""
    enb = g.enb
    slots = g.slots
    n = len(enb)
    k = 0
    v = 3 - p                   # the opponent's discs, then N (no tuple: no allocation)
    while True:
        at = (v - 1) * n
        for i in range(at, at + g.cnt[v]):
            k += enb[slots[i]]
            if k >= enough:
                return k
        if v == _N:
            return k
        v = _N


def oblige(g, ns):
    """Step C: the ns walled-in discs in pend must be relocated (or cannot be)."""
    pend = g.pend
    g._sort(ns)
    for i in range(ns):
        g.start[i] = pend[i]
        g.forbid[pend[i]] = 1
    g.npend = g.nstart = ns
    g.qlink = False
    if ns > g._empties():
        # the mover loses at once; the position keeps the push and what is pending
        g.to_move = 0
        g._result = STUCK[3 - g.side]


def sort_pending(g, ns):
    """The first ns pending discs in reading order (at most 3)."""
    pend = g.pend
    for i in range(1, ns):
        x = pend[i]
        j = i
        while j and pend[j - 1] > x:
            pend[j] = pend[j - 1]
            j -= 1
        pend[j] = x


def relocate(g, x, t):
    """The pending disc on x goes to t; after the last one, step D and E."""
    cell = g.cell
    v = cell[x]
    g._move(x, t)
    pend = g.pend
    k = g.npend - 1
    i = 0
    while pend[i] != x:
        i += 1
    while i < k:
        pend[i] = pend[i + 1]
        i += 1
    g.npend = k
    q = 3 - g.side
    # D, checked as each disc lands: a later relocation only takes an
    # isolated disc away, so it cannot undo a link
    if (v == q and not g.qlink and g.cnt[q] >= g.cf.size
            and g.cf.links.new_link(cell, t)):
        g.qlink = True
    if k:
        return
    for i in range(g.nstart):
        g.forbid[g.start[i]] = 0
    g.nstart = 0
    if g.qlink:
        g.qlink = False
        g._over(q, COMPLETED)
    else:
        g._end_turn()


def swap(g):
    """Pie: reflect (q, r) -> (r, q), exchange colours and hands; White moves."""
    s = g.cf.size
    cell = g.cell
    for r in range(s):
        for q in range(r + 1, s):
            i = r * s + q
            j = q * s + r
            v = cell[i]
            cell[i] = cell[j]
            cell[j] = v
    for i in range(s * s):
        v = cell[i]
        if v == 1 or v == 2:
            cell[i] = 3 - v
    h = g.hands
    v = h[1]
    h[1] = h[2]
    h[2] = v
    g._derive()
    g._end_turn()


def fill(g, c, v):
    """Empty cell c gets a disc of value v."""
    g._list(c, v)
    g.cell[c] = v
    enb = g.enb
    for y in g.cf.adj[c]:
        enb[y] -= 1


def move_disc(g, x, t):
    """The disc on x goes to the empty cell t, keeping its slot (as a
    playout's relocations in K.run do: the slots steer its draws)."""
    cell = g.cell
    enb = g.enb
    v = cell[x]
    k = g.pos[x]
    g.slots[(v - 1) * len(cell) + k] = t
    g.pos[t] = k
    if v != _N:
        w = g.cf.links.weight[v]
        g.ecnt[v] += w[t] - w[x]
    cell[x] = 0
    for y in g.cf.adj[x]:
        enb[y] += 1
    cell[t] = v
    for y in g.cf.adj[t]:
        enb[y] -= 1


def count_empties(g):
    """The number of empty cells."""
    cnt = g.cnt
    return len(g.cell) - cnt[1] - cnt[2] - cnt[3]


def enlist(g, i, v):
    """Cell i, now holding v, joins the discs of v."""
    if v != _N:
        g.ecnt[v] += g.cf.links.weight[v][i]
    k = g.cnt[v]
    g.slots[(v - 1) * len(g.cell) + k] = i
    g.pos[i] = k
    g.cnt[v] = k + 1


def moves_into(g, buf):
    """The legal moves of a turn that does not push into buf: the pending
    relocations, or the opening placement; returns how many."""
    p = g.to_move
    cell = g.cell
    n = len(cell)
    k = 0
    if g.npend:
        forbid = g.forbid
        for i in range(g.npend):
            base = RELOC | g.pend[i] << 8
            for t in range(n):
                if not cell[t] and not forbid[t]:
                    buf[k] = base | t
                    k += 1
        return k
    if g.hands[p]:
        for t in range(n):
            if not cell[t]:
                buf[k] = t
                k += 1
    return k
