# The simulator's front ends for the handheld: the terminal (keys by name or cursor),
# the pygame-ce window (clicks, buttons, headless screenshots) and the command line.
import math
import os
import re
import select
import shlex
import subprocess
import time

import host_sim  # noqa: F401
from host_sim.__main__ import main
from host_sim.board import VirtualBoard, on_screen
from host_sim.term import Terminal
from app import names, save

from needs import need_module
from test_app_sessions import hue

PYGAME = "pygame-ce is missing: pip install -r requirements.txt"


def terminal(tmp_path, **kw):
    b = VirtualBoard("pocket", str(tmp_path))
    a = b.app(ai=None)
    t = Terminal(b, a)
    a.run(2)
    return b, a, t


def test_a_typed_name_means_the_same_cell_to_every_front_end(tmp_path):
    # the page's module as the page loads it: web/ on the path (it imports words.py)
    from test_web_board import browser
    b, a, t = terminal(tmp_path)
    lay = b.layout
    assert names.cell_named(a, " G4 ") == lay.find("g4") and names.cell_named(a, "zz9") == -1
    assert names.name_of(a, lay.find("g7")) == "g7"            # the menu: the board's names
    a.new_game(("hexgo", None, [], 0, 1))
    a.run(1)
    # in a game its names: hexgo's d4 is the board's g7; cells off its board keep theirs
    assert names.cell_named(a, "d4") == lay.find("g7") and names.name_of(a, lay.find("g7")) == "d4"
    first = a.screen.g.board.name(0)
    assert names.cell_named(a, first) == a.screen.place.cell[0] and names.name_of(a, a.screen.place.cell[0]) == first
    assert names.name_of(a, lay.find("g1")) == "g1" and a.screen.place.of(lay.find("g1")) < 0
    # the web page asks the app (the terminal's press_name does too)
    was = browser.board
    browser.board = type("B", (), {"app": a, "press": lambda self, k: b.press(k)})()
    try:
        assert browser.press_name("d4") == "" and browser.press_name("q9") == "no cell 'q9'"
        assert browser.cell_names().split(" ")[lay.find("g7")] == "d4"
    finally:
        browser.board = was


def test_terminal_presses_cells_by_cursor_and_by_name(tmp_path):
    b, a, t = terminal(tmp_path)
    assert "Choose a game" in t.render()
    # hexgo's cluster is the NW one: g4 on the pocket board; walk there with the arrows
    t.feed("\x1b[A\x1b[A\x1b[A")                    # up three rows from g7
    assert b.layout.name(t.cursor) in ("g4", "h4", "f4")
    t.feed("g4\r")
    a.run(2)
    t.feed("g4\r")
    a.run(2)
    assert a.screen.g.NAME == "hexgo"
    # during a game, names are the game's: d4 is hexgo's centre (the board's g7)
    t.feed("d4\r")
    a.run(2)
    t.feed(" ")                                     # the cursor is on it: press again
    a.run(2)
    assert [a.screen.g.text(m) for m in a.screen.g.history()] == ["d4"]
    assert hue(b.rgb(b.layout.find("g7"))) == "X"
    t.feed("U")                                     # function keys are capitals
    a.run(2)
    assert a.screen.g.history() == []
    t.feed("zz9\r")
    assert "no cell" in t.render(colour=False)
    t.feed("Q")
    assert t.quit


def test_terminal_rendering_shows_the_leds_in_colour(tmp_path):
    b, a, t = terminal(tmp_path)
    text = t.render()
    assert "\x1b[38;2;" in text and "\u25cf" in text
    plain = t.render(colour=False).splitlines()
    cells = [sum(ch in ".o" for ch in line) for line in plain[:13]]
    assert cells == [7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7]       # base-7 rows
    assert "[" in plain[6]                                              # the cursor


def test_window_clicks_map_to_cells_and_function_keys(tmp_path):
    pygame = need_module("pygame", "pygame", PYGAME)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from host_sim.window import Window
    b = VirtualBoard("full", str(tmp_path))
    a = b.app(ai=None)
    a.run(2)
    w = Window(b, a)
    surf = pygame.Surface((w.width, w.height))
    w.draw(surf)
    for i in (0, 100, b.layout.n - 1):
        assert w.key_at(w.centres[i]) == i
    r, key = w.buttons[2]
    assert key == b.layout.fn_key("OK") and w.key_at(r.center) == key
    assert w.key_at((1, 1)) is None
    # a lit menu cell is drawn in its LED's colour
    lit = b.lit()[0]
    c = w.centres[lit]
    assert surf.get_at((int(c[0]), int(c[1])))[:3] == on_screen(b.rgb(lit))


# The HexBoard's command keys, a column at the lower left beside rows 7-13, in our axial
# (q, r): its hardware v1.2 table of keys (theHDM/HexBoard_2_0 src/config.h), whose
# doubled-width (x, y) give q = (x - y) / 2, r = y (tests/test_hexboard.py holds every key
# of hardware/hexboard.json to that table).
COMMAND_KEYS = (("MENU", -5, 0), ("UNDO", -6, 1), ("OK", -6, 2), ("HINT", -7, 3),
                ("LIGHT", -7, 4), ("SOUND", -8, 5), ("NEW", -8, 6))


def test_window_draws_the_hexboards_command_keys_at_their_place(tmp_path):
    pygame = need_module("pygame", "pygame", PYGAME)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from host_sim.window import Window
    b = VirtualBoard("hexboard", str(tmp_path))
    a = b.app(ai=None)
    a.run(2)
    w = Window(b, a)
    surf = pygame.Surface((w.width, w.height))
    w.draw(surf)
    lay = b.layout
    step = math.sqrt(3) * w.size                      # one key east to west, in px
    drawn = dict(w.key_centres)
    assert len(drawn) == 7 and w.buttons == []        # all on the board, none below it
    for name, q, r in COMMAND_KEYS:
        key = lay.fn_key(name)
        x, y = drawn[key]
        east = w.centres[lay.index(q + 1, r)]         # the westmost key of its row
        assert lay.index(q + 1, r) >= 0 and lay.index(q, r) < 0
        assert (round(x, 6), round(y, 6)) == (round(east[0] - step, 6), round(east[1], 6)), name
        assert w.key_at((x, y)) == key
        # drawn in its LED's colour: the command keys glow a faint white
        assert max(b.key_rgb(key)) > 0
        assert surf.get_at((int(x), int(y)))[:3] == on_screen(b.key_rgb(key)), name
    # pressed where it is drawn: Menu's key opens the game's page of the menu
    a.new_game(("hexgo", 4, [], 0, 1))
    a.run(2)
    b.press(w.key_at(drawn[lay.fn_key("MENU")]))
    a.run(2)
    assert a.screen.page == "game" and "Continue" in a.caption


def test_window_loop_takes_clicks_and_keys(tmp_path):
    pygame = need_module("pygame", "pygame", PYGAME)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from host_sim.window import Window
    b = VirtualBoard("pocket", str(tmp_path))
    a = b.app(ai=None)
    w = Window(b, a)
    w.open()
    g4 = b.layout.find("g4")                             # HexGo's cluster
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=w.centres[g4]))
        w.run(2)
    assert a.screen.g.NAME == "hexgo"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m))
    w.run(2)
    assert a.screen.page == "game" and "Continue" in a.caption
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q))
    w.run(5)                                             # returns at once
    pygame.display.quit()


def test_screenshot_from_the_command_line(tmp_path):
    need_module("pygame", "pygame", PYGAME)
    out = tmp_path / "shot.png"
    assert main(["board", "--screenshot", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # with a script of presses instead of the demo, on the full board
    out2 = tmp_path / "full.png"
    assert main(["board", "--hardware", "full", "--script", "j7 j7", "--store", str(tmp_path / "s"),
                 "--screenshot", str(out2)]) == 0
    assert out2.exists()
    # the HexBoard's picture (docs/hexboard.png): HexGo against level 2, the knob on d2
    out3 = tmp_path / "hexboard.png"
    assert main(["board", "--hardware", "hexboard", "--screenshot", str(out3)]) == 0
    assert out3.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from host_sim import handheld
    a = handheld.demo_knob(VirtualBoard("hexboard", str(tmp_path / "h")))
    assert (a.screen.name, a.screen.level, a.pointed) == ("hexgo", 2, "d2")
    assert len(a.screen.g.history()) == 10 and a.pointer == a.screen.place.cell[a.screen.g.board.index("d2")]


def test_board_command_errors_are_messages(tmp_path, capsys):
    assert main(["board", "--game", "chess", "--terminal", "--store", str(tmp_path)]) == 2
    assert "chess" in capsys.readouterr().err


def test_a_script_naming_no_key_presses_nothing_and_says_which(tmp_path, capsys):
    store = tmp_path / "store"
    run = ["board", "--game", "hexgo", "--store", str(store), "--screenshot"]
    script = "OK OK OK OK OK g7 g7"              # through the menu to HexGo, d4 played
    assert main(run + [str(tmp_path / "a.png"), "--script", script]) == 0
    game = (store / save.GAME_FILE).read_bytes()
    assert save.unpack("game", game)["record"] == "hexgo base=4: d4"
    capsys.readouterr()
    # the same keys and two more moves, then a typo: refused before any key is pressed
    assert main(run + [str(tmp_path / "b.png"), "--script", script + " g6 g6 f6 f6 zz9"]) == 2
    assert capsys.readouterr().err == "error: no cell or function key 'zz9' on the pocket board\n"
    assert (store / save.GAME_FILE).read_bytes() == game and not (tmp_path / "b.png").exists()


class Running:
    """A command's output read as it comes, to wait for what it shows after the
    keys typed last."""

    def __init__(self, args, env):
        self.p = subprocess.Popen(args, cwd=host_sim.ROOT, env=env, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.out = b""
        self.mark = 0

    def wait_for(self, text, limit_s=60):
        # a limit only so that a broken build fails instead of hanging the suite
        end = time.monotonic() + limit_s
        while text.encode() not in self.out[self.mark:]:
            assert self.p.poll() is None, "exited before showing %r: %s" % (text, self.tail())
            assert time.monotonic() < end, "never showed %r: %s" % (text, self.tail())
            if select.select([self.p.stdout], [], [], 0.5)[0]:
                self.out += os.read(self.p.stdout.fileno(), 65536)

    def type(self, keys):
        self.mark = len(self.out)
        self.p.stdin.write(keys.encode())
        self.p.stdin.flush()

    def tail(self):
        text = re.sub("\x1b\\[[0-9;?]*[A-Za-z]", "", self.out.decode(errors="replace"))
        return text[-400:]


def test_make_play_opens_the_board(tmp_path):
    # What `make play` runs (its recipe; the venv taken as made), on a machine with
    # no display: the terminal front end opens the board on the game asked for,
    # and keys typed there play it. The store goes to tmp_path, so that the
    # developer's own saved game (build/store-pocket) is not touched.
    # (--no-print-directory: under `make test` this make is a sub-make, which would
    # otherwise print the folders it enters around the recipe)
    dry = subprocess.run(["make", "-n", "--no-print-directory", "-o", ".venv/.installed",
                          "play", "GAME=hex"],
                         cwd=host_sim.ROOT, capture_output=True, text=True)
    lines = dry.stdout.strip().splitlines()
    assert dry.returncode == 0 and len(lines) == 1, dry.stdout + dry.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    run = Running(shlex.split(lines[0]) + ["--store", str(tmp_path)], env)
    try:
        run.wait_for("Choose a game [Hex]")
        run.type("OOOOO")                  # the game, its size, level 1, X: the game starts
        run.wait_for("Hex: X to move (you)")
        run.type("d4\nd4\n")              # a cell by name, twice: played; level 1 answers
        run.wait_for("Hex: X to move (you). Last: ")
        run.type("Q")
        _, err = run.p.communicate(timeout=60)      # (reading on: a full pipe would block it)
    finally:
        if run.p.poll() is None:
            run.p.kill()
    assert run.p.returncode == 0 and b"Traceback" not in err, err.decode()
    record = save.unpack("game", open(str(tmp_path / save.GAME_FILE), "rb").read())["record"]
    assert record.startswith("hex size=7 pie=false: d4 "), record
