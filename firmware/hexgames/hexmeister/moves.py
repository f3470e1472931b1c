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
_steps = K.steps

_ADJ = BOARD.adj


def scratch():
    """Move generation's scratch buffers (K.gen's gs), each of N + 1 entries
    unless said: a passable cell's component label, a destination listed
    for this origin, a cell looked at by this flood, a component handed to
    this origin, where component k's destinations begin and end in the
    list (a cell borders at most 6 components and is in its own: 7 N
    bytes), the flood's stack (N bytes), and 4 counters: the last label,
    the origin and flood stamps, this call's first label. The six tables
    are views of one block and the two lists of another: the kernel finds
    each from the first (a view less to look up each call)."""
    h = memoryview(zeros("H", 6 * (N + 1)))
    b = memoryview(bytearray(8 * N))
    return tuple([h[i * (N + 1):(i + 1) * (N + 1)] for i in range(6)]
                 + [b[:7 * N], b[7 * N:], zeros("i", 4)])


GS = scratch()


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
    the count to `stop`. With only >= 0, just the moves of the stone on that
    cell. K.steps reads the game (twins.steps): as native code it needs no
    frame, where a Python function of more than 11 words of locals and stack
    takes one from the heap (here 100 us of the chip a call); this one has 11."""
    return _steps(g, buf, stop, only, KT, GS)


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
