# inpHeXion's kernels against their twins (hexgames/inphexion/kernels.py and
# twins.py, opponent/kernels.py and opponent/twins.py): the same pushes and
# playouts (return value, every state buffer, the generators' state), move
# lists, priors and wins in one, position for position, on 5x5 to 11x11 with
# and without the pie and the Neutral Disc.
import gc
import hexgames
from array import array
from hexgames.rng import Rng
from hexgames.inphexion.notation import PUSH, SWAP
from kit import ON_CHIP, kernel_pair

K, T = kernel_pair("inphexion.kernels", "inphexion.twins")
KO, TO = kernel_pair("inphexion.opponent.kernels", "inphexion.opponent.twins")

# (options, seed of a random game); the chip takes every third position of fewer games
GAMES = (({}, 1), ({"pie": True, "neutral": True}, 2), ({"size": 5}, 3),
         ({"size": 11}, 4), ({}, 5), ({"size": 9, "neutral": True}, 6))


def _positions(pushes_only=True):
    """Positions along seeded random games, where an ordinary push is to be made
    (no relocation pending, past the opening placement); else those where the
    last disc of a turn is to be relocated."""
    games = GAMES[:3] if ON_CHIP and pushes_only else GAMES
    for opts, seed in games:
        g = hexgames.new("inphexion", **opts)
        rng = Rng(seed)
        k = 0
        while g.to_move:
            if (not (g.npend or g.turn == 0 and not g.cf.neutral) if pushes_only
                    else g.npend == 1):
                if k % (3 if ON_CHIP and pushes_only else 1) == 0:
                    yield g
                k += 1
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])
        gc.collect()


def _state(g):
    return (bytes(g.cell), bytes(g.enb), bytes(g.slots), bytes(g.pos), list(g.cnt),
            list(g.ecnt), list(g.hands), bytes(g.pend), bytes(g.forbid))


def _run(mod, g, c, e, plies, seed):
    """mod.run on a copy of g: (its return value, out, the state after)."""
    h = g.copy()
    cf = h.cf
    r = Rng(seed)
    out = array("i", [0] * 5)
    v = mod.run(h.cell, cf.nbr, h.enb, h.slots, h.pos, h.cnt, h.ecnt, h.hands, h.pend,
                h.forbid, cf.queue, cf.adj, cf.arc, cf.arc_at, cf.w1, cf.w2, cf.size, cf.pie,
                c, e, plies, h.side, h.turn, h.lastc, r.x1, r.x2, out)
    return v, list(out), _state(h)


def test_playouts_match_from_every_position():
    rng = Rng(7)
    for g in _positions():
        for plies in ((1, 1000) if ON_CHIP else (1, 2, 5, 1000)):
            seed = rng.bits15()
            a = _run(K, g, 255, 0, plies, seed)
            b = _run(T, g, 255, 0, plies, seed)
            assert a == b, (g.record(), plies, seed)


def test_single_pushes_match():
    # the push of play() and the search's descent: every push of a position
    # (every fifth on the chip)
    buf = array("i", [0] * 400)
    for g in _positions():
        k = g.moves_into(buf)
        for i in range(0, k, 5 if ON_CHIP else 1):
            m = buf[i]
            if m & SWAP != PUSH:
                continue
            a = _run(K, g, (m >> 8) & 255, m & 255, 1, 1)
            b = _run(T, g, (m >> 8) & 255, m & 255, 1, 1)
            assert a == b, (g.record(), g.text(m))


def test_move_lists_priors_and_wins_in_one_match():
    for g in _positions():
        cf = g.cf
        p = g.to_move
        got = []
        for mod in (KO, TO):
            buf = array("i", [0] * g.max_moves)
            k = mod.pushes(g.cell, cf.nbr, g.enb, cf.adj, cf.n, p, buf)
            pri = bytearray(k)
            mod.priors(g.cell, cf.nbr, buf, k, pri, p, cf.adj, cf.arc, cf.arc_at)
            end = bytearray(k)
            before = _state(g)
            w = mod.ends(g.cell, cf.nbr, g.enb, buf, k, end, p, g.hands[3 - p],
                         g.turn == 0 and cf.pie, g.cnt, g.ecnt, cf.adj, cf.arc, cf.arc_at,
                         cf.w1, cf.w2, cf.queue, cf.size)
            assert _state(g) == before                  # each push taken back
            got.append((list(buf[:k]), bytes(pri), bytes(end), w))
        assert got[0] == got[1], g.record()


def test_wins_in_one_by_the_last_relocation_match():
    buf = array("i", [0] * 400)
    seen = 0
    for g in _positions(False):
        cf = g.cf
        p = g.to_move
        q = 3 - p
        k = g.moves_into(buf)
        got = []
        for mod in (KO, TO):
            end = bytearray(k)
            before = _state(g)
            w = mod.last_relocation_ends(g.cell, cf.nbr, g.enb, buf, k, end, g.pend[0], p,
                                         g.hands[q], g.turn == 0 and p == 1 and cf.pie,
                                         g.qlink, g.cnt[q], g.ecnt[q], cf.adj, cf.arc,
                                         cf.arc_at, cf.w2 if p == 1 else cf.w1, cf.queue,
                                         cf.size)
            assert _state(g) == before                  # each relocation taken back
            got.append((bytes(end), w))
        assert got[0] == got[1], g.record()
        seen += 1
    assert seen >= 3
