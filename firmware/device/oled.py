# SH1107 128 x 128 monochrome OLED over I2C (the HexBoard's), drawn with framebuf. The
# buffer is MONO_VLSB: byte x of page p holds rows 8p..8p+7 of column x, which is the
# controller's own page layout, so a page goes out as it is, in one I2C write. A page is
# 5 ms at 400 kHz: the app sends the pages that changed, one or two a frame
# (app/panel.py), never the whole screen at once.
#
# Started as the HexBoard's own firmware starts it (theHDM/HexBoard, HexBoard.ino:
# U8G2_SH1107_SEEED_128X128_F_HW_I2C with U8G2_R2, begin(), then setContrast(63)), so
# the screen gets the setting it is known to light with.
from micropython import const
import framebuf

_CMD = const(0x00)             # control byte Co=0 D/C=0: every byte after it a command
_DATA = const(0x40)            # control byte Co=0 D/C=1: every byte after it display data
_CONTRAST = const(63)          # HexBoard.ino's CONTRAST_AWAKE
# U8g2's start-up for that constructor: u8x8_d_sh1107.c, u8x8_d_sh1107_128x128_init_seq
# (the SEEED 128x128 variant's INIT), in its order: display off, start line 0, contrast
# 0x2F, page addressing, segment remap normal, COM scan normal, multiplex 128, clock
# 0x50, pre-charge 0x22, VCOM deselect 0x35, page 0, pixels from RAM, not inverted.
# Its DA 12 is left out: that is the SSD1306's COM pins setting, which the SH1107's
# command table does not have (the part would read the 0x12 as a column address, which
# every page write sets again). No DC-DC (AD) and no display offset (D3) command: U8g2
# leaves both as the part powers up.
_INIT = (0xAE, 0xDC, 0x00, 0x81, 0x2F, 0x20, 0xA0, 0xC0, 0xA8, 0x7F, 0xD5, 0x50,
         0xD9, 0x22, 0xDB, 0x35, 0xB0, 0xA4, 0xA6)
# Turned by 180 degrees in the controller: the remap and scan pair of U8g2's
# setFlipMode(0) (segments and COM lines the other way round). U8g2's R2 turns the
# picture in its buffer instead and keeps A0 C0: the glass shows the same picture.
_TURNED = (0xA1, 0xC8)


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
        self._cmd = bytearray(4)       # control byte + column and page address
        # A page goes out copied behind its control byte: writevto would join the two
        # in a buffer it allocates, and show_page must not touch the heap.
        self._out = bytearray(1 + width)
        self._out[0] = _DATA
        self.command(_INIT + _TURNED if rotate == 180 else _INIT)
        self.fill(0)                   # U8g2's begin() clears the RAM, then lights it
        for p in range(self.pages):
            self.show_page(p)
        self.command((0xAF, 0x81, _CONTRAST))

    def command(self, codes):
        self.i2c.writeto(self.address, bytes((_CMD,) + tuple(codes)))

    def contrast(self, v):
        self.command((0x81, v & 255))

    def power(self, on):
        """Display on or off (the RAM is kept): off while the board sleeps, as an
        OLED left lit with one picture wears unevenly."""
        self.command((0xAF if on else 0xAE,))

    def show_page(self, p):
        """Send page p (rows 8p..8p+7) from the buffer, addressed as U8g2 addresses a
        tile row: column high nibble, column low nibble (column 0: the SEEED 128x128
        has no x offset), then the page."""
        c = self._cmd
        c[0] = _CMD
        c[1] = 0x10                    # column 0: high nibble,
        c[2] = 0x00                    # low nibble
        c[3] = 0xB0 | p                # page address
        self.i2c.writeto(self.address, c)
        o = self._out
        o[1:] = self._page[p]
        self.i2c.writeto(self.address, o)

    def show(self):
        for p in range(self.pages):
            self.show_page(p)
