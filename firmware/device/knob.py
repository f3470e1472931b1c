# A rotary knob (quadrature, the HexBoard's): A and B read high at rest (pull-ups) and
# go through the Gray sequence 11 10 00 01 11 (A, B) for one click clockwise, the
# reverse the other way. Each edge on A or B moves a count by one step along the
# sequence; a click is counted when the knob is back at rest four steps from where it
# left it, so contact bounce (a step forth and back) never counts. Clicks go into the
# key scan's ring as key presses (Layout.knob: counter-clockwise, clockwise); the
# knob's push button is a key the scan reads (keyscan.Scanner.watch).
from machine import Pin
from app.keys import PRESS

_REST = 3                        # A and B high
# position of (A << 1 | B) along the clockwise sequence
_STEP = b"\x02\x03\x01\x00"


class Knob:
    STEPS = 4                    # Gray steps from rest to rest: one click

    def __init__(self, pin_a, pin_b, put, key_ccw):
        self._a = Pin(pin_a, Pin.IN, Pin.PULL_UP)
        self._b = Pin(pin_b, Pin.IN, Pin.PULL_UP)
        self._put = put            # put(key, kind): the scan's ring
        self._ccw = key_ccw        # this key, and the next for clockwise
        self._last = self._read()
        self.count = 0             # steps since rest: + clockwise
        self.clicks = 0            # clicks ever counted (tests, idle detection)
        self._a.irq(self._edge, Pin.IRQ_RISING | Pin.IRQ_FALLING)
        self._b.irq(self._edge, Pin.IRQ_RISING | Pin.IRQ_FALLING)

    def _read(self):
        return self._a.value() << 1 | self._b.value()

    def _edge(self, _pin):
        now = self._read()
        d = (_STEP[now] - _STEP[self._last]) & 3
        self._last = now
        if d == 1:
            self.count += 1
        elif d == 3:
            self.count -= 1
        # d == 2: an edge was missed, the direction is unknown: the click may not count
        if now == _REST:
            c = self.count
            self.count = 0
            if c >= self.STEPS or c <= -self.STEPS:
                self.clicks += 1
                self._put(self._ccw + (c > 0), PRESS)

    def stop(self):
        self._a.irq(None)
        self._b.irq(None)
