# The handheld: the main loop and the moves between screens (menu, settings, a game,
# its end, the offer to resume). Everything it touches comes in through __init__
# (DESIGN.md section 6), so the chip and the simulator run this same code:
#
#   a = App(layout, leds, keys, clock, store, sound)
#   a.boot()
#   a.run()            # forever; run(frames) for a fixed number of frames
import gc
from micropython import const

import hexgames
from app import games, keys, palette, save
from app.keys import PRESS
from app.light import Light
from app.menu import Menu
from app.play import Play
from app.render import Painter
from app.screens import End, Resume

FRAME_MS = const(40)        # 25 frames a second: smooth enough for a slow glow
_TREE_MAX = const(32768)    # the opponent's tree: its default size, when the heap allows
_TREE_MIN = const(6144)
_KEEP_FREE = const(40960)   # heap left for the rest of a game (undo replays, saves)


def find_ai():
    """The computer opponent's Player class, or None while hexgames.ai is missing
    (then the menu offers two people only)."""
    try:
        from hexgames.ai import Player
    except ImportError:
        return None
    return Player


class App:
    def __init__(self, layout, leds, keys_, clock, store, sound, report=print, ai=find_ai):
        self.layout = layout
        self.clock = clock
        self.store = store
        self.sound = sound
        self.report = report
        self.ai = ai() if ai is find_ai else ai
        n = layout.n
        self.MENU = layout.fn_key("MENU")
        self.UNDO = layout.fn_key("UNDO")
        self.OK = layout.fn_key("OK")
        self.HINT = layout.fn_key("HINT")
        self.light = Light(layout, leds)
        self.painter = Painter(layout)
        self.settings = save.load_settings(store)
        self.light.set_brightness(self.settings.brightness)
        self._keys = keys.Reader(keys_, self._key)
        self.now = 0                 # ms since boot, from the clock's wrapping ticks
        self._t = clock.ticks_ms()
        self.caption = ""
        self.screen = None
        self.current = None          # the unfinished game, also while in the menu
        self.notice_t = -1
        self.n = n
        self.battery = None          # the device sets a gauge: level() -> 0..100, -1 on USB

    # -- start-up and the loop -------------------------------------------------------
    def boot(self):
        self._player = None
        d, g, bad = save.read_game(self.store, self._prepare)
        if bad:
            why, checksum = bad
            # Reported once: the checksum of the rejected file is remembered, so
            # the same file is ignored silently at the next power-up.
            if checksum != self.settings.ignored:
                self.settings.ignored = checksum
                self.store_settings()
                self.notice("The saved game could not be read (%s); it is ignored." % why)
        if g is not None:
            self.current = Play(self, d["game"], g, d["level"] if self.ai else 0, d["human"],
                                self._player)
            self.screen = Resume(self, self.current)
        else:
            self.screen = Menu(self)
        self._player = None

    def _prepare(self, d):
        # as in new_game: the opponent's tree before the game, on a clean heap
        if d["level"] and self.ai:
            self._player = self.ai(d["level"], 1, self.search_memory())

    def frame(self):
        t = self.clock.ticks_ms()
        self.now += self.clock.ticks_diff(t, self._t)
        self._t = t
        self._keys.read()
        self.screen.tick(self.now)
        self.screen.draw(self.light, self.now)
        if self.notice_t >= 0:
            self.draw_notice()
        self.light.show()

    def run(self, frames=-1):
        clock = self.clock
        while frames:
            start = clock.ticks_ms()
            self.frame()
            left = FRAME_MS - clock.ticks_diff(clock.ticks_ms(), start)
            if left > 0:
                clock.sleep_ms(left)
            frames -= 1

    def _key(self, key, kind):
        if kind == PRESS:
            self.screen.key(key)

    # -- screens ---------------------------------------------------------------------
    @property
    def saved(self):
        return self.current is not None

    def to_menu(self):
        self.screen = Menu(self)

    def resume(self):
        if self.current is None:
            self.refuse()
            return
        self.screen = self.current
        self.current.refresh()

    def new_game(self, spec):
        name, size, flags, level, human = spec
        self.settings.last = spec
        self.store_settings()
        self.current = self.screen = None
        level = level if self.ai else 0
        # The opponent's tree first, while the heap is one clean block after the old
        # game has gone: its arrays are the biggest allocations, and on a fragmented
        # heap they fail with plenty of memory free in small pieces.
        player = self.ai(level, 1, self.search_memory()) if level else None
        g = hexgames.new(name, **games.options(name, size, flags))
        if player:
            player.start(g)          # its move buffer too, before the heap fragments
        self.current = self.screen = Play(self, name, g, level, human, player)
        self.save_game(self.current)

    def show_end(self, play):
        self.current = None
        self.screen = End(self, play)

    def search_memory(self):
        """Bytes for the opponent's search tree: its default where the heap has
        room, less with a big game loaded (Hexade 10, Hexmeister), so that the
        game, the app and the tree fit together on the chip."""
        gc.collect()              # also: one compact heap before the tree's big arrays
        try:
            free = gc.mem_free()
        except AttributeError:    # CPython: no such limit
            return _TREE_MAX
        return max(_TREE_MIN, min(_TREE_MAX, (free - _KEEP_FREE) // 2))

    # -- storage ---------------------------------------------------------------------
    def save_game(self, play):
        g = play.g
        d = None if g.result() is not None else save.game_dict(play.name, g, play.level, play.human)
        try:
            save.write_game(self.store, d)
        except OSError as e:          # a full or failing flash must not stop the game
            self.notice("Could not save the game (%s)." % e)

    def store_settings(self):
        try:
            save.store_settings(self.store, self.settings)
        except OSError as e:
            self.notice("Could not save the settings (%s)." % e)

    # -- feedback --------------------------------------------------------------------
    def set_caption(self, text):
        """What the screen means, in words: for the simulator's front ends and the
        device's serial console; the grid itself shows it in light."""
        self.caption = text

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
