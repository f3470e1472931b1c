"""The handheld's app driven on the emulated chip, by its keys:

    h = Handheld(chip)          # a Chip at its REPL, firmware on it (frozen or .mpy)
    h.start_app()               # main.py's drivers and App, the frames run from here
    h.choose("hexgo")           # presses a menu choice's cells through the key mux
    h.frames(10)                # ten frames of the app's loop (40 emulated ms each)

main.py's own loop never returns, so the app runs under a loop defined here in the
REPL's globals instead: the same drivers (device.board.build), the same App and
main.run_app(), and between frames the REPL is free to read the app's state (its
screen, the game's record, the heap). Keys go through the board around the chip
(BoardIO.press/key), so what reaches the app came through the mux and the scanner's
timer, as on the board. The loop notes the lowest free heap seen after a frame: the
search runs in slices within frames and keeps its arrays from one slice to the next,
so its deepest point is held at a frame's end (a slice's own temporaries are not
seen: the engine allocates none per playout).
"""
from tools.pico.link import ChipError

FRAME_MS = 40                  # app.app.FRAME_MS

# Defined once in the REPL's globals. `_lo` is the lowest gc.mem_free() after a frame
# since the last reset_low(); with `_live` set, after a collection: in play the app
# collects only a full heap, so without one the figure would be the garbage waiting
# for that collection rather than what the live objects leave free.
_SETUP = """
import gc, time, sys
import main
from app import layout as _layouts
from device import board as _boards
_lay = _layouts.load(main.variant())
_bd = _boards.build(_lay)
_bd.start()
_lo = 1 << 29
_live = False
def go(n):
    global _lo
    clock = _bd.clock
    for _ in range(n):
        t = clock.ticks_ms()
        a.frame()
        if _live:
            gc.collect()
        f = gc.mem_free()
        if f < _lo:
            _lo = f
        left = 40 - clock.ticks_diff(clock.ticks_ms(), t)
        if left > 0:
            clock.sleep_ms(left)
def info():
    s = a.screen
    kind = type(s).__name__
    ch = [(v, c) for _, v, c in s.choices()] if hasattr(s, 'choices') else None
    return (kind, getattr(s, 'page', None), ch)
def state():
    p = a.current
    if p is None:
        return None
    return (p.name, p.g.record(), p.thinking, p.g.to_move, p.human, len(p.queue),
            list(p.sides))
def path(i):
    p = a.current
    g = p.g
    ms = [m for m in g.moves() if g.cells(m)] or g.moves()
    return [p.place.cell[c] for c in g.cells(ms[i % len(ms)])]
def last_cells(side):
    p = a.current
    return [p.place.cell[i] for i in range(len(p.last)) if p.last[i] & side]
"""


class Handheld:
    def __init__(self, chip, log=None):
        self.chip = chip
        self.log = log if log is not None else []     # everything the chip printed

    def exec(self, script, budget_s=30.0):
        out, err, _ = self.chip.run(script, budget_s)
        self.log.append(out + err)
        if err:
            raise ChipError("the chip raised:\n%s" % err.strip())
        return out

    def eval(self, expr, budget_s=30.0):
        import ast
        return ast.literal_eval(self.exec("print(repr(%s))" % expr, budget_s).strip())

    def start_app(self):
        """The board's drivers and the booted App, as main.py makes them."""
        self.exec(_SETUP)
        self.exec("a = main.run_app(_lay, _bd)\ngo(2)")

    def frames(self, n):
        self.exec("go(%d)" % n, budget_s=10 + n * 0.5)

    def tap(self, key, frames=2):
        """Press a key (cell index or name, or a function key name) for two frames,
        then let go for `frames`: the scanner's debounce wants two agreeing scans."""
        self.chip.key(key, True)
        self.frames(2)
        self.chip.key(key, False)
        self.frames(frames)

    # -- what the app shows -----------------------------------------------------------
    def info(self):
        return self.eval("info()")

    def state(self):
        return self.eval("state()")

    def low(self, reset=False):
        """The lowest free heap after a frame since the last reset."""
        v = self.eval("_lo")
        if reset:
            self.exec("gc.collect()\n_lo = gc.mem_free()")
        return v

    # -- menus and moves ----------------------------------------------------------------
    def choose(self, value):
        """A menu choice by value: its cell pressed twice (select, confirm)."""
        kind, page, choices = self.info()
        for v, cell in choices or ():
            if v == value:
                self.tap(cell)
                self.tap(cell)
                return
        raise ChipError("no choice %r on %s page %s: %s" % (value, kind, page, choices))

    def start(self, name, level, human=1):
        """From the game page to a game against `level`, through every page shown."""
        self.choose(name)
        for _ in range(6):
            kind, page, choices = self.info()
            if kind != "Menu":
                break
            if page == "size":
                self.choose(choices[0][0])
            elif page == "flags":
                self.tap("OK")
            elif page == "opponent":
                self.choose(level)
            elif page == "side":
                self.choose(human)
            else:
                raise ChipError("unexpected menu page %s" % page)
        kind = self.info()[0]
        if kind != "Play":
            raise ChipError("no game after the menu: the screen is %s" % kind)
        self.frames(3)                     # the opponent is made at the second frame

    def play(self, i):
        """The i-th legal move with cells (a pass only where there is none), entered
        as a person does: each cell of its path, then the last again to confirm
        (OK twice for a move without cells)."""
        cells = self.eval("path(%d)" % i)
        if not cells:
            self.tap("OK")
            self.tap("OK", 1)
            return cells
        for c in cells:
            self.tap(c)
        self.tap(cells[-1], 1)
        return cells

    def wait_computer(self, limit=200):
        """Frames until the computer has moved; the frames it took."""
        n = 0
        while n < limit:
            self.frames(5)
            n += 5
            st = self.state()
            if st is None or (not st[2] and st[3] in (0, st[4])):
                return n
        raise ChipError("the computer still thinks after %d frames" % limit)
