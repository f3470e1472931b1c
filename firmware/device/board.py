# The whole board from its layout: the objects the app is given (DESIGN.md section 6)
# plus the battery gauge. main.py calls build(layout) once at power-up.
import os
import time
from micropython import const

from app.store import FolderStore
from device import keyscan, leds, sound

DATA = "/data"                # saves and settings; the firmware's own files stay apart
_WDT_MS = const(8000)         # the RP2040's watchdog allows at most 8.3 s
_XIP = const(0x10000000)      # flash as the chip reads it (execute in place)
_BOOT2_WORDS = const(64)      # boot stage 2: the first 256 bytes of flash
_FLASH_MAX = const(1 << 24)   # a 03h read carries a 24-bit address: 16 MB at most


class Clock:
    """time's ticks, plus the watchdog: it is fed wherever the app reads the clock,
    which the frame loop does every 40 ms and the AI's search often enough to keep
    to its time budget. A loop that hangs without reading the clock resets the board."""

    def __init__(self, wdt=None):
        self.wdt = wdt

    def ticks_ms(self):
        if self.wdt is not None:
            self.wdt.feed()
        return time.ticks_ms()

    @staticmethod
    def ticks_diff(a, b):
        return time.ticks_diff(a, b)

    def sleep_ms(self, ms):
        if self.wdt is not None:
            self.wdt.feed()
        time.sleep_ms(ms)

    def watch(self):
        """Start the watchdog (release builds only: it cannot be stopped, and it
        would reset a board sitting at the REPL during development)."""
        from machine import WDT
        self.wdt = WDT(timeout=_WDT_MS)


class Board:
    def __init__(self, layout):
        pins = layout.pins
        self.layout = layout
        self.leds = leds.make(pins["led_data"], layout.chain)
        self.keys = keyscan.Scanner(layout, pins["key_addr"], pins["key_read"])
        self.clock = Clock()
        self.store = FolderStore(DATA)
        self.sound = sound.Buzzer(pins["buzzer"]) if "buzzer" in pins else sound.Silent()
        self.battery = None
        if "vsys_sense" in pins and layout.power.get("battery_mah"):
            from device.power import Battery
            self.battery = Battery(layout)
        self.revision, fix = _revision(layout, self.keys)
        self.knob = self.screen = None
        self.test_asked = False               # the centre cell held at power-up
        if "knob_a" in pins:                  # its clicks and button are keys
            from device.knob import Knob
            a, b = pins["knob_a"], pins["knob_b"]
            if fix.get("knob_reversed"):      # contacts the other way round: swap them
                a, b = b, a
            self.knob = Knob(a, b, self.keys.put, layout.knob)
            self.keys.add_source(self.knob.flush)
        if "knob_press" in pins:
            self.keys.watch(pins["knob_press"], layout.knob + 2)
        if layout.screen:
            self.screen = _screen(layout)

    def held_at_power_up(self):
        """Function keys held now (two scans: the debounce wants two agreeing reads).
        Whether the centre cell is held too is kept in test_asked: the self-test."""
        k = self.keys
        k.scan()
        k.scan()
        n = self.layout.n
        held = [self.layout.fn[i] for i in range(len(self.layout.fn)) if k.down(n + i)]
        self.test_asked = k.down(self.layout.index(0, 0))
        k.clear()
        return held

    def facts(self):
        """(label, text) of what this board reads of itself, for the self-test's report."""
        st = os.statvfs("/")
        return (("revision", self.revision or "none (no strap on this board)"),
                ("flash", "%d MB" % (flash_bytes() >> 20)),
                ("file system", "%d KB in %d blocks of %d" % (st[1] * st[2] >> 10, st[2], st[1])))

    def start(self):
        self.keys.start()

    def stop(self):
        self.keys.stop()
        self.sound.stop()
        if self.knob is not None:
            self.knob.stop()


def _revision(layout, keys):
    """The board's revision from its strap slot, read once here, then masked from the
    scan (it is no key): (name or None, what that revision changes). The HexBoard:
    v1.2 ties the slot low, v1.1 leaves it open (hardware/README.md)."""
    st = layout.strap
    if st is None:
        return None, {}
    side = st["closed" if keys.read_slot(st["slot"]) else "open"]
    keys.mask(st["slot"])
    return side["revision"], side


def flash_bytes():
    """The flash chip's size as the chip reads it. A SPI NOR flash ignores the address
    bits above its size, so a chip of 2 MB shows its first bytes again 2 MB on: the
    first power of two from 1 MB at which boot stage 2 (the first 256 bytes, which end
    in their own CRC) reads again is the size; none below 16 MB (all a 03h read can
    address, the HexBoard's chip): 16 MB. (The JEDEC ID would need the flash out of XIP,
    with this code running from it.) The emulated chip mirrors its flash as a real
    one does (tools/pico/chip.mjs)."""
    from machine import mem32
    size = 1 << 20
    while size < _FLASH_MAX:
        k = 0
        while k < _BOOT2_WORDS and mem32[_XIP + size + 4 * k] == mem32[_XIP + 4 * k]:
            k += 1
        if k == _BOOT2_WORDS:
            return size
        size <<= 1
    return _FLASH_MAX


def _screen(layout):
    """The layout's screen, or None when it does not answer (a board must start
    without it: the LEDs alone play every game)."""
    from machine import I2C, Pin
    from device.oled import SH1107
    s = layout.screen
    pins = layout.pins
    try:
        i2c = I2C(s["i2c"], sda=Pin(pins["oled_sda"]), scl=Pin(pins["oled_scl"]), freq=400000)
        return SH1107(i2c, s["width"], s["height"], s["address"], s["rotate"])
    except OSError as e:
        print("screen: no answer at I2C address 0x%02x (%s)" % (s["address"], e))
        return None


def build(layout):
    return Board(layout)
