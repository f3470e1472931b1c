# A rotary knob (quadrature, the HexBoard's): A and B read high at rest (pull-ups) and
# go through the Gray sequence 11 10 00 01 11 (A, B) for one click clockwise, the
# reverse the other way. Each edge on A or B moves a count by one step along the
# sequence; a click is counted when the knob is back at rest four steps from where it
# left it, so contact bounce (a step forth and back) never counts. An edge missed in a
# fast turn (two steps at once) is taken in the direction of the step before it. The
# handler is a hard interrupt: a soft one runs late, when the contacts may already
# have moved twice; it allocates nothing and only counts. The key scan's timer
# passes the clicks on (flush) into its ring as key presses (Layout.knob: counter-
# clockwise, clockwise), so the ring is only ever written from one context; the
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
        self._dir = 0              # the last step: +1, -1 (0 at rest)
        # clicks counted (by the interrupt) and passed on (by flush), each way; each
        # counter has one writer, so neither context can lose the other's update
        self.clicks = [0, 0]
        self._sent = [0, 0]
        self._a.irq(self._edge, Pin.IRQ_RISING | Pin.IRQ_FALLING, hard=True)
        self._b.irq(self._edge, Pin.IRQ_RISING | Pin.IRQ_FALLING, hard=True)

    def _read(self):
        return self._a.value() << 1 | self._b.value()

    def _edge(self, _pin):
        now = self._read()
        d = (_STEP[now] - _STEP[self._last]) & 3
        self._last = now
        if d == 1:
            self._dir = 1
        elif d == 3:
            self._dir = -1
        self.count += self._dir * (2 if d == 2 else 1 if d else 0)
        if now == _REST:
            c = self.count
            self.count = 0
            self._dir = 0
            if c >= self.STEPS or c <= -self.STEPS:
                w = 1 if c > 0 else 0
                self.clicks[w] = (self.clicks[w] + 1) & 0xFFFF

    def flush(self):
        """The clicks counted since the last call, as key presses (the scan's timer)."""
        for w in (0, 1):
            while self._sent[w] != self.clicks[w]:
                self._sent[w] = (self._sent[w] + 1) & 0xFFFF
                self._put(self._ccw + w, PRESS)

    def stop(self):
        self._a.irq(None)
        self._b.irq(None)
