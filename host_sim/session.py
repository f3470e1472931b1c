"""Driving the handheld by script: the virtual board, the firmware's App, and the
presses a person would make. Used by the scripted-session tests and by the command
line (`board --script`, screenshots).

    s = Session("pocket")
    s.choose("hexgo"); s.choose(1); s.choose(1)      # game, level 1, play X
    s.play(s.game.moves()[0])                        # press its cells, confirm
    s.wait_computer()
"""
from host_sim.board import VirtualBoard
from app.play import Play
from app.menu import Menu
from app.screens import End, Resume

FRAMES_PER_PRESS = 2


class Session:
    def __init__(self, variant="pocket", folder=None, board=None, **app_options):
        self.board = board or VirtualBoard(variant, folder)
        self.app = self.board.app(**app_options)
        self.frames(2)

    # -- time --------------------------------------------------------------------------
    def frames(self, n=1):
        self.app.run(n)

    def until(self, done, limit=20000):
        """Run frames until done() holds; AssertionError after `limit` frames."""
        for _ in range(limit):
            if done():
                return
            self.app.run(1)
        raise AssertionError("still waiting after %d frames: %s" % (limit, self.app.caption))

    # -- what is on screen -------------------------------------------------------------
    @property
    def screen(self):
        return self.app.screen

    def on(self, kind):
        return isinstance(self.app.screen, {"menu": Menu, "play": Play, "end": End,
                                            "resume": Resume}[kind])

    @property
    def play_screen(self):
        s = self.app.screen
        return s if isinstance(s, Play) else s.play if isinstance(s, (End, Resume)) else None

    @property
    def game(self):
        return self.play_screen.g

    def cell(self, game_cell):
        """The layout cell (key, LED) under a game cell."""
        return self.play_screen.place.cell[game_cell]

    def rgb(self, game_cell):
        return self.board.rgb(self.cell(game_cell))

    # -- pressing ----------------------------------------------------------------------
    def press(self, *keys, frames=FRAMES_PER_PRESS):
        for k in keys:
            self.board.press(k)
            self.frames(frames)

    def choose(self, value):
        """Pick a menu choice by value (game name, size, level, side 1/2, "settings", ...):
        press its cluster twice."""
        for label, v, cell in self.app.screen.choices():
            if v == value:
                self.press(cell, cell)
                return
        raise AssertionError("no menu choice %r on page %s: %s"
                             % (value, self.app.screen.page, self.app.screen.choices()))

    def start(self, name, size=None, level=1, human=1, flags=()):
        """From the game menu to a running game, through every page shown."""
        self.choose(name)
        while self.on("menu"):
            page = self.screen.page
            if page == "size":
                self.choose(size if size is not None else self.screen.choices()[0][1])
            elif page == "flags":
                for f in flags:
                    self.choose_flag(f)
                self.press("OK")
            elif page == "opponent":
                self.choose(level)
            elif page == "side":
                self.choose(human)
            else:
                raise AssertionError("unexpected menu page %s" % page)
        assert self.on("play"), self.app.caption
        p = self.screen
        while p.level and p.player is None:   # the opponent comes a frame later
            self.frames(1)

    def choose_flag(self, f):
        for label, v, cell in self.screen.choices():
            if v == f:
                self.press(cell)
                return
        raise AssertionError("no option %r" % f)

    def play(self, m):
        """Enter move m the way a person does: press each cell of its path, then its
        last cell again to confirm; a move without cells is OK, OK."""
        path = self.game.cells(m)
        if path:
            self.press(*[self.cell(c) for c in path])
            self.press(self.cell(path[-1]))
        else:
            self.press("OK", "OK")

    def wait_computer(self, limit=20000):
        p = self.play_screen
        self.until(lambda: not (isinstance(self.screen, Play) and (p.thinking or p.computer_to_move()
                                                                    or len(p.queue))), limit)
        self.frames(1)           # the frame after the answer shows saves it (Play.flush)
