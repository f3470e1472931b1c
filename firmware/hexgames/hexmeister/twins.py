# Hexmeister's move generation in plain Python: the twins of kernels.py (the
# same signatures, the same results and buffers afterwards), for CPython and
# the WebAssembly VM. Twins read the board map from tables.py's tuples, which
# Python iterates fastest; `kt`, the packed map the kernels read, is taken
# for the signature's sake. Each function says what it computes; its kernel
# computes exactly that.
from micropython import const
from hexgames.hexmeister.tables import (
    BOARD, CENTRE, NO, GATE_NO, BASE_OF, BASES, BASE_GATES, GROUPS, GATE_TRIANGLES, PASSABLE)

_N = const(91)
_NULLIFY = const(8)        # gates of a player that nullify the other's triangulation of f6
_DROP = const(0x4000)
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


def _reset(lab, om, cm, cseen, ctr):
    for i in range(_N + 1):
        lab[i] = 0
        om[i] = 0
        cm[i] = 0
        cseen[i] = 0
    ctr[0] = 0
    ctr[1] = 0
    ctr[2] = 0


def gen(cell, cq, cp, grpq, ngp, buf, k, stop, lo, left, p, resp, risk, kt, gs):
    """p's steps into buf from k on: with resp (p's reserve) non-zero p's
    legal drops first, then the moves of `left` stones of p from cell lo on,
    stopping after the stone that brings the count to `stop`; returns the
    new count. cq, grpq: the opponent's neighbour and group counts; cp: p's;
    ngp: p's gates; risk: p's stone on f6 hangs on the nullification (each
    stone's moves then pass through unexposed()). gs: the scratch buffers
    (moves.GS).

    A stone's moves: its empty neighbours (a gate too, unless q secures it),
    then the cells around each component of the cells p may pass through
    beside it (empty, not a gate, not secured by q by proximity), then, from
    p's base, p's base gates that one of those components touches. Each
    component is flooded once a call, in the order of the stones and their
    neighbours, and its list (cdst[cbeg[c]:cend[c]]) handed to every stone
    beside it; the kernel floods all of them first, so the components of the
    stones after `stop` are flooded here too. Labels above ctr[0] belong to
    this call (ctr[3]: that base); stamps, not clearing: cm a cell seen by
    this flood (ctr[2]), om a destination listed for this stone and cseen a
    component handed to it (ctr[1]); all restart before 16 bits run out."""
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
    listing = k < stop
    for o in range(lo, _N):
        if cell[o] != p:
            continue
        if not listing:
            # only the floods that the kernel makes for every stone first
            for j in adj[o]:
                if pt[3 * j + cell[j]] and lab[j] <= base:
                    ncomp += 1
                    cst += 1
                    nd = _flood(j, base + ncomp, cst, ncomp, nd, cell, cq, pt, lab, cm, cbeg,
                                cend, cdst, stack)
            left -= 1
            if not left:
                break
            continue
        ost += 1
        ob = o << 7
        k0 = k
        for j in adj[o]:
            v = cell[j]
            if v == 0 and om[j] != ost:         # a neighbour: gates allowed
                om[j] = ost
                if gate_no[j] == NO:
                    if cq[j] < 3:
                        buf[k] = ob | j
                        k += 1
                elif not _gate_secured(j, cq, grpq, ngp):
                    buf[k] = ob | j
                    k += 1
            if not pt[3 * j + v]:
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
                for x in range(cbeg[ci], cend[ci]):
                    d = cdst[x]
                    if om[d] != ost:
                        om[d] = ost
                        buf[k] = ob | d
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
        listing = k < stop
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
