# Hex's kernels against their twins (hexgames/hex/kernels.py, twins.py): the same
# playouts (result, board, free list), priors and wins in one, position for position.
import hexgames
from hexgames.rng import Rng
from array import array
from kit import ON_CHIP, kernel_pair, random_game

K, T = kernel_pair("hex.kernels", "hex.twins")


def _positions():
    """Positions along seeded random games on 5x5 to 11x11, with and without the pie."""
    for size, pie, seed in ((5, False, 1), (7, True, 2), (7, False, 3), (11, False, 4)):
        moves = random_game("hex", {"size": size, "pie": pie}, seed, check=False).history()
        h = hexgames.new("hex", size=size, pie=pie)
        for k, m in enumerate(moves):
            if k % (3 if ON_CHIP else 1) == 0:
                yield h
            h.play(m)


def _state(g):
    return bytes(g.cell), bytes(g.free), bytes(g.fpos)


def test_playouts_match_from_every_position():
    rng = Rng(5)
    for g in _positions():
        links = g.links
        for plies in (1, 3, 400):
            seed = rng.bits15()
            got = []
            for mod in (K, T):
                h = g.copy()
                r = Rng(seed)
                w = mod.playout(h.cell, h.free, h.fpos, h.nfree, h.side, h.last, plies,
                                r.x1, r.x2, links.bridge[1], links.bridge_at[1],
                                links.bridge[2], links.bridge_at[2], h.board.nbr,
                                links.queue, h.board.size)
                got.append((w, _state(h)))
            assert got[0] == got[1], (g.record(), plies)


def test_priors_and_wins_in_one_match():
    for g in _positions():
        if not g.to_move:
            continue
        ms = array("i", g.moves())
        k = len(ms)
        p = g.side
        links = g.links
        outs = []
        for mod in (K, T):
            pri = bytearray(k)
            mod.priors(g.cell, ms, k, pri, p, g.last, links.bridge[p], links.bridge_at[p],
                       g.board.nbr)
            end = bytearray(k)
            n = mod.ends(g.cell, ms, k, end, p, links.edge[p], g.board.nbr, links.queue,
                         links.label, links.bits, g.board.n)
            outs.append((bytes(pri), bytes(end), n))
        assert outs[0] == outs[1], g.record()
