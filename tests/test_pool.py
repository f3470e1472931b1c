# Games side by side (host_sim/pool.py): the results in the tasks' order and the same
# however many processes play them, on this computer or on Ray; a worker's failure
# reaches the caller with the task and the worker's traceback.
import io
import json
import os
import subprocess
import sys
import time

import pytest

import host_sim  # noqa: F401
from host_sim import pool
from host_sim.match import run
from needs import need_module

RAY = "pip install -r requirements-ray.txt (make test does)"


def slower_first(i):
    """Task i finishes after task i + 1 would: out-of-order completion."""
    time.sleep(0.05 * (6 - i))
    return i * i


def test_results_come_in_the_tasks_order_whatever_finishes_first():
    shown = []
    got = list(pool.imap(slower_first, range(6), workers=2,
                         show=lambda rs: shown.append(list(rs)) or "%d so far" % len(rs),
                         out=io.StringIO()))
    assert got == [0, 1, 4, 9, 16, 25]
    assert shown[-1] == got      # the last progress line saw every result


def test_the_progress_line_counts_the_games_and_the_score():
    out = io.StringIO()
    list(pool.imap(slower_first, range(3), workers=2, show=lambda rs: "sum %d" % sum(rs), out=out))
    last = out.getvalue().splitlines()[-1]
    assert last.startswith("3/3 games, sum 5, 0:00 left"), out.getvalue()


def match(workers, ray=None):
    said, records = [], io.StringIO()
    wdl = run("hex", {"size": 4}, "L2", "L1", 3, seed=5, records=records, say=said.append,
              workers=workers, ray=ray, progress=None)
    return wdl, said, records.getvalue().splitlines()


def test_a_match_is_the_same_on_one_worker_and_on_two():
    one, two = match(1), match(2)
    assert one == two
    assert len(one[2]) == 6 and sum(one[0]) == 6
    # six different games (the seeds differ), not one replayed
    assert len(set(r.split(" | ")[0] for r in one[2])) == 6


def test_a_failing_game_reaches_the_caller_with_its_task_and_traceback():
    tasks = [("hex", {"size": 4}, "L1", "L1", 1, 0, 1),
             ("hex", {"size": 99}, "L1", "L1", 1, 0, 2),      # no such board
             ("hex", {"size": 4}, "L1", "L1", 1, 1, 1)]
    from host_sim.match import game
    with pytest.raises(pool.PoolError) as e:
        list(pool.imap(game, tasks, workers=2, out=None))
    text = str(e.value)
    assert "game 2 of 3" in text and "'size': 99" in text
    assert "Traceback" in text and "ValueError" in text and "size" in text.splitlines()[-1]


def test_a_bad_number_of_workers_is_refused():
    with pytest.raises(ValueError, match="workers"):
        list(pool.imap(slower_first, range(2), workers=-1))


def test_a_match_on_ray_is_the_same_as_here():
    need_module("Ray", "ray", RAY)
    # Ray is started in a process of its own: a local Ray instance inside a
    # pytest-xdist worker can end that worker hard at shutdown (Ray 2.50 and
    # later, a known crash), and the whole run then waited for the lost worker
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([root, os.path.join(root, "tests")]))
    p = subprocess.run([sys.executable, __file__], cwd=root, env=env, capture_output=True,
                       text=True, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    wdl, said, records = json.loads(p.stdout.splitlines()[-1])
    assert (tuple(wdl), said, records) == match(1) == match(2)


def test_a_match_says_its_progress_on_stderr_and_its_result_on_stdout(capsys):
    run("hex", {"size": 4}, "L2", "L1", 1, seed=5, workers=1)
    out, err = capsys.readouterr()
    assert out.startswith("hex L2 vs L1: 2 games") and err.startswith("2/2 games, +"), (out, err)


if __name__ == "__main__":
    # the Ray match of test_a_match_on_ray_is_the_same_as_here, printed as JSON
    import conftest  # noqa: F401  (the firmware's paths, as under pytest)
    import ray
    try:
        print(json.dumps(match(2, ray="local")))
    finally:
        ray.shutdown()
