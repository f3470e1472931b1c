# What the simulator's front ends (host_sim/term.py, window.py) put in the
# virtual board's key queue, read the same way by the tests of both.
from app.keys import PRESS, RELEASE


def queued(b):
    """The key events the front end queued since the last look."""
    out = list(b.keys.q)
    b.keys.q.clear()
    return out


def tap(k):
    """A key pressed and released."""
    return [(k, PRESS), (k, RELEASE)]
