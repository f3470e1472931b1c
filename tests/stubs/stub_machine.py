# `machine` for the drivers' tests on CPython and the MicroPython unix port (put in
# sys.modules as `machine`). Pins, PWM, ADC, timers and the watchdog do nothing but
# keep their state; mem32 answers the key scan like the pocket/full board's muxes
# (address on GP0-3, mux outputs from GP4) with the slots in `held` held down; LED
# frames from the neopixel and rp2 stubs and the watchdog's feeds are counted here:
# the counters are what the emulated chip (tools/pico) does not offer a test.
import time

led_writes = 0
led_last = b""


def record(buf):
    global led_writes, led_last
    led_writes += 1
    led_last = bytes(buf)


held = []                                    # scan slots held down
settle_us = 8                                # mux lines show the address before this long


class _Mem:
    """The SIO block's GPIO registers and the timer's TIMERAWL, by absolute address.
    The timer moves on 1 us at each read of it (the scan's wait reads it in a loop).
    After an address change the mux lines show the levels of the address before for
    settle_us, as the real lines do until their pull-ups have charged them."""
    def __init__(self):
        self.out = 0
        self.us = 0
        self.changed = -1000                 # when the address last changed
        self.before = 0                      # the address before that

    def _levels(self, a):
        v = 0x3FFFFFFF
        for slot in held:
            if slot & 15 == a:
                v &= ~(1 << (4 + (slot >> 4)))
        return v

    def __getitem__(self, addr):
        if addr == 0xD0000004:               # GPIO_IN: pull-ups high, held keys low
            settled = self.us - self.changed >= settle_us
            return self._levels(self.out & 15 if settled else self.before)
        if addr == 0xD0000010:               # GPIO_OUT
            return self.out
        if addr == 0x40054028:               # TIMERAWL
            self.us += 1
            return self.us
        return 0

    def __setitem__(self, addr, v):
        was = self.out
        if addr == 0xD0000010:
            self.out = v
        elif addr == 0xD0000014:
            self.out |= v
        elif addr == 0xD0000018:
            self.out &= ~v
        elif addr == 0xD000001C:
            self.out ^= v
        if (was ^ self.out) & 15:
            self.before = was & 15
            self.changed = self.us


mem32 = _Mem()


pins = {}                                    # GPIO -> the last Pin made on it


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self._v = (1 if pull == Pin.PULL_UP else 0) if value is None else value
        self.handler = None
        pins[id] = self

    def irq(self, handler=None, trigger=12, hard=False):
        self.handler = handler

    def drive(self, v):
        """The outside world sets an input: the handler runs on a change, as an IRQ."""
        if v != self._v:
            self._v = v
            if self.handler is not None:
                self.handler(self)

    def init(self, *a, **k):
        pass

    def value(self, v=None):
        if v is None:
            return self._v
        self._v = v

    def on(self):
        self._v = 1

    def off(self):
        self._v = 0


class PWM:
    def __init__(self, pin, **k):
        self._f = 1000
        self._d = 0

    def freq(self, f=None):
        if f is None:
            return self._f
        self._f = f

    def duty_u16(self, d=None):
        if d is None:
            return self._d
        self._d = d

    def deinit(self):
        pass


class ADC:
    def __init__(self, pin):
        self.mv = 4000

    def read_u16(self):
        return self.mv * 65535 // 3 // 3300


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1
    timers = []              # callbacks of running timers (never fired here: tests call them)

    def __init__(self, id=-1, **k):
        self.cb = None
        if k:
            self.init(**k)

    def init(self, mode=1, period=-1, callback=None, **k):
        self.cb = callback
        if mode == Timer.PERIODIC and self not in Timer.timers:
            Timer.timers.append(self)

    def deinit(self):
        if self in Timer.timers:
            Timer.timers.remove(self)


wdt_feeds = -1                               # -1: no watchdog started


class WDT:
    def __init__(self, id=0, timeout=5000):
        global wdt_feeds
        self.timeout = timeout
        wdt_feeds = 0

    def feed(self):
        global wdt_feeds
        wdt_feeds += 1


def reset():
    raise SystemExit("machine.reset()")


def soft_reset():
    raise SystemExit


def freq(f=None):
    return 125_000_000


def unique_id():
    return b"fakebrd1"


def idle():
    pass


def lightsleep(ms=0):
    time.sleep_ms(ms)
