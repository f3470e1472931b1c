# Hexmeister move generation (rules/hexmeister.md sections 4 and 5.1), the
# hot path of the AI. The stones' moves come from K.gen (native code where the
# VM has it, else its twin: twins.gen says how), drops and pass from here.
# The flood's stamps and lists are module-level: nothing is allocated per call.
from hexgames.board import zeros
from micropython import const
from hexgames.native import pick
from hexgames.hexmeister.tables import (
    BOARD, CENTRE, NO, GATE_NO, BASES, KT)

N = const(91)
DROP = const(0x4000)       # DROP | c drops on c; a move is o << 7 | d
PASS = const(0x8000)
NULLIFY = const(8)         # gates of the opponent that nullify triangulation of f6
ALL = const(-1)            # gen(..., only=ALL): every step, not one stone's moves

K = pick("hexmeister.kernels", "hexmeister.twins")

_ADJ = BOARD.adj
_lab = zeros("H", N + 1)       # component label of a passable cell
_omark = zeros("H", N + 1)     # destination already listed for this origin
_cmark = zeros("H", N + 1)     # cell already looked at by this flood
_cseen = zeros("H", N + 1)     # component already handed to this origin
_cbeg = zeros("H", N + 1)      # component k's destinations: _cdst[_cbeg[k]:_cend[k]]
_cend = zeros("H", N + 1)
_cdst = bytearray(7 * N)       # a cell borders at most 6 components, plus its own
_stack = bytearray(N)
_ctr = zeros("i", 4)           # last label, origin stamp, flood stamp, this call's base
GS = (_lab, _omark, _cmark, _cseen, _cbeg, _cend, _cdst, _stack, _ctr)   # for K.gen


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
    k = 0
    lo = only
    left = 1
    resp = 0
    if only < 0:
        if g.bonus:
            buf[0] = PASS
            k = 1
        resp = g.res[p]
        left = g.nst[p]
        lo = 0
    cell = g.cell
    cnt = g.cnt
    ngp = g.ngate[p]
    # p's stone on f6 may hang on the 8-gate nullification: then moves off
    # p's other gates are checked (section 8); otherwise none can expose
    risk = 1 if cell[CENTRE] == p and ngp == NULLIFY and g._four_of_a_triangle(q) else 0
    return K.gen(cell, cnt[q], cnt[p], g.grp[q], ngp, buf, k, stop, lo, left, p, resp, risk, KT,
                 GS)


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
