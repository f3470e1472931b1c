"""A board's screen in the simulator (the HexBoard's 128 x 128 OLED): the buffer the
firmware's SH1107 driver keeps (framebuf MONO_VLSB: byte x of page p holds rows 8p to
8p+7 of column x), drawn with the font of MicroPython's framebuf. CPython has no
framebuf, so the 96 glyphs (8 x 8, ' ' to DEL) are read once from the MicroPython
unix port that `make` installs; the picture is then the chip's, bit for bit."""
import subprocess
import sys

_DUMP = ("import framebuf\nb = bytearray(8)\nf = framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_VLSB)\n"
         "for c in range(32, 128):\n    f.fill(0)\n    f.text(chr(c), 0, 0, 1)\n"
         "    print(' '.join([str(x) for x in b]))\n")
_font = None


def font():
    """bytes of 96 x 8 column bytes, or None without the unix port."""
    global _font
    if _font is None:
        try:
            p = subprocess.run([sys.executable, "-m", "micropython_unix", "-c", _DUMP],
                               capture_output=True, text=True, timeout=60)
            rows = [[int(x) for x in line.split()] for line in p.stdout.splitlines()]
            _font = bytes(sum(rows, [])) if len(rows) == 96 else b""
        except (OSError, subprocess.SubprocessError, ValueError):
            _font = b""
    return _font or None


class Screen:
    """What device.oled.SH1107 offers the app: fill, fill_rect, pixel, text,
    show_page; `sent` counts the pages the chip would send."""

    def __init__(self, spec):
        self.width = spec["width"]
        self.height = spec["height"]
        self.pages = self.height // 8
        self.buffer = bytearray(self.width * self.pages)
        self.sent = 0
        self.on = True

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return 0
        k = (y >> 3) * self.width + x
        bit = 1 << (y & 7)
        if c is None:
            return 1 if self.buffer[k] & bit else 0
        self.buffer[k] = self.buffer[k] | bit if c else self.buffer[k] & ~bit

    def fill_rect(self, x, y, w, h, c):
        for yy in range(max(0, y), min(self.height, y + h)):
            for xx in range(max(0, x), min(self.width, x + w)):
                self.pixel(xx, yy, c)

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def text(self, s, x, y, c=1):
        glyphs = font()
        for ch in s:
            k = ord(ch)
            k = 127 if k < 32 or k > 127 else k
            for dx in range(8):
                col = glyphs[8 * (k - 32) + dx] if glyphs else (0x7E if ch != " " else 0)
                for dy in range(8):
                    if col >> dy & 1:
                        self.pixel(x + dx, y + dy, c)
            x += 8

    def show_page(self, p):
        self.sent += 1

    def power(self, on):
        self.on = on

    def rows(self):
        """The picture as strings of '#' and '.', row by row (tests, the terminal)."""
        return ["".join("#" if self.pixel(x, y) else "." for x in range(self.width))
                for y in range(self.height)]
