"""Mutation testing of the rule engine and the app's core with cosmic-ray (PyPI).

    python tools/mutants.py hex              every mutant of Hex's rules and twins
    python tools/mutants.py engine search app   the shared engine, the search, the app's core
    python tools/mutants.py --sample 40      a seeded sample of the targets in SAMPLED
    python tools/mutants.py --again hexade   the last run's survivors against the tests now
    python tools/mutants.py --again hexade --tests tests/portable/test_new.py
                                             ... against just the new tests (quicker)
    python tools/mutants.py search --only reuse.py   one module of a target (its first run)
    python tools/mutants.py hexmeister --only tables.py --sample 100   a first look at one

Each target is a set of modules and the fast CPython tests that guard them: a mutant
is one small change to one module (an operator, a number, a comparison, a loop run
zero times), killed when those tests fail or hang. The work runs in copies of the
tree under build/mutants/ (never the checkout: a stopped run must leave no mutant
behind), split across --jobs copies side by side. The score of each module is
printed, the survivors and their diffs written to build/mutants/<target>.txt, and
the exit status is 1 when a module (or, for a sample, the sample) is below --min.
"""
import argparse
import compileall
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time

import mutant_clock

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "mutants")
HG = "firmware/hexgames/"

# target: (modules mutated, tests they run against). The kernels (viper) do not run on
# CPython: their twins stand for them here, the kernels' parity with the twins is
# tests/test_vms.py's and tests/test_chip_kernels.py's.
TARGETS = {
    "hex": ([HG + "hex/rules.py", HG + "hex/twins.py"], ["tests/portable/test_hex.py"]),
    "hexgo": ([HG + "hexgo/rules.py", HG + "hexgo/twins.py", HG + "hexgo/twins_priors.py"],
              ["tests/portable/test_hexgo.py", "tests/portable/test_hexgo_engine.py",
               "tests/portable/test_hexgo_priors.py"]),
    "hexade": ([HG + "hexade/" + m for m in ("rules.py", "twins.py", "position.py", "notation.py",
                                             "opponent/twins.py", "tables.py", "knowledge.py")],
               ["tests/portable/test_hexade.py", "tests/portable/test_hexade_ai.py"]),
    "xiago": ([HG + "xiago/" + m for m in ("rules.py", "twins.py", "scan/twins.py", "stones.py", "ko.py",
                                             "legal.py", "notation.py", "groups/twins.py", "slides.py",
                                             "playout.py", "tables.py", "knowledge.py")],
              ["tests/portable/test_xiago.py", "tests/portable/test_xiago_state.py",
               "tests/portable/test_xiago_know.py"]),
    "inphexion": ([HG + "inphexion/" + m for m in ("rules.py", "twins.py", "steps.py", "notation.py",
                                                     "opponent/twins.py")],
                  ["tests/portable/test_inphexion.py", "tests/portable/test_inphexion_play.py",
                   "tests/portable/test_inphexion_hooks.py", "tests/portable/test_inphexion_load.py"]),
    "hexmeister": ([HG + "hexmeister/" + m for m in ("rules.py", "twins.py", "moves.py", "position.py",
                                                       "steps/twins.py", "tables.py", "scoring/twins.py")],
                   ["tests/portable/test_hexmeister.py", "tests/portable/test_hexmeister_rare.py",
                    "tests/portable/test_hexmeister_search.py"]),
    "engine": ([HG + m for m in ("game.py", "board.py", "connect.py")],
               ["tests/portable/test_hex.py", "tests/portable/test_inphexion.py",
                "tests/portable/test_results.py", "tests/portable/test_faults.py",
                "tests/portable/test_board.py", "tests/portable/test_connect.py",
                "tests/portable/test_game.py"]),
    # the search every game shares: its walk, tree, twins, scratch game and generator
    "search": ([HG + m for m in ("ai.py", "tree.py", "twins.py", "scratch.py", "rng.py", "reuse.py")],
               ["tests/portable/test_kernels_search.py", "tests/portable/test_search_edges.py",
                "tests/portable/test_search_copies.py", "tests/portable/test_search_player.py",
                "tests/portable/test_search_tables.py", "tests/portable/test_search_reuse.py",
                "tests/portable/test_ai.py",
                "tests/portable/test_results.py", "tests/portable/test_hexade_ai.py",
                "tests/portable/test_hexgo_engine.py"]),
    "app": (["firmware/app/" + m for m in ("save.py", "store.py", "entry.py", "play.py")],
            ["tests/portable/test_app_core.py", "tests/portable/test_faults.py",
             "tests/portable/test_app_save.py", "tests/portable/test_app_entry.py",
             "tests/portable/test_app_play.py",
             "tests/portable/test_app_handheld.py", "tests/test_app_features.py"]),
}
# The targets whose full run has reached the target score: CI's sample is drawn from
# these (docs/tests.md has each module's score).
SAMPLED = ("hex", "hexgo", "app", "engine", "inphexion", "hexade", "search")
# Modules of sampled targets that joined them later and have not had their full run:
# the sample leaves them out until they have (a first look with --only and --sample
# says where they stand).
NOT_YET_RUN = {HG + "hexade/tables.py", HG + "hexade/knowledge.py", HG + "inphexion/opponent/twins.py"}
MIN_SCORE = 85.0
# Operators left out, and why. `==` on the engine's small ints (cells, sides, indices)
# made `is` is the same test on CPython, which keeps one object per int up to 256, and
# `is not` then repeats `!=`: mutants no test could kill, or twins of others.
EXCLUDED = re.compile(r"core/ReplaceComparisonOperator_(Eq|NotEq|Lt|LtE|Gt|GtE)_(Is|IsNot)$")
# Lines left alone: figures measured elsewhere, which no test could pin without
# copying them: CHIP_RATE, the iterations a chip second that tools/pico/chip_rate.py
# measures and writes, and LEVELS, each level's time and choice that the strength
# table's ladder chose (docs/speed-and-strength.md).
MEASURED = re.compile(r"\s*(CHIP_RATE = \d+ |LEVELS = \(\()")
_lines = {}


def excluded(item):
    m = item.mutations[0]
    if EXCLUDED.match(m.operator_name):
        return True
    path = str(m.module_path)
    if path not in _lines:
        with open(os.path.join(ROOT, path)) as f:
            _lines[path] = f.read().splitlines()
    return MEASURED.match(_lines[path][m.start_pos[0] - 1]) is not None


def cosmic(*args, cwd):
    cr = os.path.join(os.path.dirname(sys.executable), "cosmic-ray")
    if not os.path.exists(cr):
        sys.exit("cosmic-ray is missing: make mutants installs requirements-mutants.txt")
    subprocess.run([cr] + list(args), cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def copy_tree(dest):
    """The checkout's files (as they are now, committed or not) in dest, compiled: each
    mutant's test run then compiles only the mutated module (it writes no .pyc)."""
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for f in files:
        if f and os.path.isfile(os.path.join(ROOT, f)):
            os.makedirs(os.path.join(dest, os.path.dirname(f)), exist_ok=True)
            shutil.copy2(os.path.join(ROOT, f), os.path.join(dest, f))
    for d in ("firmware", "host_sim", "tests", "web"):
        compileall.compile_dir(os.path.join(dest, d), quiet=2)


def test_command(tests):
    # -x: the first failure kills the mutant; -p no:cacheprovider: no .pytest_cache
    # ordering from an earlier mutant's failures; -p no:hypothesispytest: no test
    # here uses hypothesis, and loading its plugin took 0.7 s of each mutant's 1.0
    # when the first test kills it. tests: files, or test ids in the order to run them.
    # -p tools.mutant_clock: a test far past its time fails (mutant_clock.json).
    return " ".join([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                     "-p", "no:hypothesispytest", "-p", "tools.mutant_clock", "-o", "addopts="]
                    + [shlex.quote(t) for t in tests])


def write_config(path, modules, tests, timeout):
    with open(path, "w") as f:
        f.write('[cosmic-ray]\nmodule-path = [%s]\ntimeout = %.1f\nexcluded-modules = []\n'
                'test-command = "%s"\n\n[cosmic-ray.distributor]\nname = "local"\n'
                % (", ".join('"%s"' % m for m in modules), timeout, test_command(tests)))


def key(item):
    """A mutant's place, the same in every copy (cosmic-ray's job ids are random)."""
    m = item.mutations[0]
    return (str(m.module_path), tuple(m.start_pos), tuple(m.end_pos), m.operator_name, m.occurrence)


def baseline(tests, cwd):
    """The tests' ids, quickest first (with -x most mutants then die in the first
    second), the wall time of the whole run, and each test's seconds; they must pass
    without a mutant."""
    t = time.monotonic()
    p = subprocess.run(shlex.split(test_command(tests)) + ["--durations=0", "--durations-min=0", "-vv"], cwd=cwd,
                       capture_output=True, text=True, env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
    if p.returncode:
        sys.exit("the tests fail without any mutant (%s):\n%s%s" % (" ".join(tests), p.stdout[-3000:],
                                                                    p.stderr[-2000:]))
    took = time.monotonic() - t
    spent = {}
    for line in p.stdout.splitlines():
        m = re.match(r"([0-9.]+)s (setup|call|teardown) +(\S+)$", line)
        if m:
            spent[m.group(3)] = spent.get(m.group(3), 0.0) + float(m.group(1))
    ids = [m.group(1) for m in re.finditer(r"^(\S+::\S+) PASSED", p.stdout, re.M)]
    for i in ids:
        spent.setdefault(i, 0.0)
    if not ids:
        return tests, took, spent
    return sorted(ids, key=lambda i: spent[i]), took, spent


def modules_of(target, only=None):
    """The target's modules, or those of them whose path ends with a name in only."""
    modules = TARGETS[target][0]
    if not only:
        return modules
    return [m for m in modules if any(m.endswith("/" + o) for o in only)]


def drawn_from(target, only=None):
    """The modules a sample of the target draws from: those named, else all but those
    still to have their full run."""
    return modules_of(target, only) if only else [m for m in TARGETS[target][0] if m not in NOT_YET_RUN]


def prepare(name, target, jobs, chosen, tests=None, only=None, sample=False):
    """Copies, configs and sessions of one target, one per job, each holding its share
    of the mutants (chosen: the keys to run, or None for all), run against tests (the
    target's own by default). Returns the shard dirs."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult
    own = TARGETS[target][1]
    modules = modules_of(target, only)
    tests = tests or own
    shards = []
    took = None
    for k in range(jobs):
        d = os.path.join(OUT, name, target, "job%d" % k)
        listed = os.path.join(OUT, name, target, "keys")
        fresh = not (k == 0 and chosen is not None and os.path.isdir(listed))
        if fresh:
            copy_tree(d)
        else:
            # the copy all_keys() made moments ago to list the mutants, with its session
            # of the same modules: taken over rather than copied and listed again
            # (cosmic-ray's init takes 3-9 s a target, twice that beside CI's tests)
            if os.path.isdir(d):
                shutil.rmtree(d)
            os.rename(listed, d)
        if took is None:
            ordered, took, spent = baseline(tests, d)
            print("%s: the tests pass without a mutant in %.0f s" % (target, took), flush=True)
        # A mutant that loops forever fails the test it loops in once that test is 10
        # times (and 5 s) past its own time (mutant_clock.py), or, in one C call, is
        # killed by the run's timeout: a few baselines; two for a sample, whose
        # baseline is timed under the same load as its mutants (one hang drawn into
        # CI's sample cost it 222 s, four of Hexade's baselines).
        write_config(os.path.join(d, "cr.toml"), modules, ordered,
                     max(30.0, (2 if sample else 4) * took))
        with open(os.path.join(d, mutant_clock.FILE), "w") as f:
            json.dump(mutant_clock.budgets(spent), f)
        if fresh:
            cosmic("init", "cr.toml", "session.sqlite", cwd=d)
        with use_db(os.path.join(d, "session.sqlite"), WorkDB.Mode.open) as db:
            items = sorted(db.work_items, key=key)
            mine = [w for w in items if (chosen is None or key(w) in chosen)
                    and not excluded(w)]
            mine = {w.job_id for i, w in enumerate(mine) if i % jobs == k}
            db.set_multiple_results([w.job_id for w in items if w.job_id not in mine],
                                    WorkResult(worker_outcome=WorkerOutcome.SKIPPED))
        shards.append(d)
    return shards


def all_keys(name, target, modules):
    """Every mutant of a target's modules, by key (listed by a session in a copy of
    the tree, which prepare() takes over)."""
    from cosmic_ray.work_db import WorkDB, use_db
    d = os.path.join(OUT, name, target, "keys")
    copy_tree(d)
    tests = TARGETS[target][1]
    write_config(os.path.join(d, "cr.toml"), modules, tests, 60)
    cosmic("init", "cr.toml", "session.sqlite", cwd=d)
    with use_db(os.path.join(d, "session.sqlite"), WorkDB.Mode.open) as db:
        return sorted(key(w) for w in db.work_items
                      if not excluded(w))


def results(shards):
    """(module, killed, diff) of each mutant run in the shards."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome
    out = []
    for d in shards:
        with use_db(os.path.join(d, "session.sqlite"), WorkDB.Mode.open) as db:
            for item, r in db.completed_work_items:
                if r.worker_outcome == WorkerOutcome.SKIPPED:
                    continue
                if r.worker_outcome not in (WorkerOutcome.NORMAL, WorkerOutcome.ABNORMAL):
                    sys.exit("a mutant could not be run (%s): %s" % (r.worker_outcome, r.output))
                out.append((str(item.mutations[0].module_path), r.is_killed, r.diff or ""))
    return out


def report(name, runs, lines):
    by = {}
    for module, killed, _ in runs:
        k, n = by.get(module, (0, 0))
        by[module] = (k + killed, n + 1)
    for module in sorted(by):
        k, n = by[module]
        lines.append("%-40s %5d mutants %5d killed %6.1f%%" % (module, n, k, 100.0 * k / n))
    with open(os.path.join(OUT, name + ".txt"), "w") as f:
        f.write("\n".join(lines) + "\n\nsurvivors:\n")
        for module, killed, diff in sorted(runs):
            if not killed:
                f.write(diff + "\n")
    return by


def full_name(target, only=None):
    """The folder of a target's full run (of only some of its modules, with only)."""
    return target + "".join("-" + o.replace("/", "_").replace(".py", "") for o in only or ())


def last_run(target, only=None):
    """(killed, survivors' keys) of each module in the target's last full run."""
    from cosmic_ray.work_db import WorkDB, use_db
    from cosmic_ray.work_item import WorkerOutcome
    out = {}
    for k in range(64):
        path = os.path.join(OUT, full_name(target, only), target, "job%d" % k, "session.sqlite")
        if not os.path.isfile(path):
            break
        with use_db(path, WorkDB.Mode.open) as db:
            for item, r in db.completed_work_items:
                if r.worker_outcome != WorkerOutcome.SKIPPED:
                    got = out.setdefault(str(item.mutations[0].module_path), [0, set()])
                    if r.is_killed:
                        got[0] += 1
                    else:
                        got[1].add(key(item))
    if not out:
        sys.exit("no full run of %s to take up: make mutants GAME=%s%s first"
                 % (full_name(target, only), target, " ONLY=" + " ".join(only) if only else ""))
    return out


def descendants(pid):
    """Every process under pid, children first found first (Linux's /proc; elsewhere
    none). cosmic-ray starts each mutant's pytest in a session of its own, so a
    signal to our process group would miss it."""
    parents = {}
    for d in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        parents.setdefault(ppid, []).append(int(d))
    out, todo = [], [pid]
    while todo:
        for c in parents.get(todo.pop(), ()):
            out.append(c)
            todo.append(c)
    return out


def stop(procs):
    """Ends the cosmic-ray runs and every mutant's test they started: a stopped run
    must leave nothing behind (a mutant that loops forever once ran on for 40
    minutes after its run was stopped)."""
    for p in procs:
        for pid in [p.pid] + descendants(p.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        p.wait()


def run(targets, jobs, sample, seed, min_score, again=False, tests=None, only=None):
    os.makedirs(OUT, exist_ok=True)
    name = full_name("-".join(targets), only) + ("-again" if again else "")
    if sample:
        name = "sample-" + name if only else "sample"
    plan = {}
    before = {}
    if again:
        # Only the survivors of the last full run, against the tests as they are now:
        # what that run killed stays killed (tests are only ever added).
        for t in targets:
            for module, (killed, left) in last_run(t, only).items():
                before[module] = killed
                plan.setdefault(t, set()).update(left)
    elif sample:
        keys = [(t, k) for t in targets if drawn_from(t, only) for k in all_keys(name, t, drawn_from(t, only))]
        picked = random.Random(seed).sample(keys, min(sample, len(keys)))
        for t, k in picked:
            plan.setdefault(t, set()).add(k)
    else:
        plan = {t: None for t in targets}
    start = time.monotonic()
    runs = []
    for target, chosen in sorted(plan.items()):
        shards = prepare(name, target, jobs, chosen, tests, only, bool(sample))
        begun = time.monotonic()
        procs = [subprocess.Popen([os.path.join(os.path.dirname(sys.executable), "cosmic-ray"),
                                   "exec", "cr.toml", "session.sqlite"], cwd=d) for d in shards]
        try:
            failed = any([p.wait() for p in procs])
        finally:
            stop([p for p in procs if p.poll() is None])
        if failed:
            sys.exit("cosmic-ray exec failed for %s" % target)
        done = results(shards)
        print("%s: %d mutants in %.0f s" % (target, len(done), time.monotonic() - begun), flush=True)
        runs += done
    took = time.monotonic() - start
    lines = ["%s: %d mutants in %.0f s on %d jobs%s" % (
        name, len(runs), took, jobs, " (seed %d)" % seed if sample else "")]
    for module, killed in before.items():       # the first run's kills, as killed runs
        runs += [(module, True, "")] * killed
    if again:
        lines.append("with the %d the full run killed:" % sum(before.values()))
    by = report(name, runs, lines)
    killed = sum(killed for _, killed, _ in runs)
    score = 100.0 * killed / max(1, len(runs))
    lines.append("%-40s %5d mutants %5d killed %6.1f%%" % ("all", len(runs), killed, score))
    print("\n".join(lines))
    print("survivors and their diffs: %s" % os.path.join(OUT, name + ".txt"))
    low = [m for m, (k, n) in by.items() if 100.0 * k / n < min_score]
    if (sample and score < min_score) or (not sample and low):
        print("below %.0f%% killed: %s" % (min_score, "the sample" if sample else ", ".join(sorted(low))))
        return 1
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("targets", nargs="*", help="of %s (default: with --sample, %s)"
                    % (", ".join(TARGETS), ", ".join(SAMPLED)))
    ap.add_argument("--sample", type=int, default=0, help="run only this many mutants, seeded")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2, help="copies of the tree run side by side")
    ap.add_argument("--min", type=float, default=MIN_SCORE, help="the score to reach, percent")
    ap.add_argument("--again", action="store_true",
                    help="run the last full run's survivors against the tests as they are now")
    ap.add_argument("--tests", nargs="+", metavar="FILE",
                    help="with --again, only these tests: the new ones (a survivor outlived "
                    "the others already, and each costs a run of all of them)")
    ap.add_argument("--only", nargs="+", metavar="MODULE",
                    help="of a target, only these modules (path ends: reuse.py, "
                    "opponent/twins.py): a module's first run without the whole target's, "
                    "or with --sample a first look at it")
    a = ap.parse_args(argv)
    # kill (SIGTERM) and Ctrl-C alike unwind through run()'s cleanup
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    targets = a.targets or (list(SAMPLED) if a.sample else [])
    bad = [t for t in targets if t not in TARGETS]
    if not targets or bad:
        ap.error("name targets among: %s (unknown: %s)" % (", ".join(TARGETS), ", ".join(bad) or "none"))
    if a.tests and not a.again:
        ap.error("--tests is for --again (a full run needs the target's whole test list)")
    for o in a.only or ():
        if not any(modules_of(t, [o]) for t in targets):
            ap.error("no module of %s ends with /%s" % (", ".join(targets), o))
    return run(targets, max(1, a.jobs), a.sample, a.seed, a.min, a.again, a.tests, a.only)


if __name__ == "__main__":
    sys.exit(main())
