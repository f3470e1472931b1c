# The whole board from its layout: the objects the app is given (DESIGN.md section 6)
# plus the battery gauge. main.py calls build(layout) once at power-up.
import time
from micropython import const

from app.store import FolderStore
from device import keyscan, leds, sound

DATA = "/data"                # saves and settings; the firmware's own files stay apart
_WDT_MS = const(8000)         # the RP2040's watchdog allows at most 8.3 s


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

    def held_at_power_up(self):
        """Function keys held now (two scans: the debounce wants two agreeing reads)."""
        k = self.keys
        k.scan()
        k.scan()
        n = self.layout.n
        held = [self.layout.fn[i] for i in range(len(self.layout.fn)) if k.down(n + i)]
        k.clear()
        return held

    def start(self):
        self.keys.start()

    def stop(self):
        self.keys.stop()
        self.sound.stop()


def build(layout):
    return Board(layout)
