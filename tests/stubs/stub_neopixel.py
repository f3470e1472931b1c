# `neopixel` for the drivers' tests: the MicroPython API, frames recorded in machine.
import machine


class NeoPixel:
    ORDER = (1, 0, 2, 3)
    bpp = 3

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.buf = bytearray(3 * n)

    def __len__(self):
        return self.n

    def __setitem__(self, i, c):
        k = 3 * i
        self.buf[k] = c[1]
        self.buf[k + 1] = c[0]
        self.buf[k + 2] = c[2]

    def __getitem__(self, i):
        k = 3 * i
        return (self.buf[k + 1], self.buf[k], self.buf[k + 2])

    def fill(self, c):
        for i in range(self.n):
            self[i] = c

    def write(self):
        machine.record(self.buf)
