# What every game shares (hexgames/game.py), on a game of its own that uses
# only the defaults: the refusal reasons, the in-place restore a search's copy
# relies on, the record's joined words, a stated result, options, the shared
# move buffer and the JSON writer's escapes.
from array import array
import hexgames
from hexgames import game
from hexgames.board import hexhex
from hexgames.game import Game, IllegalMove, check_options, encode
from kit import raises


class Line(Game):
    """Three cells in a row; X and O take turns; whoever takes the middle
    wins. Only Game's own reasons and record: no _why_illegal of its own."""
    NAME = "line"
    JOIN = ("take",)
    UNSEEN = {"resignation": (1, 2)}
    board = hexhex(2)
    max_moves = 3

    def _init(self):
        self.cell = bytearray(3)
        self.table = (1, 2, 3)              # shared by copies

    def _start(self):
        for i in range(3):
            self.cell[i] = 0
        self.side = self.to_move = 1

    def _apply(self, m):
        self.cell[m] = self.side
        if m == 1:
            self.to_move = 0
            self._result = (self.side, 0, 0, "the middle")
        else:
            self.side = self.to_move = 3 - self.side

    def moves_into(self, buf):
        k = 0
        for i in range(3):
            if not self.cell[i] and self.to_move:
                buf[k] = i
                k += 1
        return k

    def text(self, m):
        if not isinstance(m, int) or not 0 <= m < 3:
            raise ValueError("no such cell")
        return self.board.name(m)

    def parse(self, s):
        if s.startswith("take "):
            s = s[5:]
        return self.board.index(s)

    def _copy_into(self, g):
        g.cell = self.cell[:]
        g.table = self.table
        g.side, g.to_move = self.side, self.to_move

    def _symbol(self, i):
        return "-XO"[self.cell[i]] if i < 3 and self.cell[i] else None

    def _to_pos(self):
        return []

    def _from_pos(self, d):
        self._start()
        for name, s in d.get("cells", {}).items():
            i = self.board.find(name)       # a name it does not know is skipped:
            if not 0 <= i < 3:              # Game._load refuses it first
                continue
            self.cell[i] = "-XO".index(s)
            if i == 1:
                self.to_move = 0
                self._result = (self.cell[i], 0, 0, "the middle")


def test_the_default_reasons_name_the_move_and_the_player():
    g = Line({})
    g.play(0)
    assert raises(IllegalMove, g.play, 0) == "b1 is not a legal move for O"
    assert raises(IllegalMove, g.play, 7) == "7 is not a move"
    assert raises(IllegalMove, g.play, (1,)) == "(1,) is not a move"
    g.play(2)
    g.play(1)
    assert g.result()[0] == 1
    assert raises(IllegalMove, g.play, 1) == "the game is over"
    assert g.history() == [0, 2, 1]       # nothing refused was recorded


def test_a_joined_word_reads_with_the_next_and_a_last_one_alone():
    g = Line({})
    assert g._tokens("take b1 c1 take") == ["take b1", "c1", "take"]
    assert g._tokens("take") == ["take"]
    assert g._tokens("b1 take c1") == ["b1", "take c1"]


def test_restore_overwrites_buffers_in_place_and_leaves_shared_tables():
    src = Line({})
    src.play(0)
    g = src.copy()
    g.play(2)
    cell = g.cell
    g.pair = (bytearray(b"\x09\x09"), src.cell)  # a tuple of buffers, one of them shared
    src.pair = (bytearray(b"\x05\x06"), src.cell)
    g.hist = array("i", [1, 2])
    src.hist = array("i", [7, 8, 9])        # grown: resized in place
    grown = g.hist
    g.count, src.count = 1, 4
    before = g.pair[0]
    g.restore(src, ("cell", "table", "pair", "hist", "count", "side", "to_move"))
    assert g.cell is cell and bytes(g.cell) == bytes(src.cell) == b"\x01\x00\x00"
    assert g.pair[0] is before and bytes(before) == b"\x05\x06"
    assert g.pair[1] is src.cell
    assert list(g.hist) == [7, 8, 9] and g.hist is grown and g.hist is not src.hist
    src.hist = array("i", [5])             # shrunk: the same, so a search's plan stays valid
    g.restore(src, ("hist",))
    assert list(g.hist) == [5] and g.hist is grown
    assert g.count == 4 and g.to_move == 2 and g.table is src.table
    g.play(2)                               # g moves on; src stays
    assert bytes(src.cell) == b"\x01\x00\x00"


def test_a_stated_result_must_be_the_one_the_position_shows():
    g = Line({})
    g.play(1)
    d = hexgames.game.parse_json(g.dump())
    assert d["result"] == {"winner": "X", "reason": "the middle"}
    h = Line({})
    h._load(d)
    for winner, reason, said in (("O", "the middle", "a win for O"),
                                 ("X", "a middle", "a win for X by a middle"),
                                 ("X", "zz", "a win for X by zz")):
        d["result"] = {"winner": winner, "reason": reason}
        msg = raises(ValueError, Line({})._load, d)
        assert said in msg, msg
    for w in (True, False, 1, "x"):
        d["result"] = {"winner": w, "reason": "the middle"}
        assert "winner must be" in raises(ValueError, Line({})._load, d)


def test_a_position_naming_a_cell_off_the_board_is_refused_by_name():
    d = {"game": "line", "cells": {"q9": "X"}, "to_move": "X"}
    assert "q9" in raises(ValueError, Line({})._load, d)


def test_options_refused_name_the_known_ones():
    assert "options: none" in raises(ValueError, check_options, "line", (), {"size": 3})
    msg = raises(ValueError, check_options, "g", (("base", 4, (4, 5)),), {"bsae": 4})
    assert "(options: base)" in msg
    assert check_options("g", (("base", 4, (4, 5)),), {}) == {"base": 4}


def test_the_move_buffer_grows_for_a_bigger_game_and_is_kept_otherwise():
    b = game._move_buffer(50)
    assert len(b) >= 50
    assert game._move_buffer(50) is b
    assert game._move_buffer(10) is b
    c = game._move_buffer(len(b) + 1)
    assert c is not b and len(c) == len(b) + 1
    assert game._move_buffer(len(c)) is c


def test_strings_are_written_with_quotes_and_backslashes_escaped():
    assert encode('a"b') == '"a\\"b"'
    assert encode("a\\b") == '"a\\\\b"'
    assert encode('\\"') == '"\\\\\\""'
    assert encode("plain") == '"plain"'
    for s in ('a"b', "a\\b", '\\"', "x"):
        assert hexgames.game.parse_json(encode([s])) == [s]


def test_the_json_reader_counts_only_the_nesting_that_is_there():
    parse = hexgames.game.parse_json
    deep = hexgames.game.MAX_DEPTH
    # wide and shallow, more brackets than the depth allowed: read
    wide = "[" + ", ".join(['{"k": [1]}'] * deep) + "]"
    assert len(parse(wide)) == deep
    # exactly as deep as allowed beside a sibling (more brackets than the depth)
    inner = "[" * (deep - 1) + "1" + "]" * (deep - 1)
    assert parse("[" + inner + ", []]")[1] == []
    # one deeper, after a wide part, and mixing both kinds of bracket
    over = "[" * (deep + 1) + "1" + "]" * (deep + 1)
    for text in ("[[], [], [], [], " + over + "]", ('{"a": [' * 5) + "1" + (']}' * 5),
                 "[null, true, " + over + "]"):
        assert "nested more than" in raises(ValueError, parse, text)
    # a string's brackets, spaces, escaped backslashes and quotes do not nest
    assert parse('["a [[[[[[[[[[", [1]]') == ["a [[[[[[[[[[", [1]]
    assert "nested" in raises(ValueError, parse, '["\\\\", ' + over + "]")
    # the longest text taken, and what a bad one is called
    assert "not valid JSON" in raises(ValueError, parse, " " * hexgames.game.MAX_TEXT)
    assert raises(ValueError, parse, b"\xff", "save").startswith("save is not UTF-8 text")
