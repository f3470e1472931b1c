# XiaGo's playout: the random game the AI runs on a copy of a position.
#
# Policy (the rules leave it to the engine):
# * Neutral pieces stay where they are: every playout turn is a placement or
#   a pass. (A slide and its placement cost a legality search of their own;
#   placements decide who owns the board.)
# * First the answer to the opponent's last placement: if it left its own
#   group in atari, take it; else if it put a group of the mover in atari,
#   play that group's liberty (kept only if it gives two liberties or more,
#   by the self-atari test below). The liberty is found by walking the group
#   (_one_lib), only for groups of at most 6 pseudo-liberties.
# * Otherwise the mover goes through the vacant cells from a uniformly
#   random starting point of the vacant list (in list order, wrapping round)
#   and plays the first that is legal -- not suicide, not a repetition
#   (superko is checked exactly, on the same hash table as in the game) --
#   is not one of his own eyes (a cell whose neighbours are all his stones
#   or neutral pieces), and is not a self-atari: a placement that captures
#   nothing and leaves its group one liberty.
#   If no cell qualifies he passes; two passes in a row end the game as in
#   the rules. Never filling one's own eyes is what makes random play end:
#   in the end every vacant cell is an eye or a suicide for the mover.
#   (The list order is itself shuffled by play. One random number per turn
#   instead of one per cell tried, and no reordering of refused cells, save
#   a little time: late in a playout most cells tried are refused.)
# * A placement owed after a neutral step (must_place) is never a pass: if
#   only eyes and self-ataris are left, one of them is played.
# Every step is legal, so the position left behind is a real game position.
#
# One flat loop over locals, with the placement code of Stones._check_place,
# _place, _merge and _remove (stones.py) written inline: no calls but
# _one_lib, and no allocation per move. The superko table only grows
# (allocates) in a playout longer than the room XiaGo keeps free (64 turns:
# the search's playouts are cut at 40, tables.py).
from micropython import const

_MARK = const(0x8000)
_A1 = const(32760)      # the multipliers of hexgames.rng.Rng.bits15
_A2 = const(32730)


def run(g, rng, seed, max_plies):
    g._origin = False               # the history no longer leads here
    if not g.to_move:
        return g._result
    rng.seed(seed)
    x1, x2 = rng.x1, rng.x2         # rng.below() inlined: the same numbers
    n = g.n
    cell = g.cell
    head = g.head
    nxt = g.nxt
    size = g.size
    libs = g.libs
    z1, z2, adj = g.z1, g.z2, g.adj
    emp, epos = g.emp, g.epos
    t1, t2, tmask = g.t1, g.t2, g.tmask
    tfull = 3 * (tmask + 1) >> 2    # keep the table at most 3/4 full
    tcount, minemp = g.tcount, g.minemp
    h1, h2, nemp = g.h1, g.h2, g.nemp
    side, passes, must = g.side, g.passes, g.must
    last = g.last
    while max_plies > 0:
        max_plies -= 1
        p = side
        q = 3 - p
        pz = (p - 1) * n
        qz = (q - 1) * n
        # The answer to the last move: take the group it left in atari, or
        # else save an own group it put in atari.
        want = -1
        if last >= 0 and cell[last] == q:
            r = head[last]
            if libs[r] <= 6:
                want = _one_lib(cell, adj, nxt, r, -1)
            if want < 0:
                for j in adj[last]:
                    if cell[j] == p:
                        r = head[j]
                        if libs[r] <= 6:
                            want = _one_lib(cell, adj, nxt, r, -1)
                            if want >= 0:
                                break
        # One draw per turn: a random starting point in the vacant list, then
        # the cells in list order, wrapping around.
        x1 = _A1 * (x1 & 0x7FFF) + (x1 >> 15)
        x2 = _A2 * (x2 & 0x7FFF) + (x2 >> 15)
        k = (((x1 ^ x2) & 0x7FFF) * nemp) >> 15
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
                nb = adj[c]
                # Neighbours: vacant, of q (and the fewest pseudo-liberties
                # of their groups), of p.
                vac = nq = np = 0
                low = 0x7FFF
                for j in nb:
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
                                    g1 ^= z1[qz + s]
                                    g2 ^= z2[qz + s]
                                    cap += 1
                                    s = nxt[s]
                                    if s == r:
                                        break
                        else:               # lower the liberties, look, restore
                            for j in nb:
                                if cell[j] == q:
                                    libs[head[j]] -= 1
                            for j in nb:
                                if cell[j] == q:
                                    r = head[j]
                                    if not libs[r]:    # count each group once
                                        libs[r] = _MARK
                                        s = r
                                        while True:
                                            g1 ^= z1[qz + s]
                                            g2 ^= z2[qz + s]
                                            cap += 1
                                            s = nxt[s]
                                            if s == r:
                                                break
                            for j in nb:
                                if cell[j] == q:
                                    r = head[j]
                                    if libs[r] >= _MARK:
                                        libs[r] = 0
                                    libs[r] += 1
                    ok = vac or cap
                    if not ok and np:       # then its liberties come from own groups
                        for j in nb:
                            if cell[j] == p:
                                libs[head[j]] -= 1
                        for j in nb:
                            if cell[j] == p and libs[head[j]]:
                                ok = 1
                        for j in nb:
                            if cell[j] == p:
                                libs[head[j]] += 1
                    if ok and eyes and vac < 2 and not cap:
                        # Self-atari: the new group would have one liberty.
                        a = -1
                        if vac:
                            for j in nb:
                                if not cell[j]:
                                    a = j
                        if np:
                            for j in nb:
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
                        y1 = h1 ^ g1 ^ z1[pz + c]
                        y2 = h2 ^ g2 ^ z2[pz + c]
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
            for j in nb:
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
            for j in nb:
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
        if tcount >= tfull:
            g.tcount, g.minemp = tcount, minemp
            g._grow()
            t1, t2, tmask = g.t1, g.t2, g.tmask
            tfull = 3 * (tmask + 1) >> 2
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
    rng.x1, rng.x2 = x1, x2
    g.h1, g.h2, g.nemp = h1, h2, nemp
    g.tcount, g.minemp = tcount, minemp
    g.side, g.passes, g.must = side, passes, must
    g.last = last
    if passes == 2:
        g.to_move = 0
        g._result = g._score()
    else:
        g.to_move = side
    return g._result


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
