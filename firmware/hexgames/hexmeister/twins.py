# Hexmeister's move generation in plain Python: the twins of kernels.py (the
# same signatures, the same results and buffers afterwards), for CPython and
# the WebAssembly VM. Twins read the board map from tables.py's tuples, which
# Python iterates fastest; `kt`, the packed map the kernels read, is taken
# for the signature's sake. Each function says what it computes; its kernel
# computes exactly that.
from micropython import const
from hexgames.hexmeister.tables import (
    BOARD, CENTRE, NO, GATES, GATE_NO, BASE_OF, BASE_GATE_OF, BASES, BASE_GATES, GROUPS,
    GROUP_SIZE, GATE_GROUPS, GATE_TRIANGLES, PASSABLE)

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


def floods(cell, cq, p, lo, left, kt, gs):
    """Move generation, first half: the cells p may pass through split into
    components; each one next to one of `left` stones of p (from cell lo
    on) is flooded once, in the order of the stones and their neighbours,
    and the cells around it a stone may stop on (empty, not a gate, not
    secured by q by proximity: cq = q's neighbour counts) are listed in
    cdst[cbeg[c]:cend[c]]. gs: the scratch buffers (moves.GS). Labels above
    ctr[0] belong to this call; after it ctr[3] is that base, ctr[0] the last
    label, ctr[2] the flood stamp (cm: a cell seen by this flood). Returns
    how many components. Stamps instead of clearing save a reset per call;
    all restart before their 16 bits run out."""
    lab, om, cm, cseen, cbeg, cend, cdst, stack, ctr = gs
    if ctr[0] > 65000 or ctr[1] > 65000 or ctr[2] > 65000:
        _reset(lab, om, cm, cseen, ctr)
    adj = _ADJ
    gate_no = GATE_NO
    pt = PASSABLE[p]
    base = ctr[0]
    cst = ctr[2]
    nc = 0
    nd = 0
    for o in range(lo, _N):
        if not left:
            break
        if cell[o] != p:
            continue
        left -= 1
        for j in adj[o]:
            v = cell[j]
            if not pt[3 * j + v] or lab[j] > base:
                continue
            nc += 1
            L = base + nc
            cst += 1
            cbeg[nc] = nd
            lab[j] = L
            cm[j] = cst
            if v == 0 and gate_no[j] == NO and cq[j] < 3:
                cdst[nd] = j
                nd += 1
            stack[0] = j
            sp = 1
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
            cend[nc] = nd
    ctr[0] = base + nc
    ctr[2] = cst
    ctr[3] = base
    return nc


def spread(cell, cq, grpq, ngp, buf, k, stop, lo, left, p, resp, kt, gs):
    """Move generation, second half (after floods() over these stones): with
    resp (p's reserve) non-zero p's legal drops first, then the moves of
    `left` stones of p from cell lo on, into buf from k on, stopping after
    the stone that brings the count to `stop`; returns the new count. A
    stone's moves: its empty neighbours (a gate too, unless q secures it:
    grpq = q's group counts, ngp = p's gates), then the lists of the
    components beside it, then, from p's base, p's base gates that one of
    those components touches. Stamps: om, a destination listed for this
    stone; cseen, a component handed to it (ctr[1])."""
    lab, om, cm, cseen, cbeg, cend, cdst, stack, ctr = gs
    if resp:
        for c in BASES[p]:
            if cell[c] == 0 and cq[c] < 3:         # base cells are no gates: proximity only
                buf[k] = _DROP | c
                k += 1
    adj = _ADJ
    gate_no = GATE_NO
    pt = PASSABLE[p]
    base = ctr[3]
    ost = ctr[1]
    for o in range(lo, _N):
        if not left or k >= stop:
            break
        if cell[o] != p:
            continue
        left -= 1
        ost += 1
        ob = o << 7
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
            ci = lab[j] - base
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
    ctr[1] = ost
    return k


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
