# SH1107 128 x 128 monochrome OLED over I2C (the HexBoard's screen), drawn with
# framebuf. The buffer is MONO_VLSB: byte x of page p holds rows 8p..8p+7 of column
# x, which is the controller's own page layout, so a page goes out as it is, in one
# I2C write. A page is 5 ms at 400 kHz: the app sends the pages that changed, one or
# two a frame (app/panel.py), never the whole screen at once.
from micropython import const
import framebuf

_CMD = const(0x00)             # control byte: commands follow
_DATA = b"\x40"                # control byte: display data follows
# Power-up, from the SH1107 datasheet: display off, start line 0, contrast, page
# addressing, multiplex 128, offset 0, clock and charge timing, DC-DC on, then on.
_INIT = (0xAE, 0xDC, 0x00, 0x81, 0x80, 0x20, 0xA8, 0x7F, 0xD3, 0x00, 0xD5, 0x51,
         0xD9, 0x22, 0xDB, 0x35, 0xAD, 0x8A, 0xA4, 0xA6)


class SH1107(framebuf.FrameBuffer):
    def __init__(self, i2c, width=128, height=128, address=0x3C, rotate=0):
        self.i2c = i2c
        self.address = address
        self.width = width
        self.height = height
        self.pages = height // 8
        self.buffer = bytearray(width * self.pages)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        mv = memoryview(self.buffer)
        self._page = tuple([mv[p * width:(p + 1) * width] for p in range(self.pages)])
        self._cmd = bytearray(4)       # control byte + page and column address
        # turned by 180 degrees: columns and rows scanned the other way round
        flip = (0xA1, 0xC8) if rotate == 180 else (0xA0, 0xC0)
        self.command(_INIT + flip)
        self.fill(0)
        for p in range(self.pages):
            self.show_page(p)
        self.command((0xAF,))

    def command(self, codes):
        self.i2c.writeto(self.address, bytes((_CMD,) + tuple(codes)))

    def contrast(self, v):
        self.command((0x81, v & 255))

    def power(self, on):
        """Display on or off (the RAM is kept): off while the board sleeps, as an
        OLED left lit with one picture wears unevenly."""
        self.command((0xAF if on else 0xAE,))

    def show_page(self, p):
        """Send page p (rows 8p..8p+7) from the buffer."""
        c = self._cmd
        c[0] = _CMD
        c[1] = 0xB0 | p                # page address
        c[2] = 0x00                    # column 0: low nibble,
        c[3] = 0x10                    # high nibble
        self.i2c.writeto(self.address, c)
        self.i2c.writevto(self.address, (_DATA, self._page[p]))

    def show(self):
        for p in range(self.pages):
            self.show_page(p)
