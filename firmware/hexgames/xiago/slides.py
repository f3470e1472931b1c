# XiaGo's neutral slides (rules/xiago.md section 10): moving a neutral piece
# along a line, the captures it makes, taking it back exactly, and the check
# that a slide is legal. Kept apart from stones.py (placements, groups), which
# they build on; the class there takes these functions as its methods, under
# the same names (one string each on the chip; g is the game). Used by the
# search and the rules, not by the playouts, which place and pass only.
from micropython import const

_N = const(3)           # cell value of a neutral piece (as in stones.py)


def _slide(g, a, b, p):
    """Move the neutral piece a -> b and remove the opponent groups left
    without liberty; returns how many stones went (listed in capbuf)."""
    cell = g.cell
    head = g.head
    libs = g.libs
    adj = g.adj
    g._move_piece(a, b)      # a takes b's place in the vacant list
    for j in adj[a]:
        v = cell[j]
        if v == 1 or v == 2:
            libs[head[j]] += 1
    for j in adj[b]:
        v = cell[j]
        if v == 1 or v == 2:
            libs[head[j]] -= 1
    q = 3 - p
    k = 0
    for j in adj[b]:
        if cell[j] == q and libs[head[j]] == 0:
            k = g._remove(head[j], q, k)
    return k


def _unslide(g, a, b, p, ncap):
    """Exactly undo _slide(a, b, p) that removed ncap stones. The removed
    groups kept their head/nxt/size, and their libs stayed 0."""
    cell = g.cell
    head = g.head
    libs = g.libs
    adj = g.adj
    capbuf = g.map.capbuf
    n = g.n
    q = 3 - p
    zq = (q - 1) * n
    for i in range(ncap):
        s = capbuf[i]
        cell[s] = q
        g.h1 ^= g.z1[zq + s]
        g.h2 ^= g.z2[zq + s]
        for j in adj[s]:
            if cell[j] == p:
                libs[head[j]] -= 1
    g.nemp -= ncap           # they were the last ones appended
    for j in adj[b]:
        v = cell[j]
        if v == 1 or v == 2:
            libs[head[j]] += 1
    for j in adj[a]:
        v = cell[j]
        if v == 1 or v == 2:
            libs[head[j]] -= 1
    g._move_piece(b, a)


def _check_slide(g, a, b, p):
    """0 if the neutral step a -> b is legal for p, 1 if it leaves a group
    of p without liberty (g.map.culprit names a stone of it), 2 if no
    legal placement could follow. Leaves the state alone."""
    cell, head, libs = g.cell, g.head, g.libs
    adj = g.adj
    quiet = 1                   # no stone next to a or b: no liberty changes
    for j in adj[a]:
        if cell[j] == 1 or cell[j] == 2:
            quiet = 0
    for j in adj[b]:
        if cell[j] == 1 or cell[j] == 2:
            quiet = 0
    if quiet:
        # Then a stone on a, left vacant, has a liberty if a keeps a vacant
        # neighbour, and cannot repeat a position if every recorded one
        # has more vacant cells: the step is legal.
        if g.nemp - 1 < g.minemp:
            for j in adj[a]:
                if j != b and not cell[j]:
                    return 0
        g._move_piece(a, b)  # no liberty changes: cell[], emp, hashes
        ncap = 0
    elif g.nemp - 1 < g.minemp and g._plain_slide(a, b, p):
        return 0
    else:
        ncap = g._slide(a, b, p)
    why = 0
    for j in adj[b]:
        if cell[j] == p and libs[head[j]] == 0:
            why = 1
            g.map.culprit = j
            break
    if not why:
        why = 2
        emp = g.emp
        for i in range(g.nemp):
            if not g._check_place(emp[i], p):
                why = 0
                break
    if quiet:
        g._move_piece(b, a)
    else:
        g._unslide(a, b, p, ncap)
    return why


def _plain_slide(g, a, b, p):
    """True if the step a -> b surely is legal, found without playing
    it (the caller knows every recorded position has more vacant cells
    than a non-capturing turn leaves): it takes no group's last
    pseudo-liberty, and some vacant cell away from the opponent keeps a
    vacant neighbour afterwards, so a placement there captures nothing,
    is no suicide and makes a new position. False: look closer."""
    cell, head, libs = g.cell, g.head, g.libs
    adj = g.adj
    for j in adj[b]:
        v = cell[j]
        if v == 1 or v == 2:
            r = head[j]
            k = libs[r]
            for i in adj[b]:
                if cell[i] == v and head[i] == r:
                    k -= 1          # its pairs with b go
            for i in adj[a]:
                if cell[i] == v and head[i] == r:
                    k += 1          # and pairs with a come
            if k <= 0:
                return False
    q = 3 - p
    emp = g.emp
    for t in range(g.nemp):
        c = emp[t]
        if c == b:
            continue
        free = 0
        for j in adj[c]:
            w = cell[j]
            if w == q:
                free = 0
                break
            if j == a or (not w and j != b):
                free = 1
        if free:
            return True
    return False


def _move_piece(g, a, b):
    """The neutral piece a -> b in cell[], the vacant list and the hashes."""
    g.cell[a] = 0
    g.cell[b] = _N
    k = g.epos[b]
    g.emp[k] = a
    g.epos[a] = k
    zn = (_N - 1) * g.n
    g.h1 ^= g.z1[zn + a] ^ g.z1[zn + b]
    g.h2 ^= g.z2[zn + a] ^ g.z2[zn + b]
