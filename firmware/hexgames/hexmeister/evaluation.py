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
from hexgames.native import pick
from hexgames.hexmeister.tables import KT
from hexgames.hexmeister.moves import DROP, PASS

# look, judge, values: native kernels where the VM has them, else their twins
# (twins.py holds the terms of the evaluation and of the move scorer)
K = pick("hexmeister.scoring.kernels", "hexmeister.scoring.twins")

N = const(91)
NG = const(13)
WIN = const(100000)          # a won position; anything above BIG is a win or a loss
BIG = const(50000)
OFFSET = const(1 << 20)      # added to the scorer's values in _dv and _ov (twins.OFFSET)

# The weights, one array at the offsets of twins.E_*:
EVT = array("i", [
    0, 150, 50, 16, 5, 2, 0,    # a gate line or ring (the opponent holding none of it) by
                                # the gates it misses: one missing is a win next turn
    3, 8, 20, 60, 160, 200, 0,  # a gate by how many gates of its group the player holds
    4, 10, 25, 60, 0, 0,        # a triangle's outer gates held (the opponent holding
    0, 4, 14, 40, 100, 100,     # none): the value of the next one, and of the holding
    0, 100, 160, 60,            # every missing gate of a group enterable (by how many)
    0, 0, 0, 0, 0, 10, 30, 80, 180, 180, 180, 180, 180, 180,   # gates held against a locked centre
    0, 6, 21, 0, 0, 0, 0,       # stones beside the one blocker of a group (two: one more captures)
    0, 4, 18, 0, 0, 0, 0,       # stones beside enemy stones (tools/bench/tune_hexmeister.py)
    WIN - 1000])                # a group completed this turn

# per player (index 1, 2), filled by look(): ent[13*p + k] = 1 when p can
# enter empty gate k this turn (a stone beside it, not secured by the other),
# 2 when only from his base (own base gate, no bonus); imp[13*p + k] what
# gate k is worth to p
ent = bytearray(3 * NG)
alive = bytearray(3 * 11)        # alive[11*p + t]: p can still complete gate group t
_blk = bytearray(NG)
imp = zeros("i", 3 * NG)
_used = bytearray(N)             # stones already matched to a gate (wins_now)
_dv = zeros("i", N)   # move scorer: value of arriving on a cell (+ OFFSET)
_ov = zeros("i", N)   # ... and of leaving it (+ OFFSET)


def look(g):
    """Fill ent, imp and alive for both players."""
    cell = g.cell
    c1, c2 = g.cnt[1], g.cnt[2]
    g1, g2 = g.grp[1], g.grp[2]
    K.look(cell, c1, c2, g1, g2, g.ngate[1], 1, KT, EVT, ent, imp, alive, _blk)
    K.look(cell, c2, c1, g2, g1, g.ngate[2], 2, KT, EVT, ent, imp, alive, _blk)


def wins_now(g, p):
    """How many gate lines or rings p could complete this turn (after look(g))."""
    return K.wins(g.cell, p, KT, ent, alive, _used)


def _siege(g, p, q):
    """What p's stones beside a group's one blocker (a stone of q) are worth."""
    from hexgames.hexmeister.scoring import twins
    return twins.siege(g.cell, g.cnt[p], g.grp[p], q, EVT)


def value(g):
    """The position for g.side (the player to move), in hundredths of a stone;
    above BIG: won, below -BIG: lost. Needs no look() first."""
    r = g._result
    p = g.side
    if r is not None:
        return 0 if r[0] == 0 else WIN if r[0] == p else -WIN
    cell = g.cell
    c1, c2 = g.cnt[1], g.cnt[2]
    g1, g2 = g.grp[1], g.grp[2]
    ngate = g.ngate
    K.look(cell, c1, c2, g1, g2, ngate[1], 1, KT, EVT, ent, imp, alive, _blk)
    K.look(cell, c2, c1, g2, g1, ngate[2], 2, KT, EVT, ent, imp, alive, _blk)
    return K.judge(cell, c1, c2, g1, g2, ngate, g.nst, g.res, p, KT, EVT, ent, imp, alive,
                   _used)


def evaluate(g):
    """Who leads (1, 2, or 0 when it is close): for playouts cut short."""
    v = value(g)
    if v > 60:
        return g.side
    if v < -60:
        return 3 - g.side
    return 0


def prepare(g):
    """Ready the move scorer for g.side: a move o-d scores _dv[d] - _ov[o],
    a drop on d _dv[d] + 5 (less OFFSET), pass 0."""
    look(g)
    p = g.side
    K.values(g.cell, g.cnt[p], g.cnt[3 - p], p, KT, ent, imp, _dv, _ov)


def priors_into(g, moves, k, out):
    """Priors 0..16 (8: no opinion) for the mover: the move's score / 40 + 8."""
    prepare(g)
    for x in range(k):
        m = moves[x]
        if m == PASS:
            s = 0
        elif m & DROP:
            s = _dv[m & 0x7F] - OFFSET + 5
        else:
            s = _dv[m & 0x7F] - _ov[m >> 7]
        s = 8 + s // 40
        out[x] = 0 if s < 0 else 16 if s > 16 else s
