# A Hexmeister step, its taking back and the playout in plain Python: the
# twins of kernels.py beside this file (the conventions of ../twins.py).
from micropython import const
from hexgames.hexmeister.tables import (
    BOARD, CENTRE, NO, GATE_NO, BASE_OF, BASE_GATE_OF, BASES, GROUPS, GROUP_SIZE, GATE_GROUPS,
    GATE_TRIANGLES)
from hexgames.hexmeister.twins import draw, stone_move

_N = const(91)
_NULLIFY = const(8)        # gates of a player that nullify the other's triangulation of f6
_ADJ = BOARD.adj

_PASS = const(0x8000)
_DROP = const(0x4000)
_RESERVE = const(182)      # tables.K_RESERVE, K_SIDE: where KEYS holds the reserves', O's key
_SIDE = const(220)
_TURN_LIMIT = const(300)
# step()'s results past 2: 16 * reason + winner
ALIGNMENT = const(1)
ENCIRCLEMENT = const(2)
NO_LEGAL_MOVE = const(3)
REPETITION = const(4)
TURN_LIMIT = const(5)


def _change(x, w, s, cell, cw, gw, ngate, nst, keys):
    """A stone of w arrives on x (s = 1) or leaves it (s = -1): the cell, w's
    neighbour counts cw and group counts gw, gates and stones; returns the
    stone's hash key."""
    cell[x] = w if s > 0 else 0
    for j in _ADJ[x]:
        cw[j] += s
    nst[w] += s
    k = GATE_NO[x]
    if k != NO:
        ngate[w] += s
        for t in GATE_GROUPS[k]:
            gw[t] += s
    return keys[91 * (w - 1) + x]


def step(m, cell, c1, c2, g1, g2, ngate, nst, res, rep, st, kt, keys, caplog):
    """Plays the legal step m of st[3] (rules/hexmeister.md section 5): the
    stones, every count, the captures (section 5.2.1, the cells taken in
    caplog in order), a win, the bonus, the end of the turn. st holds the
    plain values: [h, turn, bonus, side, nrep, rmat + 1]. Returns 0 when the
    mover has a bonus step, 1 when the turn passed, 2 when it passed but the
    quick look found no step for the next player (the caller decides with
    the whole move list, then counts the position and the turn), else the
    end: 16 * reason + winner."""
    p = st[3]
    q = 3 - p
    if p == 1:
        cp, cq = c1, c2          # (a 4-tuple would be built on MicroPython)
        gp, gq = g1, g2
    else:
        cp, cq = c2, c1
        gp, gq = g2, g1
    win = 0
    if m != _PASS:
        h = st[0]
        d = m & 0x7F
        o = m >> 7
        if m & _DROP:
            res[p] -= 1
        else:
            h ^= _change(o, p, -1, cell, cp, gp, ngate, nst, keys)
        h ^= _change(d, p, 1, cell, cp, gp, ngate, nst, keys)
        n = 0
        for j in _ADJ[d]:                   # captures by proximity
            if cell[j] == q and cp[j] >= 3:
                caplog[n] = j
                n += 1
        for x in range(n):
            h ^= _change(caplog[x], q, -1, cell, cq, gq, ngate, nst, keys)
        gk = GATE_NO[d]
        if gk != NO:
            # by triangulation, triangle by triangle (a capture changes the
            # next one's count); the centre is judged below
            for t in GATE_TRIANGLES[gk]:
                if gp[t] == 4 and gq[t] == 1:
                    for c in GROUPS[t]:
                        if cell[c] == q:
                            if c != CENTRE:
                                h ^= _change(c, q, -1, cell, cq, gq, ngate, nst, keys)
                                caplog[n] = c
                                n += 1
                            break
        # q's lost gates can end its nullification and expose its centre
        # stone: the cascade of section 5.2.1, which needs only this one look
        if (gk != NO or n) and cell[CENTRE] == q and ngate[q] < _NULLIFY:
            for t in range(6):
                if gp[t] == 4:
                    h ^= _change(CENTRE, q, -1, cell, cq, gq, ngate, nst, keys)
                    caplog[n] = CENTRE
                    n += 1
                    break
        st[0] = h
        if gk != NO:
            for t in GATE_GROUPS[gk]:
                if t > 5 and gp[t] == GROUP_SIZE[t]:
                    # t > 8 is a gate ring; lines come first: alignment wins ties
                    win = ENCIRCLEMENT if t > 8 else ALIGNMENT
                    break
            if BASE_OF[o] != p or BASE_GATE_OF[d] != p:
                n += 1                      # a gate entry earns a step
        if not win and n:
            st[2] = 1
            return 0
    # the turn ends
    st[2] = 0
    st[1] += 1
    st[3] = q
    if win:
        return 16 * win + p
    # has q a step? (moves.has_step's quick looks: a drop, a free cell beside a stone)
    ok = False
    if res[q]:
        for c in BASES[q]:
            if cell[c] == 0 and cp[c] < 3:
                ok = True
                break
    if not ok:
        risky = cell[CENTRE] == q and ngate[q] == _NULLIFY
        for o in range(_N):
            if cell[o] == q and (not risky or GATE_NO[o] == NO or o == CENTRE):
                for j in _ADJ[o]:
                    if cell[j] == 0 and GATE_NO[j] == NO and cp[j] < 3:
                        ok = True
                        break
                if ok:
                    break
        if not ok:
            return 2
    # the position at the start of a turn: drops and captures change the
    # material for good, so only positions since the last change can repeat
    mat = ((res[1] * 19 + res[2]) * 19 + nst[1]) * 19 + nst[2]
    if mat != st[5] - 1:
        st[5] = mat + 1
        st[4] = 0
    hh = st[0] ^ keys[_RESERVE + res[1]] ^ keys[_RESERVE + 19 + res[2]]
    if q == 2:
        hh ^= keys[_SIDE]
    n = st[4]
    seen = 1
    for k in range(n):
        if rep[k] == hh:
            seen += 1
    rep[n] = hh
    st[4] = n + 1
    if seen >= 3:
        return 16 * REPETITION
    if st[1] >= _TURN_LIMIT:
        return 16 * TURN_LIMIT
    return 1


def unstep(m, p, caps, at, n, cell, c1, c2, g1, g2, ngate, nst, res, h, kt, keys):
    """Takes back step m of p, which captured caps[at..at + n): the captured
    stones return, then the mover's stone (a drop to the reserve); every
    count with them. Returns the position's hash h afterwards (the plain
    values are the caller's)."""
    if m == _PASS:
        return h
    q = 3 - p
    if p == 1:
        cp, cq = c1, c2          # (a 4-tuple would be built on MicroPython)
        gp, gq = g1, g2
    else:
        cp, cq = c2, c1
        gp, gq = g2, g1
    for i in range(at, at + n):
        h ^= _change(caps[i], q, 1, cell, cq, gq, ngate, nst, keys)
    h ^= _change(m & 0x7F, p, -1, cell, cp, gp, ngate, nst, keys)
    if m & _DROP:
        res[p] += 1
    else:
        h ^= _change(m >> 7, p, 1, cell, cp, gp, ngate, nst, keys)
    return h


def playout(cell, c1, c2, g1, g2, ngate, nst, res, rep, st, kt, keys, caplog, buf, stones,
            gs, plies):
    """Plays up to `plies` steps by the policy of rules.playout() with step():
    pick uniformly among the mover's stones, "a drop" (when one is legal) and
    "pass" (during a bonus); a stone without a legal move is set aside and the
    pick repeated (stones: scratch, the stones, then the legal drops from 18
    on). A stone's move: stone_move(); a drop goes to a random legal base
    cell. The random numbers: draw(). Stops after a step that ends the game
    or returns 2 (the caller finishes that turn and may go on). Returns 256
    * the plies left + the last step's result (1 when none was made)."""
    code = 1
    while plies > 0:
        p = st[3]
        if p == 1:
            cp, cq, gq = c1, c2, g2
        else:
            cp, cq, gq = c2, c1, g1
        ns = 0
        for i in range(_N):
            if cell[i] == p:
                stones[ns] = i
                ns += 1
        nd = 0
        if res[p]:
            for c in BASES[p]:
                if cell[c] == 0 and cq[c] < 3:
                    stones[18 + nd] = c
                    nd += 1
        total = ns + (1 if nd else 0) + (1 if st[2] else 0)
        # p's stone on f6 may hang on the nullification (moves.gen)
        risk = 0
        if cell[CENTRE] == p and ngate[p] == _NULLIFY:
            for t in range(6):
                if gq[t] == 4:
                    risk = 1
                    break
        m = 0
        while total:
            r = draw(st, total)
            if r < ns:
                m = stone_move(cell, cq, cp, gq, ngate[p], p, stones[r], risk, kt, gs, buf, st)
                if m >= 0:
                    break
                ns -= 1                     # blocked: set it aside
                stones[r] = stones[ns]
                total -= 1
            else:
                m = _PASS
                if nd and r == ns:
                    m = _DROP | stones[18 + draw(st, nd)]
                break
        if not total:                       # cannot happen: a running game has a step
            break
        code = step(m, cell, c1, c2, g1, g2, ngate, nst, res, rep, st, kt, keys, caplog)
        plies -= 1
        if code >= 2:
            break
    return 256 * plies + code
