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
from kit import position, rejects, scaled


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


def _fresh_table(base=4):
    g = hexgames.new("xiago", base=base)
    g._clear_seen()
    return g


def test_the_superko_table_starts_with_room_for_a_playout():
    # the least power of two from 64 that a playout's reserve fills at most
    # three quarters of, every slot free
    for base in (4, 6):
        g = _fresh_table(base)
        cap = g.tmask + 1
        r = g.map.reserve
        assert 4 * (r + 1) <= 3 * cap and not (cap > 64 and 4 * (r + 1) <= 3 * (cap // 2)), base
        assert cap & (cap - 1) == 0 and cap >= 64
        assert len(g.t1) == len(g.t2) == cap and min(g.t1) == -1 == max(g.t1) and max(g.t2) == 0
        assert g.tcount == 0


def test_superko_look_ups_follow_a_collision_past_the_end_of_the_table():
    # the probe goes on past a slot that holds another position (the same
    # slot, or the same h1 with another h2), wrapping round, and stops at a
    # free slot; h2 counts by its low 16 bits
    g = _fresh_table()
    cap = g.tmask + 1
    last = cap - 1
    g._insert(last, 5)
    g._insert(last + cap, 7)            # the same slot: into slot 0
    g._insert(last, 9)                  # the same h1, another h2: slot 1
    assert g.t1[last] == last and g.t1[0] == last + cap and g.t1[1] == last
    assert g._seen(last, 5) and g._seen(last + cap, 7) and g._seen(last, 9)
    assert g._seen(last, 9 + 65536)
    assert not g._seen(last, 6) and not g._seen(last + cap, 5) and not g._seen(last + 2 * cap, 7)
    assert not g._seen(0, 5) and not g._seen(last - 1, 5)
    g = _fresh_table()
    g._insert(0, 1)                     # a hash of 0 is a position like any other
    g._insert(cap, 2)
    assert g.t1[0] == 0 and g.t1[1] == cap and g._seen(0, 1) and g._seen(cap, 2)


def test_the_superko_table_grows_when_a_playout_could_fill_it_past_three_quarters():
    g = _fresh_table()
    cap, r = g.tmask + 1, g.map.reserve
    stored = []
    for k in range(3 * cap):
        grows = 4 * (g.tcount + 1 + r) > 3 * (g.tmask + 1)
        before = g.tmask
        g.h1, g.h2, g.nemp = 1000 + 37 * k, k, 50 - k % 7
        g._record()
        stored.append((g.h1, g.h2))
        assert g.tmask == (2 * before + 1 if grows else before), k
        assert g.tcount == k + 1 and g.minemp == 50 - min(k, 6)      # the fewest vacant cells
    assert g.tmask + 1 >= 4 * cap
    for h1, h2 in stored:
        assert g._seen(h1, h2)
    assert not g._seen(999, 0)


def test_a_placements_superko_look_up_goes_past_colliding_entries():
    # example 6's a4, which repeats the position after a6, with the table
    # rebuilt: entries in the same slot (another h1) and of the same h1 with
    # another h2 lie before the position, and the probe wraps round the end
    before = hexgames.replay("xiago base=4: a4 b3 b5 g1 a6")
    h1, h2, nemp = before.h1, before.h2, before.nemp
    for wrap in (False, True):
        g = hexgames.replay("xiago base=4: a4 b3 b5 g1 a6 a5")
        g._clear_seen()
        cap = g.tmask + 1
        assert 0 < h2 & 0xFFFF < 0xFFFF
        decoys = [(h1 ^ cap, h2), (h1, h2 + 1), (h1, h2 - 1)]
        if wrap:                    # from the slot to the table's end and on
            decoys += [(h1 ^ (k * cap), h2) for k in range(2, cap - (h1 & g.tmask) + 2)]
        for d in decoys:
            g._insert(d[0], d[1])
        # the look-up is skipped only where no stored position has as few
        # vacant cells as the one the placement makes
        g.minemp = nemp
        h = g.copy()
        h.play("a4")
        g._insert(h1, h2)
        rejects(g, "a4", "superko")
        g.minemp = nemp + 1
        h = g.copy()
        h.play("a4")            # fewer vacant cells than any position stored: new
