# The handheld in a web page: the hardware interface of DESIGN.md section 6 in a
# browser, for firmware/app running unmodified in MicroPython's WebAssembly build.
#
# The page's script (web/honeycomb.js) calls in here; this module calls out only
# through the `host` object it is given (hardware passed in, as on the board):
#   host.load(name) -> str | None     host.save(name, str)     localStorage
#   host.tone(freq, ms)                                          Web Audio
#   host.report(text)                                            the page's notice line
#
#   start("pocket", host)      the board and the app, booted (a saved game is offered)
#   frame()                    one app frame; LED colours, caption, screen when changed
#   press(key) / knob(what) / press_name("d4") / cell_name(i) / share() / open_record(...)
#   go_on(level, side) (a shared game's opponent) / to_move() / to_menu()
# What only tests and the benchmark ask of the page is in probe.py.
#
# The browser calls frame() once per animation frame. The opponent searches in
# slices (at most 12 ms of a frame), so the page never freezes; it stops when the
# level's chip budget of iterations is spent, not on the chip's clock, so a level
# plays as strong here as on the board whatever the browser's speed.
import binascii
import json
import time
from micropython import const

import hexgames
from app import layout as layouts
from app import names
from app.app import App
from app.keys import PRESS, RELEASE
from hexgames.ai import Player

import words

_TREE = const(32768)        # the opponent's tree on a board with frozen firmware
_SLICE_MS = const(12)       # search time per animation frame, at most
# The benchmark's figures: [frames in which the opponent searched, then the ms of
# the last answers (from the start of a search to its end), at most 1000]
STATS = [0]
FRAME_START = [0]           # ticks_ms() at the start of the frame being run


class BrowserPlayer(Player):
    """The board's opponent, searching until its budget of iterations is spent
    (think(ms) still returns after ms, so each frame stays short)."""

    def __init__(self, level=3, seed=1, memory=_TREE):
        # The app sizes the tree from its heap; here the firmware is not frozen
        # (its bytecode is in the heap), so take what the board gets.
        super().__init__(level, seed, max(memory, _TREE))

    def start(self, game, clock=None):
        self.t_start = clock.ticks_ms() if clock else 0
        super().start(game, clock)

    def think(self, ms=0, clock=None):
        s = self.search
        if clock is None:
            return super().think()
        # The slice ends after the frame began, not after the search did: a frame
        # that already spent its time (a save after a move) runs one step. And it
        # is shorter than the app's: the frame that ends the search also plays
        # and saves the answer (up to ~30 ms here), and the page should keep its
        # 60 frames a second while the opponent thinks.
        t0 = FRAME_START[0]
        ms = min(ms, _SLICE_MS)
        while not self.done:
            self._step(s)
            now = clock.ticks_ms()
            if self.level == self.PC_LEVEL and clock.ticks_diff(now, self.t_start) >= self.ms:
                self.done = True            # level 6: this computer's second
            if clock.ticks_diff(now, t0) >= ms:
                break
        STATS[0] += 1                       # a frame in which the search ran
        if self.done:                       # the answer, ms after the search began
            STATS.append(clock.ticks_diff(clock.ticks_ms(), self.t_start))
            del STATS[1:-1000]
        return self.done


class Leds:
    """The neopixel API over a `buf` in GRB wire order, as the chip's driver."""
    ORDER = (1, 0, 2, 3)
    bpp = 3

    def __init__(self, n):
        self.n = n
        self.buf = bytearray(3 * n)
        self.dirty = True

    def __len__(self):
        return self.n

    def __setitem__(self, i, c):
        b = self.buf
        b[3 * i + 1] = c[0]
        b[3 * i] = c[1]
        b[3 * i + 2] = c[2]

    def fill(self, c):
        for i in range(self.n):
            self[i] = c

    def write(self):
        self.dirty = True


class Keys:
    """Presses from the page, queued (none is lost while a frame runs)."""

    def __init__(self):
        self.q = []

    def push(self, key, kind):
        self.q.append(key * 4 + kind)

    def poll(self):
        return self.q.pop(0) if self.q else -1

    def events(self):
        while self.q:
            e = self.q.pop(0)
            yield e >> 2, e & 3


class Clock:
    """The browser's clock; the page's loop never sleeps (it waits for the next
    animation frame), so sleep_ms only serves code that asks for a short pause."""

    frozen = None               # still(): the time stands at this tick

    def ticks_ms(self):
        return time.ticks_ms() if self.frozen is None else self.frozen

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def sleep_ms(self, ms):
        time.sleep_ms(ms)


class Store:
    """app's files in the page's storage, one entry per board variant and name.
    One setItem replaces an entry whole, so a save is never half-written."""

    def __init__(self, host, variant):
        self.host = host
        self.prefix = "honeycomb/%s/" % variant

    def load(self, name):
        text = self.host.load(self.prefix + name)
        if text is None:
            return None
        try:
            return binascii.unhexlify(text)
        except ValueError:
            return b"unreadable"          # app.save reports it as not a Honeycomb file

    def save(self, name, data):
        self.host.save(self.prefix + name, binascii.hexlify(data).decode())


class Sound:
    def __init__(self, host):
        self.host = host

    def tone(self, freq, ms):
        self.host.tone(freq, ms)


class Screen:
    """A board's screen (the HexBoard's OLED) as its driver (device/oled.py) keeps it:
    a MONO_VLSB buffer drawn by framebuf, and the glass, which shows a page of the
    buffer only once the panel sends it (show_page), as the chip's I2C write does."""

    def __init__(self, spec):
        self.width = spec["width"]
        self.height = spec["height"]
        self.pages = self.height // 8
        self.buffer = bytearray(self.width * self.pages)
        self.glass = bytearray(len(self.buffer))
        self.changed = True
        try:
            import framebuf
            fb = framebuf.FrameBuffer(self.buffer, self.width, self.height, framebuf.MONO_VLSB)
        except ImportError:         # CPython (tests): the simulator's twin of framebuf
            from host_sim.screen import Screen as Twin
            fb = Twin(spec)
            fb.buffer = self.buffer
        self.fill_rect = fb.fill_rect
        self.fill = fb.fill
        self.text = fb.text

    def show_page(self, p):
        w = self.width
        self.glass[p * w:(p + 1) * w] = self.buffer[p * w:(p + 1) * w]
        self.changed = True


class Board:
    def __init__(self, variant, host, clock=None):
        self.layout = layouts.load(variant)
        self.leds = Leds(self.layout.chain)
        self.keys = Keys()
        self.clock = clock or Clock()
        self.store = Store(host, variant)
        self.sound = Sound(host)
        self.host = host
        self.app = App(self.layout, self.leds, self.keys, self.clock, self.store,
                       self.sound, report=host.report, ai=BrowserPlayer, levels=6)
        self.app.facts = lambda: (("revision", "none (web page)"),)   # the self-test's report
        self.screen = None
        if self.layout.screen:        # the HexBoard's OLED, drawn by the board's panel code
            from app.panel import Panel
            self.screen = Screen(self.layout.screen)
            self.app.panel = Panel(self.screen)
        self.shown_caption = None
        self.news = words.News()       # the moves, for the page's live region
        self.shown_label = None        # (caption, plies) the board's label was made for
        self.before_frame = None      # a test hook's, called before every frame

    def press(self, key):
        self.keys.push(key, PRESS)
        self.keys.push(key, RELEASE)

    def colours(self):
        """The LED of every layout cell as hex, cell after cell (reading order), then
        of every function key (the HexBoard's command keys are lit; a key without an
        LED is dark): key n + k, as the page numbers them."""
        buf = self.leds.buf
        lay = self.layout
        leds = list(lay.led) + list(lay.fn_led)
        out = bytearray(3 * len(leds))
        for i in range(len(leds)):
            if leds[i] < 0:
                continue
            j = 3 * leds[i]
            out[3 * i] = buf[j + 1]
            out[3 * i + 1] = buf[j]
            out[3 * i + 2] = buf[j + 2]
        return binascii.hexlify(out).decode()

    def play_screen(self):
        return names.shown_play(self.app)


board = None


def start(variant, host, clock=None):
    global board
    board = None
    board = Board(variant, host, clock)
    board.app.boot()
    return board.layout.n


def restart():
    """After a crash in a frame: the app anew, at the menu (as the board's main.py
    does); the game stays saved as of its last move."""
    b = board
    start(b.layout.variant, b.host, b.clock)
    board.app.to_menu()


def frame():
    """One frame of the app: None when nothing changed, else JSON: the LED colours
    ("leds", colours()), the caption, and only when they changed: the screen's glass
    in hex ("screen", a page was sent), the position in words ("label", the board's
    accessible name) and what the live region says ("say", the moves just played)."""
    b = board
    FRAME_START[0] = b.clock.ticks_ms()
    if b.before_frame is not None:
        b.before_frame()
    b.app.frame()
    cap = b.app.caption
    sc = b.screen
    shown = sc is not None and sc.changed
    say = b.news.since(b.app)
    play = b.play_screen()
    # the label also changes with who plays (a shared game gone on against the
    # computer) where the LEDs and caption may not: a finished game
    seen = (cap, play, b.news.plies)
    if not b.leds.dirty and cap == b.shown_caption and not shown and not say \
            and seen == b.shown_label:
        return None
    b.leds.dirty = False
    b.shown_caption = cap
    out = {"leds": b.colours(), "caption": cap}
    if say:
        out["say"] = say
    if seen != b.shown_label:          # the position or the screen changed
        b.shown_label = seen
        out["label"] = words.label(b.app)
    if shown:
        sc.changed = False
        out["screen"] = binascii.hexlify(sc.glass).decode()
    return json.dumps(out)


def press(key):
    board.press(key)


def knob(what):
    """The knob of a board that has one: 0 turned a click counter-clockwise, 1
    clockwise, 2 its button pressed and let go (a turn has no release, as on the chip's
    encoder). False on a board without a knob."""
    b = board
    if "knob_a" not in b.layout.pins:
        return False
    b.keys.push(b.layout.knob + what, PRESS)
    if what == 2:
        b.keys.push(b.layout.knob + 2, RELEASE)
    return True


def fn_key(name):
    return board.layout.fn_key(name)


def press_name(name):
    """A typed cell name, as the terminal front end takes it (app.names.cell_named).
    "" when pressed, else why not."""
    k = names.cell_named(board.app, name)
    if k < 0:
        return "no cell %r" % name.strip().lower()
    board.press(k)
    return ""


def cell_names():
    """Per layout cell, the name a player would type now (game names in a game)."""
    a = board.app
    return " ".join([names.name_of(a, i) for i in range(a.layout.n)])


def cell_name(i):
    """The name a player would type now for layout cell i (the page shows it under the
    mouse or a long press)."""
    return names.name_of(board.app, i)


def share():
    """The current game as a one-line record, or "" when there is none."""
    a = board.app
    play = a.current or board.play_screen()
    if play is None or not hasattr(play, "g"):
        return ""
    return play.g.record()


def open_record(text):
    """Replay a shared record into a game between two people; "" when done, else
    the reason it was refused (the app is then at a fresh menu)."""
    a = board.app
    try:
        g = hexgames.replay(text)
        from app import games
        if g.NAME not in games.offered(board.layout):
            raise ValueError("%s is not offered on the %s board" % (g.NAME, board.layout.variant))
        from app.play import Play
        play = Play(a, g.NAME, g, 0, 1)          # checks that the board fits
    except (ValueError, KeyError, TypeError, IndexError) as e:
        a.to_menu()                   # a saved game stays offered (Continue)
        return str(e) or type(e).__name__
    except Exception as e:            # noqa: BLE001 (MemoryError: a record too long)
        # A link is anyone's text: whatever replaying it raises, the page goes on.
        a.to_menu()
        return "%s: %s" % (type(e).__name__, e)
    old = a.current
    if old is not None and old.g.result() is None and old.g.history():
        # one save slot: say what is replaced, so a record of it is left
        board.host.report("It replaced your game in progress: %s" % old.g.record())
    a.current = a.screen = play
    a.save_game(play)
    return ""


def go_on(level, human):
    """The shared game just opened, from here on against the computer at `level` (0:
    two people), the person playing side `human` (1 X, 2 O). "" when done, else why
    not."""
    a = board.app
    play = a.current
    if play is None or a.screen is not play:
        return "no shared game is open"
    if not 0 <= level <= a.levels or human not in (1, 2):
        return "no level %r or side %r" % (level, human)
    from app.play import Play
    a.current = a.screen = Play(a, play.name, play.g, level, human)
    a.save_game(a.current)
    return ""


def to_move():
    """The side to move in the game on the grid (1 X, 2 O), 0 when none is or it is over."""
    play = board.play_screen()
    if play is None or play.g.result() is not None:
        return 0
    return play.g.to_move


def to_menu():
    """The app at a fresh menu, as after a link that does not replay (the page's
    answer to a link it cannot even decode)."""
    board.app.to_menu()


def stats():
    """STATS as text: search frames so far, then the last answers' ms."""
    return " ".join([str(v) for v in STATS])
