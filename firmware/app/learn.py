# Learn: a game's key rules as short guided steps on the grid (the data: lessons.py).
# Each step sets up a real position by playing its moves on the engine, lights the
# cells of the move that shows the rule, and takes only that move: any other press
# blinks red with a low tone and changes nothing. The engine plays the move (and a
# scripted reply), the board shows what follows (a capture, a Me, a win), and the
# next press or OK goes on to the next step. Menu leaves, back to the Learn page.
# The lit cells and the position are the whole lesson on a board without a screen;
# the captions say it in words where there is one (the HexBoard's screen, the
# simulator, the web page).
from micropython import const

import hexgames
from app import games
from app.lessons import LESSONS
from app.play import Play

_REPLY_MS = const(900)      # the player's move is seen alone this long before the reply


def fits(layout, name):
    """A lesson for this game whose board fits the layout."""
    les = LESSONS.get(name)
    return les is not None and games.fits(layout, games.spec(name)[0], les[0])


def position(name, k):
    """Step k of a game's lesson, set up by playing its moves from the start:
    (game, the player's moves, the reply's moves, to do, shown)."""
    size, steps = LESSONS[name]
    before, mine, reply, do, shown = steps[k]
    key = games.spec(name)[1]
    g = hexgames.replay("%s %s=%d: %s" % (name, key, size, before))
    return g, g._tokens(mine), g._tokens(reply), do, shown


class _Only:
    """The game as the input (app/entry.py) sees it, with one legal move: the
    step's. Presses that start anything else are refused."""

    def __init__(self, g):
        self.g = g
        self.m = []

    def moves(self):
        return self.m

    def cells(self, m):
        return self.g.cells(m)


class Learn(Play):
    def __init__(self, app, name):
        self.k = 0
        self.steps = len(LESSONS[name][1])
        g, self.mine, self.reply, self.do, self.shown_text = position(name, 0)
        self.only = _Only(g)
        self.done = False           # the step's moves are played: the next press goes on
        self.reply_t = -1           # when the reply is due
        Play.__init__(self, app, name, g, 0, 1)
        self.setup(0)

    # -- steps -----------------------------------------------------------------------
    def setup(self, k):
        """Step k's position, its first move lit."""
        self.k = k
        if k:
            g, self.mine, self.reply, self.do, self.shown_text = position(self.name, k)
            self.g = self.only.g = g    # one size per lesson: the same board, place
        self.done = False
        self.reply_t = self.over_t = self.flash_t = -1
        self.rebuild()
        self.next_move()

    def next_move(self):
        """The next of the player's moves is the only one taken, its cells lit."""
        g = self.g
        m = g.parse(self.mine[0])
        self.only.m = [m]
        self.refresh()
        self.light_target()
        if not g.cells(m):
            # a pass: no cell to light, so the empty cells blink faintly in the
            # side's colour, as for an armed pass (OK is the only key that plays)
            self.veil = g.to_move

    def light_target(self):
        # the next cell of the move's path after those pressed (the last one,
        # blinking, waits for its confirming press): a hint that never goes out
        hint = self.hint
        for i in range(len(hint)):
            hint[i] = 0
        if not self.done and self.only.m:
            path = self.g.cells(self.only.m[0])
            k = len(self.entry.sel)
            if path and k < len(path):
                hint[path[k]] = 1
        self.hint_t = 0

    def describe(self):
        head = "Learn %s %d/%d: " % (games.title(self.name), self.k + 1, self.steps)
        if self.done:
            more = "Press OK for the next step" if self.k + 1 < self.steps else "Press OK: the lesson is done"
            return head + "%s. %s." % (self.shown_text, more)
        if self.reply_t >= 0:
            return head + "%s answers" % "XO"[self.g.to_move - 1]
        if self.entry.pending >= 0:
            return head + "%s. Press it again to play." % self.do
        if self.only.m and not self.g.cells(self.only.m[0]):
            return head + "%s. OK, then OK again." % self.do
        return head + "%s: press the lit cell." % self.do

    def targets(self):
        """For the knob: the lit cell."""
        hint = self.hint
        return sorted([self.place.cell[c] for c in range(len(hint)) if hint[c]])

    # -- keys ------------------------------------------------------------------------
    def key(self, key):
        a = self.app
        if key == a.MENU:
            leave(a)
        elif self.reply_t >= 0:
            pass                    # the reply is coming: presses wait for it
        elif self.done and (key == a.OK or key < a.layout.n):
            if self.k + 1 < self.steps:
                a.click()
                self.setup(self.k + 1)
            else:
                leave(a)
        elif key == a.UNDO and not self.done:
            a.click()
            self.setup(self.k)      # the step again from its position
        elif key < a.layout.n and not self.done:
            gi = self.place.of(key)
            if gi < 0:
                self.refuse(key)
            else:
                self.answer(self.entry.press(self.only, gi), key)
        elif key == a.OK and not self.done:
            self.answer(self.entry.ok(self.only), -1)
        else:
            self.refuse(-1)

    def answer(self, r, cell):
        Play.answer(self, r, cell)
        self.light_target()
        self.app.set_caption(self.describe())

    def commit(self, m):
        Play.commit(self, m)        # plays it, shows it, flashes what it took
        self.mine = self.mine[1:]
        if self.mine:
            self.next_move()
        elif self.reply:
            self.only.m = []
            self.reply_t = self.app.now
            self.finish()
        else:
            self.finish()

    def finish(self):
        self.done = self.reply_t < 0
        self.light_target()
        self.app.set_caption(self.describe())

    def flush(self):
        pass                        # a lesson is never saved

    def tick(self, now):
        if self.reply_t >= 0 and now - self.reply_t >= _REPLY_MS:
            self.reply_t = -1
            for t in self.reply:
                Play.commit(self, self.g.parse(t))
            self.reply = ()
            self.finish()
        if self.veil_t >= 0 and now - self.veil_t > 1500:
            self.veil = 0
            self.veil_t = -1

    def work(self, ms):
        return False


def start(app, name):
    """The lesson of game `name` on the grid (from the menu's Learn page)."""
    from app.app import unload, forget_games
    app.screen = None
    unload(("app.menu", "app.gauge", "app.screens"))
    if app.current is None:
        forget_games(name)          # the paused game's modules stay for it
    app.screen = Learn(app, name)


def leave(app):
    """Back to the menu's Learn page, the way in (Undo goes on to the games)."""
    app.to_menu()
    m = app.screen
    m.stack = ["game"]
    m.enter("learn")
