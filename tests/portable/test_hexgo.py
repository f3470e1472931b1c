# HexGo: every worked example of rules/hexgo.md section 11, then our own cases.
import hexgames
from hexgames import IllegalMove
from kit import position, rejects, raises, random_game, scaled


def me(g):
    return g.info()["me"]


def hexgo(x="", o="", to_move="X", cx="", co=""):
    return position("hexgo", {"X": x, "O": o, "x": cx, "o": co}, to_move)


def test_example_1_inner_me_by_the_mover():
    g = hexgo("c4 e3 e4", "c5 d5")
    g.play("d3")
    assert me(g) == {"d4": "X"}
    assert "d4" not in [g.text(m) for m in g.moves()]     # unlocked, but no reason to enter


def test_example_2_opponent_completes_your_me():
    g = hexgo("c4 d3 e3 e4", "d5", "O")
    g.play("c5")
    assert me(g) == {"d4": "X"}


def test_example_3_neutral_inner_me():
    g = hexgo("c4 d3 e4", "e3 d5", "O")
    g.play("c5")
    assert me(g) == {"d4": "N"}


def test_example_4_edge_and_corner_me():
    g = hexgo("d1 d2 e2", "", "O")
    g.play("f1")
    assert me(g)["e1"] == "X"
    g = hexgo("c3 b4", "c2", "O")
    g.play("a4")
    assert me(g) == {"b3": "N"}
    g = hexgo("f4 g3", "", "O")
    g.play("f5")
    assert me(g) == {"g4": "X"}


def test_example_5_capture_in_the_inner_field():
    g = hexgo("c4 e4 d5", "d4 c5 e3")
    g.play("d3")
    assert me(g) == {"d4": "X"}
    d = g.dump()
    assert '"d4": "x"' in d and '"c5": "O"' in d and '"e3": "O"' in d
    rejects(g, "d4", "captured Me")
    rejects(hexgames.load(d.replace('"to_move": "O"', '"to_move": "X"')), "d4", "captured Me")


def test_example_6_captures_on_edge_and_corner():
    g = hexgo("d1 e2", "e1 d2")
    g.play("f1")
    assert '"e1": "x"' in g.dump() and me(g)["e1"] == "X"
    g = hexgo("f1", "g1 f2")
    g.play("g2")
    assert '"g1": "x"' in g.dump()
    g = hexgo("f1", "g1 f2", "O")         # O's own move never captures O
    g.play("g2")
    assert '"g1": "O"' in g.dump() and "x" not in g.dump().split("cells")[1].split("to_move")[0]


def test_example_7_entering_a_me_to_capture_two():
    g = hexgo("b4 c3 c5 e3 e5 f4", "c4 e4 b5 d3 d5 f3")
    assert me(g) == {"d4": "O"}
    assert "d4" in [g.text(m) for m in g.moves()]
    g.play("d4")
    d = g.dump()
    assert '"c4": "x"' in d and '"e4": "x"' in d and '"d4": "X"' in d
    assert me(g)["c4"] == "X" and me(g)["e4"] == "X" and "d4" not in me(g)


def test_example_8_adjacent_stones_captured_together():
    g = hexgo("c4 c5 d3 d5 e5 f3 f4", "d4 e4")
    g.play("e3")
    d = g.dump()
    assert '"d4": "x"' in d and '"e4": "x"' in d
    assert me(g)["d4"] == "X" and me(g)["e4"] == "X"


def test_example_9_locked_me():
    g = hexgo("c4 d3 e3 e4 d5", "c5 e5 c6 d6", "O")
    assert me(g)["d4"] == "X"
    rejects(g, "d4", "d4", "locked")
    g2 = hexgo("c4 d3 e3 e4 d5", "c5 e5 c6 d6", "X")
    rejects(g2, "d4", "locked")


def test_example_10_entering_without_a_reason():
    for side in "OX":
        g = hexgo("c4 d3 e3 e4", "c5 d5", side)
        rejects(g, "d4", "d4", "neither capture nor prevent")


def test_example_11_entering_a_neutral_me_to_prevent_capture():
    g = hexgo("d1 e2", "f1 c2 d2")
    assert me(g)["e1"] == "N"
    g.play("e1")
    d = g.dump()
    assert '"d1": "X"' in d and '"e1": "X"' in d          # nothing captured
    o = hexgo("d1 e2", "f1 c2 d2", "O")
    o.play("e1")                                            # legal for O by (a)
    assert '"d1": "o"' in o.dump()


def test_example_12_enclosing_your_own_stone_is_no_capture():
    g = hexgo("c4 e4 d3 d5", "d4 e3", "O")
    g.play("c5")
    assert '"d4": "O"' in g.dump()


RECORD_13 = ("a4 c7 g2 d5 a7 c2 a5 d1 e6 e4 d3 c5 c3 b3 d7 e5 b6 c6 f5 f4 e2 d2 "
             "g4 g1 d4 b4 e1 f2 f3 a6 f1 b5")


def test_example_13_end_and_scoring():
    g = hexgames.replay("hexgo base=4: " + RECORD_13)
    assert g.result() == (1, 3, 0, "score")
    assert g.to_move == 0 and g.moves() == []
    assert me(g) == {"g1": "X", "d2": "X", "e3": "X", "g3": "X", "a4": "O", "d6": "O",
                     "c4": "N", "b7": "N"}
    rejects(g, "c4", "over")
    # the captures of moves 26, 27 and 31
    h = hexgames.replay("hexgo base=4: " + " ".join(RECORD_13.split()[:26]))
    assert '"a4": "o"' in h.dump()
    h.play("e1")
    assert '"d2": "x"' in h.dump()


def test_finished_position_is_decided_on_load():
    g = hexgames.replay("hexgo base=4: " + RECORD_13)
    h = hexgames.load(g.dump())
    assert h.result() == (1, 3, 0, "score") and h.to_move == 0
    assert '"to_move": "X"' in g.dump()       # O moved last


# -- our own cases ------------------------------------------------------------

def test_notation_errors_leave_the_game_alone():
    g = hexgames.new("hexgo")
    g.play("d4")
    rejects(g, "pass", "pass")
    rejects(g, "z9", "z9", "not a cell")
    rejects(g, "a1", "a1")                 # a1 is not on a base-4 hexhex
    rejects(g, "D4", "D4")
    rejects(g, "d4", "occupied")
    rejects(g, 99, "not a cell")


def test_options_and_positions_rejected_clearly():
    assert "base" in raises(ValueError, hexgames.new, "hexgo", base=5)
    assert "size" in raises(ValueError, hexgames.new, "hexgo", size=7)
    assert "chess" in raises(ValueError, hexgames.new, "chess")
    assert "JSON" in raises(ValueError, hexgames.load, '{"game": "hexgo", ')
    bad = '{"game": "hexgo", "options": {}, "cells": {"d4": "N"}, "to_move": "X"}'
    assert "d4" in raises(ValueError, hexgames.load, bad)
    bad = '{"game": "hexgo", "options": {}, "cells": {"q9": "X"}, "to_move": "X"}'
    assert "q9" in raises(ValueError, hexgames.load, bad)
    bad = '{"game": "hexgo", "options": {}, "cells": {}, "to_move": "Z"}'
    assert "to_move" in raises(ValueError, hexgames.load, bad)
    assert "move 2" in raises(IllegalMove, hexgames.replay, "hexgo: d4 d4")


def test_undo_and_history():
    g = hexgames.new("hexgo")
    start = g.dump()
    g.play("d4")
    g.play("e4")
    assert g.undo() == g.board.index("e4")
    g.undo()
    assert g.dump() == start
    raises(IllegalMove, g.undo)


def test_scores_agree_with_an_independent_count():
    for seed in range(scaled(1000, 200)):
        g = random_game("hexgo", {}, seed, check=False)
        cells = g.dump()
        meX = meO = 0
        for owner in me(g).values():
            meX += owner == "X"
            meO += owner == "O"
        prisX = cells.count('"x"')
        prisO = cells.count('"o"')
        sx, so = max(0, meX - prisO), max(0, meO - prisX)
        w = 1 if sx > so else 2 if so > sx else 0
        assert g.result() == (w, sx, so, "score"), (seed, g.result(), sx, so)


def test_random_games_keep_every_invariant():
    for seed in range(scaled(2000, 300)):
        random_game("hexgo", {}, seed)


def test_playout_ends_the_game_legally():
    for seed in range(scaled(1000, 200)):
        g = hexgames.new("hexgo")
        r = g.playout(seed, 1000)
        assert r is not None and r == g.result() and g.to_move == 0
        # the finished position reloads to the same result
        assert hexgames.load(g.dump()).result() == r
    g = hexgames.new("hexgo")
    assert g.playout(1, 3) is None and g.to_move in (1, 2)


# -- the search's hooks: ends_into and STATE ------------------------------------

def _along_games(games):
    """Positions along seeded random games (Me entered, stones captured)."""
    for seed in range(games):
        moves = random_game("hexgo", {}, seed, check=False).history()
        g = hexgames.new("hexgo")
        for m in moves:
            yield g
            g.play(m)


def test_ends_into_agrees_with_playing_each_move():
    from array import array
    seen = 0
    for g in _along_games(scaled(60, 15)):
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
            assert out[i] == want, (g.record(), g.text(ms[i]), out[i], want)
        assert n == ended, (g.record(), n, ended)
        seen += ended
    assert seen > 20                      # the endings were there to be found


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
    for seed in (0, 1, 2, 7, 99991, 1000003, 123456789, 1000000006, 1000000007,
                 1 << 29, (1 << 30) - 1, -5):
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
