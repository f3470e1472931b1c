# The smallest stand-ins for the hardware interface (DESIGN.md section 6)
# shared by the portable app tests.


class Leds:
    """A neopixel-like strip: the app writes its bytes straight into buf."""
    ORDER = (1, 0, 2, 3)
    bpp = 3

    def __init__(self, n):
        self.n = n
        self.buf = bytearray(3 * n)
        self.writes = 0

    def write(self):
        self.writes += 1
