# inpHeXion's hooks for the opponent: ends_into (wins in one told without
# playing them) must say what playing each push says, and STATE must name
# everything a move changes (the search restores its scratch game by it).
from array import array
import hexgames
from hexgames.rng import Rng
from kit import ON_MICROPYTHON, position, scaled

OPTION_SETS = [{"size": s, "pie": pie, "neutral": neutral}
               for s in (5, 6, 7, 8, 9, 10, 11) for pie in (False, True)
               for neutral in (False, True) if s % 2 or not neutral]


def each_option_set(games_cpython, games_micropython):
    """(options, seed) for every option combination, a few games each; a
    board size's tables go once its games are done (the VM's small heap)."""
    import gc
    from hexgames import board
    from hexgames.inphexion import rules
    size = 0
    for options in OPTION_SETS:
        if options["size"] != size:
            size = options["size"]
            board._cache.clear()
            rules._setups.clear()
            rules._links.clear()
            gc.collect()
        for seed in range(scaled(games_cpython, games_micropython)):
            yield options, seed


def test_ends_into_tells_what_playing_each_push_does():
    # every push and relocation of every position of random games: the
    # winner ends_into names is the one playing it gives (0: the game goes on)
    buf = array("i", bytes(4 * 3 * 121))
    out = bytearray(3 * 121)
    seen = {}
    for options, k in each_option_set(4, 1):
        g = hexgames.new("inphexion", **options)
        rng = Rng(k)
        while g.to_move:
            n = g.moves_into(buf)
            told = g.ends_into(buf, n, out)
            if told >= 0:
                count = 0
                for i in range(n):
                    h = g.copy()
                    h._apply(buf[i])
                    r = h.result()
                    want = r[0] if r and h.to_move == 0 else 0
                    assert out[i] == want, (options, k, g.record(), g.text(buf[i]), r)
                    if want:
                        count += 1
                        seen[r[3]] = 1
                assert told == count
            else:
                assert not g.npend and g.turn < 2
            g.play(buf[rng.below(n)])
    assert "connection" in seen and "opponent_completed_connection" in seen, seen
    if not ON_MICROPYTHON:          # (the fewer games there see the rarer endings less)
        assert "no_legal_move" in seen and "relocation_impossible" in seen, seen


def _same(a, b):
    """Two attribute values alike: buffers by contents, tuples item by item."""
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all([_same(a[i], b[i]) for i in range(len(a))])
    if isinstance(a, (bytes, bytearray, array)) and isinstance(b, (bytes, bytearray, array)):
        return list(a) == list(b)
    return a == b


def test_state_names_everything_a_move_changes():
    # the search restores its scratch game from the root by STATE alone: after
    # moves, playouts and relocations on the scratch game, a restore must give
    # back every attribute of the root (options, _origin and _hist are Game's:
    # moves leave them alone, and the search never undoes)
    from hexgames.scratch import Scratch
    base = ("options", "_origin", "_hist")
    for options, k in each_option_set(3, 1):
        g = hexgames.new("inphexion", **options)
        rng = Rng(k)
        s = Scratch()
        s.root = s.buf = None
        while g.to_move:
            s.prepare(g)
            h = s.scratch
            if rng.below(2):
                h.playout(rng.bits15(), 1000)
            else:
                for _ in range(1 + rng.below(6)):
                    if h.to_move:
                        ms = h.moves()
                        h._apply(ms[rng.below(len(ms))])
            s.restore()
            names = list(s.root.state_names())
            for name in h.state_names():
                if name not in names:
                    names.append(name)
            for name in names:
                if name not in base:
                    assert _same(getattr(h, name), getattr(s.root, name)), (options, k, name)
            assert s.root.dump() == g.dump()
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])


def test_ends_into_sees_the_last_relocation_leave_no_move():
    # O's hand is empty: wherever X puts the walled-in disc, O cannot move
    from kit import position
    g = position("inphexion", {"X": "c2 d2 b3 d3 b4 c4", "O": "c3"}, "X", {"size": 5},
                 hands={"X": 5, "O": 0}, turn=8, pending_relocation=["c3"])
    buf = array("i", bytes(4 * g.max_moves))
    n = g.moves_into(buf)
    out = bytearray(n)
    assert g.ends_into(buf, n, out) == n and list(out) == [1] * n
    for i in range(n):
        h = g.copy()
        h.play(buf[i])
        assert h.result() == (1, 0, 0, "no_legal_move")


def test_a_playout_swaps_on_the_pie_turn_only_and_with_the_chance_of_one_push():
    # O's first turn: swap when the first draw of the generator, below(pushes + 1),
    # is 0 (so it weighs as much as any one push); on no later turn of O
    for first in ("d4", "a1", "g1"):            # 6, 2 and 3 pushes
        g = hexgames.new("inphexion", pie=True)
        g.play(first)
        k = g._pushes(2)
        swaps = 0
        for seed in range(scaled(300, 60)):
            h = g.copy()
            h.playout(seed, 1)
            swapped = h.cnt[1] == 0             # X's disc became O's, and X has none
            assert swapped == (Rng(seed).below(k + 1) == 0), (first, seed)
            swaps += swapped
        assert swaps > scaled(20, 3)
    g.play(g.moves()[0])
    g.play(g.moves()[0])
    assert g.turn == 3 and g.to_move == 2
    for seed in range(scaled(300, 60)):
        h = g.copy()
        h.playout(seed, 1)
        assert h.cnt[1] + h.cnt[2] == g.cnt[1] + g.cnt[2] + 1, seed     # a push, never a swap


def test_ends_into_tells_a_link_of_exactly_size_discs():
    # The fewest discs a link can have: X's own column, and O's row completed by
    # O's disc that X pushes into it. Random games link with more discs.
    buf = array("i", bytes(4 * 3 * 121))
    out = bytearray(3 * 121)
    for discs, push, winner in (({"X": "c1 c2 c4 c5", "O": "c3 a1"}, "c3>b3", 1),
                                ({"X": "a1 e5", "O": "a3 b3 d3 e3 c2"}, "c2>c3", 2)):
        g = position("inphexion", discs, "X", {"size": 5}, hands={"X": 8, "O": 8}, turn=10)
        n = g.moves_into(buf)
        g.ends_into(buf, n, out)
        told = dict((g.text(buf[i]), out[i]) for i in range(n))
        assert told[push] == winner, (push, told)
        h = g.copy()
        h.play(push)
        assert h.result()[0] == winner
