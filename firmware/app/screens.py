# The screens around a game: the offer to resume a saved game at power-up, and the
# end of a game (a colour sweep, then the score as lit cells).
from micropython import const

from app import palette
from app.palette import X, O
from app.render import tri

_SWEEP_MS = const(1400)


class Resume:
    """The saved game, shown as it stands, its free cells breathing: OK or a press on
    the board goes on with it; MENU or UNDO go to the menu (where it stays offered)."""

    def __init__(self, app, play):
        self.app = app
        self.play = play
        app.set_caption("Saved game: %s. OK: go on; Menu: the menu." % play.describe())

    def key(self, key):
        a = self.app
        if key == a.OK or (key < a.layout.n and self.play.place.of(key) >= 0):
            a.resume()
        elif key == a.MENU or key == a.UNDO:
            a.to_menu()
        else:
            a.refuse()

    def tick(self, now):
        pass

    def draw(self, light, now):
        p = self.play
        self.app.painter.draw(light, p, now, self.app.settings.colour_blind)
        lvl = tri(now, 2000) >> 3
        game = p.place.game
        for i in range(light.n):
            if game[i] == 0xFFFF or p.syms[game[i]] == 0:
                light.mix(i, palette.WHITE, lvl)


class End:
    """Winner and score. Score cells: X's from the top in reading order, O's from the
    bottom; a bright cell is ten points, a dim one one point, a faint one a half.
    OK: a new game with the same settings. MENU: the menu. UNDO: take back the last
    turn and play on. HINT or any cell: switch between the score and the board."""

    def __init__(self, app, play):
        self.app = app
        self.play = play
        self.t0 = app.now
        self.view = 0
        winner, s1, s2, reason = play.g.result()
        self.winner = winner
        n = app.layout.n
        self.cells = bytearray(n)        # 0 dark, else side * 4 + (1 ten, 2 one, 3 half)
        self.scored = bool(s1 or s2)
        if self.scored:
            self.fill(1, s1, range(n))
            self.fill(2, s2, range(n - 1, -1, -1))
        words = ("Draw", "X wins", "O wins")[winner]
        you = ""
        if play.level and winner:
            you = " - you win" if winner == play.human else " - the computer wins"
        score = (" %s : %s" % (s1, s2)) if self.scored else ""
        app.set_caption("%s%s (%s%s). OK: new game, Menu: menu, Undo: take back, Hint: board"
                        % (words, you, reason, score))
        win = not play.level or winner == play.human
        app.tone(988 if win else 220, 400)

    def fill(self, side, score, order):
        whole = int(score)
        todo = [1] * (whole // 10) + [2] * (whole % 10) + ([3] if score - whole >= 0.5 else [])
        k = 0
        for i in order:
            if k == len(todo) or self.cells[i]:
                break                       # both scores meet: the board is full
            self.cells[i] = side * 4 + todo[k]
            k += 1

    def key(self, key):
        a = self.app
        if key == a.OK:
            a.new_game(self.play.spec())
        elif key == a.MENU:
            a.save_game(None)           # the result has been seen: boot to the menu
            a.to_menu()
        elif key == a.UNDO:
            if self.play.undo_turn():
                a.current = a.screen = self.play
            else:
                a.refuse()
        else:
            self.view ^= 1
            a.click()

    def tick(self, now):
        pass

    def draw(self, light, now):
        a = self.app
        cols = palette.sides(a.settings.colour_blind)
        t = now - self.t0
        if self.view and t >= _SWEEP_MS:
            a.painter.draw(light, self.play, now, a.settings.colour_blind)
            return
        lay = a.layout
        w = self.winner
        if t < _SWEEP_MS:
            # a band of the winner's colour runs down the board, row by row
            rows = 2 * lay.radius + 1
            front = t * (rows + 4) // _SWEEP_MS
            for i in range(lay.n):
                d = front - (lay.r[i] + lay.radius)
                c = cols[w] if w else cols[X if i & 1 else O]
                light.put(i, c, 0 if d < 0 or d > 4 else (5 - d) * 50)
            return
        glow = 60 + (tri(now, 2400) >> 2)
        for i in range(lay.n):
            v = self.cells[i]
            if not self.scored:
                c = cols[w] if w else cols[X if i & 1 else O]
                light.put(i, c, glow)
            elif v:
                light.put(i, cols[v >> 2], (0, 230, 100, 45)[v & 3])
            else:
                light.put(i, palette.DIM, 0)

