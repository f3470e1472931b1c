# XiaGo's playout: the random game the AI runs on a copy of a position.
#
# Policy (the rules leave it to the engine):
# * Neutral pieces stay where they are: every playout turn is a placement or
#   a pass. (A slide and its placement cost a legality search of their own;
#   placements decide who owns the board.)
# * First the answer to the opponent's last placement: if it left its own
#   group in atari, take it; else if it put a group of the mover in atari,
#   play that group's liberty (kept only if it gives two liberties or more,
#   by the self-atari test below). The liberty is found by walking the group
#   (_one_lib), only for groups of at most 6 pseudo-liberties.
# * Otherwise the mover goes through the vacant cells from a uniformly
#   random starting point of the vacant list (in list order, wrapping round)
#   and plays the first that is legal -- not suicide, not a repetition
#   (superko is checked exactly, on the same hash table as in the game) --
#   is not one of his own eyes (a cell whose neighbours are all his stones
#   or neutral pieces), and is not a self-atari: a placement that captures
#   nothing and leaves its group one liberty.
#   If no cell qualifies he passes; two passes in a row end the game as in
#   the rules. Never filling one's own eyes is what makes random play end:
#   in the end every vacant cell is an eye or a suicide for the mover.
#   (The list order is itself shuffled by play. One random number per turn
#   instead of one per cell tried, and no reordering of refused cells, save
#   a little time: late in a playout most cells tried are refused.)
# * A placement owed after a neutral step (must_place) is never a pass: if
#   only eyes and self-ataris are left, one of them is played.
# Every step is legal, so the position left behind is a real game position.
#
# The loop is a native kernel (kernels.py) with a plain-Python twin
# (twins.py): placements, captures, merges and the superko look-ups inline,
# no allocation per move. The superko table only grows in a playout longer
# than the room XiaGo keeps free (64 turns: the search's playouts are cut
# at 40, tables.py); the kernel then stops, the table grows here, and the
# kernel goes on.
from micropython import const
from hexgames.native import pick

K = pick("xiago.kernels", "xiago.twins")

# io, the kernel's values (as in twins.py)
_IO_N = const(0)
_IO_TMASK = const(1)
_IO_TCOUNT = const(2)
_IO_MINEMP = const(3)
_IO_H1 = const(4)
_IO_H2 = const(5)
_IO_NEMP = const(6)
_IO_SIDE = const(7)
_IO_PASSES = const(8)
_IO_MUST = const(9)
_IO_LAST = const(10)
_IO_X1 = const(11)
_IO_X2 = const(12)
_IO_PLIES = const(13)


def run(g, rng, seed, max_plies):
    g._origin = False               # the history no longer leads here
    if not g.to_move:
        return g._result
    rng.seed(seed)
    m = g.map
    io = m.io
    io[_IO_N] = g.n
    io[_IO_TMASK] = g.tmask
    io[_IO_TCOUNT] = g.tcount
    io[_IO_MINEMP] = g.minemp
    io[_IO_H1] = g.h1
    io[_IO_H2] = g.h2
    io[_IO_NEMP] = g.nemp
    io[_IO_SIDE] = g.side
    io[_IO_PASSES] = g.passes
    io[_IO_MUST] = g.must
    io[_IO_LAST] = g.last + 1
    io[_IO_X1] = rng.x1             # rng.below() inlined: the same numbers
    io[_IO_X2] = rng.x2
    io[_IO_PLIES] = max_plies if max_plies > 0 else 0
    while K.playout(g.cell, g.head, g.nxt, g.size, g.libs, g.emp, g.epos, g.z1, m.nb, g.t1, g.t2,
                    io, g.adj):
        g._grow()                   # 3/4 full: twice the room, in place
        io[_IO_TMASK] = g.tmask
    rng.x1 = io[_IO_X1]
    rng.x2 = io[_IO_X2]
    g.h1 = io[_IO_H1]
    g.h2 = io[_IO_H2]
    g.nemp = io[_IO_NEMP]
    g.tcount = io[_IO_TCOUNT]
    g.minemp = io[_IO_MINEMP]
    g.side = side = io[_IO_SIDE]
    g.passes = io[_IO_PASSES]
    g.must = io[_IO_MUST]
    g.last = io[_IO_LAST] - 1
    if g.passes == 2:
        g.to_move = 0
        g._result = g._score()
    else:
        g.to_move = side
    return g._result
