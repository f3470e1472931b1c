# The simulator's text front end and command line, driven by scripted input.
import pytest

import host_sim  # noqa: F401
import hexgames
from hexgames.rng import Rng
from host_sim import diagram
from host_sim.__main__ import game_options, main
from host_sim.match import make
from host_sim.opponents import FlatMonteCarlo, RandomPlayer
from host_sim.textplay import HELP, TextGame


class Script:
    """Answers prompts from a list of lines; records everything said."""

    def __init__(self, lines):
        self.lines = list(lines)
        self.out = []

    def ask(self, prompt):
        self.out.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def say(self, text=""):
        self.out.append(text)

    def text(self):
        return "\n".join(self.out)


def test_a_whole_hexgo_game_against_the_computer():
    rng = Rng(5)
    said_by_human = []

    class Human(Script):
        def ask(self, prompt):
            self.out.append(prompt)
            ms = self.game.moves()
            said_by_human.append(self.game.text(ms[rng.below(len(ms))]))
            return said_by_human[-1]

    g = hexgames.new("hexgo")
    io = Human([])
    io.game = g
    result = TextGame(g, make("L2", 7), 1, io.say, io.ask).run()
    assert result == g.result() and result[3] == "score"
    assert "Game over" in io.text() and g.record() in io.text()
    # X's moves are the human's; every O move is the level-2 opponent's own
    # choice in that position (the same seed chooses the same again), and the
    # transcript names each
    again = hexgames.new("hexgo")
    bot = make("L2", 7)
    human = []
    for m in g.history():
        if again.to_move == 1:
            human.append(again.text(m))
        else:
            assert bot.choose(again) == m, again.record()
            assert "Computer (O) plays: %s" % again.text(m) in io.text()
        again.play(m)
    assert human == said_by_human and len(human) < len(g.history())


def test_bad_input_gets_a_message_and_changes_nothing():
    g = hexgames.new("hexgo")
    io = Script(["z9", "pass", "d4 d4", "frobnicate", "quit"])
    TextGame(g, None, 1, io.say, io.ask).run()
    said = io.text()
    assert "Not played: 'z9' is not a cell" in said
    assert "pass is never legal" in said
    assert "d4 is occupied" in said            # second token refused ...
    assert g.history() == []                   # ... and the first taken back
    assert "Traceback" not in said


def test_undo_against_the_computer_takes_back_the_whole_turn():
    g = hexgames.new("hexgo")
    io = Script(["d4", "undo", "quit"])
    TextGame(g, RandomPlayer(1), 1, io.say, io.ask).run()
    assert g.history() == []


def test_flat_monte_carlo_takes_an_immediate_capture():
    # Example 5 of rules/hexgo.md: d3 captures d4; MC must see it
    g = hexgames.load('{"game": "hexgo", "options": {}, "cells": {"c4": "X", "e4": "X",'
                      ' "d5": "X", "d4": "O", "c5": "O", "e3": "O"}, "to_move": "X"}')
    assert g.text(FlatMonteCarlo(1, 3000).choose(g)) == "d3"


def test_game_options_from_the_command_line():
    assert game_options(["--base", "7", "--pie", "--no-neutral", "--size=9"]) == \
        {"base": 7, "pie": True, "neutral": False, "size": 9}
    with pytest.raises(ValueError):
        game_options(["7"])


def test_command_line_errors_are_messages(capsys):
    assert main(["play", "hexgo", "--base", "5"]) == 2
    assert "base must be one of 4" in capsys.readouterr().err
    assert main(["replay", "hexgo: d4 d4"]) == 2
    assert "record move 2" in capsys.readouterr().err


def test_replay_prints_the_final_position(capsys):
    assert main(["replay", "hexgo base=4: c4 c5 e3 d5 e4 a1"[:-3]]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[3].split()[1:6] == [".", ".", "X", ".", "X"]


def test_names_diagram_lists_every_cell_once():
    for b in (hexgames.new("hexgo").board,):
        text = diagram.names(b)
        for i in range(b.n):
            assert (" %s " % b.name(i)) in text + " "


def test_text_commands_answer_and_leave_the_game_as_it_was():
    g = hexgames.new("hexgo")
    io = Script(["undo", "moves", "", "  ", "record", "names", "help", "d4", "record",
                 "undo", "undo", "quit"])
    assert TextGame(g, None, 1, io.say, io.ask).run() is None       # quit: no result
    empty = hexgames.new("hexgo")
    d4 = hexgames.new("hexgo")
    d4.play(d4.parse("d4"))
    x, o = "X to move> ", "O to move> "
    assert io.out == [
        "Honeycomb hexgo. 'help' lists the commands.", diagram.position(empty), x,
        "Nothing to undo.", x,                               # the position not shown again
        " ".join(sorted(empty.text(m) for m in empty.moves())), x,
        x, x,                                                # blank lines: the prompt again
        "hexgo base=4: ", x,
        diagram.names(empty.board), x,
        HELP, x,
        diagram.position(d4), o,
        "hexgo base=4: d4", o,
        diagram.position(empty), x,                          # two people: one move back
        "Nothing to undo.", x]
    assert g.history() == []


def test_text_game_ends_at_the_end_of_input_without_a_result():
    g = hexgames.new("hexgo")
    io = Script(["d4"])
    assert TextGame(g, None, 1, io.say, io.ask).run() is None
    assert [g.text(m) for m in g.history()] == ["d4"] and "Game over" not in io.text()
