# inpHeXion: every worked example of rules/inphexion.md section 10, the
# decisions of section 9, then our own cases: refusals, options, positions and
# records. The literal model of the rules, the playouts and random games with
# every option combination are in test_inphexion_play.py.
import json
import hexgames
from hexgames import IllegalMove
from hexgames.game import encode
from kit import position, rejects, raises
from inphexion_kit import EX6, diagram, discs, each_option_set, field, setup, state, texts

# -- section 10: the worked examples --------------------------------------------------

EX1 = """
   a b c d e f g
1  . . . . . . .
2   . . . . . . .
3    . . . . . . .
4     . . . O X . .
5      . . . . . . .
6       . . . . . . .
7        . . . . . . .
"""


def test_example_1_opening_and_first_reply():
    g = hexgames.new("inphexion")
    g.play("d4")
    assert texts(g) == "d4>c4 d4>c5 d4>d3 d4>d5 d4>e3 d4>e4".split()
    g.play("d4>e4")
    assert discs(g) == diagram(EX1)
    assert state(g) == ("X", 24, 24, 2, [])


EX2 = """
   a b c d e f g
1  O . . . . . O
2   . . . . . . .
3    . . . X X . .
4     . . X O O . .
5      . . X X . . .
6       . . . . . . .
7        O . . . . . .
"""
EX2_AFTER = """
   a b c d e f g
1  O . . . . . O
2   . . . . . . .
3    . . . X X . .
4     . . X . X O O
5      . . X X . . .
6       . . . . . . .
7        O . . . . . .
"""


def test_example_2_single_relocation_in_the_middle():
    g = setup(EX2)
    assert texts(g) == sorted(("a1>a2 a1>b1 a7>a6 a7>b6 a7>b7 e4>e5 e4>f3 e4>f4 g1>f1 "
                               "g1>f2 g1>g2").split())
    g.play("e4>f4")
    assert state(g) == ("X", 19, 20, 10, ["d4"])
    ms = texts(g)
    assert len(ms) == 38 and all(m.startswith("d4:") for m in ms)
    g.play("d4:g4")
    assert discs(g) == diagram(EX2_AFTER)
    assert state(g) == ("O", 19, 20, 11, []) and g.result() is None


EX3 = """
   a b c d e f g
1  . . . . . . .
2   . . . . . . .
3    X X . . . . .
4     O O . . . . .
5      X . . . . . .
6       . . . . . . .
7        . . . . . . O
"""


def test_example_3_edge_cell():
    g = setup(EX3, hands=(22, 22), turn=6)
    assert [g.board.name(i) for i in sorted(g.board.neighbours(g.board.index("a4")))] == \
        ["a3", "b3", "b4", "a5"]
    assert texts(g) == sorted("b4>b5 b4>c3 b4>c4 g7>f7 g7>g6".split())
    for push in ("b4>b5", "b4>c3", "b4>c4"):
        h = setup(EX3, hands=(22, 22), turn=6)
        h.play(push)
        assert field(h, "pending_relocation") == ["a4"] and h.to_move == 1
    g.play("b4>c4")
    assert len(g.moves()) == 42
    for push in ("g7>f7", "g7>g6"):
        h = setup(EX3, hands=(22, 22), turn=6)
        h.play(push)
        assert state(h) == ("O", 21, 22, 7, [])


EX4 = """
   a b c d e f g
1  O O . . . . .
2   X . . . . . .
3    . . . . . . .
4     . . . . . . .
5      . . . . . . .
6       . . . . . . .
7        . . . . . . X
"""
EX4_AFTER = """
   a b c d e f g
1  O X O . . . .
2   X . . . . . .
3    . . . . . . .
4     . . . . . . .
5      . . . . . . .
6       . . . . . . .
7        . . . . . . X
"""


def test_example_4_acute_corner():
    g = setup(EX4, hands=(23, 23), turn=4)
    assert texts(g) == ["b1>b2", "b1>c1"]
    h = setup(EX4, hands=(23, 23), turn=4)
    h.play("b1>b2")
    assert field(h, "pending_relocation") == ["a1"]
    g.play("b1>c1")
    assert discs(g) == diagram(EX4_AFTER)
    assert field(g, "pending_relocation") == ["a1"] and len(g.moves()) == 44


EX5 = """
   a b c d e f g
1  O . . . . . O
2   . . . . . . .
3    . . . X X . .
4     . . X . O . .
5      . . X X . . .
6       . . . . . . .
7        O . . . . . O
"""


def test_example_5_the_pushed_disc_itself_is_walled_in():
    g = setup(EX5)
    g.play("e4>d4")
    assert state(g) == ("X", 19, 20, 10, ["d4"])
    assert discs(g)["O"] == "a1 a7 d4 g1 g7"


EX6_PUSHED = """
   a b c d e f g
1  O . . . . . O
2   . . . . X X .
3    . . X X O X .
4     . X O X X . .
5      . X X O . . .
6       . . . . . . .
7        O . O . O . O
"""
EX6_AFTER = """
   a b c d e f g
1  O . . . . . O
2   O . . . X X .
3    . . X X . X .
4     . X . X X . O
5      . X X O . . .
6       . . . . . . .
7        O . O . O . O
"""


def test_example_6_two_singles_at_once_starting_cells_forbidden():
    g = setup(EX6, hands=(16, 16), turn=18)
    g.play("d4>d5")
    assert discs(g) == diagram(EX6_PUSHED)
    assert field(g, "pending_relocation") == ["e3", "c4"]     # reading order
    ms = texts(g)
    assert len(ms) == 60 and "c4:e3" not in ms and "e3:c4" not in ms
    rejects(g, "c4:e3", "e3", "starting cell")
    rejects(g, "e3:c4", "c4", "starting cell")
    g.play("c4:a2")
    assert field(g, "relocated_from") == ["c4"] and g.to_move == 1
    rejects(g, "e3:c4", "c4", "starting cell")              # vacated, still forbidden
    rejects(g, "c4:b1", "c4", "not a disc to relocate")
    g.play("e3:g4")
    assert discs(g) == diagram(EX6_AFTER)
    assert state(g) == ("O", 15, 16, 19, []) and field(g, "relocated_from") == []
    # the record prints a turn's relocations in reading order of the source
    assert g.record().endswith(": d4>d5 e3:g4 c4:a2")
    assert [g.text(m) for m in g.history()] == ["d4>d5", "c4:a2", "e3:g4"]


EX7 = """
   a b c d e f g
1  . . . . . . .
2   . . . . . . .
3    . . X X X . .
4     . X O O O . .
5      . X X X . . .
6       . . . . . . .
7        O O O O . . .
"""


def test_example_7_a_walled_in_pair_is_not_relocated():
    g = setup(EX7, hands=(18, 18), turn=14)
    g.play("e4>f4")
    assert state(g) == ("O", 17, 18, 15, [])
    assert discs(g)["O"] == "a7 b7 c4 c7 d4 d7 f4"


EX8 = """
   a b c d e f g
1  X . . . . . X
2   . . . . . . .
3    . . . O O . .
4     X . O X . O .
5      . . O O . . .
6       . . . . . . .
7        X . . . . . X
"""


def test_example_8_own_disc_walled_in_by_ones_own_move():
    g = setup(EX8, hands=(19, 19), turn=12)
    g.play("f4>e4")
    assert state(g) == ("O", 18, 19, 13, [])
    assert "d4" in discs(g)["X"].split()
    g.play("a1>b1")
    assert state(g) == ("X", 18, 18, 14, [])
    assert "d4" in discs(g)["X"].split()
    assert not [m for m in texts(g) if m.startswith("d4")]   # immovable
    h = setup(EX8, "O", hands=(19, 19), turn=12)
    h.play("d4>e4")                 # pushing it is fine while it has room
    assert field(h, "pending_relocation") == []


EX9 = """
   a b c d e f g
1  X X . . . . .
2   . . . . . . .
3    . . . O . . .
4     O O O . O O O
5      . . . . . . .
6       . . . . . . .
7        X X X X X . .
"""


def test_example_9_pushing_the_enemy_into_his_winning_cell():
    g = setup(EX9, hands=(18, 18), turn=14)
    assert len(g.moves()) == 28 and "d3>d4" in texts(g)
    g.play("d3>d4")
    assert g.result() == (2, 0, 0, "opponent_completed_connection")
    assert g.to_move == 0 and g.moves() == []
    assert g.info()["link"] == "a4 b4 c4 d4 e4 f4 g4".split()


EX10 = """
   a b c d e f g
1  O O X . . . .
2   O X . . . . .
3    X . . . . . .
4     . . . . . . .
5      . . . . . . .
6       . . . . . . .
7        . . . . . . .
"""


def test_example_10_no_legal_move():
    g = setup(EX10, hands=(22, 22), turn=6)
    assert g.result() == (2, 0, 0, "no_legal_move")
    assert g.to_move == 0 and g.moves() == []
    rejects(g, "a1>a2", "over")


EX11 = """
   a b c d e f g
1  O O . X X X X
2   X X O X X X X
3    O X O X X X X
4     O O O . O O O
5      O O O X X X X
6       O O O X X X X
7        O O O X O O O
"""


def test_example_11_relocation_impossible():
    g = setup(EX11, "O", hands=(1, 2), turn=47)
    assert g.result() is None and g.info()["link"] == []
    assert "b2>c1" in texts(g)          # the push itself is legal
    g.play("b2>c1")
    assert g.result() == (1, 0, 0, "relocation_impossible")
    assert g.to_move == 0 and g.moves() == []
    # the position keeps the push and the discs that could not be moved
    assert field(g, "pending_relocation") == ["a2", "b3"] and field(g, "to_move") == "O"
    assert hexgames.load(g.dump()).result() == g.result()


EX12 = """
   a b c d e f g
1  . . . . . . .
2   . . . . . . .
3    . O . . . . .
4     . . . . . . .
5      . . . . . . .
6       . . . . . . .
7        . . . . . . .
"""


def test_example_12_pie_swap():
    g = hexgames.new("inphexion", pie=True)
    g.play("c2")
    assert texts(g) == sorted("c2>b2 c2>b3 c2>c1 c2>c3 c2>d1 c2>d2 swap".split())
    assert g.cells(g.parse("swap")) == []
    g.play("swap")
    assert discs(g) == diagram(EX12)
    assert state(g) == ("X", 25, 24, 2, [])
    assert texts(g) == sorted("b3>a3 b3>a4 b3>b2 b3>b4 b3>c2 b3>c3".split())
    assert hexgames.replay("inphexion pie=true: c2 swap").dump() == g.dump()


EX13 = """
   a b c d e f g
1  . . . . . . .
2   . . . . . . .
3    . . . . . . .
4     . . . . . . .
5      . . . . . . .
6       . . . . . . O
7        . . . . . X N
"""


def test_example_13_neutral_disc_variant():
    g = hexgames.new("inphexion", neutral=True)
    assert discs(g) == {"X": "", "O": "", "N": "d4"}
    assert texts(g) == "d4>c4 d4>c5 d4>d3 d4>d5 d4>e3 d4>e4".split()
    g.play("d4>e4")
    assert discs(g) == {"X": "d4", "O": "", "N": "e4"}
    assert len(g.moves()) == 10
    assert len([m for m in texts(g) if m.startswith("e4>")]) == 5
    g = setup(EX13, hands=(24, 24), turn=2, neutral=True)
    assert texts(g) == ["g6>f6", "g6>g5"]
    g.play("g6>g5")
    assert field(g, "pending_relocation") == ["g7"] and g.to_move == 1
    g.play("g7:a1")
    assert discs(g) == {"X": "f7 g6", "O": "g5", "N": "a1"}


# -- section 9: the decisions -----------------------------------------------------------

def test_d1_x_links_rows_and_o_links_columns():
    g = position("inphexion", {"X": "d1 d2 d3 d5 d6 d7", "O": "d4 a1"}, "X", turn=9)
    g.play("d4>c4")
    assert g.result() == (1, 0, 0, "connection") and field(g, "to_move") == "O"
    assert g.info()["link"] == "d1 d2 d3 d4 d5 d6 d7".split()
    g = position("inphexion", {"O": "a4 b4 c4 e4 f4 g4", "X": "d4 a1"}, "O", turn=9)
    g.play("d4>d3")
    assert g.result() == (2, 0, 0, "connection")
    # a full row of X (or column of O) links nothing
    g = position("inphexion", {"X": "a4 b4 c4 d4 e4 f4 g4", "O": "a1 a2 a3 a5 a6 a7 b1"}, "X")
    assert g.result() is None and g.info()["link"] == []


def test_d2_edges_and_corners_count_as_walls():
    # obtuse corner g1: f1, f2, g2
    g = position("inphexion", {"O": "g1 f2", "X": "f1 a7"}, "X", turn=6)
    g.play("f2>e2")
    assert field(g, "pending_relocation") == []     # g2 is still open
    g = position("inphexion", {"O": "g1 g2", "X": "f1 f2 a7"}, "X", turn=6)
    g.play("g2>g3")
    assert field(g, "pending_relocation") == ["g1"]


def test_d3_only_discs_walled_in_by_this_push_are_relocated():
    # O's b1 stands walled in by X already (O walled himself in); X pushes elsewhere
    g = position("inphexion", {"O": "a1 g7", "X": "b1 a2"}, "X", turn=4)
    g.play("g7>f7")
    assert field(g, "pending_relocation") == [] and g.to_move == 2


def test_d4_pairs_and_discs_touching_n_are_never_relocated():
    # a pair in the a1 corner, walled in as a pair
    g = position("inphexion", {"O": "a1 b1 c1", "X": "a2 b2 g7"}, "X", turn=6)
    g.play("c1>d1")
    assert field(g, "pending_relocation") == [] and g.to_move == 2
    # a single whose last other neighbour is N
    g = position("inphexion", {"O": "a1 a2", "X": "g7", "N": "b1"}, "X", turn=6,
                 options={"neutral": True})
    g.play("a2>a3")
    assert field(g, "pending_relocation") == [] and g.to_move == 2


def test_d6_d7_every_relocation_is_made_and_nothing_is_rechecked():
    g = setup(EX6, hands=(16, 16), turn=18)
    g.play("d4>d5")
    rejects(g, "g7>f7", "must first relocate", "e3", "c4")
    rejects(g, "a1", "must first relocate")
    rejects(g, "swap", "must first relocate")
    rejects(g, "c4:d4", "d4", "occupied")
    g.play("e3:a3")
    g.play("c4:g3")
    assert g.to_move == 2 and field(g, "pending_relocation") == []
    # a disc relocated into a pocket walled in by the mover stays there
    g = position("inphexion", {"O": "a1 a2", "X": "b1 f1 f2 g2 a7"}, "X", turn=8)
    g.play("a2>a3")
    assert field(g, "pending_relocation") == ["a1"]
    g.play("a1:g1")
    assert state(g)[0] == "O" and field(g, "pending_relocation") == []
    assert field(g, "cells")["g1"] == "O"
    g.play("b1>b2")
    g.play("a3>a4")                 # g1 stays: X did not wall it in this turn
    assert field(g, "pending_relocation") == [] and field(g, "cells")["g1"] == "O"


def test_d8_links_are_checked_before_relocation_and_after_it():
    # X's push links X and walls in O's a7: X wins, nothing is relocated
    g = position("inphexion", {"X": "b1 b2 b3 b4 b5 b6 a6", "O": "a7 b7"}, "X", turn=12)
    g.play("b7>c7")
    assert g.result() == (1, 0, 0, "connection")
    assert field(g, "pending_relocation") == [] and field(g, "to_move") == "O"
    assert field(g, "turn") == 13
    # the relocation X is forced to make completes O's row: O wins
    rows = {"X": "b1", "O": "a1 a2 a4 b4 c4 e4 f4 g4"}
    g = position("inphexion", rows, "X", turn=12)
    g.play("a2>a3")
    assert field(g, "pending_relocation") == ["a1"] and g.result() is None
    g.play("a1:d4")
    assert g.result() == (2, 0, 0, "opponent_completed_connection")
    assert field(g, "to_move") == "O" and field(g, "turn") == 13
    g = position("inphexion", rows, "X", turn=12)
    g.play("a2>a3")
    g.play("a1:d5")
    assert g.result() is None and g.to_move == 2


def test_d9_relocation_impossible_loses_but_the_push_is_legal():
    g = setup(EX11, "O", hands=(1, 2), turn=47)
    assert g.parse("b2>c1") in g.moves()
    g.play("b2>c1")
    assert g.result()[0] == 1 and g.result()[3] == "relocation_impossible"


def test_d10_completing_the_opponents_link_by_the_pushed_disc():
    g = setup(EX9, hands=(18, 18), turn=14)
    g.play("d3>d4")
    assert g.result() == (2, 0, 0, "opponent_completed_connection")
    assert field(g, "to_move") == "O" and field(g, "turn") == 15


def test_d11_no_legal_move_and_an_empty_hand_lose():
    g = position("inphexion", {"X": "d4", "O": "e4"}, "X", hands={"X": 0, "O": 5}, turn=8)
    assert g.result() == (2, 0, 0, "no_legal_move")
    g = position("inphexion", {"X": "d4", "O": "e4"}, "X", hands={"X": 1, "O": 0}, turn=8)
    g.play("e4>f4")
    assert g.result() == (1, 0, 0, "no_legal_move") and field(g, "to_move") == "O"
    rejects(position("inphexion", {"X": "d4", "O": "e4"}, "O", hands={"X": 0, "O": 0}, turn=9),
            "d4>c4", "over")


def test_d12_swap_only_with_pie_on_blacks_first_turn():
    g = hexgames.new("inphexion")
    g.play("c2")
    rejects(g, "swap", "pie")
    g = hexgames.new("inphexion", pie=True)
    rejects(g, "swap", "first turn")
    g.play("c2")
    g.play("c2>c3")
    rejects(g, "swap", "first turn")
    g = hexgames.new("inphexion", pie=True)
    g.play("e6")
    g.play("swap")
    assert discs(g) == {"X": "", "O": "f5", "N": ""}


def test_d13_the_neutral_disc():
    # either player pushes N; N links nothing
    g = position("inphexion", {"X": "d1 d2 d3 d5 d6 d7", "N": "d4", "O": "a1"}, "O", turn=8,
                 options={"neutral": True})
    assert g.result() is None and g.info()["link"] == []
    assert "d4>c4" in texts(g)
    g.play("d1>e1")
    assert g.to_move == 1 and "d4>c4" in texts(g) and g.result() is None
    # N walled in by the opponent's discs is not relocated by the mover
    g = position("inphexion", {"O": "b1 a2 g7", "X": "c1", "N": "a1"}, "X", turn=6,
                 options={"neutral": True})
    g.play("b1>b2")
    assert field(g, "pending_relocation") == []     # a1: b1 X, a2 O
    # the swap reflects N too
    g = hexgames.new("inphexion", pie=True, neutral=True)
    g.play("d4>d3")                 # N to d3 = (3, 2)
    g.play("swap")
    assert discs(g) == {"X": "", "O": "d4", "N": "c4"}
    assert state(g) == ("X", 25, 24, 2, [])


def test_d14_every_game_ends():
    for options, seed in each_option_set(4, 2):
        g = hexgames.new("inphexion", **options)
        assert g.playout(seed, 10000) is not None
        assert g.turn <= g.board.n + 1


# -- notation, options, positions --------------------------------------------------------

def test_notation_round_trips_and_input_paths():
    g = setup(EX2)
    for t in ("e4>f4", "a1>b1", "d4:g4", "d4", "swap"):
        assert g.text(g.parse(t)) == t
    b = g.board
    assert g.cells(g.parse("e4>f4")) == [b.index("e4"), b.index("f4")]
    assert g.cells(g.parse("d5:a1")) == [b.index("d5"), b.index("a1")]
    assert g.cells(g.parse("d4")) == [b.index("d4")]
    assert g.parse("d4") < 2 ** 30 and g.parse("g7:g7") < 2 ** 30
    for bad in ("", "D4", "d0", "h1", "d4>", ">d4", "d4>z9", "d4:", "c3>c4>c5", "pass", "Swap"):
        msg = raises(IllegalMove, g.parse, bad)
        assert repr(bad) in msg, msg
    assert "'zz9' is not a cell" in raises(IllegalMove, g.parse, "a1>zz9")   # a1: index 0
    assert "'zz9' is not a cell" in raises(IllegalMove, g.parse, "b2>zz9")
    assert "'zz9' is not a cell" in raises(IllegalMove, g.parse, "zz9:b2")
    # numbers that are no move: a cell past the board, in a placement or in either
    # half of a push, and a swap with cells
    n = b.n
    for m in (n, 1 << 16 | n << 8 | 1, 1 << 16 | 1 << 8 | n, 2 << 16 | n, 3 << 16 | 5, 3 << 16 | 1 << 8):
        assert "not an inpHeXion move" in raises(ValueError, g.text, m), m
    assert "5 is not inpHeXion notation" in raises(IllegalMove, g.parse, 5)
    raises(ValueError, g.text, -1)
    raises(ValueError, g.text, 1 << 20)
    raises(ValueError, g.cells, 3 << 16 | 5)


def test_refused_moves_name_the_problem_and_change_nothing():
    g = setup(EX2)
    rejects(g, "d4>d3", "d3", "occupied")                   # d3 holds X
    rejects(g, "d3>d2", "d3", "own disc")
    rejects(g, "b2>b3", "b2", "empty")
    rejects(g, "e4>g4", "g4", "not next to", "e4")
    rejects(g, "e4", "push")
    rejects(g, "d4:a2", "no relocation is pending")
    rejects(g, "swap", "pie")
    rejects(g, -1, "not an inpHeXion move")
    rejects(g, 1 << 19, "not an inpHeXion move")
    rejects(g, "zz9", "zz9")
    g = hexgames.new("inphexion")
    rejects(g, "d4>d5", "opening placement")
    g.play("d4")
    rejects(g, "d4", "push")
    h = position("inphexion", {"X": "d4", "O": "e4"}, "X", hands={"X": 0, "O": 5}, turn=8)
    rejects(h, "e4>f4", "over")


def test_options_are_checked():
    for size in (5, 6, 7, 8, 9, 10, 11):
        g = hexgames.new("inphexion", size=size)
        assert g.board.n == size * size and field(g, "hands")["X"] == (size * size + 1) // 2
    assert "size" in raises(ValueError, hexgames.new, "inphexion", size=4)
    assert "size" in raises(ValueError, hexgames.new, "inphexion", size=12)
    assert "size" in raises(ValueError, hexgames.new, "inphexion", size="7")
    assert "pie" in raises(ValueError, hexgames.new, "inphexion", pie=1)
    assert "neutral" in raises(ValueError, hexgames.new, "inphexion", neutral="yes")
    msg = raises(ValueError, hexgames.new, "inphexion", size=8, neutral=True)
    assert "odd size" in msg and msg.endswith("not size=8"), msg
    assert "shape" in raises(ValueError, hexgames.new, "inphexion", shape="rhombus")
    g = hexgames.new("inphexion", size=9, neutral=True, pie=True)
    assert discs(g)["N"] == "e5"
    assert g.record() == "inphexion size=9 pie=true neutral=true: "
    assert hexgames.replay("inphexion size=5: c3 c3>c4").dump() == \
        hexgames.replay(hexgames.replay("inphexion size=5: c3 c3>c4").record()).dump()


def load_fields(**fields):
    d = {"game": "inphexion", "options": {}, "cells": {"d4": "X", "e4": "O"}, "to_move": "X",
         "hands": {"X": 24, "O": 24}, "turn": 2}
    for k in fields:
        d[k] = fields[k]
    return encode(d)


def test_bad_positions_are_refused_with_the_fault_named():
    def bad(words, **fields):
        msg = raises(ValueError, hexgames.load, load_fields(**fields))
        for w in words.split():
            assert w in msg, (w, msg)
    bad("d4 x", cells={"d4": "x"})
    bad("q9", cells={"q9": "X"})
    bad("N neutral", cells={"d4": "N"})
    bad("Neutral", cells={"d4": "N", "e4": "N"}, options={"neutral": True})
    bad("hands", hands={"X": 24})
    bad("hands X", hands={"X": 26, "O": 3})
    bad("hands O", hands={"X": 2, "O": -1})
    bad("hands X", hands={"X": True, "O": 3})
    bad("turn", turn=-1)
    bad("turn", turn="2")
    bad("to_move", to_move="N")
    bad("pending_relocation", pending_relocation="e4")
    bad("pending_relocation c5 empty", pending_relocation=["c5"])
    bad("pending_relocation d4 X", pending_relocation=["d4"])
    bad("pending_relocation e4 walled", pending_relocation=["e4"])
    bad("relocated_from needs", relocated_from=["c5"])
    bad("pending_relocation z1", pending_relocation=["z1"])
    walled = {"a1": "O", "b1": "X", "a2": "X", "g7": "O"}
    bad("relocated_from b1 empty", cells=walled, pending_relocation=["a1"], relocated_from=["b1"])
    bad("twice", cells=walled, pending_relocation=["a1", "a1"])
    corners = {"a1": "O", "b1": "X", "a2": "X", "g7": "O", "g6": "X", "f7": "X"}
    bad("at most 3", cells=corners, pending_relocation=["a1", "g7"],
        relocated_from=["c3", "d3"])
    assert "JSON" in raises(ValueError, hexgames.load, '{"game": "inphexion", ')


def test_positions_round_trip_and_defaults():
    g = setup(EX6, hands=(16, 16), turn=18)
    g.play("d4>d5")
    g.play("c4:a2")
    d = g.dump()
    h = hexgames.load(d)
    assert h.dump() == d and h.history() == []
    h.play("e3:g4")
    g.play("e3:g4")
    assert h.dump() == g.dump()
    # hands and turn may be left out: full hands less the discs, turn = discs
    g = position("inphexion", {"X": "d4 c4", "O": "e4"}, "O")
    assert field(g, "hands") == {"X": 23, "O": 24} and field(g, "turn") == 3
    # the order of keys in "hands" and of pending cells does not matter
    p = json.loads(load_fields(cells={"a1": "O", "b1": "X", "a2": "X", "g7": "O", "g6": "X",
                                      "f7": "X"}, pending_relocation=["g7", "a1"],
                      hands={"X": 21, "O": 23}, turn=5))
    assert field(hexgames.load(json.dumps(p)), "pending_relocation") == ["a1", "g7"]


def test_loaded_positions_that_are_decided_say_so_at_once():
    # X linked, O to move: X made the link
    g = position("inphexion", {"X": "d1 d2 d3 d4 d5 d6 d7", "O": "a1"}, "O", turn=13)
    assert g.result() == (1, 0, 0, "connection") and g.to_move == 0 and g.moves() == []
    # X linked, X to move: O's push completed it
    g = position("inphexion", {"X": "d1 d2 d3 d4 d5 d6 d7", "O": "a1"}, "X", turn=13)
    assert g.result() == (1, 0, 0, "opponent_completed_connection")
    # a pending relocation with too few empty cells
    g = setup(EX11, "O", hands=(1, 2), turn=47)
    g.play("b2>c1")
    h = hexgames.load(g.dump())
    assert h.result() == (1, 0, 0, "relocation_impossible") and h.moves() == []
    # the mover linked with a relocation still pending: he wins
    g = position("inphexion", {"X": "a2 b1 d1 d2 d3 d4 d5 d6 d7", "O": "a1 g7"}, "X", turn=13,
                 pending_relocation=["a1"])
    assert g.result() == (1, 0, 0, "connection")
    # O linked before any relocation: step B already gave O the game
    row = {"X": "a2 b1 g1", "O": "a1 a4 b4 c4 d4 e4 f4 g4"}
    g = position("inphexion", row, "X", turn=13, pending_relocation=["a1"])
    assert g.result() == (2, 0, 0, "opponent_completed_connection")
    # ... but linked by an earlier relocation of this turn: the rest are made first
    g = position("inphexion", row, "X", turn=13, pending_relocation=["a1"],
                 relocated_from=["c2"])
    assert g.result() is None and texts(g)[0].startswith("a1:")
    rejects(g, "a1:c2", "starting cell")
    g.play("a1:c1")
    assert g.result() == (2, 0, 0, "opponent_completed_connection")


def test_info_reports_hands_turn_pending_and_the_link():
    g = setup(EX6, hands=(16, 16), turn=18)
    assert g.info() == {"hands": {"X": 16, "O": 16}, "turn": 18, "pending_relocation": [],
                        "relocated_from": [], "link": []}
    g.play("d4>d5")
    g.play("c4:a2")
    assert g.info() == {"hands": {"X": 15, "O": 16}, "turn": 18, "pending_relocation": ["e3"],
                        "relocated_from": ["c4"], "link": []}
    g = setup(EX9, hands=(18, 18), turn=14)
    g.play("d3>d4")
    assert g.info()["link"] == "a4 b4 c4 d4 e4 f4 g4".split()


def test_undo_copy_and_history():
    g = setup(EX6, hands=(16, 16), turn=18)
    start = g.dump()
    c = g.copy()
    for t in ("d4>d5", "c4:a2", "e3:g4"):
        g.play(t)
    assert c.dump() == start
    assert g.text(g.undo()) == "e3:g4"
    assert field(g, "pending_relocation") == ["e3"]
    g.undo()
    g.undo()
    assert g.dump() == start
    raises(IllegalMove, g.undo)
