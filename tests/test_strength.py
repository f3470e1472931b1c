# The strength table (tools/bench/strength.py): every game of every pairing goes to one
# pool, and each row is still exactly its own pairing's match.
import os
import sys

import host_sim  # noqa: F401
from host_sim.match import run

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
import strength  # noqa: E402


def test_each_row_is_its_pairings_match_though_all_games_share_a_pool(capsys):
    # --only: the table in docs/ is left alone
    rows = strength.main(["hex", "--pairs", "2", "--only", "L2", "--workers", "2"])
    assert [r.split(" | ")[1:3] for r in rows] == [["L2", "L1"], ["L3", "L2"]]
    for r in rows:
        a, b = r.split(" | ")[1:3]
        w, d, l = run("hex", strength.POCKET["hex"], a, b, 2, seed=11, workers=1,
                      say=lambda s: None, progress=None)
        assert " | 4 | +%d =%d -%d | " % (w, d, l) in r, r
    out = capsys.readouterr().out
    assert out.splitlines()[1:] == rows


def test_the_table_plays_the_games_a_seed_11_match_plays():
    # the rows in docs/ came from run(..., seed=11): the same games, now one task each
    from host_sim.match import tasks
    assert [t for kind, t in strength.games("hexgo", "L5", "L4", 3)] == \
        tasks("hexgo", {}, "L5", "L4", 3, seed=11)
    theirs = strength.games("hexgo", "L5", "openspiel:1000", 2)
    assert [t[1][2:5] for t in theirs] == [(1000, True, 1000), (1000, False, 1001),
                                         (1000, True, 1002), (1000, False, 1003)]
