# The handheld app on both VMs: a minimal fake of the hardware interface
# (DESIGN.md section 6) drives firmware/app through boot, menu and play. On
# MicroPython this also proves that a frame allocates nothing (idle, and while
# the computer thinks) and measures the heap (tools/bench/heap_app.py measures it on
# the 32-bit VM, for every game).
import gc
import sys

from app import layout
from app.app import App
from fakehw import Leds, Keys, Clock, Store, Sound

ON_MICROPYTHON = sys.implementation.name == "micropython"
_layouts = {}


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
    assert h.app.ai is not None        # the opponent is part of the firmware
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
        free = gc.mem_free()
        gc.collect()
        print("heap: after boot %d, peak while thinking %d, after the move %d bytes"
              % (boot, peak, gc.mem_alloc()))
        # 64-bit VM: objects up to twice the chip's. The tree is sized so that at
        # least 32 KB stay free (DESIGN.md section 5), on this VM's heap too.
        assert gc.mem_alloc() + free - peak >= 32 * 1024


class Slow:
    """A stand-in opponent (the App's ai factory: Slow(level, seed, memory)) that
    thinks for SLICES slices without allocating, then plays the first legal move.
    A frame gives it two: its own slice and its spare time (App.run)."""
    SLICES = 60

    def __init__(self, level, seed, memory):
        self.level = level
        self.memory = memory
        self.g = None
        self.slices = 0

    def start(self, g, clock=None):
        self.g = g
        self.slices = 0

    def think(self, ms=0, clock=None):
        self.slices += 1
        return self.slices >= self.SLICES

    def best(self):
        return self.g.moves()[0]


def test_undo_against_the_computer_takes_back_both_plies():
    # On MicroPython too: `int in bytearray` is not implemented there, and the
    # history of who moved is a bytearray.
    h = Hand(ai=Slow)
    h.choose("hexgo")
    h.choose(3)
    h.choose(1)                        # we are X and start
    p = h.app.screen
    h.press(h.cell("d4"), h.cell("d4"))
    for _ in range(Slow.SLICES + 5):
        h.app.run(1)
    assert len(p.g.history()) == 2 and not p.thinking
    h.press("UNDO")
    assert p.g.history() == [] and p.my_turn()
    h.press("UNDO")                    # nothing of ours left to take back: refused
    assert p.g.history() == [] and h.sound.tones[-1] == 150


def test_a_thinking_frame_allocates_nothing():
    # The app's part of a frame while the computer thinks (the calm animation,
    # the queue, the search's slice called): nothing. The real search's slice
    # is measured by tools/bench/heap_app.py (think_frame_bytes).
    h = Hand(ai=Slow)
    h.choose("hexgo")
    h.choose(3)
    h.choose(2)                        # the computer starts
    p = h.app.screen
    while not p.thinking:
        h.app.run(1)
    h.app.run(2)
    if ON_MICROPYTHON:
        used = allocated(h.app, 20)
        assert used == 0, "%d bytes allocated in 20 thinking frames" % used
    assert p.thinking == 1
    for _ in range(Slow.SLICES):
        h.app.run(1)
    assert len(p.g.history()) == 1 and not p.thinking


def test_the_opponents_tree_fits_the_heap_left():
    # The tree is sized by what the app and the game leave of the app's heap,
    # never below what the root's moves need, and allocated at the game's start
    # at that size, leaving the heap's floor free; without a heap limit (CPython)
    # it gets its default. The real opponent: its tree is what takes the heap.
    gc.collect()
    h = Hand(ai="find")
    assert h.app.ai is not None        # the opponent is part of the firmware
    h.choose("xiago")
    h.choose(6)                        # base 6
    h.choose(4)                        # level 4
    h.choose(1)
    h.app.run(3)
    p = h.app.screen
    mem = p.player.memory
    t = p.player.search.tree           # allocated at the second frame, before our move
    assert mem == h.app.tree_bytes and t.size == mem // t.BYTES_PER_NODE
    if ON_MICROPYTHON:
        assert 22 * (min(p.g.max_moves, 600) + 1) <= mem <= 32768
        gc.collect()
        # the chip's 32 KB floor (DESIGN.md section 5) with the tree in the heap
        assert gc.mem_free() >= 32 * 1024, "free with the tree: %d" % gc.mem_free()
        h.press("MENU")                # the paused game lets its tree go
        assert p.player is None
        h.press("MENU")
        h.app.run(3)
        assert p.player is not None and p.player.search.tree.size == t.size
    else:
        assert mem == 32768
    t = None
    ours = 0
    while p.my_turn():                 # our turn; the computer answers with its tree
        p.commit(p.g.moves()[-1])      # (moves()[0] passes, and two passes end it)
        ours += 1
    for _ in range(400):
        h.app.run(1)
        if p.my_turn():
            break
    assert p.my_turn() and len(p.g.history()) > ours and p.player.search.playouts > 0


def test_hexmeister_with_the_opponent_plays_within_the_heap():
    # The biggest game with the strongest level, on the chip's 240 KB heap when
    # run on MicroPython (64-bit there: objects up to twice the chip's). Without
    # the app's GC threshold the heap fragmented until the search's arrays no
    # longer found room, with a third of it free.
    import app.app as appmod
    if ON_MICROPYTHON and appmod.__file__.endswith(".py"):
        return                         # sources compiled at import: not the board's heap
    gc.collect()
    h = Hand(ai="find")
    assert h.app.ai is not None        # the opponent is part of the firmware
    try:
        play_hexmeister(h)
    finally:
        h = None                       # the rules go: the next tests get the heap back
        appmod.unload([k for k in sys.modules if k.startswith("hexgames.hexmeister")])
        gc.collect()


def play_hexmeister(h):
    h.choose("hexmeister")
    h.choose(5)
    h.choose(2)                        # the computer starts
    p = h.app.screen
    for _ in range(3000):
        h.app.run(1)
        if p.g.history() and p.my_turn():
            break
    assert p.g.history() and p.g.to_move == 2 and p.my_turn()
    m = p.g.moves()[0]                 # our answer, and the computer's again
    path = p.g.cells(m)
    h.press(*[p.place.cell[c] for c in path + path[-1:]] if path else ["OK", "OK"])
    for _ in range(3000):
        h.app.run(1)
        if p.my_turn() or not p.g.to_move:
            break
    assert len(p.g.history()) >= 3
