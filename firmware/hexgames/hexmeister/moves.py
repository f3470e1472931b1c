# Hexmeister move generation (rules/hexmeister.md sections 4 and 5.1), the
# hot path of the AI. The cells a player may pass through split into
# components; one call floods each component next to one of the player's
# stones once (labels above `base` belong to this call), lists the cells
# around it a stone may stop on, and hands that list to every stone beside
# it. Stamps instead of clearing keep each call free of per-cell resets, and
# all buffers are module-level: nothing is allocated per call.
from array import array
from hexgames.board import zeros
from micropython import const
from hexgames.hexmeister.tables import (
    BOARD, CENTRE, NO, GATE_NO, BASE_OF, BASE_GATES, BASES, PASSABLE)

N = const(91)
DROP = const(0x4000)       # DROP | c drops on c; a move is o << 7 | d
PASS = const(0x8000)
NULLIFY = const(8)         # gates of the opponent that nullify triangulation of f6
ALL = const(-1)            # gen(..., only=ALL): every step, not one stone's moves

_ADJ = BOARD.adj
_lab = zeros("H", N)           # component label of a passable cell
_omark = zeros("H", N)         # destination already listed for this origin
_cmark = zeros("H", N)         # cell already looked at by this flood
_cseen = zeros("H", N + 1)   # component already handed to this origin
_cbeg = zeros("H", N + 1)    # component k's destinations: _cdst[_cbeg[k]:_cend[k]]
_cend = zeros("H", N + 1)
_cdst = bytearray(7 * N)                  # a cell borders at most 6 components, plus its own
_stack = bytearray(N)
_ctr = array("i", [0, 0, 0])              # last label, origin stamp, flood stamp


def _reset():
    for i in range(N):
        _lab[i] = 0
        _omark[i] = 0
        _cmark[i] = 0
    for i in range(N + 1):
        _cseen[i] = 0
    _ctr[0] = 0
    _ctr[1] = 0
    _ctr[2] = 0


def drops(g, buf, k):
    """Append g's legal drops to buf from k on; returns the new count."""
    p = g.side
    cell = g.cell
    cq = g.cnt[3 - p]
    if g.res[p]:
        for c in BASES[p]:
            if cell[c] == 0 and cq[c] < 3:      # base cells are no gates: proximity only
                buf[k] = DROP | c
                k += 1
    return k


def gen(g, buf, stop, only):
    """The legal steps of g.side into buf; stops after the stone that brings
    the count to `stop`. With only >= 0, just the moves of the stone on that cell."""
    p = g.side
    q = 3 - p
    cell = g.cell
    cq = g.cnt[q]
    k = 0
    lo = only
    left = 1
    if only < 0:
        if g.bonus:
            buf[0] = PASS
            k = 1
        k = drops(g, buf, k)
        left = g.nst[p]
        if k >= stop or not left:
            return k
        lo = 0
    ctr = _ctr
    if ctr[0] > 65000 or ctr[1] > 65000 or ctr[2] > 65000:
        _reset()
    base = ctr[0]
    ost = ctr[1]
    cst = ctr[2]
    lab = _lab
    om = _omark
    cm = _cmark
    cseen = _cseen
    cbeg = _cbeg
    cend = _cend
    cdst = _cdst
    stack = _stack
    adj = _ADJ
    gate_no = GATE_NO
    pt = PASSABLE[p]
    ncomp = 0
    nd = 0
    # p's stone on f6 may hang on the 8-gate nullification: then moves off
    # p's other gates need a trial (section 8); otherwise none can expose.
    risk = cell[CENTRE] == p and g.ngate[p] == NULLIFY and g._four_of_a_triangle(q)
    for o in range(lo, N):
        if cell[o] != p:
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
                elif not g._secured(q, j):
                    buf[k] = ob | j
                    k += 1
            if not pt[3 * j + v]:
                continue
            L = lab[j]
            if L <= base:
                # a new component: flood it, listing the cells around it a
                # stone may stop on (empty, not secured by q, not a gate)
                ncomp += 1
                L = base + ncomp
                cst += 1
                cbeg[ncomp] = nd
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
                cend[ncomp] = nd
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
                if cell[bg] == 0 and om[bg] != ost and not g._secured(q, bg):
                    for n in adj[bg]:
                        L = lab[n]
                        if L > base and cseen[L - base] == ost:
                            buf[k] = ob | bg
                            k += 1
                            break
        if risk and gate_no[o] != NO and o != CENTRE:
            w = k0
            for x in range(k0, k):
                m = buf[x]
                if not g._exposes(o, m & 0x7F, p):
                    buf[w] = m
                    w += 1
            k = w
        left -= 1
        if k >= stop or not left:
            break
    ctr[0] = base + ncomp
    ctr[1] = ost
    ctr[2] = cst
    return k


_ebuf = zeros("i", N + 8)    # one stone's moves, or the drops


def has_step(g):
    """Has g.side a legal step? A bonus, a drop or a free cell beside a stone
    usually answers at once; else generate until the first stone with a move."""
    if g.bonus or drops(g, _ebuf, 0):
        return True
    p = g.side
    cell = g.cell
    cq = g.cnt[3 - p]
    # with f6 and exactly 8 gates, a move off another gate may expose f6
    risky = cell[CENTRE] == p and g.ngate[p] == NULLIFY
    for o in range(N):
        if cell[o] == p and (not risky or GATE_NO[o] == NO or o == CENTRE):
            for j in _ADJ[o]:
                if cell[j] == 0 and GATE_NO[j] == NO and cq[j] < 3:
                    return True
    return gen(g, _ebuf, 1, ALL) > 0
