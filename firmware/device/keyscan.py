# Key scan: 74HC4067 muxes on shared address pins, one read pin each (hardware/README.md,
# "Key scan"). A key's slot is mux * 16 + channel; the layout maps slots to keys.
#
# A machine.Timer calls scan() every few ms, also while the AI searches, so no press is
# lost: events go into a preallocated ring that the app drains with poll(). scan() must
# not allocate (it may run as an interrupt handler, where the heap is locked): only
# small ints, bytearray/array stores and attribute stores of small ints.
# Debounce: a mux's word (one bit per mux, active low) counts only once two scans in
# a row agree, so a bounce shorter than the scan period never makes an event. The two
# must be apart in time: a soft timer's callbacks pile up while native code runs long
# (a playout kernel) and then run back to back, and two readings a microsecond apart
# in the middle of a bounce would agree on a state the contact never settled in (the
# emulated chip's 1,000 bouncing presses found two doubled that way). So a timed scan
# less than _GAP_MS after the last is skipped.
# Scan cost: 16 x (one address write, the settling wait, one 32-bit read, a compare),
# on the chip as native code (device/kernels.py: as bytecode the scan took about 5% of
# the chip); the per-key loop runs only for a channel that changed or holds a key
# down. The settling wait is most of it: 16 x 10.3-11.2 us, about 170 us a scan
# whatever the board (the channels are read in turn, the muxes of one channel at
# once), 2% of the chip at a scan every 8 ms (hardware/README.md has the figures).
import sys
from micropython import const
from array import array
from hexgames.board import zeros
from hexgames.native import load, pick
import machine
from app.keys import PRESS, RELEASE, HOLD
try:
    from time import ticks_ms, ticks_diff
except ImportError:                   # CPython, the drivers' tests: a plain ms clock
    from time import monotonic

    def ticks_ms():
        return int(monotonic() * 1000)

    def ticks_diff(a, b):
        return a - b

_SIO = const(0xD0000000)          # RP2040 SIO block: the native scan's registers
_TIMERAWL = const(0x40054028)     # TIMER + 0x28: microseconds since boot, low word
_RING = const(64)                 # events held: more than anyone presses during a search
_HOLD_SCANS = const(100)          # held this many scans (~0.8 s) -> one HOLD event
_NONE = const(0xFFFF)
PERIOD_MS = const(8)
_GAP_MS = const(4)                # timed scans closer than this are one reading


class Scanner:
    # Settling after an address change, in microseconds, before the lines are read.
    # The line is a 74HC4067's common pin pulled up through tens of kilohms (the
    # RP2040's own pull-up on the HexBoard) into the pin's and the mux's picofarads,
    # and a channel let go must charge it from low: a few microseconds. The
    # HexBoard's own firmware waits 6 us per column after selecting it (theHDM/HexBoard,
    # HexBoard.ino readHexes, delayMicroseconds(6); an earlier sketch waited 10 us);
    # its later drivers step the mux once per timer tick of 16-96 us (theHDM/hexboard_1_2
    # src/hexBoardHardware.h keyboard_pin_reset_period_in_uS = 16; theHDM/HexBoard
    # src/TaskManager.h frequency_poll = 32; theHDM/HexBoard_2_0 src/config.h
    # key_poll_interval_uS = 96). 10 us: a margin over their 6. Every board shares it.
    SETTLE_US = 10

    def __init__(self, layout, addr_pins, read_pins, mem=None):
        self.key_at = layout.key_at           # slot -> key, or 0xFFFF
        self.muxes = len(read_pins)
        # The native scan writes the chip's registers itself; a mem32-like stand-in
        # (tests with stubs) and other machines take the twin.
        if mem is None and sys.platform == "rp2":
            self._loop, self._sio = pick("kernels", "twins", "device").scan, _SIO
            self._tmr = _TIMERAWL
        else:
            self._loop = load("device.twins").scan
            self._sio = self._tmr = machine.mem32 if mem is None else mem
        self.settle(self.SETTLE_US)
        # Address lines: their mask, and the levels they take for each channel.
        self._addr_mask = 0
        for p in addr_pins:
            machine.Pin(p, machine.Pin.OUT, value=0)
            self._addr_mask |= 1 << p
        self._set = array("I", [0] * 16)
        for a in range(16):
            m = 0
            for b in range(len(addr_pins)):
                if a >> b & 1:
                    m |= 1 << addr_pins[b]
            self._set[a] = m
        for p in read_pins:
            machine.Pin(p, machine.Pin.IN, machine.Pin.PULL_UP)
        # Read pins are consecutive GPIOs on both boards: one shift takes them all.
        self._shift = read_pins[0]
        if list(read_pins) != list(range(read_pins[0], read_pins[0] + len(read_pins))):
            raise ValueError("key read pins must be consecutive GPIOs")
        self._rmask = (1 << len(read_pins)) - 1
        idle = self._rmask                     # pull-ups: all high, nothing pressed
        self._raw = array("I", [idle] * 16)    # last reading per channel
        self._stable = array("I", [idle] * 16)  # debounced state per channel
        self._force = array("I", [0] * 16)     # per channel: bits that read released
        self._held = bytearray(16 * self.muxes)  # scans a key has been down (capped)
        self._ring = zeros("H", _RING)
        self._r = 0                            # next to read
        self._w = 0                            # next to write
        self.lost = 0                          # events dropped on a full ring
        self.seen = 0                          # events ever queued (idle detection)
        self._timer = None
        self.interrupted = False               # Ctrl-C caught by a scan (see scan)
        self._watched = []                     # [pin, key, last reading, debounced]
        self._last = 0                         # ticks_ms of the last timed scan
        self._sources = []                     # other inputs' flush(): the knob's clicks

    # -- the scan (timer context) -----------------------------------------------------
    def _put(self, e):
        w = self._w
        nxt = (w + 1) % _RING
        if nxt == self._r:
            self.lost += 1
            return
        self._ring[w] = e
        self._w = nxt
        self.seen = (self.seen + 1) & 0x3FFFFFFF

    def scan(self, _t=None):
        # Ctrl-C on the console while a scan runs would end the scan, not the app
        # (a timer callback's exception is printed and dropped): poll() raises it
        # in the app's loop instead, so Ctrl-C always stops the app.
        try:
            self._scan()
        except KeyboardInterrupt:
            self.interrupted = True

    def _scan(self):
        for f in self._sources:
            f()
        for w in self._watched:
            v = w[0].value()
            if v == w[2] and v != w[3]:       # two scans agree on a change
                w[3] = v
                self._put(w[1] * 4 + (RELEASE if v else PRESS))
            w[2] = v
        raw = self._raw
        stable = self._stable
        todo = self._loop(self._sio, self._tmr, self._set, raw, stable, self._force,
                          self._addr_mask, self._shift, self._rmask, self._ticks)
        a = 0
        while todo:
            if todo & 1:
                v = raw[a]
                if v != stable[a]:            # two scans agree on a change
                    self._changed(a, v ^ stable[a], v)
                    stable[a] = v
                else:                         # a key held down
                    self._tick_held(a, v)
            todo >>= 1
            a += 1

    def _changed(self, a, diff, v):
        key_at = self.key_at
        for m in range(self.muxes):
            if diff >> m & 1:
                slot = m * 16 + a
                k = key_at[slot]
                self._held[slot] = 0
                if k != _NONE:
                    self._put(k * 4 + (RELEASE if v >> m & 1 else PRESS))

    def _tick_held(self, a, v):
        held = self._held
        for m in range(self.muxes):
            if not v >> m & 1:
                slot = m * 16 + a
                h = held[slot]
                if h < 255:
                    held[slot] = h + 1
                    if h + 1 == _HOLD_SCANS and self.key_at[slot] != _NONE:
                        self._put(self.key_at[slot] * 4 + HOLD)

    # -- settling, and slots that are not keys -------------------------------------
    def settle(self, us):
        """Wait at least `us` microseconds between an address change and the read.
        The timer ticks once a microsecond, so a count that has gone up by n may have
        started just before a tick: only n - 1 whole microseconds are sure. The scan
        waits for us + 1 ticks, never less than us."""
        self._ticks = us + 1

    def read_slot(self, slot):
        """Whether one slot reads held now (low): a single settled reading, outside
        the scan's state (the HexBoard's revision strap, read once at power-up)."""
        saved = array("I", self._raw)
        stable = array("I", [self._rmask] * 16)   # nothing known: every channel fresh
        self._loop(self._sio, self._tmr, self._set, saved, stable, array("I", [0] * 16),
                   self._addr_mask, self._shift, self._rmask, self._ticks)
        return not saved[slot & 15] >> (slot >> 4) & 1

    def mask(self, slot):
        """A hard-wired slot (no key): the scan reads it as released from now on."""
        self._force[slot & 15] |= 1 << (slot >> 4)

    # -- other inputs into the same ring ---------------------------------------------
    def put(self, key, kind):
        """An event of another input (the knob's clicks), in order with the keys'.
        Only from the scan's own context (a source's flush, or the app's side)."""
        self._put(key * 4 + kind)

    def add_source(self, flush):
        """flush() runs at every scan and may put() its events (device/knob.py)."""
        self._sources.append(flush)

    def watch(self, pin, key):
        """A key on a pin of its own (pull-up, pressed low: the knob's button), read at
        every scan with the same two-reading debounce."""
        self._watched.append([machine.Pin(pin, machine.Pin.IN, machine.Pin.PULL_UP), key, 1, 1])

    # -- the app's side ---------------------------------------------------------------
    def poll(self):
        """The oldest event as key * 4 + kind, or -1 (app.keys.Reader's fast path)."""
        if self.interrupted:
            self.interrupted = False
            raise KeyboardInterrupt
        r = self._r
        if r == self._w:
            return -1
        e = self._ring[r]
        self._r = (r + 1) % _RING
        return e

    def events(self):
        e = self.poll()
        while e >= 0:
            yield e >> 2, e & 3
            e = self.poll()

    def clear(self):
        self._r = self._w

    def down(self, key):
        """Whether key is held now (debounced state of the last scans)."""
        for slot in range(16 * self.muxes):
            if self.key_at[slot] == key:
                return not self._stable[slot & 15] >> (slot >> 4) & 1
        return False

    def start(self, period_ms=PERIOD_MS):
        # A soft timer: the callback runs between bytecodes, also during the AI's
        # search, and may run during a gc.collect() no sooner than after it.
        self._last = ticks_ms()
        self._timer = machine.Timer(period=period_ms, mode=machine.Timer.PERIODIC,
                                    callback=self._timed)

    def _timed(self, _t):
        # Ctrl-C may land anywhere in the callback, not only in the scan: caught
        # here too, or the timer prints it, drops it, and the app runs on
        try:
            now = ticks_ms()
            if ticks_diff(now, self._last) >= _GAP_MS:
                self._last = now
                self._scan()
        except KeyboardInterrupt:
            self.interrupted = True

    def stop(self):
        if self._timer is not None:
            self._timer.deinit()
            self._timer = None
