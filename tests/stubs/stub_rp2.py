# `rp2` for the drivers' tests: enough of PIO and DMA for firmware/device/leds.py. A DMA
# transfer started with trigger=True is recorded as an LED frame in machine.
import machine


class PIO:
    OUT_LOW = 0
    OUT_HIGH = 1
    IN_LOW = 0
    IN_HIGH = 1
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1
    JOIN_NONE = 0
    JOIN_TX = 1
    JOIN_RX = 2


def asm_pio(**k):
    def wrap(f):             # the program body is never run off the chip
        return f
    return wrap


class StateMachine:
    def __init__(self, id, prog=None, freq=-1, **k):
        self.id = id
        self.on = 0

    def active(self, v=None):
        if v is None:
            return self.on
        self.on = v

    def put(self, value, shift=0):
        pass


class DMA:
    def __init__(self):
        self.busy = False

    def pack_ctrl(self, **k):
        return 0

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        if trigger:
            machine.record(read)

    def active(self, v=None):
        return False

    def close(self):
        pass
