"""Games played side by side: on this computer's cores, or on a Ray cluster.

  for result in pool.imap(play, tasks, workers=None, ray=None, show=None):

play(task) plays one game and returns its result; a task carries its own
seeds, so a result never depends on which process played it, nor on how
many play at once: imap yields the results in the tasks' order, whatever
the number of workers (default: one per core; 1 plays them here, in this
process). play must be picklable: a function at the top of a module.

ray="ADDRESS" (a cluster's head, "auto": the one `ray start` made on this
computer) or "local" (a Ray instance started here, workers CPUs) plays the
games on Ray instead. Ray is optional: pip install -r requirements-ray.txt
(`make test` and `make strength RAY=...` do).
A cluster's workers get this checkout as their working directory, so one
of several computers runs the same code.

A progress line on stderr says the games done, what show(results so far)
says (the score) and the time left, estimated from the time so far.
A game that raises stops the lot: PoolError names the task and carries the
worker's traceback.
"""
import os
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# a progress line at most this often when stderr is a file, not a terminal
QUIET_S = 30
STDERR = "stderr"       # out: sys.stderr as it is when the games run (tests replace it)


class PoolError(RuntimeError):
    pass


def _call(play, task):
    """play(task) in a worker: its exception comes back as text (a traceback
    does not pickle, and some exceptions do not either)."""
    try:
        return True, play(task)
    except Exception:
        return False, traceback.format_exc()


def _local(play, tasks, workers):
    if workers == 1:
        for t in tasks:
            yield _call(play, t)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    # fork (Linux's default) keeps the caller's sys.path and modules: a
    # function of a script run as __main__ is found in the workers too
    ex = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
    try:
        # one game a call: games differ in length by tenfold, a worker takes the next when done
        for f in [ex.submit(_call, play, t) for t in tasks]:
            yield f.result()
    finally:
        # A failed game or a caller that stops early: the games not yet begun are
        # dropped, those being played end first. multiprocessing.Pool's terminate()
        # here once hung a test run for good, its task thread stuck on a lock.
        ex.shutdown(wait=True, cancel_futures=True)


def ray_runtime(address):
    """What Ray's workers need to import our code: firmware/, tools/bench/ and
    this checkout on their path. A cluster gets the checkout shipped as their
    working directory (.gitignore keeps build/ and .venv out); a local
    instance reads it where it is (shipping it costs some ten seconds)."""
    paths = ["firmware", os.path.join("host_sim", "compat"), os.path.join("tools", "bench"), "."]
    if address == "local":
        return {"env_vars": {"PYTHONPATH": os.pathsep.join(os.path.join(ROOT, p) for p in paths)}}
    return {"working_dir": ROOT, "excludes": [".git", "build", ".venv", "node_modules"],
            "env_vars": {"PYTHONPATH": os.pathsep.join(paths)}}


def _ray(play, tasks, address, workers):
    try:
        import ray
    except ImportError:
        raise PoolError("--ray needs Ray: pip install -r requirements-ray.txt")
    if not ray.is_initialized():
        if address == "local":
            ray.init(num_cpus=workers, runtime_env=ray_runtime(address), include_dashboard=False,
                     log_to_driver=False)
        else:
            ray.init(address=address, runtime_env=ray_runtime(address), log_to_driver=False)
    remote = ray.remote(_call)
    # every game is submitted at once; the cluster's scheduler spreads them
    refs = [remote.remote(play, t) for t in tasks]
    got = 0
    try:
        for r in refs:
            yield ray.get(r)
            got += 1
    finally:
        # a failure or an early stop: the rest are not played. Only those: a
        # cancel of a task whose reply is on its way crashed Ray 2.5x's driver
        # ("Tried to complete task that was not pending") after a whole match
        for r in refs[got:]:
            ray.cancel(r)


def imap(play, tasks, workers=None, ray=None, show=None, out=STDERR):
    """play(task) for each task, the results in the tasks' order; the progress
    line to out (None: none)."""
    tasks = list(tasks)
    out = sys.stderr if out == STDERR else out
    workers = workers or os.cpu_count() or 1
    if type(workers) is not int or workers < 1:
        raise ValueError("workers must be a whole number of at least 1, not %r" % (workers,))
    source = _ray(play, tasks, ray, workers) if ray else _local(play, tasks, min(workers, len(tasks) or 1))
    results = []
    start = last = time.time()
    tty = out is not None and out.isatty()
    try:
        for i, (ok, r) in enumerate(source):
            if not ok:
                raise PoolError("game %d of %d, task %r, failed in its worker:\n%s"
                                % (i + 1, len(tasks), tasks[i], r))
            results.append(r)
            now = time.time()
            if out is not None and (tty or now - last >= QUIET_S or i + 1 == len(tasks)):
                last = now
                left = (now - start) / (i + 1) * (len(tasks) - i - 1)
                out.write("%s%d/%d games%s, %d:%02d left%s" % (
                    "\r" if tty else "", i + 1, len(tasks), ", " + show(results) if show else "",
                    left // 60, left % 60, "" if tty and i + 1 < len(tasks) else "\n"))
                out.flush()
            yield r
    finally:
        source.close()     # a local pool is ended here, even when the caller stops early
