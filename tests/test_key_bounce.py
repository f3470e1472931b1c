# Key bounce and ghosting at the app level, on the host: a simulated key mux whose
# contacts chatter feeds the board's own key scan (device/keyscan.py, scanned every
# 8 ms as its timer does, also while the computer thinks) and the scan feeds the app.
# Every press bounces for up to 10 ms, and so does every release; some keys are held
# through many frames, some pressed together, some while the computer thinks.
# Expected: one press is one press for the app (none lost, none doubled), so each
# game's history is exactly the moves pressed; a held key does not repeat.
import bisect
import importlib
import os
import sys

import pytest

from hexgames.rng import Rng
from app import layout as layouts
from app.app import App
from app.keys import PRESS, RELEASE, Reader

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "portable"))
from fakehw import Leds, Sound, Store  # noqa: E402

SCAN_MS = 8             # device.keyscan.PERIOD_MS
BOUNCE_MS = 10          # contacts chatter this long, at most, on press and on release
GPIO_IN = 0xD0000004
GPIO_OUT = 0xD0000010
TIMERAWL = 0x40054028


@pytest.fixture
def keyscan(monkeypatch):
    """device.keyscan with the stub machine of tests/stubs standing in for the chip."""
    monkeypatch.syspath_prepend(os.path.join(ROOT, "tests", "stubs"))
    monkeypatch.setitem(sys.modules, "machine", importlib.reload(importlib.import_module("stub_machine")))
    for name in list(sys.modules):
        if name == "device" or name.startswith("device."):
            monkeypatch.delitem(sys.modules, name)
    return importlib.import_module("device.keyscan")


class Mux:
    """The key matrix as the scan sees it: each slot's contact is a list of
    (time, closed) transitions; reading GPIO_IN at the current time gives the
    muxes' outputs for the address last written (active low, as on the board)."""

    def __init__(self, slots):
        self.t = 0
        self.us = 0
        self.out = 0
        self.times = [[0] for _ in range(slots)]
        self.closed = [[False] for _ in range(slots)]

    def at(self, slot, t, closed):
        self.times[slot].append(t)
        self.closed[slot].append(closed)

    def is_closed(self, slot):
        k = bisect.bisect_right(self.times[slot], self.t) - 1
        return self.closed[slot][k]

    def bounce(self, slot, t, closed, rng):
        """The contact ends in state `closed` at t + BOUNCE_MS, chattering before:
        one to six flips at random moments of the bouncing time."""
        flips = sorted(rng.below(BOUNCE_MS) for _ in range(1 + rng.below(6)))
        state = closed
        for f in flips:
            self.at(slot, t + f, state)
            state = not state
        self.at(slot, t + BOUNCE_MS, closed)

    def __getitem__(self, addr):
        if addr == GPIO_OUT:
            return self.out
        if addr == TIMERAWL:                # the scan's settling wait: a microsecond a
            self.us += 1                    # read, too short to move the contacts' ms
            return self.us
        assert addr == GPIO_IN
        a = self.out & 15
        v = 0x3FFFFFFF
        for m in range(len(self.times) // 16):
            if self.is_closed(m * 16 + a):
                v &= ~(1 << (4 + m))
        return v

    def __setitem__(self, addr, v):
        if addr == 0xD0000014:
            self.out |= v
        elif addr == 0xD0000018:
            self.out &= ~v
        elif addr == 0xD000001C:            # GPIO_OUT_XOR: the scan's address write
            self.out ^= v


class Clock:
    """Virtual time that the app reads; every 8 ms that pass, the scan runs, as its
    timer interrupts whatever the app does (the computer's search included). Each
    reading takes per_read ms (1, or a few for a chip slower than this PC), so a
    search's time slices end."""

    def __init__(self, mux, scanner, per_read=1):
        self.per_read = per_read
        self.t = 0
        self.mux = mux
        self.scanner = scanner
        self.next_scan = SCAN_MS

    def ticks_ms(self):
        self.advance(self.per_read)
        return self.t

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.advance(ms)

    def advance(self, ms):
        end = self.t + ms
        while self.next_scan <= end:
            self.mux.t = self.t = self.next_scan
            self.scanner.scan()
            self.next_scan += SCAN_MS
        self.mux.t = self.t = end


class Rig:
    """The pocket board: mux, scan, clock and the app with a two-person game."""

    def __init__(self, keyscan, ai=None, per_read=1):
        lay = self.lay = layouts.load("pocket")
        self.mux = Mux(16 * lay.muxes)
        self.scan = keyscan.Scanner(lay, lay.pins["key_addr"], lay.pins["key_read"], mem=self.mux)
        self.clock = Clock(self.mux, self.scan, per_read)
        kw = {} if ai == "find" else {"ai": ai}
        self.app = App(lay, Leds(lay.n), self.scan, self.clock, Store(), Sound(), lambda t: None, **kw)
        self.app.boot()
        self.got = []               # (key, kind) as the app received them
        handle = self.app._keys._handle

        def spy(key, kind):
            self.got.append((key, kind))
            handle(key, kind)
        self.app._keys = Reader(self.scan, spy)

    def run_until(self, t):
        while self.clock.t < t:
            self.app.frame()
            self.clock.sleep_ms(40)

    def press(self, slot, at, hold, rng):
        """A press at `at` held `hold` ms, bouncing on the way down and up;
        returns when the contact is quiet again."""
        assert at > self.clock.t, "a press scheduled in the past"
        self.mux.bounce(slot, at, True, rng)
        self.mux.bounce(slot, at + hold, False, rng)
        return at + hold + BOUNCE_MS


def test_a_thousand_bouncy_presses_make_exactly_the_moves_pressed(keyscan):
    rig = Rig(keyscan)
    app = rig.app
    rng = Rng(2024)
    presses = held_long = 0
    games = []
    t = 100
    while presses < 1000:
        app.new_game(["hexade", 7, [], 0, 1])
        play = app.screen
        g = play.g
        planned = []
        while g.to_move and presses < 1000:
            t = max(t, rig.clock.t + 1 + rng.below(40))
            ms = g.moves()
            m = ms[rng.below(len(ms))]
            slot = rig.lay.slot[play.place.cell[g.cells(m)[0]]]
            for _ in range(2):              # choose the cell, press it again to play
                # most presses are brisk; one in eight is held through many frames
                hold = 40 + rng.below(200) if rng.below(8) else 400 + rng.below(2600)
                held_long += hold >= 400
                t = rig.press(slot, t, hold, rng) + 30 + rng.below(120)
                presses += 1
            planned.append(m)
            rig.run_until(t)
            assert g.history() == planned, (len(planned), len(g.history()))
        games.append(len(planned))
    rig.run_until(t + 200)
    downs = [k for k, kind in rig.got if kind == PRESS]
    ups = [k for k, kind in rig.got if kind == RELEASE]
    assert len(downs) == presses == len(ups) == 1000
    assert rig.scan.lost == 0
    assert held_long >= 100 and sum(games) == 500
    # held keys never repeat: the app got no event but press and release
    assert set(kind for _, kind in rig.got) <= {PRESS, RELEASE, keyscan.HOLD}



def test_presses_made_while_the_computer_thinks_are_played_after_its_move(keyscan, monkeypatch):
    # the search reads the clock once an iteration: at 8 ms a reading it takes
    # several frames, as on the chip, and presses come in while it runs; its
    # length is this test's (42 iterations a second, the rate this test was
    # written for), not the chip's measured CHIP_RATE, which changes with the engine
    from hexgames.hexade.rules import Hexade
    monkeypatch.setattr(Hexade, "CHIP_RATE", 42)
    rig = Rig(keyscan, ai="find", per_read=8)
    app = rig.app
    assert app.ai is not None       # the opponent is part of the firmware
    rng = Rng(5)
    pushed = [0]                    # presses the game kept while the computer thought
    done = queued = refused = 0
    play = None
    for turn in range(40):
        if play is None or not play.g.to_move:
            app.new_game(["hexade", 7, [], 5, 2])      # level 5 (1 s a move), the computer plays X
            play = app.screen
            push = play.queue.push

            def counting(key, push=push):
                pushed[0] += 1
                push(key)
            play.queue.push = counting
        g = play.g
        for _ in range(1000):           # until the computer's search is running
            if play.thinking or not g.to_move:
                break
            app.frame()
        if not g.to_move:
            continue
        assert play.thinking and not play.my_turn()
        n = len(g.history())
        # our move, pressed (twice) while the search runs: if the computer takes
        # that cell, the press is refused when it is played, not lost
        free = [c for c in range(g.board.n) if g._symbol(c) is None]
        c = free[rng.below(len(free))]
        slot = rig.lay.slot[play.place.cell[c]]
        pushed[0] = 0
        t = rig.press(slot, rig.clock.t + 1, 40 + rng.below(30), rng) + 30
        t = rig.press(slot, t, 40 + rng.below(30), rng) + 30
        for _ in range(1000):
            if len(g.history()) >= n + 2 or not g.to_move or (
                    rig.clock.t > t and play.my_turn() and not len(play.queue)):
                break
            app.frame()
            rig.clock.sleep_ms(5)
        h = g.history()
        assert len(h) >= n + 1                      # the computer's move
        queued += pushed[0] == 2
        if len(h) >= n + 2:
            assert g.cells(h[n + 1]) == [c]         # ours, right after it
            done += 1
        elif g.to_move:                             # it took our cell: refused, nothing lost
            assert g.cells(h[n]) == [c], (g.record(), g.board.name(c))
            refused += 1
            m = g.moves()[0]                        # then a move of ours, to go on
            slot = rig.lay.slot[play.place.cell[g.cells(m)[0]]]
            t = rig.press(slot, rig.clock.t + 1, 50, rng) + 30
            rig.run_until(rig.press(slot, t, 50, rng) + 30)
            assert g.history()[-1] == m or not g.to_move
    assert queued >= 20 and done >= 20, (queued, done, refused)
