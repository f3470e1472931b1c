# Hexade: every worked example of rules/hexade.md section 10, then our own
# cases, and random games checked against a naive model of the rules.
import gc
import json
from array import array
import hexgames
from hexgames import IllegalMove, board
from hexgames.hexade import tables
from hexgames.board import hexhex
from hexgames.game import encode
from hexgames.rng import Rng
from kit import position, rejects, raises, random_game, scaled


def hexade(x="", o="", to_move="X", base=6, **extra):
    return position("hexade", {"X": x, "O": o}, to_move, {"base": base}, **extra)


# The MicroPython run has the chip's heap with the unix port's 64-bit objects,
# and a big board fragments it: the examples' base 6 is kept, the other bases
# are dropped after use, so that one of them at a time is held. A base-10
# dump() alone churns some 140 KB there (game.encode), so on MicroPython
# positions are round-tripped up to base 8, and the larger boards are played
# by playouts and the worked example.
KEPT = (6,)
LARGEST_ROUND_TRIP = scaled(10, 8)


def forget(base):
    """Drop the cached tables of a base (the games keep theirs)."""
    if base not in KEPT:
        board._cache.pop(("hexhex", base), None)
        tables._layouts.pop(base, None)
    SHAPES.pop(base, None)
    gc.collect()


def names(text):
    return text.split()


def stones(g, sym):
    """The cells holding sym, as a set of names."""
    return set([g.board.name(i) for i in range(g.board.n) if g._symbol(i) == sym])


def sixes(g, sym):
    """The sixes of a player as (kind, set of cells)."""
    return [(s["kind"], set(s["cells"])) for s in g.info()["sixes"][sym]]


def diagram(base, text, column=0):
    """A board drawn as in the rules file -> {name: symbol} of its marked
    cells (not "."). Side-by-side diagrams are split at runs of spaces;
    captions are skipped. Row by row, so that base 10 needs little memory."""
    shape = hexhex(base)
    marked = {}
    i = 0
    for line in text.split("\n"):
        parts = [p for p in line.strip().split("    ") if p.strip()]
        if len(parts) <= column:
            continue
        row = parts[column].split()
        if row and all([t in ".XO#" for t in row]):
            for t in row:
                assert i < shape.n, "the diagram has too many cells"
                if t != ".":
                    marked[shape.name(i)] = t
                i += 1
    assert i == shape.n, "diagram has %d cells, board %d" % (i, shape.n)
    return marked


def same_board(g, pic):
    want = dict([(k, v) for k, v in pic.items() if v != "#"])
    got = {}
    for i in range(g.board.n):
        if g._symbol(i):
            got[g.board.name(i)] = g._symbol(i)
    assert got == want, (got, want)


# -- section 10, the worked examples ------------------------------------------

DIAGRAM_1 = """
           . . . . . . . . . .
          . . . . . . . . . . .
         . . . . . . . . . . . .
        . . . . . . . . . . . . .
       . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
     . . . . . . . . . . . . . . . .
    . . . . . . . # # # . . . . . . .
   . . . . . . . # # # # . . . . . . .
  . . . . . . . # # X # # . . . . . . .
   . . . . . . . # # # # . . . . . . .
    . . . . . . . # # # O . . . . . .
     . . . . . . . . . . . . . . . .
      . . . . . . . . . . . . . . .
       . . . . . . . . . . . . . .
        . . . . . . . . . . . . .
         . . . . . . . . . . . .
          . . . . . . . . . . .
           . . . . . . . . . .
"""


def test_example_1_whites_second_stone():
    official_zone()
    forget(10)
    # near the edge the zone is clipped: 11 cells after b5 on base 6
    e = hexgames.replay("hexade base=6: b5 k6")
    banned = set([e.board.name(i) for i in range(e.board.n)]) - set(["k6"])
    banned -= set([e.text(m) for m in e.moves()])
    assert banned == set(names("b5 d3 c4 d4 c5 d5 a6 b6 c6 a7 b7"))


def official_zone():
    # one base-10 game alive at a time: the MicroPython heap is the chip's
    g = hexgames.replay("hexade: j10 k12")         # base 10 is the default
    assert g.options == {"base": 10} and g.board.n == 271 and g.to_move == 1
    pic = diagram(10, DIAGRAM_1)
    assert pic["j10"] == "X" and pic["k12"] == "O"
    zone = set([k for k in pic if pic[k] == "#"] + ["j10"])
    assert len(zone) == 19
    legal = g.moves()
    assert len(legal) == 271 - 20
    for m in legal:
        assert g.text(m) not in zone and g.text(m) != "k12"
    for bad in ("i9", "l10", "h12"):
        rejects(g, bad, bad, "distance 2", "j10")
    for ok in ("j13", "m10", "g11"):
        g.play(ok)
        g.undo()
    legal.sort()
    del g
    # the position as a set-up gives the same zone
    s = hexade("j10", "k12", "X", 10, white_stones_placed=1, white_first="j10")
    assert sorted(s.moves()) == legal
    # and a playout from it keeps out of the zone (its random stone is redrawn there)
    for seed in range(scaled(60, 12)):
        c = s.copy()
        assert c.playout(seed, 1) is None
        placed = [n for n in json.loads(c.dump())["cells"] if n not in ("j10", "k12")]
        assert len(placed) == 1 and placed[0] not in zone, (seed, placed)
        del c
    del s, legal
    # Black is never restricted, even next to j10; White's third stone is free
    b = hexgames.replay("hexade: j10 i9 a10")
    b.play("j11")
    assert b.to_move == 1 and len(b.moves()) == 271 - 4


DIAGRAM_2A = """
       . . . O . .
      . . . . O . .
     . . . . . O . .
    . . . . . . O . .
   . . . . . . . O . .
  . . . . . . . . O . .
   . . . . . . . . . .
    . . . . . . . . .
     . X X X X X X .
      . . . . . . .
       . . . . . .
"""

DIAGRAM_2B = """
       X . . . . .
      X . . . . . .
     X . . . . . . .
    X . . . O O O . .
   X . . . . O O . . .
  X . . . . . O . . . .
   . . . . . . . . . .
    . . . . . . . . .
     . . . . . . . .
      . . . . . . .
       . . . . . .
"""

DIAGRAM_2C = """
       . . . . . .
      . . . . . . .
     . . . . . . . .
    . . . . . . . . .
   . . . . . . . . . .
  . . . . . . . O O . .
   . . . . . X O X O .
    . . . . X X O O .
     . . . X X X . .
      . . . . . . .
       . . . . . .
"""


def test_example_2_the_shapes():
    cases = (
        (DIAGRAM_2A, "b9 c9 d9 e9 f9 g9", "i1 i2 i3 i4 i5 i6", "row", "row"),
        (DIAGRAM_2B, "a6 b5 c4 d3 e2 f1", "g4 h4 i4 g5 h5 g6", "row", "triangle"),
        (DIAGRAM_2C, "f7 e8 f8 d9 e9 f9 h7", "h6 i6 g7 i7 g8 h8", "triangle", "hexagon"),
    )
    for pic, x, o, x_kind, o_kind in cases:
        g = hexade(x, o, "O")
        same_board(g, diagram(6, pic))
        assert sixes(g, "X") == [(x_kind, set(names(x)) - set(["h7"]))]
        assert sixes(g, "O") == [(o_kind, set(names(o)))]
    # each only pending when completed: the last stone of the row b9-g9
    g = hexade("b9 c9 d9 e9 f9", "i1 i2", "X")
    g.play("g9")
    assert g.result() is None and g.to_move == 2 and len(sixes(g, "X")) == 1


DIAGRAM_3 = """
       . . . . . .                 . . . . . .
      . . . . . . .               . . . . . . .
     . . . . . O . .             . . . . . O . .
    . . . X . O . . .           . . . X . O . . .
   . . . . O O . . . .         . . . . O O . . . .
  . . X O O . . . . . .       . . X . . X . . . . .
   . . . . . O . . . .         . . . . . . . . . .
    . . . . . O . . .           . . . . . . . . .
     . . . . . X . .             . . . . . X . .
      . . . . . . .               . . . . . . .
       . . . . . .                 . . . . . .
          before                      after f6
"""


def test_example_3_two_pairs_at_once():
    g = hexade("c6 f4 f9", "d6 e6 f5 f7 f8 g5 h4 i3")
    same_board(g, diagram(6, DIAGRAM_3, 0))
    g.play("f6")
    same_board(g, diagram(6, DIAGRAM_3, 1))
    assert stones(g, "O") == set(names("f5 g5 h4 i3"))      # single and three stay
    assert g.result() is None and g.to_move == 2


def test_example_4_no_capture_by_moving_into_the_gap():
    g = hexade("d6", "c6 f6")
    g.play("e6")
    assert stones(g, "X") == set(names("d6 e6")) and stones(g, "O") == set(names("c6 f6"))


def test_example_5_a_perfect_six():
    g = hexade("c6 d6 e6 f6 g6", "b6 d5 e7 h5")
    g.play("h6")
    assert g.result() is None and g.to_move == 2
    assert sixes(g, "X") == [("row", set(names("c6 d6 e6 f6 g6 h6")))]
    h = g.copy()
    h.play("a11")
    assert h.result() == (1, 0, 0, "six") and h.to_move == 0
    for m in g.moves():                     # no reply of O saves him
        h = g.copy()
        h.play(m)
        assert h.result() == (1, 0, 0, "six"), g.text(m)


DIAGRAM_6 = """
       . . . . . .                 . . . . . .
      . . . . . . .               . . . . . . .
     . . . . . . . .             . . . . . . . .
    . . . . . . . . .           . . . . . . . . .
   . O . X X X . . . .         . O . X X X . . . .
  . . . O X X . O . . .       . . . O . . O O . . .
   . . . . X . . . . .         . . . . X . . . . .
    . . . . . . . . .           . . . . . . . . .
     . . . . . . . .             . . . . . . . .
      . . . . . . .               . . . . . . .
       . . . . . .                 . . . . . .
"""


def test_example_6_a_six_destroyed_by_capture():
    g = hexade("e5 f5 g5 e6 e7", "c5 d6 h6")
    g.play("f6")
    same_board(g, diagram(6, DIAGRAM_6, 0))
    assert sixes(g, "X") == [("triangle", set(names("e5 f5 g5 e6 f6 e7")))]
    assert g.result() is None
    g.play("g6")
    same_board(g, diagram(6, DIAGRAM_6, 1))
    assert sixes(g, "X") == [] and g.result() is None and g.to_move == 1


def test_example_7_both_players_have_a_six():
    g = hexade("c6 d6 e6 f6 g6 h6", "b6 d5 a9 b9 c9 d9 e9", "O")
    assert g.result() is None                  # X's six is pending
    g.play("f9")
    assert len(stones(g, "X")) == 6 and len(stones(g, "O")) == 8     # nothing captured
    assert sixes(g, "O") == [("row", set(names("a9 b9 c9 d9 e9 f9")))]
    assert g.result() == (1, 0, 0, "six")


DIAGRAM_8 = """
       . . . . . .                 . . . . . .
      . . . . . . .               . . . . . . .
     . . . . . . . .             . . . . . . . .
    . . . . . . . . .           . . . . . . . . .
   . . O . . . . . . .         . . O . . . . . . .
  . O X X X X X X . . .       . O X . X X X X . . .
   . . . X . . . . . .         . . . . . . . . . .
    O O O . O O . . .           O O O O O O . . .
     . . . . . . . .             . . . . . . . .
      . . . . . . .               . . . . . . .
       . . . . . .                 . . . . . .
"""


def test_example_8_destroy_a_six_and_make_one():
    g = hexade("c6 d6 e6 f6 g6 h6 d7", "b6 d5 a8 b8 c8 e8 f8", "O")
    same_board(g, diagram(6, DIAGRAM_8, 0))
    g.play("d8")
    same_board(g, diagram(6, DIAGRAM_8, 1))
    assert sixes(g, "X") == [] and sixes(g, "O") == [("row", set(names("a8 b8 c8 d8 e8 f8")))]
    assert g.result() is None and g.to_move == 1
    # X must capture a pair holding a stone of a8-f8, or O wins after X's move
    row = set(names("a8 b8 c8 d8 e8 f8"))
    for m in g.moves():
        h = g.copy()
        h.play(m)
        breaks = not row <= stones(h, "O")
        assert (h.result() is None) == breaks, g.text(m)
        assert breaks or h.result() == (2, 0, 0, "six")


# Example 9: base-4 boards with one empty cell left, X to move (found by search).
FILL_SIX = ("e1", "e2 f2 c3 d3 e3 a4 e4 f4 g4 b5 c5 e5 a6 c6 d6 e6 c7 d7",
            "d1 f1 g1 c2 d2 g2 b3 f3 g3 b4 c4 d4 a5 d5 f5 b6 a7 b7")
FILL_OLDER_SIX = ("e3", "f1 d2 e2 g2 d3 g3 f4 b5 c5 e5 b6 a7 c7 d7",
                  "d1 e1 g1 c2 f2 b3 c3 f3 a4 b4 c4 d4 e4 g4 a5 d5 f5 a6 c6 d6 e6 b7")
FILL_DRAW = ("e3", "d1 e1 f2 c3 f3 g3 c4 f4 c5 d5 e5 b6 c6 d6 a7 b7",
             "f1 g1 c2 d2 e2 g2 b3 d3 a4 b4 d4 e4 g4 a5 b5 f5 a6 e6 c7 d7")
FILL_CAPTURES = ("c5", "d1 e1 f1 c2 e2 e3 f3 b4 c4 f4 g4 a5 f5 b6 c6 d6 e6 c7",
                 "g1 d2 f2 g2 b3 c3 d3 g3 a4 d4 e4 b5 d5 e5 a6 a7 b7 d7")


def test_example_9_full_board():
    for (cell, x, o), result in ((FILL_SIX, (1, 0, 0, "six")),
                                 (FILL_OLDER_SIX, (2, 0, 0, "six")),
                                 (FILL_DRAW, (0, 0, 0, "full_board"))):
        g = hexade(x, o, "X", 4)
        assert g.result() is None and len(g.moves()) == 1
        g.play(cell)
        assert g.result() == result and g.to_move == 0 and g.moves() == []
        assert hexgames.load(g.dump()).result() == result
    # the mover's six wins on a full board (D11): no reply can destroy it
    assert sixes(hexade(FILL_SIX[1] + " e1", FILL_SIX[2], "O", 4), "X")
    # filling the last cell with a capture empties cells again: play goes on
    cell, x, o = FILL_CAPTURES
    g = hexade(x, o, "X", 4)
    g.play(cell)
    assert g.result() is None and g.to_move == 2 and len(g.moves()) == 2
    forget(4)


def test_example_10_a_safe_pair_becomes_capturable():
    g = hexade("d6 e6", "c6 f6 g6")
    assert row6(g) == ". . O X X O O . . . ."
    g.play("h6")
    assert row6(g) == ". . O X X . . X . . ."
    g.play("f6")
    assert row6(g) == ". . O . . O . X . . ."


def row6(g):
    return " ".join([g._symbol(g.board.index(c + "6")) or "." for c in "abcdefghijk"])


# -- our own cases ------------------------------------------------------------

def each_base(check):
    """check(base) for the bases 10..4, each in its own frame and followed by
    forget(base): the MicroPython heap then holds one extra board at a time,
    and the largest is built while the heap is least fragmented."""
    for base in range(10, 3, -1):
        check(base)
        forget(base)


def test_options_are_checked():
    def sizes(base):
        g = hexgames.new("hexade", base=base)
        assert g.board.n == 3 * base * (base - 1) + 1 == g.max_moves == len(g.moves())
    each_base(sizes)
    assert hexgames.new("hexade").options == {"base": 10}
    for bad in (3, 11, 0, "10", 7.0, True):
        assert "base" in raises(ValueError, hexgames.new, "hexade", base=bad)
    assert "swap" in raises(ValueError, hexgames.new, "hexade", swap=True)
    assert "move 1" in raises(IllegalMove, hexgames.replay, "hexade base=4: q9")
    assert "move 2" in raises(IllegalMove, hexgames.replay, "hexade base=4: d4 d4")
    assert "distance" in raises(IllegalMove, hexgames.replay, "hexade base=6: f6 a6 f7")
    forget(10)
    forget(4)


def test_notation_errors_leave_the_game_alone():
    g = hexgames.new("hexade", base=6)
    g.play("f6")
    assert g.text(g.parse("f11")) == "f11" and g.cells(g.parse("f1")) == [g.parse("f1")]
    rejects(g, "pass", "pass")
    rejects(g, "swap", "swap")
    rejects(g, "F6", "F6", "lower case", "like f6")     # the example: the centre
    rejects(g, "a1", "a1", "not a cell")          # off the hexhex
    rejects(g, "l6", "l6")
    rejects(g, "", "''")
    rejects(g, "f6", "f6", "occupied")
    for m in (-1, 91, "f6"):
        raises(ValueError, g.text, m)           # text() of no move of this board
    rejects(g, 91, "91", "not a cell")
    rejects(g, -1, "not a cell")
    g.play("e6")                                   # Black may play next to White
    rejects(g, "f8", "f8", "distance 2", "f6")
    assert raises(ValueError, g.text, 1000)


def test_records_round_trip():
    line = "hexade base=6: f6 a6 f9 b6 f8 c6 f7 d6"
    g = hexgames.replay(line)
    assert g.record() == line
    assert hexgames.replay(g.record()).dump() == g.dump()
    g.undo()
    assert g.record() == line.rsplit(" ", 1)[0]


def test_positions_rejected_clearly():
    def bad(fragment, *words, **fields):
        d = {"game": "hexade", "options": {"base": 6}, "cells": {"f6": "X"}, "to_move": "O"}
        for k in fields:
            d[k] = fields[k]
        msg = raises(ValueError, hexgames.load, encode(d))
        for w in (fragment,) + words:
            assert w in msg, (w, msg)
        for slot in ("%s", "%r", "%d"):     # formatted, not glued to its values
            assert slot not in msg, msg
    bad("N", "f6", cells={"f6": "N"})
    bad("'o'", "f6", cells={"f6": "o"})     # symbols are upper case, as a dump writes them
    bad("'x'", "f6", cells={"f6": "x"})
    bad("q9", cells={"q9": "X"})
    bad("to_move", to_move="x")
    bad("base", options={"base": 12})
    bad("white_stones_placed", "-1", white_stones_placed=-1)
    bad("white_stones_placed", white_stones_placed="2")
    bad("white_stones_placed", white_stones_placed=True)
    bad("white_stones_placed is 0", "X has 1 stone on", white_stones_placed=0)
    bad("white_first", "required", white_stones_placed=1)
    bad("white_first", "z9", white_stones_placed=1, white_first="z9")
    bad("white_first", "5", "not a cell", white_stones_placed=1, white_first=5)
    bad("white_first", "e6", white_stones_placed=1, white_first="e6")
    bad("white_stones_placed is 1", "2 stones", white_stones_placed=1, white_first="f6",
        cells={"f6": "X", "a6": "X"})
    # White's second stone with no legal cell: the rest of base 4 filled by O
    b = hexhex(4)
    far = [b.name(i) for i in range(b.n) if b.distance(i, b.index("d4")) > 2]
    bad("no legal cell", "d4", options={"base": 4}, cells=dict([("d4", "X")] + [(n, "O") for n in far]),
        to_move="X", white_stones_placed=1, white_first="d4")
    forget(4)


def test_position_fields_round_trip():
    g = hexgames.new("hexade", base=5)
    d = g.dump()
    assert d.endswith('"to_move": "X", "white_stones_placed": 0, "white_first": null}')
    g.play("e5")
    assert '"white_stones_placed": 1, "white_first": "e5"' in g.dump()
    g.play("e4")
    assert '"white_stones_placed": 1, "white_first": "e5"' in g.dump()
    rejects(g, "e7", "distance 2", "e5")
    h = hexgames.load(g.dump())
    assert h.dump() == g.dump() and sorted(h.moves()) == sorted(g.moves())
    rejects(h, "e7", "distance 2", "e5")
    g.play("a5")
    assert '"white_stones_placed": 2, "white_first": null' in g.dump()
    assert len(hexgames.load(g.dump()).moves()) == g.board.n - 3
    # set-ups without the fields: White's restriction is over once he has a stone
    one = hexade("b5", "k6", "X", white_stones_placed=1, white_first="b5")
    assert '"white_stones_placed": 1, "white_first": "b5"' in one.dump()
    rejects(one, "c5", "distance 2", "b5")
    assert '"white_stones_placed": 2, "white_first": null' in hexade("b5", "k6", "X").dump()
    assert '"white_stones_placed": 3,' in hexade("b5 b6 b7", "k6", "X").dump()
    assert '"white_stones_placed": 0,' in hexade("", "k6", "X").dump()
    many = hexade("b5 b6 b7", "", "X", white_stones_placed=9)
    assert '"white_stones_placed": 9' in many.dump() and len(many.moves()) == 91 - 3
    many.play("c5")
    assert '"white_stones_placed": 10' in many.dump()
    # White's first stone from a set-up where O moves first
    o_first = hexade("", "f6", "O")
    o_first.play("a6")
    o_first.play("b6")
    assert '"white_stones_placed": 1, "white_first": "b6"' in o_first.dump()
    o_first.play("k6")
    rejects(o_first, "c6", "distance 2", "b6")
    forget(5)


def test_decided_positions_on_load():
    row = "c6 d6 e6 f6 g6 h6"
    assert hexade(row, "a11", "X").result() == (1, 0, 0, "six")     # rule 1 at once
    g = hexade(row, "a11", "O")                                        # pending
    assert g.result() is None and g.to_move == 2
    both = hexade(row, "a9 b9 c9 d9 e9 f9", "O")                      # the side to move wins
    assert both.result() == (2, 0, 0, "six") and both.to_move == 0 and both.moves() == []
    rejects(both, "k6", "over")
    assert '"to_move": "O"' in both.dump()
    cell, x, o = FILL_SIX
    full = hexade(x + " " + cell, o, "O", 4)
    assert full.result() == (1, 0, 0, "six")                           # rule 2, M = X
    full = hexade(o, x + " " + cell, "X", 4)                            # the colours swapped
    assert full.result() == (2, 0, 0, "six")                           # rule 2, M = O
    cell, x, o = FILL_DRAW
    assert hexade(x + " " + cell, o, "O", 4).result() == (0, 0, 0, "full_board")
    assert hexade(x, o + " " + cell, "X", 4).result() == (0, 0, 0, "full_board")
    forget(4)


def test_finished_game_dump_names_the_next_player():
    g = hexade("c6 d6 e6 f6 g6", "b6 d5 e7 h5")
    g.play("h6")
    g.play("a11")
    assert g.result() == (1, 0, 0, "six") and g.to_move == 0
    d = g.dump()
    assert '"to_move": "X"' in d
    assert hexgames.load(d).result() == g.result()
    g.undo()
    assert g.result() is None and g.to_move == 2


def test_decisions_d6_overlines_and_occupied_centres_count():
    g = hexade("b6 c6 d6 e6 f6 g6 h6", "a11", "O")
    assert sixes(g, "X") == [("row", set(names("b6 c6 d6 e6 f6 g6"))),
                             ("row", set(names("c6 d6 e6 f6 g6 h6")))]
    for centre in ("", "O", "X"):
        ring = "f5 g5 e6 g6 e7 f7"
        g = hexade(ring + (" f6" if centre == "X" else ""), "a11" + (" f6" if centre == "O" else ""), "O")
        assert ("hexagon", set(names(ring))) in sixes(g, "X")


def test_decisions_d7_only_compact_triangles():
    down = "f5 g5 h5 f6 g6 f7"
    up = "f7 g7 h7 g6 h6 h5"
    assert sixes(hexade(down, "k6", "O"), "X") == [("triangle", set(names(down)))]
    assert sixes(hexade(up, "k6", "O"), "X") == [("triangle", set(names(up)))]
    for shape in ("f5 g5 h5 f6 g6 h6",          # parallelograms
                  "f5 g5 f6 g6 f7 g7",
                  "f5 g5 e6 f6 g6 e7",          # five of a ring and its centre
                  "f5 h5 j5 f6 g6 h6"):         # scattered
        assert sixes(hexade(shape, "k6", "O"), "X") == [], shape


def test_decisions_d8_only_exact_pairs_are_captured():
    for o in ("e6", "e6 f6 g6"):                  # one, three
        n = len(o.split())
        end = "abcdefghijk"[4 + n] + "6"
        g = hexade(end, o)
        g.play("d6")
        assert stones(g, "O") == set(names(o))
    g = hexade("g6", "e6 f6", "O")                 # own stones are never captured
    g.play("d6")
    assert stones(g, "O") == set(names("d6 e6 f6"))


def test_all_six_directions_capture_together():
    # O pairs on every ray from f6, each closed by an X stone three away
    pairs = "g6 h6 g5 h4 f5 f4 e6 d6 e7 d8 f7 f8"
    ends = "i6 i3 f3 c6 c9 f9"
    g = hexade(ends, pairs)
    g.play("f6")
    assert stones(g, "O") == set() and stones(g, "X") == set(names(ends + " f6"))
    assert len(g.moves()) == 91 - 7


def board_and_turn(g):
    """The position as far as repetition sees it (white_stones_placed grows)."""
    return g.dump().split(', "white_stones_placed"')[0]


def test_repetition_draw():
    # X d6 captures e6 f6, O e6 captures c6 d6, X c6, O f6: the start again
    g = hexade("c6 g6", "b6 e6 f6")
    cycle = "d6 e6 c6 f6"
    start = board_and_turn(g)
    for k, m in enumerate((cycle + " " + cycle).split()):
        assert g.result() is None, k
        g.play(m)
        if k == 3:
            assert board_and_turn(g) == start       # second time: play goes on
    assert g.result() == (0, 0, 0, "repetition") and g.to_move == 0
    assert board_and_turn(g) == start
    # the same after a move of each elsewhere: the third time is ply 10, not 8
    # (the history's hashes are looked up by ply, and ply 8 holds another position)
    h = hexade("c6 g6", "b6 e6 f6")
    for m in ["a11", "k6"] + (cycle + " " + cycle).split():
        assert h.result() is None
        h.play(m)
    assert h.result() == (0, 0, 0, "repetition") and len(h.history()) == 10
    # and counted from the position after X's capture: the third time comes with
    # a capture that leaves more empty cells than the game has had at its fewest
    h = hexade("c6 d6 g6", "b6", "O")
    for m in ("e6 c6 f6 d6 " * 2).split():
        assert h.result() is None
        h.play(m)
    assert h.result() == (0, 0, 0, "repetition")
    rejects(g, "a11", "over")
    g.undo()
    assert g.result() is None and g.to_move == 2
    g.play("f6")
    assert g.result() == (0, 0, 0, "repetition")
    # the dump says how the game ended, and a load keeps it ended
    assert '"result": {"winner": null, "reason": "repetition"}' in g.dump()
    h = hexgames.load(g.dump())
    assert h.result() == (0, 0, 0, "repetition") and h.moves() == []
    assert h.dump() == g.dump()
    # without the result, the same cells are a fresh count: play goes on
    h = hexgames.load(g.dump().replace(', "result": {"winner": null, "reason": "repetition"}', ""))
    assert h.result() is None
    # copy() carries the history: a copy made at the second occurrence
    # draws at the third (as an AI's playout copy would)
    c = hexade("c6 g6", "b6 e6 f6")
    for m in cycle.split():
        c.play(m)
    k = c.copy()
    for m in cycle.split():
        k.play(m)
    assert k.result() == (0, 0, 0, "repetition")
    # the history grows past its first size (long games, many captures)
    c = hexade("c6 g6", "b6 e6 f6")
    cell, e16, vals = c.bufs                # room for ply 0 only
    c.bufs = (cell, e16[:c.lay.h2 + 1], vals[:tables.NVALS + 1])
    c.vals[tables.HCAP] = 1
    e16, vals = c.bufs[1:]
    for m in (cycle + " " + cycle).split():
        assert c.result() is None
        c.play(m)
    assert c.result() == (0, 0, 0, "repetition") and c.vals[tables.HCAP] == 16
    assert c.bufs[1] is e16 and c.bufs[2] is vals and len(c.hist1) == 16    # grown in place


def test_info_lists_sixes_in_notation():
    g = hexade("c6 d6 e6 f6 g6 h6 f5 g5 e7 f7", "a11", "O")
    info = g.info()
    assert list(info) == ["sixes"] and sorted(info["sixes"]) == ["O", "X"]
    assert info["sixes"]["O"] == []
    kinds = sorted([s["kind"] for s in info["sixes"]["X"]])
    assert kinds == ["hexagon", "row"]
    for s in info["sixes"]["X"]:
        assert len(s["cells"]) == 6 and sorted(s) == ["cells", "kind"]
    assert hexgames.new("hexade").info() == {"sixes": {"X": [], "O": []}}
    forget(10)


def count_sixes(base):
    """(rows, triangles, hexagons) of a base, counted from section 6 alone."""
    b = hexhex(base)
    rows = triangles = hexagons = 0
    for i in range(b.n):
        q, r = b.coord(i)
        for dq, dr in AXES:             # the board is convex: both ends on it suffice
            rows += b.at(q + 5 * dq, r + 5 * dr) >= 0
        for shape in (DOWN, UP):
            triangles += min([b.at(q + dq, r + dr) for dq, dr in shape]) >= 0
        hexagons += len(b.neighbours(i)) == 6
    return rows, triangles, hexagons


def test_six_counts():
    assert count_sixes(10) == (528, 432, 217)       # section 6, the official board
    forget(10)

    def engine_counts(base):
        # every six of a full board (a list of them all: CPython's heap only)
        lay = tables.layout(base)
        full = bytearray(lay.empty_board)
        for i in range(lay.board.n):
            full[lay.pad[i]] = 2
        kinds = [k for k, _ in lay.sixes(full, 2)]
        counts = (kinds.count("row"), kinds.count("triangle"), kinds.count("hexagon"))
        assert counts == count_sixes(base), base
    for base in scaled((4, 5, 6, 7, 8, 9, 10), (4,)):
        engine_counts(base)
        forget(base)


# -- random games against a naive model of the rules ---------------------------

AXES = ((1, 0), (0, 1), (1, -1))
STEPS6 = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DOWN = ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2))
UP = ((0, 0), (1, 0), (2, 0), (1, -1), (2, -1), (2, -2))
SHAPES = {}         # base -> the model's sixes: (kinds, cells)


class Model:
    """Sections 4-7 written the slow, obvious way: coordinates, every six of
    the board scanned after each move, a dict of the positions seen. (Kept
    in flat arrays and bytes, so that it fits the MicroPython heap.)"""

    def __init__(self, base, game=None):
        b = self.board = hexhex(base)
        self.cell = bytearray(b.n)
        self.side = 1
        self.white_placed = 0
        if game:                            # a set-up past White's second stone
            for i in range(b.n):
                self.cell[i] = ".XO".index(game._symbol(i) or ".")
            self.side = game.to_move
            self.white_placed = 2
        self.white_first = -1
        self.result = None
        if base not in SHAPES:
            self.kinds = []                 # per six: its kind
            self.six = array("H")           # per six: its 6 cells
            for i in range(b.n):
                for dq, dr in AXES:
                    self._shape("row", i, [(k * dq, k * dr) for k in range(6)])
                self._shape("triangle", i, DOWN)
                self._shape("triangle", i, UP)
                if len(b.neighbours(i)) == 6:
                    self.kinds.append("hexagon")
                    for c in b.neighbours(i):
                        self.six.append(c)
            SHAPES[base] = (self.kinds, self.six)
        self.kinds, self.six = SHAPES[base]
        self.seen = {self._key(): 1}

    def _shape(self, kind, i, offsets):
        cells = [self.step(i, dq, dr) for dq, dr in offsets]
        if min(cells) >= 0:
            self.kinds.append(kind)
            for c in cells:
                self.six.append(c)

    def step(self, i, dq, dr):
        q, r = self.board.coord(i)
        return self.board.at(q + dq, r + dr)

    def _key(self):
        return bytes(self.cell) + bytes([self.side])

    def sixes(self, p):
        """The sixes of p as (kind, [6 cells])."""
        cell, six = self.cell, self.six
        out = []
        for k in range(len(self.kinds)):
            cells = six[6 * k:6 * k + 6]
            if all([cell[c] == p for c in cells]):
                out.append((self.kinds[k], list(cells)))
        return out

    def has_six(self, p):
        cell, six = self.cell, self.six
        for k in range(0, len(six), 6):
            j = k
            while j < k + 6 and cell[six[j]] == p:
                j += 1
            if j == k + 6:
                return True
        return False

    def legal(self):
        out = [i for i in range(self.board.n) if self.cell[i] == 0]
        if self.side == 1 and self.white_placed == 1:
            out = [i for i in out if self.board.distance(i, self.white_first) >= 3]
        return out

    def play(self, i):
        p, q, cell = self.side, 3 - self.side, self.cell
        cell[i] = p
        if p == 1:
            self.white_placed += 1
            if self.white_placed == 1:
                self.white_first = i
        lifted = []
        for dq, dr in STEPS6:
            ray = [self.step(i, k * dq, k * dr) for k in (1, 2, 3)]
            if min(ray) >= 0 and [cell[c] for c in ray] == [q, q, p]:
                lifted += ray[:2]
        for c in lifted:
            cell[c] = 0
        self.side = q
        if self.has_six(q):
            self.result = (q, 0, 0, "six")
        elif min(cell) > 0:
            self.result = (p, 0, 0, "six") if self.has_six(p) else (0, 0, 0, "full_board")
        else:
            k = self._key()
            self.seen[k] = self.seen.get(k, 0) + 1
            if self.seen[k] == 3:
                self.result = (0, 0, 0, "repetition")


def against_model(base, seed, g=None, region=()):
    """Play g (or a new game) to its end by seeded random moves, preferring
    the cells of region (then stop once region is full), and compare every
    step with the model."""
    g = g or hexgames.new("hexade", base=base)
    m = Model(base, g if g.history() == [] and g._origin else None)
    rng = Rng(seed)
    while g.to_move:
        ms = g.moves()
        assert sorted(ms) == m.legal()
        if region:
            ms = [mv for mv in ms if mv in region]
            if not ms:
                return g
        mv = ms[rng.below(len(ms))]
        g.play(mv)
        m.play(mv)
        assert [g._symbol(i) or "." for i in range(g.board.n)] == [".XO"[v] for v in m.cell]
        assert g.result() == m.result, (base, seed, g.record())
        assert len(g.history()) < 3000
    for p in (1, 2):
        want = sorted([sorted([g.board.name(c) for c in cells]) for _, cells in m.sixes(p)])
        got = sorted([sorted(s["cells"]) for s in g.info()["sixes"]["XO"[p - 1]]])
        assert got == want
    return g


def test_random_games_agree_with_the_model():
    ends = {}
    games = scaled((300, 120, 60, 30, 16, 10, 8), (60, 20, 8, 4, 0, 0, 0))    # the model is big

    def play(base):
        for seed in range(games[base - 4]):
            r = against_model(base, 1000 * base + seed).result()
            ends[r[3]] = ends.get(r[3], 0) + 1
    each_base(play)
    assert ends.get("six", 0) > 0 and ends.get("full_board", 0) > 0, ends


def test_repetitions_agree_with_the_model():
    # random play on the cells of the repetition example: captures,
    # re-captures and now and then a third repetition
    # (along row 6, then the same six cells turned onto the two diagonals: each
    # direction's captures count toward the window a repetition is looked for in;
    # and on base 5, whose history table sits at other offsets than base 6's)
    for base in (6, 5):
        b = hexgames.new("hexade", base=base).board
        q0, r0 = b.coord(b.n // 2)                  # the centre
        for dq, dr in ((1, 0), (0, 1), (1, -1)):
            row = [b.at(q0 + (k - 3) * dq, r0 + (k - 3) * dr) for k in range(6)]
            x = " ".join(b.name(row[k]) for k in (1, 5))
            o = " ".join(b.name(row[k]) for k in (0, 3, 4))
            ends = {}
            for seed in range(scaled(3000, 600) // 6):
                r = against_model(base, seed, hexade(x, o, base=base), row).result()
                if r:
                    ends[r[3]] = ends.get(r[3], 0) + 1
            assert ends.get("repetition", 0) > scaled(5, 0) // 6, (base, dq, dr, ends)

def test_random_games_keep_every_invariant():
    games = scaled((200, 100, 50, 25, 12, 8, 6), (120, 40, 20, 8, 4, 0, 0))

    def play(base):
        if base <= LARGEST_ROUND_TRIP:
            for seed in range(games[base - 4]):
                random_game("hexade", {"base": base}, 7 * seed + base)
    each_base(play)


def test_playouts_end_and_reload():
    each_base(playouts)


def playouts(base):
    start = hexgames.new("hexade", base=base)
    for seed in range(scaled(400, 60)):
        g = start.copy()
        r = g.playout(seed, 5000)
        assert r is not None and r == g.result() and g.to_move == 0 and g.moves() == []
        # the incremental six counts agree with a full scan
        info = g.info()["sixes"]
        assert [len(info["X"]), len(info["O"])] == list(g.nsix[1:])
        del info
        if seed % scaled(1, 10) == 0 and base <= LARGEST_ROUND_TRIP:
            d = g.dump()
            del g
            h = hexgames.load(d)
            # a repetition draw cannot be seen in a position, which starts a fresh count
            assert h.result() == r or (r[3] == "repetition" and h.result() is None)
            del h, d
    cut = start.copy()
    assert cut.playout(1, 3) is None and cut.to_move in (1, 2) and len(cut.history()) == 0
    assert cut.nemp == cut.board.n - 3
    if base <= LARGEST_ROUND_TRIP:
        assert len(hexgames.load(cut.dump()).moves()) == cut.board.n - 3


def test_playouts_are_deterministic():
    g = hexgames.new("hexade", base=7)
    a, b = g.copy(), g.copy()
    assert a.playout(42, 1000) == b.playout(42, 1000) and a.dump() == b.dump()
    # White's second stone keeps its distance in playouts too
    for seed in range(scaled(300, 30)):
        h = g.copy()
        h.playout(seed, 3)
        xs = [i for i in range(h.board.n) if h._symbol(i) == "X"]
        assert len(xs) == 2 and h.board.distance(xs[0], xs[1]) >= 3
    forget(7)
