"""A pytest plugin for the mutants' test runs (tools/mutants.py): a test that runs
far past its time without the mutant fails there, so a mutant that loops forever is
killed within seconds of reaching the loop rather than at the run's timeout, which
must allow for all the tests (twice their time in a sample: 75 s of Hexade's).

The budgets (test id: seconds) are read from mutant_clock.json in the folder the
tests run from; without that file the plugin does nothing. A loop inside one C call
never returns to Python to see the alarm: cosmic-ray's own timeout still ends it.
"""
import json
import signal

import pytest

FILE = "mutant_clock.json"
_budgets = {}


class Overtime(Exception):
    pass


def budgets(spent, floor=5.0, times=10.0):
    """Each test's budget from its seconds without a mutant."""
    return {test: floor + times * s for test, s in spent.items()}


def pytest_configure(config):
    try:
        with open(FILE) as f:
            _budgets.update(json.load(f))
    except OSError:
        pass


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    budget = _budgets.get(item.nodeid)
    if budget is None:
        yield
        return
    running = [True]

    def overtime(signum, frame):
        if running[0]:
            raise Overtime("%s ran past its %.1f s" % (item.nodeid, budget))
    before = signal.signal(signal.SIGALRM, overtime)
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        yield
    finally:
        running[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
