# XiaGo's STATE (rules.py): the names of everything a move changes. The search
# restores its scratch game from the root by copying just these (hexgames/
# scratch.py), so a name left out would leak one iteration's moves into the
# next. Here the scratch game, after iterations, long playouts that grow its
# superko table, and neutral steps, is restored and compared with the root,
# attribute by attribute.
import hexgames
from array import array
from hexgames.rng import Rng
from hexgames.xiago.search import Search
from kit import position, scaled


def _walk(base, plies, seed):
    """A position after `plies` random steps (neutral steps and passes too)."""
    g = hexgames.new("xiago", base=base)
    rng = Rng(seed)
    while g.to_move and len(g.history()) < plies:
        ms = g.moves()
        g.play(ms[rng.below(len(ms))])
    return g


def _value(v):
    return bytes(v) if isinstance(v, (bytearray, array)) else v


def _same(g, root, where):
    # every attribute but _origin, which playout() sets on the scratch game
    # so that undo() refuses there; the search never undoes it
    names = [k for k in root.state_names() if k != "_origin"]
    assert sorted(names) == sorted([k for k in g.state_names() if k != "_origin"])
    for k in names:
        assert _value(getattr(g, k)) == _value(getattr(root, k)), (where, k)


def test_state_names_everything_a_move_changes():
    cases = ((4, 0, 1), (6, 0, 4), (4, 40, 3), (4, 9, 2), (6, 30, 5))
    grew = 0
    for base, plies, seed in cases[:scaled(5, 3)]:
        g = _walk(base, plies, seed)
        if not g.to_move:
            continue
        s = Search(seed, 8 * 1024)
        s.start(g)
        g2 = s.scratch
        t1, t2 = g2.t1, g2.t2
        for i in range(scaled(30, 8)):
            if s.solved():
                break
            s.iterate()
            s.restore()
            _same(g2, s.root, (base, plies, i))
        # whole playouts grow the superko table past the room kept for the
        # search's: in place, and the restore shrinks it back
        cap = s.root.tmask + 1
        for k in range(scaled(6, 2)):
            g2.playout(seed + k, 1000)
            grew |= g2.tmask + 1 > cap
            s.restore()
            _same(g2, s.root, (base, plies, "playout", k))
        assert g2.t1 is t1 and g2.t2 is t2
        # a neutral step and its placement, and a pass
        ms = g2.moves()
        for m in (ms[-1], ms[0]):
            g2._apply(m)
            if g2.to_move:
                g2._apply(g2.moves()[-1])
            s.restore()
            _same(g2, s.root, (base, plies, g2.text(m)))
    assert grew, "no playout grew the superko table"
    # a neutral step that captures (rules example 3), then its placement
    g = position("xiago", {"X": "d5 f5 e6", "O": "e5", "N": "d2 f2 b4 d4 f4 b6 d6"}, "X",
                 {"base": 4})
    s = Search(1, 8 * 1024)
    s.start(g)
    for step in ("d4-e4", "e5"):
        s.scratch._apply(g.parse(step))
        assert s.scratch.ncap == 1
    s.restore()
    _same(s.scratch, s.root, "d4-e4 e5")


def test_the_superko_table_grows_in_place_and_keeps_every_position():
    g = hexgames.new("xiago", base=4)
    t1, t2 = g.t1, g.t2
    rng = Rng(9)
    seen = []
    while g.to_move and len(seen) < 200:
        ms = g.moves()
        g.play(ms[rng.below(len(ms))])
        if not g.must:
            seen.append((g.h1, g.h2))
    assert g.t1 is t1 and g.t2 is t2 and len(t1) == g.tmask + 1 > 128
    for h1, h2 in seen:
        assert g._seen(h1, h2)
