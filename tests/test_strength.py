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
    rows = strength.main(["hex", "--pairs", "2", "--only", "L2", "--workers", "2",
                          "--table", "-"])
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


def test_a_run_replaces_its_own_rows_and_keeps_the_rest(tmp_path):
    head = "| game | A | B | games | A: +win =draw -loss | A's score (95%) | Elo |"
    old = ["| hexgo  | L5 | random | 200 | +200 =0 -0 | 100% (98-100%) | +1040 |",
           "| hex  | L5 | random | 200 | +200 =0 -0 | 100% (98-100%) | +1040 |",
           "| hex  | L2 | L1 | 200 | +199 =0 -1 | 100% (97-100%) | +920 |",
           "| hex  | L5 | L3 | 200 | +157 =0 -43 | 78% (72-84%) | +225 |"]
    path = tmp_path / "table.md"
    path.write_text("before\n%s\n%s\n| --- |\n%s\n%s\nafter\n"
                    % (strength.BEGIN, head, "\n".join(old), strength.END))
    new = ["| hex  | L5 | openspiel:1000 | 4 | +4 =0 -0 | 100% (51-100%) | +338 |",
           "| hex  | L2 | L1 | 4 | +3 =0 -1 | 75% (30-95%) | +191 |"]
    strength.write_table(new, ["hex"], only=True, path=str(path))
    lines = path.read_text().splitlines()
    # the pairings played replaced theirs, in the table's order; the rest stayed
    assert lines[4:9] == [old[0], old[1], new[1], old[3], new[0]]
    assert lines[0] == "before" and lines[-1] == "after"
    strength.write_table(new[1:], ["hex"], path=str(path))       # a whole game: its rows go
    assert path.read_text().splitlines()[4:6] == [old[0], new[1]]
