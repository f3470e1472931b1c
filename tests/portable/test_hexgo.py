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


# -- our own cases (the search's hooks: test_hexgo_engine.py) ---------------------

def test_notation_errors_leave_the_game_alone():
    g = hexgames.new("hexgo")
    g.play("d4")
    rejects(g, "pass", "pass")
    rejects(g, "z9", "z9", "not a cell")
    rejects(g, "a1", "a1")                 # a1 is not on a base-4 hexhex
    rejects(g, "D4", "D4")
    rejects(g, "d4", "occupied")
    rejects(g, 99, "not a cell")
    for m in (-1, 37, 2.5):
        rejects(g, m, "not a cell")
        assert "HexGo move" in raises(ValueError, g.text, m)


def test_refusals_name_the_cell_first():
    g = hexgo("c4 d3 e3 e4 d5 a4", "c5 e5 c6 d6 g4", "X", co="g1")
    for cell, why in (("a4", "occupied"), ("g4", "occupied"), ("g1", "captured Me"),
                      ("d4", "locked Me")):
        msg = rejects(g, cell, why)
        assert msg.startswith(cell + " is "), msg
    g = hexgo("c4 d3 e3 e4", "c5 d5")
    assert rejects(g, "d4", "neither capture").startswith("d4 is a Me")


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


def test_a_locked_me_of_either_colour():
    # example 9 with the colours swapped: five O stones lock d4 for both
    g = hexgo("c5 e5 c6 d6", "c4 d3 e3 e4 d5", "X")
    assert me(g)["d4"] == "O"
    rejects(g, "d4", "d4", "locked")
    # and six of one colour lock it as five do
    ring = "c4 d3 e3 e4 d5 c5"
    for g in (hexgo(ring, "a4", "O"), hexgo("a4", ring, "X")):
        rejects(g, "d4", "d4", "locked")


def test_a_move_number_off_the_board_has_no_text():
    assert "99" in raises(ValueError, hexgames.new("hexgo").text, 99)


def test_malformed_cells_in_a_position_are_named():
    for bad in ('""', '"XO"', '5', '"xX"'):
        d = '{"game": "hexgo", "options": {}, "cells": {"d4": %s}, "to_move": "X"}' % bad
        msg = raises(ValueError, hexgames.load, d)
        assert "d4" in msg and "X O x o" in msg, (bad, msg)


def test_undo_in_a_loaded_position_clears_the_moves_made_since():
    # undo replays from the loaded position into the same game: the cells of
    # the moves made since must go, a capture's too (moves 26 and 27 of
    # example 13 capture)
    moves = RECORD_13.split()
    start = hexgames.replay("hexgo base=4: " + " ".join(moves[:22]))
    start = hexgames.load(start.dump())
    before = start.dump()
    for m in moves[22:28]:
        start.play(m)
    assert '"d2": "x"' in start.dump()
    for _ in range(6):
        start.undo()
    assert start.dump() == before


def test_undo_is_refused_after_a_playout():
    g = hexgames.new("hexgo")
    g.play("d4")
    g.play("e4")
    g.playout(5, 3)
    assert "playout" in raises(IllegalMove, g.undo)
