# A seeded sample of the mutants of the modules whose full run reached the target
# score (tools/mutants.py SAMPLED; docs/tests.md): the tests must kill at least 85% of
# them, so a change that leaves a sampled module's tests weaker fails here. One job:
# the other test process runs beside it. `make mutants GAME=...` runs a whole target.
import os
import shutil
import subprocess
import sys
import time

from needs import need

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE, SEED = 40, 1


def test_a_seeded_sample_of_mutants_is_killed():
    if shutil.which("cosmic-ray", path=os.path.dirname(sys.executable)) is None:
        need("cosmic-ray", "pip install -r requirements-mutants.txt (make test does)")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "mutants.py"),
                        "--sample", str(SAMPLE), "--seed", str(SEED), "--jobs", "1"],
                       cwd=ROOT, capture_output=True, text=True)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out[-3000:]


def test_a_stopped_run_leaves_no_mutant_running():
    # a stand-in for cosmic-ray: it starts a "mutant's test" in a session of its own,
    # as cosmic-ray does, and both would sleep for a minute
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import mutants
    code = ("import subprocess, sys, time\n"
            "c = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'],"
            " start_new_session=True)\n"
            "print(c.pid, flush=True)\ntime.sleep(60)\n")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    mutant = int(p.stdout.readline())
    assert mutant in mutants.descendants(p.pid)
    mutants.stop([p])
    assert p.poll() is not None
    assert not alive(mutant)


def alive(pid):
    """pid runs (a killed orphan may linger a moment as a zombie until it is reaped)."""
    for _ in range(50):
        try:
            with open("/proc/%d/stat" % pid) as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return False
        except OSError:
            return False
        time.sleep(0.1)
    return True


def test_only_runs_the_named_modules_of_a_target():
    # make mutants GAME=search ONLY=reuse.py: one module's run, in its own folder
    # (--again finds it there); a name that no module of the target ends with
    # is refused before anything runs
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import mutants
    assert mutants.modules_of("search", ["reuse.py"]) == ["firmware/hexgames/reuse.py"]
    assert mutants.modules_of("hexade", ["opponent/twins.py"]) == [
        "firmware/hexgames/hexade/opponent/twins.py"]
    assert mutants.modules_of("hexade", ["twins.py"]) == [
        "firmware/hexgames/hexade/twins.py", "firmware/hexgames/hexade/opponent/twins.py"]
    assert mutants.modules_of("hex") == mutants.TARGETS["hex"][0]
    assert mutants.full_name("hexade", ["opponent/twins.py"]) == "hexade-opponent_twins"
    # a module that joined a sampled target after its full run stays out of CI's
    # sample until it has had one; named, it is sampled (a first look)
    late = "firmware/hexgames/hexade/tables.py"
    kept = mutants.NOT_YET_RUN
    try:
        mutants.NOT_YET_RUN = {late}
        assert mutants.drawn_from("hexade") == [m for m in mutants.TARGETS["hexade"][0] if m != late]
        assert mutants.drawn_from("hexade", ["tables.py"]) == [late]
    finally:
        mutants.NOT_YET_RUN = kept
    for argv, why in ((["hexade", "--only", "reuse.py"], "no module of hexade ends with /reuse.py"),
                      (["hex", "--tests", "tests/portable/test_hex.py"], "--tests is for --again")):
        r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "mutants.py")] + argv,
                           cwd=ROOT, capture_output=True, text=True)
        assert r.returncode == 2 and why in r.stderr, r.stderr


def test_measured_figures_and_int_identity_mutants_are_left_out():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import mutants

    class Item:
        def __init__(self, path, line, operator):
            m = type("Mutation", (), {})()
            m.module_path, m.start_pos, m.operator_name = path, (line, 4), operator
            self.mutations = [m]
    rules = "firmware/hexgames/hexade/rules.py"
    with open(os.path.join(ROOT, rules)) as f:
        lines = f.read().splitlines()
    rate = next(i for i, t in enumerate(lines, 1) if "CHIP_RATE = " in t)
    number = "core/NumberReplacer"
    assert mutants.excluded(Item(rules, rate, number))
    ai = "firmware/hexgames/ai.py"
    with open(os.path.join(ROOT, ai)) as f:
        levels = next(i for i, t in enumerate(f.read().splitlines(), 1) if t.startswith("LEVELS = "))
    assert mutants.excluded(Item(ai, levels, number))
    assert not mutants.excluded(Item(rules, rate + 1, number))
    assert mutants.excluded(Item(rules, rate + 1, "core/ReplaceComparisonOperator_Eq_Is"))
    assert not mutants.excluded(Item(rules, rate + 1, "core/ReplaceComparisonOperator_Eq_NotEq"))


def test_a_test_far_past_its_time_fails_and_the_others_run_as_before(tmp_path):
    # a mutant's endless loop, met in a test whose budget is a second
    (tmp_path / "test_loop.py").write_text(
        "def test_quick():\n    assert True\n\n"
        "def test_loops():\n    while True:\n        pass\n")
    (tmp_path / "mutant_clock.json").write_text('{"test_loop.py::test_loops": 1.0}')
    env = dict(os.environ, PYTHONPATH=ROOT)
    env.pop("PYTEST_ADDOPTS", None)      # the run's own options are not the mutants'
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tools.mutant_clock",
           "-o", "addopts=", "test_loop.py"]
    t = time.monotonic()
    r = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60)
    assert time.monotonic() - t < 30
    assert r.returncode == 1 and "1 failed, 1 passed" in r.stdout, r.stdout[-2000:]
    assert "Overtime: test_loop.py::test_loops ran past its 1.0 s" in r.stdout
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import mutant_clock
    assert mutant_clock.budgets({"a::b": 2.0}) == {"a::b": 25.0}
