# The handheld app on both VMs: a minimal fake of the hardware interface
# (DESIGN.md section 6) drives firmware/app through boot, menu and play. On
# MicroPython this also proves that a frame allocates nothing and measures the heap.
import gc
import sys

from app import layout
from app.app import App
from app.keys import PRESS, RELEASE
from fakehw import Leds

ON_MICROPYTHON = sys.implementation.name == "micropython"
_layouts = {}


class Keys:
    def __init__(self):
        self.q = []

    def press(self, k):
        self.q.append(k * 4 + PRESS)
        self.q.append(k * 4 + RELEASE)

    def poll(self):
        return self.q.pop(0) if self.q else -1

    def events(self):
        while self.q:
            e = self.q.pop(0)
            yield e >> 2, e & 3


class Clock:
    def __init__(self):
        self.t = 0

    def ticks_ms(self):
        self.t += 1
        return self.t

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.t += ms


class Store:
    def __init__(self):
        self.files = {}

    def load(self, name):
        return self.files.get(name)

    def save(self, name, data):
        self.files[name] = bytes(data)


class Sound:
    def __init__(self):
        self.tones = []

    def tone(self, f, ms):
        self.tones.append(f)


class Hand:
    """The fake hardware and the app on it."""

    def __init__(self, variant="pocket", store=None, ai=None):
        if variant not in _layouts:
            _layouts[variant] = layout.load(variant)
        self.lay = _layouts[variant]
        self.leds = Leds(self.lay.n)
        self.keys = Keys()
        self.clock = Clock()
        self.store = store or Store()
        self.sound = Sound()
        self.said = []
        kw = {} if ai == "find" else {"ai": ai}
        self.app = App(self.lay, self.leds, self.keys, self.clock, self.store, self.sound,
                       self.said.append, **kw)
        self.app.boot()
        self.app.run(2)

    def press(self, *keys):
        for k in keys:
            self.keys.press(self.lay.fn_key(k) if isinstance(k, str) else k)
            self.app.run(2)

    def choose(self, value):
        for label, v, cell in self.app.screen.choices():
            if v == value:
                self.press(cell, cell)
                return
        raise AssertionError("no choice %r" % (value,))

    def cell(self, name):
        p = self.app.screen
        return p.place.cell[p.g.board.index(name)]

    def rgb(self, cell):
        j = 3 * self.lay.led[cell]
        b = self.leds.buf
        return (b[j + 1], b[j], b[j + 2])


def test_two_people_play_hexgo_and_undo():
    h = Hand(ai=None)
    assert h.app.screen.page == "game"
    h.choose("hexgo")                  # no opponent page without the AI: two people
    p = h.app.screen
    assert p.g.NAME == "hexgo" and p.level == 0
    d4 = h.cell("d4")
    h.press(d4)
    assert p.g.history() == [] and p.entry.pending >= 0      # spelled, not yet played
    h.press(d4)
    assert [p.g.text(m) for m in p.g.history()] == ["d4"]
    r, g, b = h.rgb(d4)
    assert r > b                       # X's stone: red-orange
    h.press(h.cell("e4"), h.cell("e4"))
    assert h.rgb(h.cell("e4"))[2] > h.rgb(h.cell("e4"))[0]      # O's: blue
    h.press("UNDO")
    assert [p.g.text(m) for m in p.g.history()] == ["d4"]
    h.press(h.cell("d4"))              # occupied: refused, nothing changes
    assert h.sound.tones[-1] == 150 and len(p.g.history()) == 1


def test_the_saved_game_survives_a_power_cycle():
    h = Hand(ai=None)
    h.choose("hexgo")
    for name in ("d4", "c5", "e3"):
        h.press(h.cell(name), h.cell(name))
    dump = h.app.screen.g.dump()
    again = Hand(store=h.store, ai=None)
    assert type(again.app.screen).__name__ == "Resume"
    again.press("OK")
    assert again.app.screen.g.dump() == dump and len(again.app.screen.g.history()) == 3


def allocated(app, frames):
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        app.run(frames)
        return gc.mem_alloc() - before
    finally:
        gc.enable()


def test_a_frame_allocates_nothing():
    h = Hand(ai=None)
    h.app.run(3)
    menu = allocated(h.app, 50) if ON_MICROPYTHON else 0
    h.choose("hexgo")
    h.press(h.cell("d4"), h.cell("d4"), h.cell("c5"))   # a stone, a selection in progress
    h.app.run(5)
    if not ON_MICROPYTHON:
        return
    used = allocated(h.app, 100)       # 4 s of breathing marks and blinking input
    assert (menu, used) == (0, 0), "bytes allocated: %d in 50 menu frames, %d in 100 game frames" % (menu, used)


def test_heap_with_the_opponent():
    # The live heap (collected every frame) of the whole app while the computer
    # thinks, printed for the record. The unix port is 64-bit: its objects are up
    # to twice the chip's; the bound here is for that VM, modules included.
    gc.collect()
    h = Hand(ai="find")
    if h.app.ai is None:
        return
    gc.collect()
    boot = gc.mem_alloc() if ON_MICROPYTHON else 0
    h.choose("hexgo")
    h.choose(3)                        # level 3
    h.choose(2)                        # we play O: the computer starts at once
    peak = 0
    for _ in range(400):
        h.app.run(1)
        if ON_MICROPYTHON:
            gc.collect()
            peak = max(peak, gc.mem_alloc())
        if not h.app.screen.thinking:
            break
    assert len(h.app.screen.g.history()) == 1
    if ON_MICROPYTHON:
        gc.collect()
        print("heap: after boot %d, peak while thinking %d, after the move %d bytes"
              % (boot, peak, gc.mem_alloc()))
        assert peak < 170 * 1024         # 64-bit VM: about twice the chip
