# Hexmeister: every worked example of rules/hexmeister.md section 10, then our own cases.
from array import array
import hexgames
from hexgames import IllegalMove
from hexgames.game import encode
from kit import position, rejects, raises, random_game, scaled

from hexmeister_model import (BOARD, BUF, field, stones, count, check_against_model,
                              random_position)


def diagram(rows, to_move="X", **extra):
    """A position from rows drawn as in the rules file ("11      . . X . . .       a11-f11")."""
    stones = {"X": [], "O": []}
    for line in rows.strip().split("\n"):
        words = line.split()
        first = BOARD.index(words[-1].split("-")[0])
        for k, s in enumerate(words[1:-1]):
            if s != ".":
                stones[s].append(BOARD.name(first + k))
    return position("hexmeister", {"X": " ".join(stones["X"]), "O": " ".join(stones["O"])},
                    to_move, **extra)


def texts(g):
    return [g.text(BUF[x]) for x in range(count(g))]


def moves_of(g, origin):
    o = BOARD.index(origin)
    out = []
    for x in range(count(g)):
        path = g.cells(BUF[x])
        if len(path) == 2 and path[0] == o:
            out.append(g.text(BUF[x]))
    return sorted(out)


def is_legal(g, step):
    m = g.parse(step)
    for x in range(count(g)):
        if BUF[x] == m:
            return True
    return False


def legal(g, *steps):
    for s in steps:
        assert is_legal(g, s), s


# -- the board map of section 2 ----------------------------------------------------

MAP = """
 1      G B B B B G       f1-k1
 2     R L L L L L R      e2-k2
 3    R L G R R G L R     d3-k3
 4   R L R L L L R L R    c4-k4
 5  R L R L R R L R L R   b5-k5
 6 G L G L R G R L G L G  a6-k6
 7  R L R L R R L R L R   a7-j7
 8   R L R L L L R L R    a8-i8
 9    R L G R R G L R     a9-h9
10     R L L L L L R      a10-g10
11      G B B B B G       a11-f11
"""


def test_board_map_matches_the_rules():
    from hexgames.hexmeister.tables import CLASS, BASE_OF, GATES, GROUPS, LANE, GATE, RING
    seen = 0
    for line in MAP.strip().split("\n"):
        words = line.split()
        first = BOARD.index(words[-1].split("-")[0])
        for k, s in enumerate(words[1:-1]):
            i = first + k
            want = {"G": GATE, "L": LANE, "R": RING, "B": RING}[s]
            assert CLASS[i] == want, BOARD.name(i)
            assert (BASE_OF[i] != 0) == (s == "B"), BOARD.name(i)
            seen += 1
    assert seen == 91 and len(GATES) == 13
    for a in GATES:                               # no two gates are adjacent
        for b in GATES:
            assert b not in BOARD.adj[a]
    assert [len(g) for g in GROUPS] == [5] * 9 + [6, 6]
    for g in GATES:
        if BOARD.name(g) != "f6":                 # every other gate lies in two triangles
            assert len([t for t in GROUPS[:6] if g in t]) == 2


# -- worked examples ----------------------------------------------------------------

def test_example_1_opening():
    g = hexgames.new("hexmeister")
    assert sorted(texts(g)) == ["drop b11", "drop c11", "drop d11", "drop e11"]
    g.play("drop c11")
    assert g.to_move == 2
    assert sorted(texts(g)) == ["drop g1", "drop h1", "drop i1", "drop j1"]


EX2 = """
 1      . . O . . .       f1-k1
11      . . X . . .       a11-f11
"""


def test_example_2_one_move_from_the_base_reaches_almost_everything():
    g = diagram(EX2, turn=2, reserves={"X": 17, "O": 17})
    legal(g, "c11-b11", "c11-c10", "c11-f8", "c11-f7", "c11-a9", "c11-g1", "c11-a11", "c11-f11")
    for t in ("c11-f6", "c11-c9", "c11-f9"):
        rejects(g, t, t.split("-")[1], "gate", "adjacent")
    from hexgames.hexmeister.tables import GATES
    want = set([BOARD.name(i) for i in range(91) if i not in GATES]) - set(["c11", "h1"])
    want |= set(["a11", "f11"])
    got = moves_of(g, "c11")
    assert len(got) == 78 and set([t.split("-")[1] for t in got]) == want
    assert count(g) == 81
    g.play("c11-f11")                 # own base gate from the base: no bonus
    assert g.to_move == 2 and field(g, "bonus") is False


EX3A = """
 1      . . . . O .       f1-k1
 2     . . O X O . .      e2-k2
10     . . . X . . .      a10-g10
11      . . . X . .       a11-f11
"""

EX3B = """
 1      . . O O . .       f1-k1
 8   . . . . . . . X .    a8-i8
 9    . . . . . X . .     a9-h9
10     . . . X . X .      a10-g10
11      . . . X X .       a11-f11
"""


def test_example_3a_moats_stop_movement():
    g = diagram(EX3A, turn=10)
    assert moves_of(g, "h2") == ["h2-g3", "h2-h1", "h2-h3", "h2-i1"]


def test_example_3b_own_gates_can_be_jumped():
    g = diagram(EX3B, turn=12)
    legal(g, "f10-f8")
    assert len(moves_of(g, "f10")) == 72
    h = diagram(EX3B.replace(". . . . . X . .", ". . . . . O . ."), turn=12)
    assert moves_of(h, "f10") == sorted("f10-e10 f10-e9 f10-f11 f10-g10 f10-g8 f10-g9 f10-h9".split())
    rejects(h, "f10-f8", "route")


EX4 = """
 1      . O O . . .       f1-k1
 2     . . . . O . .      e2-k2
 8   . . . . . . . X .    a8-i8
 9    . . . . . . X .     a9-h9
11      . . X . . .       a11-f11
"""


def test_example_4_entering_a_gate_earns_a_bonus_step():
    g = diagram(EX4, turn=6, reserves={"X": 15, "O": 15})
    rejects(g, "h8-f9", "f9", "adjacent")
    rejects(g, "c11-f9", "f9", "adjacent")
    rejects(g, "h8-i6", "i6", "adjacent")
    g.play("g9-f9")
    assert g.to_move == 1 and field(g, "bonus") is True and field(g, "turn") == 6
    legal(g, "pass")
    g.play("drop e11")
    assert g.to_move == 2 and field(g, "turn") == 7 and field(g, "bonus") is False
    assert '"reserves": {"X": 14, "O": 15}' in g.dump()
    assert g.record().endswith(": g9-f9 drop e11")


EX5 = """
 1      . . O O . .       f1-k1
10     . . . . . X .      a10-g10
11      . . . X . .       a11-f11
"""


def test_example_5_the_base_gate_exception():
    g = diagram(EX5, turn=4, reserves={"X": 16, "O": 16})
    legal(g, "d11-f11", "d11-a11", "f10-f11")
    h = g.copy()
    h.play("d11-f11")
    assert h.to_move == 2 and field(h, "turn") == 5
    h = g.copy()
    h.play("d11-a11")
    assert h.to_move == 2
    g.play("f10-f11")
    assert g.to_move == 1 and field(g, "bonus") is True


EX6 = """
 1      . . O . . .       f1-k1
 2     . . O . . . .      e2-k2
 8   . . . X O X . . .    a8-i8
10     . . . . X . .      a10-g10
"""


def test_example_6_capture_by_proximity():
    g = diagram(EX6, turn=6)
    g.play("e10-e9")
    s = stones(g)
    assert s["X"] == set(["d8", "f8", "e9"]) and s["O"] == set(["h1", "g2"])
    assert g.to_move == 1 and field(g, "bonus") is True


EX7 = """
 1      . . O . . .       f1-k1
 9    . X O O . . . .     a9-h9
10     . X . . . . .      a10-g10
11      . . O . . .       a11-f11
"""


def test_example_7_a_secured_cell_can_be_crossed_but_not_occupied():
    g = diagram(EX7, turn=10)
    assert "c10" in g.info()["secured"]["O"]
    rejects(g, "b10-c10", "c10", "secured by O")
    legal(g, "b10-d10", "b10-b11", "b10-a11", "b10-e10")
    h = g.copy()
    h.play("b10-a11")
    assert h.to_move == 1 and field(h, "bonus") is True


EX8 = """
 1      . . O . . .       f1-k1
 2     . . O . O . .      e2-k2
 6 . . . . . O . . . . .  a6-k6
 9    . . . . . X . .     a9-h9
10     . . X . . . .      a10-g10
11      X . . . . X       a11-f11
"""


def test_example_8_capture_by_triangulation():
    g = diagram(EX8, turn=14)
    g.play("c10-c9")
    s = stones(g)
    assert "f6" not in s["O"] and s["X"] == set(["c9", "f9", "a11", "f11"])
    assert g.to_move == 1 and field(g, "bonus") is True
    g.play("pass")                       # one bonus only
    assert g.to_move == 2


EX9 = """
 1      O . . . . O       f1-k1
 3    . . O . . O . .     d3-k3
 6 O X O . . O . . O . .  a6-k6
 7  . X . . . . . . . .   a7-j7
 8   . . . X . . . . .    a8-i8
 9    . . . . . X . .     a9-h9
10     . . X . . . .      a10-g10
11      X . . . . X       a11-f11
"""

EX9_AFTER = """
 1      O . . . . O       f1-k1
 3    . . O . . O . .     d3-k3
 6 O X . X . . . . O . .  a6-k6
 7  . X . . . . . . . .   a7-j7
 9    . . X . . X . .     a9-h9
11      X . . . . X       a11-f11
"""


def test_example_9_nullification_and_the_cascade_when_it_ends():
    g = diagram(EX9, turn=30)
    assert g.info()["gates"] == {"X": 3, "O": 8}
    g.play("c10-c9")
    assert "f6" in stones(g)["O"]                    # nullified: nothing captured
    assert "f6" not in g.info()["secured"]["X"]
    assert g.to_move == 1 and field(g, "bonus") is True
    legal(g, "d8-d6")
    g.play("d8-d6")
    assert stones(g) == stones(diagram(EX9_AFTER, turn=30))
    assert g.to_move == 1 and field(g, "bonus") is True and field(g, "turn") == 30
    assert g.info()["gates"] == {"X": 4, "O": 6}


EX10 = """
 1      . . O O . .       f1-k1
 2     . . . . . O .      e2-k2
 6 . . . . . . . X . . .  a6-k6
 8   . . . X O X . . .    a8-i8
 9    . . . . . . X .     a9-h9
10     . . . . X . .      a10-g10
"""


def test_example_10_a_chain_of_bonus_steps():
    g = diagram(EX10, turn=12, reserves={"X": 13, "O": 14})
    for step in ("g9-f9", "e10-e9", "h6-i6"):
        g.play(step)
        assert g.to_move == 1 and field(g, "bonus") is True and field(g, "turn") == 12
    g.play("pass")
    s = stones(g)
    assert s["X"] == set(["f9", "e9", "i6", "d8", "f8"]) and "e8" not in s["O"]
    assert g.to_move == 2 and field(g, "turn") == 13 and field(g, "bonus") is False
    assert g.record().endswith(": g9-f9 e10-e9 h6-i6 pass")


EX11 = """
 1      . . O O . .       f1-k1
 2     . . O . . . .      e2-k2
 5  . . . . O . . . . .   b5-k5
 6 X . X . X . . . X . X  a6-k6
"""


def test_example_11_alignment():
    g = diagram(EX11, turn=20)
    g.play("e6-f6")
    assert g.result() == (1, 0, 0, "alignment")
    assert g.to_move == 0 and g.moves() == []
    assert field(g, "to_move") == "O" and field(g, "bonus") is False and field(g, "turn") == 21
    rejects(g, "pass", "over")
    assert hexgames.load(g.dump()).result() == (1, 0, 0, "alignment")


EX12 = """
 1      . O O . . .       f1-k1
 3    . . X . . X . .     d3-k3
 5  . . . O . . . . . .   b5-k5
 6 . . X . . . . . X . .  a6-k6
 9    . . . . . X . .     a9-h9
10     . . X . . . .      a10-g10
"""


def test_example_12_encirclement():
    g = diagram(EX12, turn=20)
    g.play("c10-c9")
    assert g.result() == (1, 0, 0, "encirclement") and g.to_move == 0
    assert hexgames.load(g.dump()).result() == (1, 0, 0, "encirclement")


EX13 = """
 1      O . . . . O       f1-k1
 2     . . . O . . .      e2-k2
 3    . . O . . O . .     d3-k3
 6 O . O . . O . . O . .  a6-k6
 9    . . X . . X . .     a9-h9
11      X . . X . X       a11-f11
"""


def test_example_13_exposing_ones_own_centre_stone_is_illegal():
    g = diagram(EX13, "O", turn=31)
    for t in ("c6-d6", "a6-b6", "i3-h4"):
        rejects(g, t, "f6", "secured by X")
    legal(g, "f6-e6", "h2-h3", "drop g1")
    assert moves_of(g, "f6") == sorted("f6-e6 f6-g6 f6-f5 f6-g5 f6-e7 f6-f7".split())
    assert count(g) == 86
    assert count(g) == len(moves_of(g, "f6")) + len(moves_of(g, "h2")) + 4


def test_example_14_draw_by_repetition():
    steps = "drop c11 drop h1 c11-d11 h1-i1 d11-c11 i1-h1 c11-d11 h1-i1 d11-c11 i1-h1"
    g = hexgames.replay("hexmeister base=6: " + steps)
    assert g.result() == (0, 0, 0, "repetition") and g.to_move == 0
    h = hexgames.replay("hexmeister base=6: " + steps.rsplit(" ", 1)[0])
    assert h.result() is None and h.to_move == 2
    # a set-up position counts once: two more returns make the third occurrence
    p = diagram(EX2, turn=2, reserves={"X": 17, "O": 17})
    for k, t in enumerate("c11-d11 h1-i1 d11-c11 i1-h1 c11-d11 h1-i1 d11-c11 i1-h1".split()):
        assert p.result() is None, k
        p.play(t)
    assert p.result() == (0, 0, 0, "repetition")


# -- our own cases ------------------------------------------------------------------

def test_notation_errors_leave_the_game_alone():
    g = diagram(EX2, turn=2, reserves={"X": 17, "O": 17})
    rejects(g, "drop", "drop c11")
    rejects(g, "drop z9", "z9", "not a cell")
    rejects(g, "drop c11 d11", "one base cell")
    rejects(g, "c11-", "c11-")
    rejects(g, "c11-f8-f7", "not a Hexmeister step")
    rejects(g, "c11f8", "not a Hexmeister step")
    rejects(g, "C11-f8", "C11")
    rejects(g, "c11-a1", "a1", "not a cell")       # a1 is off the hexhex
    rejects(g, "", "not a Hexmeister step")
    rejects(g, "Pass", "not a Hexmeister step")
    rejects(g, -1, "not a Hexmeister step")
    rejects(g, 1 << 20, "not a Hexmeister step")
    rejects(g, "pass", "pass", "bonus")
    rejects(g, "c11-c11", "another cell")
    rejects(g, "h1-g1", "h1", "no stone of X")
    rejects(g, "f6-f5", "f6", "no stone of X")
    rejects(g, "c11-h1", "h1", "occupied")
    rejects(g, "drop c11", "c11", "occupied")
    rejects(g, "drop g1", "g1", "not one of X's base cells", "b11 c11 d11 e11")
    rejects(g, "drop a11", "a11", "base cells")      # a base gate is no base cell
    h = diagram(EX2, turn=2, reserves={"X": 0, "O": 17})
    rejects(h, "drop b11", "no stone in reserve")
    assert "move 2" in raises(IllegalMove, hexgames.replay, "hexmeister: drop c11 drop c11")
    assert "c11" in raises(IllegalMove, hexgames.replay, "hexmeister: drop")


def test_notation_round_trip_and_input_paths():
    g = diagram(EX4, turn=6, reserves={"X": 15, "O": 15})
    ms = g.moves()
    for m in ms:
        assert g.parse(g.text(m)) == m
    assert g.cells(g.parse("drop b11")) == [BOARD.index("b11")]
    assert g.cells(g.parse("g9-f9")) == [BOARD.index("g9"), BOARD.index("f9")]
    g.play("g9-f9")
    assert g.cells(g.parse("pass")) == []
    paths = [tuple(g.cells(m)) for m in g.moves() if g.cells(m)]
    assert len(set(paths)) == len(paths)
    for a in paths:                                  # prefix-free
        for b in paths:
            assert a == b or a != b[:len(a)]


def test_options_are_checked():
    assert hexgames.new("hexmeister", base=6).dump() == hexgames.new("hexmeister").dump()
    assert "base" in raises(ValueError, hexgames.new, "hexmeister", base=5)
    assert "base" in raises(ValueError, hexgames.new, "hexmeister", base="6")
    assert "size" in raises(ValueError, hexgames.new, "hexmeister", size=6)
    assert "base" in raises(ValueError, hexgames.replay, "hexmeister base=4: drop c11")


def bad_position(**fields):
    d = {"game": "hexmeister", "options": {"base": 6}, "cells": {"c11": "X", "h1": "O"},
         "to_move": "X", "reserves": {"X": 17, "O": 17}, "bonus": False, "turn": 2}
    for k in fields:
        d[k] = fields[k]
    return raises(ValueError, hexgames.load, encode(d))


def test_broken_positions_are_refused_with_the_fault_named():
    assert "c11" in bad_position(cells={"c11": "N"})
    assert "z5" in bad_position(cells={"z5": "X"})
    assert "reserve of X" in bad_position(reserves={"X": 19, "O": 17})
    assert "reserve of O" in bad_position(reserves={"X": 1, "O": -1})
    assert "reserve of O" in bad_position(reserves={"X": 1, "O": True})
    assert "reserves" in bad_position(reserves={"X": 1})
    assert "reserves" in bad_position(reserves=[17, 17])
    assert "more than 18" in bad_position(reserves={"X": 18, "O": 0})
    assert "bonus" in bad_position(bonus=1)
    assert "turn" in bad_position(turn=301)
    assert "turn" in bad_position(turn=-1)
    assert "turn" in bad_position(turn="2")
    assert "to_move" in bad_position(to_move="N")
    assert "unknown field" in bad_position(reserve={"X": 1, "O": 1})
    # a stone on a cell the opponent secures (proximity; triangulation)
    none = {"X": 0, "O": 0}
    assert "c10" in bad_position(cells={"c9": "O", "d9": "O", "c11": "O", "c10": "X"}, reserves=none)
    msg = bad_position(cells={"f6": "O", "f9": "X", "f11": "X", "c9": "X", "a11": "X"}, reserves=none)
    assert "f6" in msg and "secures" in msg
    msg = bad_position(cells={"f1": "X", "k1": "X", "k6": "X", "f11": "X", "a11": "X", "a6": "X",
                              "f3": "O", "i3": "O", "i6": "O", "f9": "O", "c9": "O", "c6": "O"},
                       reserves=none)
    assert "both players have won" in msg


def test_a_stone_nullification_protects_may_be_loaded():
    # Example 13's position is legal only through the nullification of f6
    g = diagram(EX13, "O", turn=31)
    assert g.info()["gates"]["O"] == 8 and "f6" not in g.info()["secured"]["X"]


def test_info_names_gates_and_secured_cells():
    g = diagram(EX7, turn=10)
    info = g.info()
    assert info["gates"] == {"X": 0, "O": 1}            # c9 is a gate
    assert info["secured"] == {"X": [], "O": ["c10"]}
    g = diagram(EX8, turn=14)
    g.play("c10-c9")
    info = g.info()
    assert info["gates"] == {"X": 4, "O": 0}
    assert "f6" in info["secured"]["X"]                 # triangulation of an empty gate
    assert hexgames.new("hexmeister").info() == {"gates": {"X": 0, "O": 0},
                                                 "secured": {"X": [], "O": []}}


NO_STEP = """
 1      X . . . . .       f1-k1
 2     . O . . . . .      e2-k2
 3    O O . . . . . .     d3-k3
"""


def test_no_legal_step_loses():
    # no stones and no reserve: decided at once
    g = position("hexmeister", {"O": "h1"}, "X", reserves={"X": 0, "O": 17}, turn=40)
    assert g.result() == (2, 0, 0, "no_legal_move") and g.to_move == 0 and g.moves() == []
    # X's stone on f1 is walled in by O's stones and O-secured cells (e2, g1 after h2-g2)
    pos = NO_STEP.replace(". O . . . . .", ". O . O . . .").replace("X . . . . .", "X . O . . .")
    before = diagram(pos, "X", reserves={"X": 0, "O": 10}, turn=50)
    assert texts(before) == ["f1-g1"]                   # e2 is secured by O already
    g = diagram(pos, "O", reserves={"X": 0, "O": 10}, turn=50)
    g.play("h2-g2")
    assert g.result() == (2, 0, 0, "no_legal_move")
    assert field(g, "to_move") == "X" and field(g, "turn") == 51
    assert hexgames.load(g.dump()).result() == g.result()


def test_turn_limit_draws():
    g = diagram(EX2, turn=299, reserves={"X": 17, "O": 17})
    g.play("c11-d11")
    assert g.result() == (0, 0, 0, "turn_limit") and field(g, "turn") == 300
    assert hexgames.load(g.dump()).result() == (0, 0, 0, "turn_limit")
    g = diagram(EX4, turn=299, reserves={"X": 15, "O": 15})
    g.play("g9-f9")                       # a bonus step is still part of turn 300
    assert g.result() is None and g.to_move == 1
    g.play("pass")
    assert g.result() == (0, 0, 0, "turn_limit")


def test_a_win_inside_a_bonus_chain_ends_the_turn_at_once():
    g = diagram(EX11, turn=20, bonus=True)
    legal(g, "pass")
    g.play("e6-f6")
    assert g.result() == (1, 0, 0, "alignment")
    assert field(g, "to_move") == "O" and field(g, "turn") == 21 and field(g, "bonus") is False
    # a loaded position with a completed line is decided, whoever is to move
    for side in "XO":
        h = hexgames.load(g.dump().replace('"to_move": "O"', '"to_move": "%s"' % side))
        assert h.result() == (1, 0, 0, "alignment") and h.to_move == 0


def test_drops_capture_and_respect_security():
    # a drop that captures earns a bonus
    g = position("hexmeister", {"X": "a11 c10", "O": "b11 h1"}, "X", turn=8)
    g.play("drop c11")
    assert "b11" not in stones(g)["O"] and g.to_move == 1 and field(g, "bonus") is True
    # O secures b11: X may not drop there
    g = position("hexmeister", {"X": "d11", "O": "a11 b10 c10"}, "X", turn=8)
    rejects(g, "drop b11", "b11", "secured by O")
    assert is_legal(g, "drop c11") and not is_legal(g, "drop b11")


def test_a_set_up_bonus_position_is_not_counted_for_repetition():
    p = diagram(EX2, turn=2, reserves={"X": 17, "O": 17}, bonus=True)
    legal(p, "pass")
    for k, t in enumerate("pass h1-i1 c11-d11 i1-h1 d11-c11 h1-i1 c11-d11 i1-h1 d11-c11".split()):
        assert p.result() is None, k
        p.play(t)
    # X on c11 / O on h1 after the pass (1), after turn 5 (2), after turn 9 (3)
    assert p.result() == (0, 0, 0, "repetition")


def test_undo_and_copy_are_independent():
    g = diagram(EX10, turn=12, reserves={"X": 13, "O": 14})
    start = g.dump()
    c = g.copy()
    g.play("g9-f9")
    g.play("e10-e9")
    assert c.dump() == start
    g.undo()
    g.undo()
    assert g.dump() == start
    c.play("g9-f9")
    assert g.dump() == start


def test_engine_agrees_with_the_model_on_random_positions():
    from hexgames.rng import Rng
    rng = Rng(2024)
    checked = 0
    for _ in range(scaled(1000, 400)):
        g = random_position(rng)
        if g is not None and g.to_move:
            check_against_model(g, rng, 3)
            checked += 1
    assert checked > scaled(600, 200)


def test_engine_agrees_with_the_model_in_crowded_games():
    # random games that prefer drops, so the board fills and captures happen
    from hexgames.rng import Rng
    for seed in range(scaled(6, 3)):
        rng = Rng(seed)
        g = hexgames.new("hexmeister")
        for ply in range(scaled(150, 60)):
            if not g.to_move:
                break
            if ply % 3 == 0:
                check_against_model(g, rng, 2)
            k = count(g)
            drops = [BUF[x] for x in range(k) if len(g.cells(BUF[x])) == 1]
            g.play(drops[rng.below(len(drops))] if drops and rng.below(2) else BUF[rng.below(k)])


def test_engine_agrees_with_the_model_around_the_nullification():
    from hexgames.rng import Rng
    rng = Rng(5)
    for rows, side, turn in ((EX13, "O", 31), (EX9, "X", 30)):
        g = diagram(rows, side, turn=turn)
        for _ in range(scaled(20, 6)):
            if not g.to_move:
                break
            check_against_model(g, rng, 3)
            g.play(BUF[rng.below(count(g))])


# -- whole games ----------------------------------------------------------------------

def test_random_games_keep_every_invariant():
    # only option combination: base=6; random games run to the 300-turn draw
    for seed in range(scaled(20, 4)):
        g = random_game("hexmeister", {"base": 6}, seed, undo_every=23)
        assert g.result()[3] in ("alignment", "encirclement", "no_legal_move", "repetition",
                                 "turn_limit")


def test_playouts_end_and_their_results_reload():
    starts = [hexgames.new("hexmeister"), diagram(EX9, turn=30), diagram(EX13, "O", turn=31),
              diagram(EX10, turn=12, reserves={"X": 13, "O": 14})]
    reasons = {}
    for seed in range(scaled(100, 30)):
        g = starts[seed % len(starts)].copy()
        r = g.playout(seed, 2000)
        assert r is not None and r == g.result() and g.to_move == 0 and g.moves() == []
        reasons[r[3]] = reasons.get(r[3], 0) + 1
        h = hexgames.load(g.dump())
        if r[3] == "repetition":
            # a loaded position starts a fresh history (section 7.2): the game goes on
            assert h.result() is None and h.dump() == g.dump()
        else:
            assert h.result() == r
    assert reasons.get("turn_limit")
    assert scaled(reasons.get("alignment"), True)       # the gate-hungry policy wins some
    g = hexgames.new("hexmeister")
    assert g.playout(1, 3) is None and g.to_move in (1, 2)
    raises(IllegalMove, g.undo)                          # playout() cuts the history


PLAYOUT_2026_120 = (
    '{"game": "hexmeister", "options": {"base": 6}, "cells": {"f1": "X", "h1": "X", '
    '"i1": "O", "k1": "O", "f2": "O", "f3": "X", "k3": "O", "e4": "O", "h5": "O", "c6": "X", '
    '"f6": "O", "a7": "O", "j7": "X", "f9": "O", "c11": "X", "d11": "O", "f11": "O"}, '
    '"to_move": "O", "reserves": {"X": 11, "O": 7}, "bonus": true, "turn": 95}')


def test_playouts_are_the_same_on_every_vm():
    g = hexgames.new("hexmeister")
    g.playout(2026, 120)
    assert g.dump() == PLAYOUT_2026_120, g.dump()


def _policy_playout(g, seed, plies):
    """The playout policy as rules.playout() documents it, step by step through
    the game's own move lists: the reference for the playout kernel and twin."""
    from hexgames.rng import Rng
    from hexgames.hexmeister.moves import gen, drops, PASS, N
    from hexgames.hexmeister.tables import GATE_NO, NO
    rng = Rng(seed)
    buf = array("i", bytes(4 * (N + 8)))
    while g.to_move and plies > 0:
        p = g.side
        stones = [i for i in range(N) if g.cell[i] == p]
        nd = drops(g, buf, 0)
        total = len(stones) + (1 if nd else 0) + (1 if g.bonus else 0)
        m = None
        while total:
            r = rng.below(total)
            if r < len(stones):
                n = gen(g, buf, N, stones[r])
                if n:
                    entries = [buf[x] for x in range(n) if GATE_NO[buf[x] & 0x7F] != NO]
                    pool = entries or [buf[x] for x in range(n)]
                    m = pool[rng.below(len(pool))]
                    break
                stones[r] = stones[-1]          # blocked: set it aside
                stones.pop()
                total -= 1
            elif nd and r == len(stones):
                m = buf[rng.below(drops(g, buf, 0))]
                break
            else:
                m = PASS
                break
        assert m is not None, "a running game without a step"
        g._apply(m)
        plies -= 1
    return g._result


def test_playouts_follow_the_documented_policy():
    # every kernel-or-twin playout against the policy played out step by step:
    # whole games from the start (seed 22 draws pass after setting a blocked
    # stone aside, which once replayed that stone's stale move), then middle
    # games and bonus chains cut short
    start = hexgames.new("hexmeister")
    others = [diagram(EX9, turn=30), diagram(EX13, "O", turn=31),
              diagram(EX10, turn=12, reserves={"X": 13, "O": 14})]
    for seed in range(1, scaled(30, 4)):
        for g, plies in [(start, 1000)] + ([(others[seed // 3 % 3], (37, 300)[seed % 2])]
                                           if seed % 3 == 0 else []):
            a = g.copy()
            b = g.copy()
            assert a.playout(seed, plies) == _policy_playout(b, seed, plies)
            assert a.dump() == b.dump(), (seed, plies)
