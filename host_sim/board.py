"""The virtual board: the hardware interface of DESIGN.md section 6 on a PC.

    board = VirtualBoard("pocket", folder="/tmp/hc")      # or "full"
    app = board.app()                                      # firmware/app's App, booted
    board.press("OK"); app.run(5)                          # frames on the virtual clock
    board.rgb(cell)                                        # what an LED shows

The LEDs keep a neopixel-style `buf` (GRB wire order) that front ends and tests read;
keys are a queue of (key, kind) events; the clock is virtual (time moves only when
the app sleeps, plus `auto` ms per reading, so a search bounded by time ends) or the
wall clock; the store is a folder (app.store.FolderStore, atomic writes); sound is
silent (tones are recorded) or the terminal bell.
"""
import collections
import json
import os
import tempfile
import time

import host_sim  # noqa: F401  (firmware/ on sys.path)
from app import layout as layouts
from app.app import App
from app.store import FolderStore
from app.keys import PRESS, RELEASE


# LED drive level -> screen value. An LED at 1/16 drive still looks clearly lit in a
# room, a screen pixel at 16/255 looks black: front ends undo the app's gamma, so
# the screen shows what the eye would see on the board, and take a quarter of full
# drive (the default brightness; LEDs are that much brighter than a screen) as white.
SCREEN = bytes(int(255 * min(1.0, 4 * v / 255) ** (1 / 2.2) + 0.5) for v in range(256))


def on_screen(rgb):
    return (SCREEN[rgb[0]], SCREEN[rgb[1]], SCREEN[rgb[2]])


class Leds:
    """The MicroPython neopixel API: n, [i] = (r, g, b), fill, write; plus `buf`."""
    ORDER = (1, 0, 2, 3)          # GRB on the wire, as the WS2812B
    bpp = 3

    def __init__(self, n):
        self.n = n
        self.buf = bytearray(3 * n)
        self.shown = bytes(3 * n)   # the buffer as of the last write()
        self.writes = 0
        self.on_write = None

    def __len__(self):
        return self.n

    def __setitem__(self, i, c):
        for j in range(3):
            self.buf[3 * i + self.ORDER[j]] = c[j]

    def __getitem__(self, i):
        b = self.buf
        return tuple(b[3 * i + self.ORDER[j]] for j in range(3))

    def fill(self, c):
        for i in range(self.n):
            self[i] = c

    def write(self):
        self.shown = bytes(self.buf)
        self.writes += 1
        if self.on_write:
            self.on_write()

    def led(self, k):
        """(r, g, b) LED k showed at the last write."""
        s = self.shown
        return (s[3 * k + 1], s[3 * k], s[3 * k + 2])


class Keys:
    def __init__(self):
        self.q = collections.deque()

    def push(self, key, kind=PRESS):
        self.q.append((key, kind))

    def events(self):
        while self.q:
            yield self.q.popleft()

    def poll(self):
        if not self.q:
            return -1
        key, kind = self.q.popleft()
        return key * 4 + kind


class VirtualClock:
    def __init__(self, auto=1):
        self.t = 0
        self.auto = auto            # ms that pass on every reading (a search then ends)

    def ticks_ms(self):
        self.t += self.auto
        return self.t & 0x3FFFFFFF  # wraps like the chip's ticks

    @staticmethod
    def ticks_diff(a, b):
        d = (a - b) & 0x3FFFFFFF
        return d - 0x40000000 if d >= 0x20000000 else d

    def sleep_ms(self, ms):
        self.t += ms


class WallClock:
    def ticks_ms(self):
        return int(time.monotonic() * 1000) & 0x3FFFFFFF

    ticks_diff = staticmethod(VirtualClock.ticks_diff)

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)


class Sound:
    def __init__(self, bell=False, out=None):
        self.bell = bell
        self.out = out
        self.tones = []             # (freq, ms) of every tone, for tests

    def tone(self, freq, ms):
        self.tones.append((freq, ms))
        if self.bell and freq < 300 and self.out:     # low tones: refusals and alarms
            self.out.write("\a")
            self.out.flush()


def key_places(layout):
    """Function key number -> (q, r) for the keys that sit on the board's face (the
    HexBoard's command keys, beside the field), from hardware/<variant>.json: the
    firmware's compact form leaves the places out, the firmware needs none."""
    path = os.path.join(host_sim.ROOT, "hardware", layout.variant + ".json")
    try:
        with open(path, encoding="utf-8") as f:
            keys = json.load(f)["function_keys"]
    except (OSError, ValueError, KeyError) as e:
        raise ValueError("%s: no function keys to place (%s)" % (path, e))
    places = {}
    for k in keys:
        key = layout.fn_key(k.get("name"))
        if "q" in k and key >= 0:
            places[key] = (k["q"], k["r"])
    return places


class VirtualBoard:
    def __init__(self, variant="pocket", folder=None, clock=None, sound=None):
        self.layout = layouts.load(variant)
        self.places = key_places(self.layout)   # function key -> (q, r), if on the face
        self.leds = Leds(self.layout.chain)
        self.keys = Keys()
        self.clock = clock or VirtualClock()
        if folder is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="honeycomb-")
            folder = self._tmp.name
        self.folder = folder
        self.store = FolderStore(folder)
        self.sound = sound or Sound()
        self.reports = []
        self.shorts = {}                        # key -> the key a miswire reads with it
        self.screen = None                      # the board's screen, if it has one
        if self.layout.screen:
            from host_sim.screen import Screen
            self.screen = Screen(self.layout.screen)

    def app(self, boot=True, **kw):
        """The firmware's App on this board's hardware (booted unless boot=False)."""
        self.reports = []
        a = App(self.layout, self.leds, self.keys, self.clock, self.store, self.sound,
                report=self.reports.append, **kw)
        if self.screen is not None:
            from app.panel import Panel
            a.panel = Panel(self.screen)
        a.facts = lambda: (("revision", "none (simulated)"),)   # what a chip reads (self-test)
        if boot:
            a.boot()
        return a

    # -- input -------------------------------------------------------------------
    def key_of(self, name):
        """A layout cell name ("g7") or a function key name ("OK") -> key number."""
        k = self.layout.fn_key(name.upper())
        if k < 0:
            k = self.layout.find(name.lower())
        if k < 0:
            raise ValueError("no cell or function key %r on the %s board" % (name, self.layout.variant))
        return k

    def press(self, key):
        if isinstance(key, str):
            key = self.key_of(key)
        also = self.shorts.get(key)
        self.keys.push(key, PRESS)
        if also is not None:                    # the miswired key reads as down too
            self.keys.push(also, PRESS)
        self.keys.push(key, RELEASE)
        if also is not None:
            self.keys.push(also, RELEASE)

    def miswire(self, key, other):
        """Make `key` read as `other` as well (a short between their lines): each press
        of it then reports both, as a board with that fault would."""
        if isinstance(key, str):
            key = self.key_of(key)
        self.shorts[key] = self.key_of(other) if isinstance(other, str) else other

    def turn(self, clicks):
        """The knob (a board that has one) turned by clicks: + clockwise."""
        for _ in range(abs(clicks)):
            self.keys.push(self.layout.knob + (clicks > 0), PRESS)

    def push_knob(self):
        """The knob's button pressed and let go."""
        self.keys.push(self.layout.knob + 2, PRESS)
        self.keys.push(self.layout.knob + 2, RELEASE)

    # -- output ------------------------------------------------------------------
    def rgb(self, cell):
        """What the LED of layout cell `cell` showed at the last write."""
        return self.leds.led(self.layout.led[cell])

    def key_rgb(self, key):
        """What the LED under function key `key` (n + k) showed, (0, 0, 0) if it has none."""
        led = self.layout.fn_led[key - self.layout.n]
        return self.leds.led(led) if led >= 0 else (0, 0, 0)

    def lit(self):
        """Layout cells whose LED is not dark."""
        return [i for i in range(self.layout.n) if any(self.rgb(i))]
