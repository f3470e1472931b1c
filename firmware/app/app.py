# The handheld: the main loop and the moves between screens (menu, settings, a game,
# its end, the offer to resume). Everything it touches comes in through __init__
# (DESIGN.md section 6), so the chip and the simulator run this same code:
#
#   a = App(layout, leds, keys, clock, store, sound)
#   a.boot()
#   a.run()            # forever; run(frames) for a fixed number of frames
import gc
import sys
from micropython import const

import hexgames
from app import games, keys, palette
from app.keys import PRESS
from app.light import Light
from app.play import Play
from app.render import Painter

COMMANDS = ("LIGHT", "SOUND", "NEW")   # command keys handled here, not by a screen

FRAME_MS = const(40)        # 25 frames a second: smooth enough for a slow glow
# The heap (DESIGN.md section 5): the lowest free heap during a search stays at or
# above 32 KB, so fragmentation never bites; measured on the emulated chip
# (python -m tools.pico.heap), not guessed on a PC. The opponent's tree takes what is
# free beyond that and the search's own needs, up to the size the strength table is
# measured with.
_TREE_MAX = const(32768)
_TREE_MIN = const(4096)
_KEEP_FREE = const(40960)   # heap left free: the 32 KB floor, plus undo replays and saves
_SEARCH_OWN = const(6144)   # the search's own besides tree and copies (its path, objects)
# Both are the chip's bytes. Objects take twice the room on a 64-bit VM (the unix
# port that runs the tests with the chip's 240 KB), so there both count double.
_WORDS = 2 if sys.maxsize > 1 << 32 else 1
_WIDEST = const(600)        # moves at a root, at most, in the games' worst positions
# Modules of the screens around a game: imported when shown, dropped while a game
# is played (their bytecode lives in the heap unless frozen into the firmware).
_AROUND = ("app.menu", "app.gauge", "app.screens")
_SAVE = ("app.save",)       # loaded to read or write a file, dropped after
_UNLOAD = sys.implementation.name == "micropython"
# A collection after every 16 KB allocated while a game loads, not only when the
# heap is full: the garbage of a game's start (module imports, tables, a save) then
# never spreads the live objects over the whole heap, leaving free memory only in
# pieces too small for the search's arrays (Hexmeister failed so on the 64-bit unix
# port). In play, only a full heap is collected: MicroPython puts the frame of
# almost every Python call (more than 11 words of locals and stack) on the heap and
# frees it on return, and the threshold counts those bytes, so at 16 KB a collection
# of 8-17 ms (it marks the live heap, tree included, and sweeps all of it) came
# every few hundred calls and took half the chip's time: level 5 answered in 1.1 s
# where its search needs 0.6 s.
_GC_EVERY = const(16384)
_GC_PLAYING = const(-1)


def collect_every(n):
    """A collection after every n bytes allocated (-1: when the heap is full).
    MicroPython only: CPython collects as it likes."""
    threshold = getattr(gc, "threshold", None)
    if threshold is not None:
        threshold(n)


def mem_free():
    """Free heap in bytes; -1 where the VM has no such limit (CPython)."""
    try:
        return gc.mem_free()
    except AttributeError:
        return -1


def mem_alloc():
    try:
        return gc.mem_alloc()
    except AttributeError:
        return 0


def unload(names):
    """Forget modules: their code goes at the next collection, and an import
    loads them again. Only on MicroPython, where the heap is scarce (on CPython
    a module loaded twice would make two of each class)."""
    if not _UNLOAD:
        return
    for name in names:
        if sys.modules.pop(name, None) is not None:
            k = name.rfind(".")
            pkg = sys.modules.get(name[:k])
            if pkg is not None and hasattr(pkg, name[k + 1:]):
                delattr(pkg, name[k + 1:])


def forget_games(keep):
    """Drop the modules and board shapes of every game but `keep`: a session that
    goes through all six games would otherwise hold the rules and tables of each
    (it ran out of heap at the fourth on the unix port). MicroPython only, as unload."""
    if not _UNLOAD:
        return
    drop = []
    for name in sys.modules:
        parts = name.split(".")
        if len(parts) > 1 and parts[0] == "hexgames" and parts[1] in hexgames.GAMES and parts[1] != keep:
            drop.append(name)
    unload(drop)
    from hexgames import board
    board._cache.clear()           # the kept game's shape is built again, once
    gc.collect()


def _node_bytes():
    ai = sys.modules.get("hexgames.ai")
    return getattr(getattr(ai, "Tree", None), "BYTES_PER_NODE", 25)


def saving():
    """app.save, for one read or write: unload(_SAVE) after."""
    import app.save
    return sys.modules["app.save"]


def find_ai():
    """The computer opponent's Player class. The opponent is part of the firmware:
    a missing or broken hexgames.ai raises here (main.py logs it), rather than
    leaving a board that quietly offers two people only."""
    from hexgames.ai import Player
    return Player


class App:
    # While the computer thinks, one frame in this many is drawn and sent: its wave
    # still turns, at 12.5 frames a second, and the search gets the 3-4 ms a drawn
    # frame costs on the chip (a tenth of the player's wait); keys are read every frame.
    DRAW_WHILE_THINKING = 2

    def __init__(self, layout, leds, keys_, clock, store, sound, report=print, ai=find_ai,
                 levels=5):
        self.layout = layout
        self.levels = levels         # opponent levels offered: 6 where a PC's clock runs level 6
        self.clock = clock
        self.store = store
        self.sound = sound
        self.report = report
        self.ai = ai() if ai is find_ai else ai
        collect_every(_GC_EVERY)
        n = layout.n
        self.MENU = layout.fn_key("MENU")
        self.UNDO = layout.fn_key("UNDO")
        self.OK = layout.fn_key("OK")
        self.HINT = layout.fn_key("HINT")
        self.light = Light(layout, leds)
        self.painter = Painter(layout)
        self.settings = saving().load_settings(store)
        self.light.set_brightness(self.settings.brightness)
        self._keys = keys.Reader(keys_, self._key)
        self.now = 0                 # ms since boot, from the clock's wrapping ticks
        self._t = clock.ticks_ms()
        self.frames = 0
        self.caption = ""
        self.screen = None
        self.current = None          # the unfinished game, also while in the menu
        self.notice_t = -1
        self.n = n
        self.battery = None          # the device sets a gauge: level() -> 0..100, -1 on USB
        self.panel = None            # ... and a panel (app/panel.py) on a board with a screen
        self.panel_on = None         # ... showing this screen's caption
        self.pointer = -1            # the knob's cell (app/pointer.py), on pointer_on's screen
        self.pointer_on, self.pointed = None, ""
        self.tree_bytes = 0          # the opponent's tree as last sized
        self.facts = None            # the device's facts() -> ((label, text), ...) (self-test)

    # -- start-up and the loop -------------------------------------------------------
    def boot(self):
        d, g, bad = saving().read_game(self.store)
        unload(_SAVE)
        if bad:
            why, checksum = bad
            # Reported once: the checksum of the rejected file is remembered, so
            # the same file is ignored silently at the next power-up.
            if checksum != self.settings.ignored:
                self.settings.ignored = checksum
                self.store_settings()
                self.notice("The saved game could not be read (%s); it is ignored." % why)
        if g is not None:
            # a game saved at the PC's level 6 goes on at the top level here
            play = Play(self, d["game"], g, min(d["level"], self.levels) if self.ai else 0,
                        d["human"])
            if g.result() is not None:   # power went at the end screen: back to it
                self.show_end(play)
            else:
                from app.screens import Resume
                self.current = play
                self.screen = Resume(self, play)
        else:
            self.to_menu()

    def frame(self):
        t = self.clock.ticks_ms()
        self.now += self.clock.ticks_diff(t, self._t)
        self._t = t
        self._keys.read()
        self.screen.tick(self.now)
        self.frames = (self.frames + 1) & 0xFF
        s = self.screen         # the frame of your move is drawn: it is saved once shown
        if getattr(s, "thinking", 0) and self.frames % self.DRAW_WHILE_THINKING and not s.held:
            return
        self.screen.draw(self.light, self.now)
        if self.pointer_on is self.screen and self.pointer >= 0:   # the knob's, breathing
            self.light.mix(self.pointer, palette.WHITE, 96 + (self.now >> 2 & 127))
        if self.notice_t >= 0:
            self.draw_notice()
        self.light.show()
        if self.panel is not None:
            if self.panel_on is not self.screen:   # its caption came while the last
                self.panel_on = self.screen        # showed: that one's pointer goes
                self.panel.unpoint(self.pointer_on is self.screen)
            self.panel.tick()

    def run(self, frames=-1):
        clock = self.clock
        while frames:
            start = clock.ticks_ms()
            self.frame()
            left = FRAME_MS - clock.ticks_diff(clock.ticks_ms(), start)
            if left > 0:
                self.spare(left)
            frames -= 1

    def spare(self, ms):
        """A frame's spare time, until the next frame is due: the computer's search
        where one runs (so a level's second of search is not stretched by the
        frames around it), else asleep."""
        # looked up on the class: a bound method would be an allocation a frame
        work = getattr(type(self.screen), "work", None)
        if work is None or not work(self.screen, ms):
            self.clock.sleep_ms(ms)

    def _key(self, key, kind):
        # a screen that takes every event raw (the self-test's keys and knob), as spare()
        raw = getattr(type(self.screen), "event", None)
        if raw is not None:
            raw(self.screen, key, kind)
        elif key >= self.layout.knob:
            from app import pointer
            pointer.run(self, key, kind)
        elif kind != PRESS:
            return
        elif key >= self.n and self.layout.fn[key - self.n] in COMMANDS:
            from app import commands        # only boards with such keys load it
            commands.run(self, self.layout.fn[key - self.n])
        else:
            self.screen.key(key)

    # -- screens ---------------------------------------------------------------------
    @property
    def saved(self):
        return self.current is not None

    def to_menu(self):
        # The paused game's opponent lets its tree go: the menu's code takes its
        # place, and the tree is sized again when the game goes on.
        if self.current is not None:
            self.current.flush()
            self.current.player = None
        self.screen = None
        collect_every(_GC_EVERY)
        from app.menu import Menu
        self.screen = Menu(self)

    def self_test(self):            # the owner's (app/selftest.py); Menu leaves it
        from app.selftest import SelfTest
        self.screen = SelfTest(self)

    def resume(self):
        if self.current is None:
            self.refuse()
            return
        self.screen = self.current
        unload(_AROUND)
        self.current.refresh()
        if not self.current.level:     # else when its opponent is made again
            collect_every(_GC_PLAYING)

    def new_game(self, spec):
        name, size, flags, level, human = spec
        self.settings.last = spec
        self.store_settings()
        self.current = self.screen = None
        collect_every(_GC_EVERY)
        unload(_AROUND)
        forget_games(name)
        level = level if self.ai else 0
        g = hexgames.new(name, **games.options(name, size, flags))
        if level and getattr(g, "SEARCH", None):
            # the game's own search now, beside its rules on a heap just collected,
            # not later among the objects of play (its tables need whole blocks)
            hexgames.need(g.SEARCH, "Search")
        self.current = self.screen = Play(self, name, g, level, human)
        self.save_game(self.current)    # the opponent comes at the first frame of play
        if not level:
            collect_every(_GC_PLAYING)

    def show_end(self, play):
        self.current = None
        collect_every(_GC_EVERY)
        from app.screens import End
        self.screen = End(self, play)

    def opponent(self, g, level):
        """A computer player for game g at level (hints: the game's level, or 3).
        Made at a game's first frame, so that its tree is sized and allocated on
        a heap just collected, with only the game and the app in it."""
        name = getattr(g, "SEARCH", None)
        if name:                       # a game's own engine: loaded before sizing
            hexgames.need(name, "Search")
        player = self.ai(level, 1, self.search_memory(g) if level > 1 else 0)
        collect_every(_GC_PLAYING)
        return player

    def search_memory(self, g=None):
        """Bytes for the opponent's search tree: what the free heap holds beyond
        _KEEP_FREE and the search's copies of the game, at most _TREE_MAX, and at
        most half of what is free beyond _KEEP_FREE (one compact block for the
        tree's arrays)."""
        gc.collect()
        free = mem_free()
        if free < 0:                   # CPython: no such limit
            self.tree_bytes = _TREE_MAX
            return _TREE_MAX
        keep = _KEEP_FREE * _WORDS
        extra = _SEARCH_OWN * _WORDS
        if g is not None:
            a = mem_alloc()
            c = g.copy()               # the search keeps two (root, scratch)
            extra += 2 * (mem_alloc() - a) + 5 * g.max_moves
            c = None
        tree = min(_TREE_MAX, free - keep - extra, (free - keep) // 2)
        # never so small that the root's moves do not fit: a search that cannot
        # expand its root knows nothing (Hexmeister's widest turns have ~560)
        if g is not None:
            tree = max(tree, _node_bytes() * (min(g.max_moves, _WIDEST) + 1))
        self.tree_bytes = max(_TREE_MIN, tree)
        return self.tree_bytes

    # -- storage ---------------------------------------------------------------------
    def save_game(self, play):
        # A finished game is saved too (its position carries the result): power
        # cut at the end screen comes back to it, with undo; leaving it forgets it.
        save = saving()
        d = save.game_dict(play.name, play.g, play.level, play.human) if play else None
        try:
            save.write_game(self.store, d)
        except OSError as e:          # a full or failing flash must not stop the game
            self.notice("Could not save the game (%s)." % e)
        save = d = None
        unload(_SAVE)

    def store_settings(self):
        try:
            saving().store_settings(self.store, self.settings)
        except OSError as e:
            self.notice("Could not save the settings (%s)." % e)
        unload(_SAVE)

    # -- feedback --------------------------------------------------------------------
    def set_caption(self, text):
        """What the screen means, in words: for the simulator's front ends, the
        device's serial console and its panel; the grid itself shows it in light."""
        self.caption = text
        if self.panel is not None:
            self.panel.show(text, self.pointed if self.pointer_on is self.screen else "")

    def point(self, cell, label=""):
        """The knob's pointer on a cell of this screen (-1: on OK), named on the panel."""
        self.pointer = cell
        self.pointer_on = self.screen
        self.pointed = label
        self.set_caption(self.caption)

    def tone(self, freq, ms):
        if self.settings.sound:
            self.sound.tone(freq, ms)

    def click(self):
        self.tone(1800, 8)

    def refuse(self):
        self.tone(150, 120)

    def notice(self, text):
        self.report(text)
        self.notice_t = self.now
        self.tone(110, 300)

    def draw_notice(self):
        # three red blinks over whatever is on the grid
        t = self.now - self.notice_t
        if t > 1500:
            self.notice_t = -1
        elif (t // 250) & 1 == 0:
            light = self.light
            for i in range(self.n):
                light.mix(i, palette.ALARM, 150)
