# The match runner: statistics, baselines, records that replay.
import io

import pytest

import host_sim  # noqa: F401
import hexgames
from host_sim.match import Greedy, make, run, summary


def test_summary_statistics():
    score, lo, hi, elo = summary(50, 0, 50)
    assert score == 0.5 and abs(elo) < 1e-9 and lo < 0.5 < hi
    score, lo, hi, elo = summary(76, 0, 24)
    assert round(elo) == 200 and 0.66 < lo < 0.76 < hi < 0.84   # 76% is about +200 Elo
    assert summary(10, 0, 0)[3] > 300                           # clamped, finite


def test_unknown_player_is_refused():
    with pytest.raises(ValueError, match="unknown player"):
        make("deep-blue", 1)


def test_greedy_takes_a_win_in_one():
    # X joins top and bottom at c3 (column c); 16 other moves do not win
    g = hexgames.load('{"game": "hex", "options": {"size": 5}, "cells": {"c1": "X", "c2": "X",'
                      ' "c4": "X", "c5": "X", "a1": "O", "b1": "O", "a2": "O", "e5": "O"},'
                      ' "to_move": "X"}')
    wins = []
    for m in g.moves():
        h = g.copy()
        h.play(m)
        if h.result() and h.result()[0] == g.to_move:
            wins.append(g.text(m))
    assert wins == ["c3"] and len(g.moves()) > 10
    for seed in range(1, 9):
        assert g.text(Greedy(seed).choose(g)) == "c3", seed


def test_a_short_match_writes_records_that_replay():
    out = io.StringIO()
    said = []
    w, d, l = run("hexgo", {}, "mc:40", "random", 2, seed=3, records=out, say=said.append)
    assert w + d + l == 4 and "4 games" in said[0]
    lines = out.getvalue().splitlines()
    assert len(lines) == 4
    for line in lines:
        record, _, rest = line.partition(" | ")
        g = hexgames.replay(record)
        assert "result=%s" % (g.result(),) in rest


@pytest.mark.parametrize("pairs", ["-3", "0"])
def test_a_match_of_no_games_is_refused_on_the_command_line(pairs, capsys):
    # -3 pairs once ended in ZeroDivisionError from the statistics
    from host_sim.__main__ import main
    assert main(["match", "hex", "random", "random", "--pairs", pairs]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --pairs must be") and pairs in err and "Traceback" not in err
    with pytest.raises(ValueError, match="pairs"):
        run("hex", {}, "random", "random", int(pairs), say=lambda s: None)


def test_a_fixed_budget_player_tells_its_search_the_budget():
    # mcts:N runs N iterations whatever its level's: a search that shapes
    # itself by its budget (inpHeXion's paced tree) must hear N, not the level's
    p = make("mcts:700", 1)
    p.choose(hexgames.new("inphexion"))
    s = p.player.search
    assert s.playouts == 700 and s.budget == 700
