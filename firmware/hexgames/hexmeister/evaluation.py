# Hexmeister knowledge for the opponent: a static evaluation and a move
# scorer, both integer-only and allocation-free (module-level buffers).
#
# What decides the game is the gate race. A player can enter, in one turn,
# every empty gate next to one of his stones (each entry earns the bonus step
# that makes the next one), so "gates held + gates enterable" covering a gate
# line or a gate ring is a win on the next turn. look(g) computes, for both
# players, which empty gates they can enter and how much each gate is worth
# to them (by how far it advances the gate lines and rings the opponent has
# not blocked). The evaluation adds material (every stone counts: captured
# stones are gone for good), gates, entry threats, stones that stand between
# two enemy stones (a third one captures them, with a bonus), and the
# tactics of the side to move: a win this turn, or the opponent's threats.
from array import array
from hexgames.board import zeros
from micropython import const
from hexgames.hexmeister.tables import (
    BOARD, CENTRE, NO, GATES, GATE_NO, GROUPS, GROUP_SIZE, GATE_GROUPS, BASES, BASE_OF,
    BASE_GATE_OF)
from hexgames.hexmeister.moves import DROP, PASS

N = const(91)
NG = const(13)
WIN = const(100000)          # a won position; anything above BIG is a win or a loss
BIG = const(50000)
_STONE = const(100)
_GATE = const(30)
_CENTRE_V = const(40)
_ENTRY = const(8)
_ONBOARD = const(6)          # a stone on the board can attack; one in reserve cannot

_ADJ = BOARD.adj
# the gates next to each cell
ADJ_GATES = tuple([bytes([j for j in _ADJ[i] if GATE_NO[j] != NO]) for i in range(N)])
# value of a gate line or ring to a player by the gates it still misses
# (the opponent holding none of it): one missing is a win next turn
_MISSING_V = array("i", [0, 150, 50, 16, 5, 2, 0])
# gate worth by how many gates of the group the player already holds
_PROG = array("i", [3, 8, 20, 60, 160, 200, 0])
# a triangle's outer gates held (the opponent holding none of them): the
# value of the next one, and of the holding
_TRI = array("i", [4, 10, 25, 60, 0, 0])
_TRI_V = array("i", [0, 4, 14, 40, 100, 100])
_NEAR = array("i", [0, 100, 160, 60])
_NUL = array("i", [0, 0, 0, 0, 0, 10, 30, 80, 180, 180, 180, 180, 180, 180])

# per player (index 1, 2), filled by look(): ent[13*p + k] = 1 when p can
# enter empty gate k this turn (a stone beside it, not secured by the other),
# 2 when only from his base (own base gate, no bonus); imp[13*p + k] what
# gate k is worth to p
ent = bytearray(3 * NG)
alive = bytearray(3 * 11)        # alive[11*p + t]: p can still complete gate group t
_blk = bytearray(NG)
_acc = zeros("i", 3)
imp = zeros("i", 3 * NG)
_used = bytearray(N)             # stones already matched to a gate (wins_now)
_dv = zeros("i", N)   # move scorer: value of arriving on a cell
_ov = zeros("i", N)   # ... and of leaving it


def look(g):
    """Fill ent, imp and alive for both players."""
    cell = g.cell
    for p in (1, 2):
        q = 3 - p
        gp = g.grp[p]
        cp = g.cnt[p]
        base = 13 * p
        # gates p can never take while things stay as they are: q's, or
        # empty ones q secures by triangulation
        for k in range(NG):
            c = GATES[k]
            v = cell[c]
            # (q's triangulation of the centre ends when p holds 8 gates:
            # not counted as a block while p is close to that)
            _blk[k] = 1 if v == q or (v == 0 and g._triangulates(q, c)
                                      and (c != CENTRE or g.ngate[p] < 6)) else 0
        for t in range(6, 11):
            a = 1
            for c in GROUPS[t]:
                if _blk[GATE_NO[c]]:
                    a = 0
                    break
            alive[11 * p + t] = a
        # triangles: four outer gates of one secure the centre (and with
        # it every gate line) against the opponent
        own = 1 if cell[CENTRE] == p else 0
        oth = 1 if cell[CENTRE] == q else 0
        for t in range(6):
            alive[11 * p + t] = 1 if g.grp[q][t] == oth else 0
        for k in range(NG):
            c = GATES[k]
            v = 0
            for t in GATE_GROUPS[k]:
                if alive[11 * p + t]:
                    v += _PROG[gp[t]] if t >= 6 else _TRI[gp[t] - own]
            if c == CENTRE:
                v += _CENTRE_V
            imp[base + k] = v
            e = 0
            if cell[c] == 0 and cp[c] and not g._secured(q, c):
                for j in _ADJ[c]:
                    if cell[j] == p:
                        if BASE_OF[j] == p and BASE_GATE_OF[c] == p:
                            e = 2
                        else:
                            e = 1
                            break
            if e == 0 and cell[c] == 0 and BASE_GATE_OF[c] == p and not g._secured(q, c):
                for j in BASES[p]:
                    if cell[j] == p:
                        e = 2
                        break
            ent[base + k] = e


def wins_now(g, p):
    """How many gate lines or rings p could complete this turn, entering the
    gates it lacks one after another (each entry earns the next step; an
    entry from p's own base earns none, so only one of those, last). Needs
    look(g). Distinct stones are matched greedily: close to exact."""
    q = 3 - p
    gp = g.grp[p]
    gq = g.grp[q]
    cell = g.cell
    base = 13 * p
    wins = 0
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
        # match stones to the missing gates
        for c in GROUPS[t]:
            if cell[c] == 0:
                for j in _ADJ[c]:
                    _used[j] = 0
        from_base = 0
        for c in GROUPS[t]:
            if cell[c]:
                continue
            got = False
            for j in _ADJ[c]:
                if cell[j] == p and not _used[j] and not (BASE_OF[j] == p and BASE_GATE_OF[c] == p):
                    _used[j] = 1
                    got = True
                    break
            if not got:
                from_base += 1
        if from_base <= 1:
            wins += 1
    return wins


def _side_value(g, p):
    """Material, gates, progress of the gate lines and rings, entry threats."""
    q = 3 - p
    gp = g.grp[p]
    gq = g.grp[q]
    v = _STONE * (g.nst[p] + g.res[p]) + _ONBOARD * g.nst[p] + _GATE * g.ngate[p]
    if g.cell[CENTRE] == p:
        v += _CENTRE_V
    base = 13 * p
    for t in range(6, 11):
        if alive[11 * p + t]:
            m = GROUP_SIZE[t] - gp[t]
            v += _MISSING_V[m]
            if m <= 3:
                # every missing gate enterable: one entry, its bonus step
                # brings the next stone, and so on -- hard to stop
                e = 0
                for c in GROUPS[t]:
                    if ent[base + GATE_NO[c]]:
                        e += 1
                if e == m:
                    v += _NEAR[m]
    own = 1 if g.cell[CENTRE] == p else 0
    oth = 1 - own if g.cell[CENTRE] else 0
    lock = False
    for t in range(6):
        if alive[11 * p + t]:
            v += _TRI_V[gp[t] - own]
        if gq[t] - oth == 4:
            lock = True
    if lock:
        # q's triangle secures the centre until p holds 8 gates
        v += _NUL[g.ngate[p]]
    for k in range(NG):
        if ent[base + k]:
            v += _ENTRY + (imp[base + k] >> 2)
    return v + _siege(g, p, q)


def _siege(g, p, q):
    """A gate line or ring that one stone of q alone keeps p from: p's
    stones beside that stone (a third one captures it), worth more the more
    of the group p holds. Once every line and ring is blocked for both, the
    gate count stops moving and this is what still points to a win."""
    cell = g.cell
    cp = g.cnt[p]
    gp = g.grp[p]
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
            v += _SIEGE[cp[b]] * (1 + gp[t])
    return v


# by the stones of p beside q's blocking stone (two: one more captures it)
_SIEGE = array("i", [0, 12, 40, 0, 0, 0, 0])


def _pressure(g):
    """_acc[p]: stones of p beside two of the opponent's with a free cell
    next to them (one more stone captures them, with a bonus step);
    _acc[0]: the pressure of X's stones on O's minus O's on X's (stones
    beside enemy stones, more beside gate stones)."""
    cell = g.cell
    c1 = g.cnt[1]
    c2 = g.cnt[2]
    _acc[0] = _acc[1] = _acc[2] = 0
    pr = 0
    for i in range(N):
        v = cell[i]
        if v:
            c = c2[i] if v == 1 else c1[i]
            if c:
                w = _ATT[c] if GATE_NO[i] == NO else 2 * _ATT[c]
                pr += w if v == 2 else -w
                if c == 2:
                    for j in _ADJ[i]:
                        if cell[j] == 0:
                            _acc[v] += 1
                            break
    _acc[0] = pr


_ATT = array("i", [0, 4, 12, 0, 0, 0, 0])


def value(g):
    """The position for g.side (the player to move), in hundredths of a stone;
    above BIG: won, below -BIG: lost. Needs no look() first."""
    r = g._result
    p = g.side
    if r is not None:
        return 0 if r[0] == 0 else WIN if r[0] == p else -WIN
    q = 3 - p
    look(g)
    if wins_now(g, p):
        return WIN - 1000
    v = _side_value(g, p) - _side_value(g, q)
    t = wins_now(g, q)
    if t >= 2:
        v -= 800
    elif t:
        v -= 150
    # stones of q that p can capture this turn (each capture earns a step),
    # and stones of p that q threatens (p moves first: it can save one)
    _pressure(g)
    v += 90 * _acc[q] - 40 * _acc[p]
    v += _acc[0] if p == 1 else -_acc[0]
    return v


def evaluate(g):
    """Who leads (1, 2, or 0 when it is close): for playouts cut short."""
    v = value(g)
    if v > 60:
        return g.side
    if v < -60:
        return 3 - g.side
    return 0


def _values(g):
    """_dv[d]: what arriving on empty cell d brings g.side; _ov[o]: what
    leaving o costs. Needs look(g)."""
    p = g.side
    q = 3 - p
    cell = g.cell
    cp = g.cnt[p]
    cq = g.cnt[q]
    bp = 13 * p
    bq = 13 * q
    for i in range(N):
        v = cell[i]
        if v == 0:
            s = 0
            k = GATE_NO[i]
            if k != NO:
                s += 60 + imp[bp + k] + (imp[bq + k] >> 1)
            for j in _ADJ[i]:
                w = cell[j]
                if w == q:
                    if cp[j] == 2:
                        s += 150                # captures j (and earns a step)
                        if GATE_NO[j] != NO:
                            s += imp[bq + GATE_NO[j]]
                    elif cp[j] == 1:
                        s += 12                 # j hangs
            for c in ADJ_GATES[i]:
                if cell[c] == 0:
                    k = GATE_NO[c]
                    if ent[bp + k] != 1:
                        s += _ENTRY + (imp[bp + k] >> 1)     # a new gate to enter
                    if cp[c] == 2 and ent[bq + k]:
                        s += 20 + (imp[bq + k] >> 1)         # secures it against q
            if cq[i] == 2:
                s -= 110                                     # q captures it next
            elif cq[i] == 1:
                s -= 6
            _dv[i] = s
        elif v == p:
            s = 0
            k = GATE_NO[i]
            if k != NO:
                s += _GATE + imp[bp + k] + (imp[bq + k] >> 1)
            for c in ADJ_GATES[i]:
                if cell[c] == 0 and ent[bp + GATE_NO[c]] == 1:
                    n = 0
                    for j in _ADJ[c]:
                        if cell[j] == p:
                            n += 1
                    if n == 1:
                        s += _ENTRY + (imp[bp + GATE_NO[c]] >> 1)  # its only stone
            if cq[i] == 2:
                s -= 100                                     # hangs: leaving saves it
            _ov[i] = s


def prepare(g):
    """Ready the move scorer for g.side: a move o-d scores _dv[d] - _ov[o],
    a drop on d _dv[d] + 5, pass 0."""
    look(g)
    _values(g)


def priors_into(g, moves, k, out):
    """Priors 0..16 (8: no opinion) for the mover: the move's score / 40 + 8."""
    prepare(g)
    for x in range(k):
        m = moves[x]
        if m == PASS:
            s = 0
        elif m & DROP:
            s = _dv[m & 0x7F] + 5
        else:
            s = _dv[m & 0x7F] - _ov[m >> 7]
        s = 8 + s // 40
        out[x] = 0 if s < 0 else 16 if s > 16 else s
