# Playing a game: moves from the keys (entry.py), the computer's turns searched in
# slices between frames with presses queued meanwhile, undo, hints, and the tables
# render.py draws from (symbols, marks, each side's last turn, captures).
from micropython import const

import hexgames
from app import games, keys, marks, render
from app.entry import Entry, TAKEN, REFUSED
from app.palette import X, O, N
from app.games import Place

SLICE_MS = const(25)        # search time per frame: the animation keeps running
_END_DELAY = const(1200)    # the last move stays visible this long before the end screen
_VEIL_MS = const(1500)      # how long a pass is shown


_PAST = {"pass": "passed", "swap": "swapped"}


def played(text, who, could=False):
    """A move in words with its side, never its cell alone: "O played d4", "O passed",
    "X could play d4" (could: a hint)."""
    if could:
        return "%s could %s" % (who, text if text in _PAST else "play " + text)
    return "%s %s" % (who, _PAST.get(text) or "played " + text)


class Play:
    def __init__(self, app, name, g, level, human, player=None):
        self.app = app
        self.name = name
        self.g = g
        self.level = level                  # 0: two people
        self.human = human
        self.computer = 3 - human if level else 0
        n = g.board.n
        self.place = Place(app.layout, g.board)
        self.syms = bytearray(n)            # render.SYMS codes
        self.mark = bytearray(n)            # marks.* codes
        self.last = bytearray(n)            # bit 1: X's last turn, bit 2: O's
        self.flash = bytearray(n)           # captured by the last move
        self.entry = Entry(n)
        self.cand = self.entry.cand         # render.py reads it
        self.hint = bytearray(n)
        self.flash_t = self.hint_t = -1
        self.refuse_cell = -1
        self.refuse_t = 0
        self.veil = 0                       # side whose pass (or armed pass) is shown
        self.veil_t = -1
        self.thinking = 0                   # 1: the computer's move, 2: a hint
        self.ready = False                  # the search has its answer
        self.unsaved = False                # a move played, not saved yet (flush)
        self.held = False                   # ... yours: the computer's search waits for its save
        self.shown = False                  # ... and drawn since (draw)
        self.player = player                # the opponent (made on first use if None)
        self.queue = keys.Queue()
        self.over_t = -1
        self.sides = bytearray()            # who made each move of the history
        self.rebuild()
        self.refresh()

    def spec(self):
        g = self.g
        shape, key, _, flags = games.spec(self.name)
        return [self.name, g.options.get(key) if key else None,
                [f for f in flags if g.options.get(f)], self.level, self.human]

    # -- position tables -----------------------------------------------------------
    def rebuild(self):
        """Who played each move, and each side's last turn, by replaying the
        history from its origin (after a resume or an undo; cells() of a move is
        asked in the position it was played in)."""
        g = self.g
        f = hexgames.new(g.NAME, **g.options)
        if isinstance(g._origin, dict):
            f._load(g._origin)
        last = self.last
        for i in range(len(last)):
            last[i] = 0
        sides = bytearray()
        prev = 0
        for m in g.history():
            p = f.to_move
            if p != prev:
                for i in range(len(last)):
                    last[i] &= ~p
            for c in f.cells(m):
                last[c] |= p
            sides.append(p)
            f.play(m)
            prev = p
        self.sides = sides

    def refresh(self):
        g = self.g
        self.wait = True
        render.symbols(g, self.syms)
        marks.compute(self.name, g, self.mark)
        self.clear_input()
        self.hint_t = -1
        self.app.set_caption(self.describe())

    def clear_input(self):
        self.entry.clear()
        if self.veil_t < 0:
            self.veil = 0

    @property
    def armed(self):
        return self.entry.armed

    def describe(self):
        g = self.g
        r = g.result()
        head = games.title(self.name)
        if r is not None:
            return "%s: game over" % head
        who = "XO"[g.to_move - 1]
        if self.thinking == 1:
            return "%s: the computer (%s) is thinking" % (head, who)
        you = "" if not self.level else (" (you)" if g.to_move == self.human else " (computer)")
        h = g.history()
        try:
            last = (". Last: " + played(g.text(h[-1]), "XO"[self.sides[-1] - 1])) if h else ""
        except (ValueError, IndexError):
            last = ""
        if not h and games.goal(self.name):
            last = ". " + games.goal(self.name)
        return "%s: %s to move%s%s" % (head, who, you, last)

    # -- whose turn ----------------------------------------------------------------
    def my_turn(self):
        g = self.g
        return g.to_move and self.over_t < 0 and (not self.level or g.to_move == self.human)

    def targets(self):
        """For the knob (app/pointer.py): the cells that continue the input, or that
        start a legal move, in reading order; none while the computer moves."""
        if self.thinking or not self.my_turn():
            return []
        g = self.g
        cand = self.entry.cand
        if self.entry.busy():
            cells = [c for c in range(len(cand)) if cand[c]]
        else:
            cells = []
            for m in g.moves():
                p = g.cells(m)
                if p and p[0] not in cells:
                    cells.append(p[0])
        return sorted([self.place.cell[c] for c in cells])

    def computer_to_move(self):
        return self.computer and self.g.to_move == self.computer and self.over_t < 0

    # -- keys ------------------------------------------------------------------------
    def key(self, key):
        if self.thinking:
            self.queue.push(key)            # kept, in order, for after the search
            return
        a = self.app
        if key < a.layout.n:
            self.press(self.place.of(key), key)
        elif key == a.OK:
            self.ok()
        elif key == a.UNDO:
            if self.entry.busy() or self.hint_t >= 0:
                self.clear_input()
                self.hint_t = -1
                a.click()
            elif not self.undo_turn():
                self.refuse(-1)
        elif key == a.HINT:
            if a.ai and self.my_turn():
                self.think(2)
            else:
                self.refuse(-1)
        elif key == a.MENU:
            a.to_menu()

    def refuse(self, cell):
        self.refuse_cell = cell
        self.refuse_t = self.app.now
        self.app.refuse()

    def press(self, gi, cell):
        if gi < 0 or not self.my_turn():
            self.refuse(cell)
            return
        self.veil = 0 if self.veil_t < 0 else self.veil
        self.answer(self.entry.press(self.g, gi), cell)

    def ok(self):
        if not self.my_turn():
            self.refuse(-1)
            return
        e = self.entry
        r = e.ok(self.g)
        self.answer(r, -1)
        if r == TAKEN:
            self.veil = self.g.to_move
            self.app.set_caption("%s: OK again to play %s, Undo to cancel"
                                 % (games.title(self.name), self.g.text(e.armed)))

    def answer(self, r, cell):
        if r == REFUSED:
            self.refuse(cell)
        elif r == TAKEN:
            self.app.click()
        else:
            self.commit(r)

    # -- moves -----------------------------------------------------------------------
    def commit(self, m):
        g = self.g
        a = self.app
        p = g.to_move
        path = g.cells(m)
        before = bytes(self.syms)
        try:
            g.play(m)
        except hexgames.IllegalMove:
            self.refuse(-1)
            return
        sides = self.sides
        if not sides or sides[-1] != p:
            last = self.last
            for i in range(len(last)):
                last[i] &= ~p
        sides.append(p)
        for c in path:
            self.last[c] |= p
        self.veil_t = -1
        self.refresh()
        if not path:                          # a pass or a swap: show it on the board
            self.veil = p
            self.veil_t = a.now
        flash = self.flash
        hit = False
        for i in range(len(flash)):
            b = before[i]
            flash[i] = 1 if (b == X or b == O or b == N) and self.syms[i] != b and i not in path else 0
            hit = hit or flash[i]
        self.flash_t = a.now if hit else -1
        a.tone(660 if p == self.computer else 880, 30)
        if g.result() is not None:
            self.over_t = a.now
        # saved once a frame has shown the move (tick, work): a save costs the chip
        # 15-100 ms (a record replayed, JSON, a checksum, the flash), which the
        # move's own frame does not wait for. The computer's steps of a turn of
        # several are saved with its last.
        self.unsaved = True
        self.held = p != self.computer
        self.shown = False
        self.think(1)

    def undo_turn(self):
        """Take back a move; against the computer, back to the start of your last
        turn (its answer and your move: both plies, every step of each)."""
        g = self.g
        sides = self.sides
        mine = False
        for s in sides:                 # not `in`: MicroPython has no int in bytearray
            mine = mine or s == self.human
        if not g.history() or (self.level and not mine):
            return False
        if self.level:
            k = len(sides)
            popped = False
            while k:
                s = sides[k - 1]
                g.undo()
                k -= 1
                popped = popped or s == self.human
                if popped and g.to_move == self.human and (k == 0 or sides[k - 1] != self.human):
                    break
        else:
            g.undo()
        self.over_t = -1
        self.veil_t = -1
        self.rebuild()
        self.refresh()
        self.app.click()
        self.app.save_game(self)
        return True

    # -- the computer ----------------------------------------------------------------
    def think(self, purpose):
        """Start a search: 1 for the computer's move (only when it is to move), 2
        for a hint to the side to move."""
        if purpose == 1 and not self.computer_to_move():
            return
        a = self.app
        if self.player is None:
            self.player = a.opponent(self.g, self.level or 3)
        self.player.start(self.g, a.clock)
        self.thinking = purpose
        self.ready = False                  # the search has its answer
        if purpose == 1:
            a.set_caption(self.describe())

    def flush(self):
        """The move played at the last frame saved (commit() leaves it to now)."""
        if self.unsaved:
            self.unsaved = self.held = False
            self.app.save_game(self)

    def tick(self, now):
        # Your move is saved before the computer's search begins, once a frame has
        # shown it: a power cut (a reload of the web page) while it thinks keeps it,
        # and the game comes back with the computer to move. The save lengthens the
        # wait by its own time (docs/speed-and-strength.md); the search's time is
        # counted only while it searches, so the level keeps its strength.
        if self.thinking != 1 or (self.held and self.shown):
            self.flush()
        if self.over_t >= 0:
            if now - self.over_t >= _END_DELAY:
                self.app.show_end(self)
            return
        if self.veil_t >= 0 and now - self.veil_t > _VEIL_MS:
            self.veil = 0
            self.veil_t = -1
        if self.player is None and self.level:
            # The opponent at the second frame of a game (or back from the menu),
            # whoever moves first: its tree is allocated once, early, and not in
            # the frame whose key press chose the game (and saved it).
            if self.wait:
                self.wait = False
                return
            self.player = self.app.opponent(self.g, self.level)
            if not self.computer_to_move():
                self.player.start(self.g)     # its copies and buffers, now
        if not self.thinking:
            self.think(1)              # e.g. after a resume with the computer to move
        if self.thinking:
            if self.held:              # your move: this frame shows it, the next saves it
                return
            if not self.ready:
                self.ready = self.player.think(SLICE_MS, self.app.clock)
                if not self.ready:
                    return
            self.ready = False
            m = self.player.best()
            purpose = self.thinking
            self.thinking = 0
            if purpose == 1:
                self.commit(m)
            else:
                self.show_hint(m, now)
        q = self.queue
        while len(q) and not self.thinking and self.over_t < 0:
            self.key(q.pop())

    def work(self, ms):
        """Search on in a frame's spare time (App.spare); False when there is no
        search to run. The answer is played at the next frame's tick."""
        if not self.thinking or self.ready or self.player is None:
            return False
        if self.held:
            # your move, once shown: saved in this frame's spare time, before the
            # search's first slice (else at the next frame's tick)
            if not self.shown:
                return False
            self.flush()
            return True
        self.ready = self.player.think(ms, self.app.clock)
        return True

    def show_hint(self, m, now):
        g = self.g
        self.refresh()
        hint = self.hint
        for i in range(len(hint)):
            hint[i] = 0
        for c in self.entry.show(g, m):
            hint[c] = 1
        if self.entry.armed >= 0:
            self.veil = g.to_move
        self.hint_t = now
        self.app.set_caption("Hint: %s (lit; OK plays it)"
                             % played(g.text(m), "XO"[g.to_move - 1], True))

    def draw(self, light, now):
        self.app.painter.draw(light, self, now, self.app.settings.colour_blind)
        self.shown = True
