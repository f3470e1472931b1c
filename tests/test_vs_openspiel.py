# The opponent against OpenSpiel's MCTS (tools/bench/vs_openspiel.py): the games
# follow our rules, OpenSpiel scores them as our engine does, and the match over the
# pool is the same as one played game by game.
import os
import sys

import host_sim  # noqa: F401
import hexgames
from needs import need_module

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
need_module("OpenSpiel", "pyspiel", "pip install -r requirements-openspiel.txt (make test does)")
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
import vs_openspiel  # noqa: E402


def side(result, ours_first):
    """Our result (1 won, 0 drawn, -1 lost) as the winning side: 1 X, 2 O, 0 none."""
    ours = 1 if ours_first else 2
    return {1: ours, 0: 0, -1: 3 - ours}[result]


def test_level_5_beats_an_almost_random_mcts_and_both_sides_agree_who_won():
    # OpenSpiel at 2 simulations a move all but guesses: level 5 wins with either
    # colour, as OpenSpiel's own state scores the game, and the record of it,
    # replayed by our rules, ends in that side's win
    for ours_first in (True, False):
        result, record = vs_openspiel.play("hex", {"size": 4}, 2, ours_first, 7)
        assert result == 1, record
        assert hexgames.replay(record).result()[0] == side(result, ours_first), record


def test_a_game_openspiel_wins_is_scored_as_our_rules_score_it():
    # level 1 against 300 simulations on 5x5: OpenSpiel wins, and says so as our rules do
    for ours_first in (True, False):
        result, record = vs_openspiel.play("hex", {"size": 5}, 300, ours_first, 3, level=1)
        g = hexgames.replay(record)
        assert g.to_move == 0 and g.result()[0] == side(result, ours_first), record
        assert result == -1, record


def test_every_board_size_the_pocket_offers_and_the_official_one():
    assert vs_openspiel.boards("hex") == [{"size": 5}, {"size": 7}]
    assert vs_openspiel.boards("hexade") == [{"base": b} for b in (4, 5, 6, 7, 10)]
    assert vs_openspiel.boards("hexgo") == [{"base": 4}]


def test_a_match_on_two_workers_is_the_match_game_by_game(capsys):
    argv = ["hex", "--opt", "size=4", "--sims", "2", "--games", "2"]
    pooled = vs_openspiel.main(argv + ["--workers", "2"])
    serial = vs_openspiel.main(argv + ["--workers", "1"])
    assert pooled == serial
    assert pooled[0].startswith("hex size=4: Honeycomb L5 vs OpenSpiel MCTS 2: +2 =0 -0 "
                                "(as X +1 =0 -0, as O +1 =0 -0)"), pooled
