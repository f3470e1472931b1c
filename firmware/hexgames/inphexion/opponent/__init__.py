# inpHeXion's hooks for the opponent (hexgames/README.md): the move list,
# the priors and the wins in one, as methods of the game class in rules.py
# (g is the game). The pushes are listed, rated and judged by native kernels
# where the VM has them (kernels.py here), else by their twins (twins.py).
from hexgames.native import pick
from hexgames.inphexion.notation import SWAP

K = pick("inphexion.opponent.kernels", "inphexion.opponent.twins")


def moves_into(g, buf):
    """The legal moves into buf: pending relocations or the opening
    placement (steps.py), else the pushes (reading order of the pushed
    disc, its empty neighbours in board order) and the swap."""
    p = g.to_move
    if not p:
        return 0
    cf = g.cf
    if g.npend or g.turn == 0 and not cf.neutral:
        return g._other_moves(buf)
    k = 0
    if g.hands[p]:
        k = K.pushes(g.cell, cf.nbr, g.enb, cf.adj, cf.n, p, buf)
    if g.turn == 1 and p == 2 and cf.pie:
        buf[k] = SWAP
        k += 1
    return k


def priors_into(g, moves, k, out):
    """Priors for the mover (8: no opinion) of the pushes c>e in moves:
    +3 when his disc on c joins discs of his that stand apart around
    it, +3 when taking c away parts the opponent's discs around it, -3
    when the pushed disc on e joins the opponent's discs there (a join:
    the colour's neighbours form more than one arc, connect.py). Other
    moves get 8. moves: an array('i'), as the search's move buffer."""
    cf = g.cf
    K.priors(g.cell, cf.nbr, moves, k, out, g.to_move, cf.adj, cf.arc, cf.arc_at)


def ends_into(g, moves, k, out):
    """For the search's look for wins in one: out[i] = the winner if
    moves[i] (an array('i')) ends the game at once, else 0; returns how
    many do. Told for pushes (K.ends) and relocations (only the last of
    a turn can end it: K.last_relocation_ends); -1 (the search plays
    them) for the opening placement and on the pie turn."""
    cf = g.cf
    p = g.to_move
    if g.npend:
        if g.npend > 1:
            for i in range(k):
                out[i] = 0
            return 0
        q = 3 - p
        return K.last_relocation_ends(
            g.cell, cf.nbr, g.enb, moves, k, out, g.pend[0], p, g.hands[q],
            g.turn == 0 and p == 1 and cf.pie, g.qlink, g.cnt[q], g.ecnt[q],
            cf.adj, cf.arc, cf.arc_at, cf.w2 if p == 1 else cf.w1, cf.queue, cf.size)
    if g.turn == 0 and not cf.neutral or g.turn == 1 and cf.pie:
        return -1
    return K.ends(g.cell, cf.nbr, g.enb, moves, k, out, p, g.hands[3 - p],
                  g.turn == 0 and p == 1 and cf.pie, g.cnt, g.ecnt, cf.adj,
                  cf.arc, cf.arc_at, cf.w1, cf.w2, cf.queue, cf.size)
