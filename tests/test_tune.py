# The tuner (tools/bench/tune.py, tune_hexmeister.py): each player plays with its own
# table of knobs, a game's result does not depend on the process that played it, and
# the knobs are back at their values when a match is over.
import argparse
import json
import os
import sys

import pytest

import host_sim  # noqa: F401
from needs import need_module

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
import tune  # noqa: E402
import tune_hexmeister  # noqa: E402

HEX5 = {"size": 5}


def args(**kw):
    a = argparse.Namespace(game="hex", options=HEX5, level=5, pairs=2, openings=2, sims=300,
                           games=2, workers=2, ray=None)
    a.__dict__.update(kw)
    return a


def test_a_starved_table_loses_to_the_full_one_and_each_keeps_its_own():
    full = {"Game.CHIP_RATE": 219, "Search.C": 350}
    starved = {"Game.CHIP_RATE": 2, "Search.C": 350}     # 2 iterations a move
    a = args()
    weak = tune.judge(tune.self_tasks(a, full, starved, full, 3), a)
    strong = tune.judge(tune.self_tasks(a, full, full, starved, 3), a)
    assert weak[0] <= 0.25 and strong[0] >= 0.75, (weak, strong)


def test_a_judgement_is_the_same_on_one_worker_and_on_two_and_leaves_the_knobs_alone():
    base = {"Search.C": 350, "Search.EXPAND_AT": 2}
    trial = {"Search.C": 100, "Search.EXPAND_AT": 4}
    tasks = tune.self_tasks(args(), base, trial, base, 5)
    one = [tune.play(t) for t in tasks]                  # in this process, one after another
    # a game of the trial against itself: its table is the last one set, then undone
    tune.play(tune.self_tasks(args(pairs=1), base, trial, trial, 5)[0])
    assert tune.read("hex", HEX5, "Search.C") == 350
    assert tune.read("hex", HEX5, "Search.EXPAND_AT") == 2
    two = tune.judge(tasks, args(workers=2))
    w = sum(r == 1 for r, _ in one)
    d = sum(r == 0 for r, _ in one)
    assert two[1:] == (w, d, len(one) - w - d)


def test_hexmeisters_own_knobs_read_its_tables():
    from hexgames.hexmeister import evaluation, search
    from hexgames.hexmeister.scoring import twins
    k = tune_hexmeister.knob
    assert tune.read("hexmeister", {}, k("EVT:45")) == evaluation.EVT[45]
    assert tune.read("hexmeister", {}, k("twins:_BESIEGE1")) == twins._BESIEGE1
    assert tune.read("hexmeister", {}, k("search:EXTEND")) == search.EXTEND
    tune.write("hexmeister", {}, k("EVT:45"), evaluation.EVT[45] + 7)
    try:
        assert evaluation.EVT[45] == tune.read("hexmeister", {}, k("EVT:45"))
    finally:
        tune.write("hexmeister", {}, k("EVT:45"), evaluation.EVT[45] - 7)


@pytest.mark.parametrize("knob, says", [("Search.NOPE", "no knob"), ("Board.C", "a knob is"),
                                        ("hexgames.ai:LEVELS", "only whole numbers")])
def test_a_bad_knob_is_refused_by_name(knob, says):
    with pytest.raises(ValueError, match=says):
        tune.read("hex", HEX5, knob)


def test_against_openspiel_a_starved_table_loses():
    need_module("OpenSpiel", "pyspiel", "pip install -r requirements-openspiel.txt (make test does)")
    full = {"Game.CHIP_RATE": 219}
    a = args()
    weak = tune.judge(tune.spiel_tasks(a, full, {"Game.CHIP_RATE": 1}), a)
    strong = tune.judge(tune.spiel_tasks(a, full, full), a)
    assert weak[0] < strong[0] and strong[0] == 1.0, (weak, strong)


def test_a_tuning_judged_by_openspiel_reports_each_trial_and_writes_its_table(tmp_path):
    need_module("OpenSpiel", "pyspiel", "pip install -r requirements-openspiel.txt (make test does)")
    out = tmp_path / "tuned.json"
    a = args(opt=["size=5"], judge="openspiel", sims=100, step=50, rounds=1, gain=0.05,
             keep=0.55, seed=1, out=str(out))
    said = []
    start, end = tune.tune(a, ["Game.CHIP_RATE"], said.append)
    # 219 iterations win every game at 5x5, so neither trial gains and none is kept
    assert said[1:] == ["round 1 Game.CHIP_RATE 219 -> 328: against OpenSpiel +2 =0 -0, 1.000"
                        " (the table 1.000)",
                        "round 1 Game.CHIP_RATE 219 -> 110: against OpenSpiel +2 =0 -0, 1.000"
                        " (the table 1.000)",
                        'end: {"Game.CHIP_RATE": 219}'], said
    assert start == end == {"Game.CHIP_RATE": 219}
    assert json.loads(out.read_text())["tuned"] == end
