# Hexmeister's evaluation and move scorer in plain Python: the twins of
# kernels.py beside this file (the conventions of ../twins.py);
# evaluation.py says what the evaluation weighs and why.
from micropython import const
from hexgames.hexmeister.tables import (
    BOARD, CENTRE, NO, GATES, GATE_NO, BASE_OF, BASE_GATE_OF, BASES, GROUPS, GROUP_SIZE,
    GATE_GROUPS, GATE_TRIANGLES)

_N = const(91)
_NULLIFY = const(8)        # gates of a player that nullify the other's triangulation of f6
_ADJ = BOARD.adj

# evt, the evaluation's tables in one array (evaluation.EVT), at these offsets
E_MISSING = const(0)       # a gate line or ring by the gates it misses
E_PROG = const(7)          # a gate by the gates of a group already held
E_TRI = const(14)          # the next outer gate of a triangle
E_TRIV = const(20)         # ... and the holding
E_NEAR = const(26)         # a group all of whose missing gates can be entered
E_NUL = const(30)          # gates held against a triangle that locks the centre
E_SIEGE = const(44)        # stones beside the one blocker of a group
E_ATT = const(51)          # stones beside enemy stones
E_WON = const(58)          # a group completed this turn
_CENTRE_V = const(40)
_ENTRY = const(8)
_BESIEGE1 = const(10)      # the scorer: a first stone beside an enemy gate stone
_BESIEGE2 = const(40)      # ... a second one (and what the gate is worth to both)
OFFSET = const(1 << 20)    # on the move scorer's values: kernels read no negative from an array


def look(cell, cp, cq, gp, gq, ngp, p, kt, evt, ent, imp, alive, blk):
    """For player p (cp, gp: p's neighbour and group counts, cq, gq: the
    opponent's; ngp: p's gates): ent[13 p + k] = 1 when p can enter empty
    gate k this turn (a stone of p beside it, not secured by the other), 2
    when only from p's base (p's base gate, no bonus), else 0; imp[13 p + k]
    what gate k is worth to p; alive[11 p + t] whether p can still complete
    gate group t. blk[k] (scratch): 1 gate k is blocked for p, +2 the
    opponent triangulates it."""
    q = 3 - p
    base = 13 * p
    a = 11 * p
    # gates p can never take while things stay as they are: q's, or empty
    # ones q secures by triangulation (q's hold on the centre ends when p
    # holds 8 gates: not a block while p is close to that)
    for k in range(13):
        c = GATES[k]
        v = cell[c]
        tr = 0
        if v == 0 and (c != CENTRE or ngp < _NULLIFY):
            for t in GATE_TRIANGLES[k]:
                if gq[t] == 4:
                    tr = 2
                    break
        blk[k] = tr + (1 if v == q or (tr and (c != CENTRE or ngp < 6)) else 0)
    for t in range(6, 11):
        ok = 1
        for c in GROUPS[t]:
            if blk[GATE_NO[c]] & 1:
                ok = 0
                break
        alive[a + t] = ok
    own = 1 if cell[CENTRE] == p else 0
    oth = 1 if cell[CENTRE] == q else 0
    for t in range(6):
        alive[a + t] = 1 if gq[t] == oth else 0
    prog = E_PROG
    tri = E_TRI - own
    for k in range(13):
        c = GATES[k]
        v = 0
        for t in GATE_GROUPS[k]:
            if alive[a + t]:
                v += evt[prog + gp[t]] if t >= 6 else evt[tri + gp[t]]
        if c == CENTRE:
            v += _CENTRE_V
        imp[base + k] = v
        e = 0
        if cell[c] == 0 and cq[c] < 3 and not blk[k] & 2:
            if cp[c]:
                for j in _ADJ[c]:
                    if cell[j] == p:
                        if BASE_OF[j] == p and BASE_GATE_OF[c] == p:
                            e = 2
                        else:
                            e = 1
                            break
            if e == 0 and BASE_GATE_OF[c] == p:
                for j in BASES[p]:
                    if cell[j] == p:
                        e = 2
                        break
        ent[base + k] = e


def wins(cell, p, kt, ent, alive, used):
    """How many gate lines or rings p could complete this turn (after look()),
    entering the gates it lacks one after another (each entry earns the next
    step; one from p's own base earns none, so only one of those, last).
    Stones are matched to gates greedily (used: scratch): close to exact."""
    base = 13 * p
    n = 0
    for t in range(6, 11):
        if not alive[11 * p + t]:
            continue
        ok = True
        for c in GROUPS[t]:
            if cell[c] == 0 and not ent[base + GATE_NO[c]]:
                ok = False
                break
        if not ok:
            continue
        for c in GROUPS[t]:
            if cell[c] == 0:
                for j in _ADJ[c]:
                    used[j] = 0
        from_base = 0
        for c in GROUPS[t]:
            if cell[c]:
                continue
            got = False
            for j in _ADJ[c]:
                if cell[j] == p and not used[j] and not (BASE_OF[j] == p and BASE_GATE_OF[c] == p):
                    used[j] = 1
                    got = True
                    break
            if not got:
                from_base += 1
        if from_base <= 1:
            n += 1
    return n


def side(cell, cp, gp, gq, ngp, nsp, resp, p, kt, evt, ent, imp, alive):
    """p's value (after look()): material (every stone counts, captured ones
    are gone for good), gates, the centre, progress on the gate lines and
    rings still open, groups whose missing gates can all be entered,
    triangles, gates held against a triangle that locks the centre, entry
    threats, and the siege of a group's one blocker (siege())."""
    q = 3 - p
    v = 106 * nsp + 100 * resp + 30 * ngp
    if cell[CENTRE] == p:
        v += _CENTRE_V
    base = 13 * p
    a = 11 * p
    for t in range(6, 11):
        if alive[a + t]:
            m = GROUP_SIZE[t] - gp[t]
            v += evt[E_MISSING + m]
            if m <= 3:
                e = 0
                for c in GROUPS[t]:
                    if ent[base + GATE_NO[c]]:
                        e += 1
                if e == m:
                    v += evt[E_NEAR + m]
    own = 1 if cell[CENTRE] == p else 0
    oth = 1 if cell[CENTRE] == q else 0
    lock = False
    for t in range(6):
        if alive[a + t]:
            v += evt[E_TRIV + gp[t] - own]
        if gq[t] - oth == 4:
            lock = True
    if lock:
        v += evt[E_NUL + ngp]
    for k in range(13):
        if ent[base + k]:
            v += _ENTRY + (imp[base + k] >> 2)
    return v + siege(cell, cp, gp, q, evt)


def siege(cell, cp, gp, q, evt):
    """A gate line or ring that one stone of q alone keeps p from: p's
    stones beside that stone (a third one captures it), worth more the more
    of the group p holds (cp, gp: p's neighbour and group counts). Once every
    line and ring is blocked for both, the gate count stops moving and this
    is what still points to a win."""
    v = 0
    for t in range(6, 11):
        b = -1
        for c in GROUPS[t]:
            if cell[c] == q:
                if b >= 0:
                    b = -2
                    break
                b = c
        if b >= 0:
            v += evt[E_SIEGE + cp[b]] * (1 + gp[t])
    return v


def pressure(cell, c1, c2, p, kt, evt):
    """The stones each side can capture and the pressure on them, for p:
    90 for each stone of q beside two of p's with a free cell next to it
    (one more stone captures it, with a bonus step), -40 for each such stone
    of p (p moves first: it can save one), and the pressure of p's stones
    beside q's minus q's beside p's (twice beside a gate)."""
    hang1 = 0
    hang2 = 0
    pr = 0                  # X's pressure on O's stones minus O's on X's
    for i in range(_N):
        w = cell[i]
        if w:
            c = c2[i] if w == 1 else c1[i]
            if c:
                x = evt[E_ATT + c]
                if GATE_NO[i] != NO:
                    x += x
                pr += x if w == 2 else -x
                if c == 2:
                    for j in _ADJ[i]:
                        if cell[j] == 0:
                            if w == 1:
                                hang1 += 1
                            else:
                                hang2 += 1
                            break
    if p == 1:
        return 90 * hang2 - 40 * hang1 + pr
    return 90 * hang1 - 40 * hang2 - pr


def judge(cell, c1, c2, g1, g2, ngate, nst, res, p, kt, evt, ent, imp, alive, used):
    """The running position for p, the player to move, in hundredths of a
    stone (after look() for both): evt[E_WON] when p completes a group this
    turn; else both sides' values, q's groups completable this turn (800
    for two, 150 for one), and pressure()."""
    q = 3 - p
    if wins(cell, p, kt, ent, alive, used):
        return evt[E_WON]
    v = side(cell, c1, g1, g2, ngate[1], nst[1], res[1], 1, kt, evt, ent, imp, alive) \
        - side(cell, c2, g2, g1, ngate[2], nst[2], res[2], 2, kt, evt, ent, imp, alive)
    if p == 2:
        v = -v
    t = wins(cell, q, kt, ent, alive, used)
    if t >= 2:
        v -= 800
    elif t:
        v -= 150
    return v + pressure(cell, c1, c2, p, kt, evt)


def values(cell, cp, cq, p, kt, ent, imp, dv, ov):
    """The move scorer for p (after look() for both), plus OFFSET: dv[d]
    what arriving on empty cell d brings p (a gate and what it is worth to
    both, captures, a gate to enter next, one secured against q, the risk
    of being captured), ov[o] what leaving p's cell o costs (its gate, the
    only stone beside a gate p can enter; a stone about to be captured
    gains by leaving)."""
    q = 3 - p
    bp = 13 * p
    bq = 13 * q
    for i in range(_N):
        v = cell[i]
        if v == 0:
            s = OFFSET
            k = GATE_NO[i]
            if k != NO:
                s += 60 + imp[bp + k] + (imp[bq + k] >> 1)
            for j in _ADJ[i]:
                w = cell[j]
                if w == q:
                    k = GATE_NO[j]
                    if cp[j] == 2:
                        s += 150                # captures j (and earns a step)
                        if k != NO:
                            s += imp[bq + k]
                    elif cp[j] == 1:
                        s += 12                 # j hangs
                        if k != NO:             # a gate stone: one more stone captures it
                            s += _BESIEGE2 + ((imp[bp + k] + imp[bq + k]) >> 1)
                    elif k != NO:               # the first stone beside a gate stone
                        s += _BESIEGE1 + ((imp[bp + k] + imp[bq + k]) >> 2)
                elif w == 0 and GATE_NO[j] != NO:
                    k = GATE_NO[j]
                    if ent[bp + k] != 1:
                        s += _ENTRY + (imp[bp + k] >> 1)     # a new gate to enter
                    if cp[j] == 2 and ent[bq + k]:
                        s += 20 + (imp[bq + k] >> 1)         # secures it against q
            if cq[i] == 2:
                s -= 110                                     # q captures it next
            elif cq[i] == 1:
                s -= 6
            dv[i] = s
        elif v == p:
            s = OFFSET
            k = GATE_NO[i]
            if k != NO:
                s += 30 + imp[bp + k] + (imp[bq + k] >> 1)
            for c in _ADJ[i]:
                if cell[c] == 0 and GATE_NO[c] != NO and ent[bp + GATE_NO[c]] == 1:
                    n = 0
                    for j in _ADJ[c]:
                        if cell[j] == p:
                            n += 1
                    if n == 1:
                        s += _ENTRY + (imp[bp + GATE_NO[c]] >> 1)  # its only stone
            if cq[i] == 2:
                s -= 100                                     # hangs: leaving saves it
            ov[i] = s


def best(moves, k, start, width, val, out, dv, ov):
    """The `width` best of moves[0..k) by the scorer (values() done), best
    first, into out and their scores plus OFFSET into val: a move o-d
    scores dv[d] - ov[o], a drop on d dv[d] + 5, pass 0. The moves are read
    from index `start` round, so ties keep that rotation's order. Returns
    how many were kept."""
    n = 0
    for x in range(k):
        y = x + start
        if y >= k:
            y -= k
        m = moves[y]
        if m & 0x8000:
            sc = OFFSET
        elif m & 0x4000:
            sc = dv[m & 0x7F] + 5
        else:
            sc = dv[m & 0x7F] - ov[m >> 7] + OFFSET
        if n == width and sc <= val[n - 1]:
            continue
        i = n if n < width else width - 1
        while i > 0 and val[i - 1] < sc:
            if i < width:
                val[i] = val[i - 1]
                out[i] = out[i - 1]
            i -= 1
        val[i] = sc
        out[i] = m
        if n < width:
            n += 1
    return n
