# The screen of a board that has one (the HexBoard's OLED): the caption the web page
# and the simulator show, in framebuf's 8 x 8 font, 16 lines of 16 characters. The
# words before the first ": " are the title, drawn inverted; the thing the knob points
# at is named on the last line. A line that changed is drawn into its page of the
# buffer and sent, a few pages a frame: a page is 5 ms of I2C, the whole screen 80.
from micropython import const

_PER_FRAME = const(2)          # pages sent a frame: 10 ms of the frame's 40


def wrap(text, cols):
    """Lines of at most cols characters, broken at spaces (a longer word is cut)."""
    out = []
    line = ""
    for word in text.split(" "):
        while len(word) > cols:
            if line:
                out.append(line)
                line = ""
            out.append(word[:cols])
            word = word[cols:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return out


class Panel:
    def __init__(self, screen):
        self.screen = screen        # fill_rect, text, show_page, width, pages
        self.cols = screen.width // 8
        self.rows = screen.pages
        self.lines = [""] * self.rows
        self.inverted = bytearray(self.rows)
        self.dirty = 0              # pages drawn but not yet sent, one bit each
        self.shown = None

    def show(self, caption, pointed=""):
        """Lay out a caption (and what the knob points at): only changed lines are
        drawn again."""
        if (caption, pointed) == self.shown:
            return
        self.shown = (caption, pointed)
        k = caption.find(": ")
        title = wrap(caption[:k] if k > 0 else caption, self.cols)
        body = wrap(caption[k + 2:], self.cols) if k > 0 else []
        rows = self.rows - (1 if pointed else 0)
        lines = (title + body)[:rows]
        inv = [1] * len(title) + [0] * (len(lines) - len(title))
        lines += [""] * (rows - len(lines))
        inv += [0] * (rows - len(inv))
        if pointed:
            lines.append(("> " + pointed)[:self.cols])
            inv.append(1)
        for r in range(self.rows):
            if lines[r] != self.lines[r] or inv[r] != self.inverted[r]:
                self.lines[r] = lines[r]
                self.inverted[r] = inv[r]
                self._draw(r)

    def unpoint(self, keep=False):
        """The caption shown without the knob's pointer, unless it is to be kept (the
        pointer is on the screen shown now)."""
        if self.shown and self.shown[1] and not keep:
            self.show(self.shown[0])

    def pattern(self, inverse=0):
        """The self-test's picture: a checkerboard of 8 x 8 squares (inverse: the other
        squares lit), so every pixel is lit in one of the two and dark in the other.
        Sent page by page as a caption is; the next caption is drawn whole again."""
        s = self.screen
        s.fill(inverse)
        for y in range(0, self.rows * 8, 8):
            for x in range(8 * (y >> 3 & 1), s.width, 16):
                s.fill_rect(x, y, 8, 8, 1 - inverse)
        self.lines = [None] * self.rows
        self.shown = None
        self.dirty = (1 << self.rows) - 1

    def _draw(self, r):
        s = self.screen
        v = self.inverted[r]
        s.fill_rect(0, 8 * r, s.width, 8, v)
        s.text(self.lines[r], 0, 8 * r, 1 - v)
        self.dirty |= 1 << r

    def tick(self):
        """Send up to _PER_FRAME pages that changed (every frame: nothing to do is cheap)."""
        d = self.dirty
        if not d:
            return
        sent = 0
        r = 0
        while d and sent < _PER_FRAME:
            if d & 1:
                self.screen.show_page(r)
                self.dirty &= ~(1 << r)
                sent += 1
            d >>= 1
            r += 1
