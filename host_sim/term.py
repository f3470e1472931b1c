"""The handheld in a terminal: the LED grid in 24-bit colour, cells pressed by
cursor keys or by name.

    python -m host_sim board --terminal [--hardware pocket|full|hexboard]

Keys: arrows move the cursor, Space or Enter presses the cell under it; type a
cell name (`d4`: the game's names during a game, the board's in the menu) and
Enter to press that cell; M menu, U undo/back, O OK/pass, H hint; Backspace edits
the name; Q or Ctrl-C quits. A board with a knob (the HexBoard): [ and ] turn it,
= presses it.
"""
import os
import select
import sys

from app import names
from host_sim.board import on_screen

FRAME_MS = 40
FN_KEYS = {"M": "MENU", "U": "UNDO", "O": "OK", "H": "HINT"}
ARROWS = {"A": (0, -1), "B": (0, 1), "C": (1, 0), "D": (-1, 0)}   # up, down, right, left
ESC_MAX = 16        # an escape sequence ends here even without its final byte


class Terminal:
    def __init__(self, board, app):
        self.board = board
        self.app = app
        self.lay = board.layout
        self.cursor = self.lay.index(0, 0)
        self.typed = ""
        self.message = ""
        self.quit = False
        self._esc = ""

    # -- input ---------------------------------------------------------------------
    def feed(self, text):
        """Handle typed characters (escape sequences included)."""
        for ch in text:
            if self._esc or ch == "\x1b":
                self._esc += ch
                if self.escaped():
                    self._esc = ""
                continue
            if ch in ("\x03", "\x04", "Q"):
                self.quit = True
                return              # keys typed after it are not pressed
            elif ch in FN_KEYS:
                self.press(self.lay.fn_key(FN_KEYS[ch]))
            elif ch in "[]" and "knob_a" in self.lay.pins:
                self.board.turn(1 if ch == "]" else -1)
            elif ch == "=" and "knob_a" in self.lay.pins:
                self.board.push_knob()
            elif ch in ("\r", "\n"):
                if self.typed:
                    self.press_name(self.typed)
                    self.typed = ""
                else:
                    self.press(self.cursor)
            elif ch == " ":
                self.press(self.cursor)
            elif ch in ("\x7f", "\b"):
                self.typed = self.typed[:-1]
            elif ch.isalnum() and len(self.typed) < 4:
                self.typed += ch.lower()

    def escaped(self):
        """True once the escape sequence typed so far is whole (the arrows' done). A
        CSI sequence (ESC [ parameters final byte) ends at its final byte whatever its
        length, so that keys such as F5 (ESC [ 1 5 ~) or Shift+Up (ESC [ 1 ; 2 A) type
        nothing into the name; SS3 (ESC O x, arrows in a terminal's application mode)
        at its third character."""
        e = self._esc
        if len(e) < 2:
            return False
        if e[1] not in "[O":            # Alt+key (or a lone Escape): the key is dropped
            return True
        if len(e) == 2:
            return False
        if e[1] == "O" or "@" <= e[-1] <= "~" or len(e) >= ESC_MAX:
            if len(e) == 3 and e[2] in ARROWS:
                self.move(*ARROWS[e[2]])
            return True
        return False

    def move(self, dx, dy):
        """Cursor by screen direction: left/right along a row, up/down to the
        nearest cell of the next row."""
        q, r = self.lay.coord(self.cursor)
        if dy:
            r2 = r + dy
            best = None
            x = 2 * q + r
            for i in range(self.lay.n):
                qi, ri = self.lay.coord(i)
                if ri == r2 and (best is None or abs(2 * qi + ri - x) < abs(2 * best[0] + ri - x)):
                    best = (qi, ri)
            if best:
                self.cursor = self.lay.index(*best)
        else:
            j = self.lay.index(q + dx, r)
            if j >= 0:
                self.cursor = j

    def press(self, key):
        self.board.press(key)

    def press_name(self, name):
        k = names.cell_named(self.app, name)
        if k < 0:
            self.message = "no cell %r" % name
            return
        self.message = ""
        self.cursor = k
        self.press(k)

    # -- output --------------------------------------------------------------------
    def render(self, colour=True):
        """The board as text: one line per row, offset like the hexagons."""
        lay = self.lay
        x0 = min([2 * lay.q[i] + lay.r[i] for i in range(lay.n)]) - 1
        width = max([2 * lay.q[i] + lay.r[i] for i in range(lay.n)]) - x0 + 2
        rows = [[" "] * width for _ in range(lay.rows)]
        for i in range(lay.n):
            q, r = lay.coord(i)
            r -= lay.r0
            x = 2 * q + r + lay.r0 - x0
            rgb = on_screen(self.board.rgb(i))
            lit = max(rgb) >= 12
            if not colour:
                dot = "o" if lit else "."
            elif lit:
                dot = "\x1b[38;2;%d;%d;%dm\u25cf\x1b[0m" % rgb
            else:
                dot = "\x1b[38;2;70;70;70m\u00b7\x1b[0m"
            rows[r][x] = dot
            if i == self.cursor:
                rows[r][x - 1] = "["
                rows[r][x + 1] = "]"
        lines = ["".join(row).rstrip() for row in rows]
        keys = "  ".join("%s %s" % (c, self.app.layout.fn_label[self.lay.fn.index(k)])
                         for c, k in FN_KEYS.items())
        where = self.lay.name(self.cursor)
        if names.name_of(self.app, self.cursor) != where:          # a game's cell: its own name
            where += " (%s)" % names.name_of(self.app, self.cursor)
        lines.append("")
        lines.append(self.app.caption)
        lines.append("cursor %s  typed: %s  %s" % (where, self.typed or "-", self.message))
        lines.append("arrows + Space/Enter, or a name + Enter;  %s;  Q quit" % keys)
        return "\n".join(lines)

    # -- the loop --------------------------------------------------------------------
    def run(self, out=sys.stdout, inp=sys.stdin):
        import termios
        import tty
        fd = inp.fileno()
        # keys one by one in a terminal; piped input (a script) works line by line
        interactive = inp.isatty()
        if interactive:
            old = termios.tcgetattr(fd)
            tty.setcbreak(fd)
        out.write("\x1b[?25l\x1b[2J")
        shown = None
        try:
            while not self.quit:
                ready, _, _ = select.select([fd], [], [], FRAME_MS / 1000)
                if ready:
                    data = os.read(fd, 64)
                    if not data:            # end of piped input
                        break
                    self.feed(data.decode(errors="ignore"))
                self.app.frame()
                text = self.render()
                if text != shown:
                    out.write("\x1b[H" + text.replace("\n", "\x1b[K\n") + "\x1b[K\x1b[J")
                    out.flush()
                    shown = text
        finally:
            if interactive:
                termios.tcsetattr(fd, termios.TCSADRAIN, old)
            out.write("\x1b[0m\x1b[?25h\n")
            out.flush()
