# Hexmeister's move generation in plain Python, and the playout's pick among
# a stone's moves: the twins of kernels.py (the same signatures, the same
# results and buffers afterwards), for CPython and the WebAssembly VM. Twins
# read the board map from tables.py's tuples, which Python iterates fastest;
# `kt`, the packed map the kernels read, is taken for the signature's sake.
# Each function says what it computes; its kernel computes exactly that.
from micropython import const
from hexgames.hexmeister.tables import (
    BOARD, CENTRE, NO, GATE_NO, BASE_OF, BASES, BASE_GATES, GROUPS, GATE_TRIANGLES, PASSABLE)

_N = const(91)
_NULLIFY = const(8)        # gates of a player that nullify the other's triangulation of f6
_DROP = const(0x4000)
_PASS = const(0x8000)
_ADJ = BOARD.adj


def _gate_secured(j, cq, grpq, ngp):
    """The empty gate j is secured by q (cq = q's neighbour counts, grpq = q's
    group counts), with p holding ngp gates: by proximity or triangulation."""
    if cq[j] >= 3:
        return True
    if j == CENTRE and ngp >= _NULLIFY:
        return False
    for t in GATE_TRIANGLES[GATE_NO[j]]:
        if grpq[t] == 4:
            return True
    return False


def _beside(j, L, lab):
    """Is cell j beside a cell labelled L?"""
    for n in _ADJ[j]:
        if lab[n] == L:
            return True
    return False


def _reset(lab, om, cm, cseen, ctr):
    for i in range(_N + 1):
        lab[i] = 0
        om[i] = 0
        cm[i] = 0
        cseen[i] = 0
    ctr[0] = 0
    ctr[1] = 0
    ctr[2] = 0


def steps(g, buf, stop, only, kt, gs):
    """moves.gen: the legal steps of game g's mover into buf, a pass first
    (a bonus step may be passed), then gen()'s; only >= 0: the moves of the
    stone on that cell alone."""
    p = g.side
    q = 3 - p
    k = 0
    lo = only
    left = 1
    resp = 0
    if only < 0:
        if g.bonus:
            buf[0] = _PASS
            k = 1
        resp = g.res[p]
        left = g.nst[p]
        lo = 0
    cell = g.cell
    cnt = g.cnt
    ngp = g.ngate[p]
    # p's stone on f6 may hang on the 8-gate nullification: then moves off
    # p's other gates are checked (section 8); otherwise none can expose
    risk = 1 if cell[CENTRE] == p and ngp == _NULLIFY and g._four_of_a_triangle(q) else 0
    return gen(cell, cnt[q], cnt[p], g.grp[q], ngp, buf, k, stop, lo, left, p, resp, risk, kt, gs)


def gen(cell, cq, cp, grpq, ngp, buf, k, stop, lo, left, p, resp, risk, kt, gs):
    """p's steps into buf from k on: with resp (p's reserve) non-zero p's
    legal drops first, then the moves of `left` stones of p from cell lo on,
    stopping after the stone that brings the count to `stop`; returns the
    new count. cq, grpq: the opponent's neighbour and group counts; cp: p's;
    ngp: p's gates; risk: p's stone on f6 hangs on the nullification (each
    stone's moves then pass through unexposed()). gs: the scratch buffers
    (moves.GS).

    A stone's moves: the cells around each component of the cells p may pass
    through beside it (empty, not a gate, not secured by q by proximity),
    then its empty neighbours not listed yet (a gate too, unless q secures
    it), then, from p's base, p's base gates that one of those components
    touches. Each component is flooded once a call, when a stone first
    meets it, and its list (cdst[cbeg[c]:cend[c]]) handed to every stone
    beside it. Labels above ctr[3] belong to this call; stamps, not
    clearing: cm a cell seen by this flood (ctr[2]), om a destination listed
    for this stone and cseen a component handed to it (ctr[1]); all restart
    before 16 bits run out."""
    lab, om, cm, cseen, cbeg, cend, cdst, stack, ctr = gs
    if resp:
        for c in BASES[p]:
            if cell[c] == 0 and cq[c] < 3:      # base cells are no gates: proximity only
                buf[k] = _DROP | c
                k += 1
    if not left:
        return k
    if ctr[0] > 65000 or ctr[1] > 65000 or ctr[2] > 65000:
        _reset(lab, om, cm, cseen, ctr)
    adj = _ADJ
    gate_no = GATE_NO
    pt = PASSABLE[p]
    base = ctr[0]
    ost = ctr[1]
    cst = ctr[2]
    ncomp = 0
    nd = 0
    for o in range(lo, _N):
        if k >= stop:
            break
        if cell[o] != p:
            continue
        ost += 1
        ob = o << 7
        k0 = k
        # the components beside o (at most 3), flooded when first met and
        # handed once each, their indices packed a byte each in cs
        nco = 0
        cs = 0
        for j in adj[o]:
            if not pt[3 * j + cell[j]]:
                continue
            L = lab[j]
            if L <= base:
                ncomp += 1
                L = base + ncomp
                cst += 1
                nd = _flood(j, L, cst, ncomp, nd, cell, cq, pt, lab, cm, cbeg, cend, cdst, stack)
            ci = L - base
            if cseen[ci] != ost:
                cseen[ci] = ost
                cs |= ci << (8 * nco)
                nco += 1
        if nco == 1:            # a flood lists a cell once: copied as it stands
            for x in range(cbeg[cs], cend[cs]):
                buf[k] = ob | cdst[x]
                k += 1
        else:                   # merged through the om stamps
            for i in range(nco):
                ci = (cs >> (8 * i)) & 255
                for x in range(cbeg[ci], cend[ci]):
                    d = cdst[x]
                    if om[d] != ost:
                        om[d] = ost
                        buf[k] = ob | d
                        k += 1
        # then the empty neighbours no list holds: gates q does not secure,
        # and ring cells (a passable one is in its component's list)
        for j in adj[o]:
            if cell[j] or om[j] == ost:
                continue
            if gate_no[j] != NO:
                if _gate_secured(j, cq, grpq, ngp):
                    continue
            elif cq[j] >= 3 or pt[3 * j]:
                continue
            elif nco == 1 and _beside(j, base + cs, lab):
                continue
            om[j] = ost
            buf[k] = ob | j
            k += 1
        if BASE_OF[o] == p:
            # p's base gates: from p's base any route will do (rule 5.1.4)
            for bg in BASE_GATES[p]:
                if cell[bg] == 0 and om[bg] != ost and not _gate_secured(bg, cq, grpq, ngp):
                    for n in adj[bg]:
                        L = lab[n]
                        if L > base and cseen[L - base] == ost:
                            buf[k] = ob | bg
                            k += 1
                            break
        if risk and gate_no[o] != NO and o != CENTRE:
            k = unexposed(buf, k0, k, cell, cp, grpq, 3 - p, kt)
        left -= 1
        if not left:
            break
    ctr[0] = base + ncomp
    ctr[1] = ost
    ctr[2] = cst
    ctr[3] = base
    return k


def _flood(j, L, cst, c, nd, cell, cq, pt, lab, cm, cbeg, cend, cdst, stack):
    """Floods component c (label L, stamp cst) from cell j, listing the cells
    around it a stone may stop on from cdst[nd] on; returns the new end."""
    cbeg[c] = nd
    lab[j] = L
    cm[j] = cst
    gate_no = GATE_NO
    if cell[j] == 0 and gate_no[j] == NO and cq[j] < 3:
        cdst[nd] = j
        nd += 1
    stack[0] = j
    sp = 1
    adj = _ADJ
    while sp:
        sp -= 1
        for n in adj[stack[sp]]:
            if cm[n] != cst:
                cm[n] = cst
                w = cell[n]
                if w == 0 and gate_no[n] == NO and cq[n] < 3:
                    cdst[nd] = n
                    nd += 1
                if pt[3 * n + w]:
                    lab[n] = L
                    stack[sp] = n
                    sp += 1
    cend[c] = nd
    return nd


def unexposed(buf, k0, k, cell, cp, grpq, q, kt):
    """Keeps, of the stones' moves buf[k0..k) (no drop, no pass), those that do
    not leave p's stone on f6 on a cell q triangulates; returns the new end.
    p holds f6 and exactly 8 gates, so a move off another gate leaves 7: the
    nullification ends, and f6 is exposed unless the move captures a gate
    stone of every triangle in which q holds the four outer gates. Such a
    move ends on a non-gate (no two gates touch), so it captures by proximity
    only: q's stones beside d that have three of p's neighbours once o is
    left (cp: before the move)."""
    w = k0
    for x in range(k0, k):
        m = buf[x]
        o = m >> 7
        d = m & 0x7F
        bad = False
        if GATE_NO[o] != NO and o != CENTRE:
            for t in range(6):
                if grpq[t] == 4:
                    bad = True
                    for c in GROUPS[t]:
                        if c != CENTRE and cell[c] == q and d in _ADJ[c] and \
                                cp[c] + 1 - (1 if o in _ADJ[c] else 0) >= 3:
                            bad = False
                            break
                    if bad:
                        break
        if not bad:
            buf[w] = m
            w += 1
    return w


def draw(st, n):
    """hexgames/rng.py's Rng.below(n), on its state in st[6], st[7]."""
    x1 = st[6]
    x2 = st[7]
    x1 = 32760 * (x1 & 0x7FFF) + (x1 >> 15)
    x2 = 32730 * (x2 & 0x7FFF) + (x2 >> 15)
    st[6] = x1
    st[7] = x2
    return (((x1 ^ x2) & 0x7FFF) * n) >> 15


def stone_move(cell, cq, cp, gq, ngp, p, o, risk, kt, gs, buf, st):
    """The playout's move for p's stone on o: its moves (gen()) into buf,
    the gate entries to the front; a random
    gate entry if it has one, else a random move (draw()); -1 if it has none."""
    n = gen(cell, cq, cp, gq, ngp, buf, 0, _N, o, 1, p, 0, risk, kt, gs)
    if not n:
        return -1
    ng = 0
    for i in range(n):
        m = buf[i]
        if GATE_NO[m & 0x7F] != NO:
            buf[i] = buf[ng]
            buf[ng] = m
            ng += 1
    return buf[draw(st, ng or n)]
