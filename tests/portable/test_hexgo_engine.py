# HexGo: the hooks the search and the kernels rely on (ends_into, STATE, the
# playouts and their random numbers, the kernels' tables, the move list), each
# held to what play() and the rules say.
import hexgames
from kit import random_game, scaled


# -- positions along games -------------------------------------------------------

def _along_games(games):
    """Positions along seeded random games (Me entered, stones captured)."""
    for seed in range(games):
        moves = random_game("hexgo", {}, seed, check=False).history()
        g = hexgames.new("hexgo")
        for m in moves:
            yield g
            g.play(m)


def _check_ends_into(g):
    """ends_into on g's moves, in their order and reversed, against playing
    each; returns how many end the game."""
    from array import array
    ms = array("i", g.moves())
    k = len(ms)
    out = bytearray(k + 1)
    n = g.ends_into(ms, k, out)
    ended = 0
    for i in range(k):
        h = g.copy()
        h.play(ms[i])
        want = h.result()[0] if h.to_move == 0 else 0
        ended += h.to_move == 0
        assert out[i] == want, (g.dump(), g.text(ms[i]), out[i], want)
    assert n == ended, (g.dump(), n, ended)
    # the moves in any order: the Me entries (listed last) first
    got = list(out[:k])
    out = bytearray([9] * (k + 1))         # what is not an ending is cleared
    assert g.ends_into(array("i", reversed(ms)), k, out) == n
    assert list(out[:k]) == got[::-1], g.dump()
    return ended


def test_ends_into_agrees_with_playing_each_move():
    seen = 0
    for g in _along_games(scaled(60, 15)):
        seen += _check_ends_into(g)
    assert seen > 20                      # the endings were there to be found


def test_ends_into_with_one_open_cell_and_a_me_to_enter():
    # One open cell (e1, open only beside the captured Me d1) and two
    # enclosed Me among random stones: e1 ends the game, a Me entered
    # (legal where it captures) does not, though it closes as many cells
    from kit import position
    from hexgames.rng import Rng
    names = [hexgames.new("hexgo").board.name(i) for i in range(37)]
    free = [c for c in names if c not in ("d1", "e1")]
    rng = Rng(4)
    found = 0
    while found < scaled(12, 4):
        a = free[rng.below(len(free))]
        b = free[rng.below(len(free))]
        stones = ([], [])
        for c in free:
            if c not in (a, b):
                stones[rng.below(2)].append(c)
        g = position("hexgo", {"X": " ".join(stones[0]), "O": " ".join(stones[1]), "x": "d1"},
                     "XO"[rng.below(2)])
        if g.to_move and g.st[148] == 1 and len(g.moves()) > 1:
            found += 1
            assert _check_ends_into(g) == 1


def test_state_names_everything_a_move_changes():
    # The search restores its scratch game from the root by STATE alone
    # (hexgames/scratch.py): after moves (and a playout) and a restore, every
    # attribute must be the root's again, and no move may rebind a buffer.
    from hexgames.scratch import Scratch
    from hexgames.rng import Rng
    rng = Rng(9)
    for root in _along_games(scaled(12, 4)):
        if not root.to_move:
            continue
        s = Scratch()
        s.root = s.buf = None
        s.prepare(root)
        g = s.scratch
        names = g.state_names()
        held = [(k, getattr(g, k)) for k in names if isinstance(getattr(g, k), bytearray)]
        for trial in range(3):
            for _ in range(1 + rng.below(4)):
                if g.to_move:
                    ms = g.moves()
                    g._apply(ms[rng.below(len(ms))])
            if trial == 2 and g.to_move:
                g.playout(rng.bits15())
            for k, v in held:
                assert getattr(g, k) is v, k
            s.restore()
            for k in names:
                if k == "_origin" and trial == 2:
                    continue                # a playout says undo no longer leads here
                assert getattr(g, k) == getattr(s.root, k), (root.record(), k)
        assert sorted(names) == sorted(s.root.state_names())


def test_playout_draws_the_numbers_of_rng():
    # The playout seeds hexgames.rng's generators inline (as Rng.seed) and
    # draws as Rng.below: the same game as one played move by move with an Rng.
    from hexgames.rng import Rng
    # (1000002 and 2000004: the first seeds whose x2 differs with 1000002 for
    # the divisor 1000003)
    for seed in (0, 1, 2, 7, 99991, 1000002, 1000003, 2000004, 123456789, 1000000006,
                 1000000007, 1 << 29, (1 << 30) - 1, -5):
        for start in (0, 9, 20):
            g = random_game("hexgo", {}, seed % 50, check=False)
            moves = g.history()
            a = hexgames.new("hexgo")
            for m in moves[:start]:
                a.play(m)
            b = a.copy()
            rng = Rng(seed)
            while b.to_move:
                b._apply(b.st[74 + rng.below(b.st[148])])     # opn[below(nopen)]
            assert a.playout(seed) == b.result(), (seed, start)
            assert a.st == b.st and a.side == b.side and a.to_move == 0


def test_a_playout_cut_short_plays_exactly_its_plies():
    # from positions along games, down to the last open cells: the same
    # stones, side and answer (None while cells are open) as that many
    # random moves played one by one
    from hexgames.rng import Rng
    cases = 0
    for g in _along_games(scaled(6, 3)):
        if not g.to_move:
            continue
        for plies in (1, 2, 7):
            seed = 11 * plies + g.st[148]
            a = g.copy()
            b = g.copy()
            rng = Rng(seed)
            for _ in range(plies):
                if b.to_move:
                    b._apply(b.st[74 + rng.below(b.st[148])])
            assert a.playout(seed, plies) == (b.result() if b.to_move == 0 else None)
            assert a.st == b.st and a.side == b.side and a.to_move == b.to_move, (g.record(), plies)
            cases += b.to_move != 0 and b.st[148] <= 3
    assert cases >= 10                         # cut close to the end
    # cut with one open cell left: e1 and c7 stay open only beside the
    # captured Me d1 and d7, every other cell holds a stone
    from kit import position
    b = hexgames.new("hexgo").board
    rest = [b.name(i) for i in range(37) if b.name(i) not in ("d1", "d7", "e1", "c7")]
    g = position("hexgo", {"X": " ".join(rest[0::2]), "O": " ".join(rest[1::2]),
                           "x": "d1", "o": "d7"}, "O")
    assert g.st[148] == 2
    for seed in range(4):
        a = g.copy()
        assert a.playout(seed, 1) is None and a.to_move == a.side == 1 and a.st[148] == 1


def test_playouts_sums_the_single_playouts_and_leaves_the_position():
    # the search's LEAF_PLAYOUTS sample: playouts(seed, plies, k) counts the
    # wins of playout(seed + j) for j < k, each from this very position
    for start in (0, 8, 20, 30):
        g = random_game("hexgo", {}, start, check=False)
        moves = g.history()
        a = hexgames.new("hexgo")
        for m in moves[:start]:
            a.play(m)
        if not a.to_move:
            continue
        before = (a.st[:], a.side, a.to_move)
        for seed, k, plies in ((5, 4, 400), (1000000005, 3, 400), (77, 6, 4)):
            x = o = 0
            for j in range(k):
                r = a.copy().playout(seed + j, plies)
                x += r is not None and r[0] == 1
                o += r is not None and r[0] == 2
            assert a.playouts(seed, plies, k) == x | o << 8, (start, seed, k)
            assert (a.st, a.side, a.to_move) == before


def test_the_kernels_neighbour_table_lists_each_cells_neighbours():
    # The kernels read neighbours from _NB (7 bytes a cell: how many, then they,
    # in the board's order); the twins read the board's lists, so only this
    # test holds the table to them on CPython.
    from hexgames.hexgo.rules import _NB
    from hexgames.board import hexhex
    want = bytearray()
    for around in hexhex(4).adj:
        want += bytes([len(around)] + list(around) + [0] * (6 - len(around)))
    assert _NB == want


def test_moves_are_exactly_the_cells_a_stone_may_enter():
    # moves() (the kernel's list) and play()'s own check (_why_illegal) are two
    # codings of rules section 5: every cell of one is legal in the other,
    # and no cell is listed twice
    seen_me = 0
    for g in _along_games(scaled(40, 10)):
        ms = g.moves()
        assert len(ms) == len(set(ms)), (g.record(), ms)
        legal = [c for c in range(37) if g._why_illegal(c) is None]
        assert sorted(ms) == legal, (g.record(), sorted(ms), legal)
        seen_me += len(ms) - g.st[148]
    assert seen_me > 10                       # Me that may be entered were among them
    from array import array
    assert g.to_move == 0 and g.moves_into(array("i", [7] * 37)) == 0


def test_a_loaded_position_derives_the_state_of_the_game_played_to_it():
    # _from_pos rebuilds enb and the open list from the cells alone: the same
    # counts and the same open cells (in its own order) as the moves made them
    for g in _along_games(scaled(30, 8)):
        h = hexgames.load(g.dump())
        a, b = g.st, h.st
        assert a[:74] == b[:74] and a[148] == b[148], g.record()
        n = a[148]
        assert sorted(a[74:74 + n]) == sorted(b[74:74 + n]), g.record()
        for k in range(n):                       # opos indexes opn
            assert b[111 + b[74 + k]] == k
        assert [c for c in range(37) if b[111 + c] == 255] == \
            [c for c in range(37) if a[111 + c] == 255]
