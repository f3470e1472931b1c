# The browser board (web/browser.py) on CPython, without a browser: the same module
# the page runs in MicroPython's WebAssembly build, given a virtual clock and a
# host object in place of the page's script.
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "web"))

import browser  # noqa: E402
import hexgames  # noqa: E402
from hexgames.ai import Player  # noqa: E402
from host_sim.board import VirtualClock  # noqa: E402


class Host:
    """What honeycomb.js gives the board: storage, the buzzer, the notice line."""

    def __init__(self):
        self.data = {}
        self.tones = []
        self.reports = []

    def load(self, key):
        return self.data.get(key)

    def save(self, key, text):
        self.data[key] = text

    def tone(self, freq, ms):
        self.tones.append((freq, ms))

    def report(self, text):
        self.reports.append(text)


def boot(host=None, variant="pocket"):
    host = host or Host()
    browser.start(variant, host, VirtualClock())
    return host


def test_the_opponent_spends_its_levels_iterations_whatever_the_clock():
    g = hexgames.new("hexgo")
    g.play(g.parse("d4"))
    board_move = Player(3, 1)                 # no clock: the level's whole budget
    board_move.start(g)
    board_move.think()
    slow = VirtualClock(auto=40)              # a browser far slower than the chip
    chip = Player(3, 1)                       # the chip's rule: it stops on the clock
    chip.start(g, slow)
    while not chip.think(25, slow):
        pass
    web = browser.BrowserPlayer(3, 1)
    web.start(g, slow)
    slices = 1
    browser.FRAME_START[0] = slow.ticks_ms()
    while not web.think(25, slow):
        slices += 1
        browser.FRAME_START[0] = slow.ticks_ms()
    assert chip.search.playouts < board_move.search.playouts    # the clock cut it short
    assert web.search.playouts == board_move.search.playouts == web.budget
    assert web.best() == board_move.best()
    assert slices > 1                         # and the page drew frames meanwhile


def test_frames_send_the_leds_only_when_they_change():
    boot()
    out = json.loads(browser.frame())
    hexes, caption = out["leds"], out["caption"]
    assert "screen" not in out                # the pocket board has none
    assert len(hexes) == 2 * 3 * (127 + 4) and caption.startswith("Choose a game")   # cells, keys
    assert browser.frame() is None            # the menu without a choice stands still
    # the LED of the HexGo cluster's centre, in layout order, as the chip's chain has it
    b = browser.board
    i = b.layout.find("g4")
    j = 3 * b.layout.led[i]
    assert hexes[6 * i:6 * i + 6] == "%02x%02x%02x" % (b.leds.buf[j + 1], b.leds.buf[j], b.leds.buf[j + 2])
    assert int(hexes[6 * i:6 * i + 6], 16) > 0


def test_frames_send_the_hexboards_command_keys_after_its_cells():
    boot(variant="hexboard")
    hexes = json.loads(browser.frame())["leds"]
    b = browser.board
    lay = b.layout
    assert len(hexes) == 2 * 3 * (133 + 7)
    for k, led in enumerate((0, 20, 40, 60, 80, 100, 120)):   # key n + k: its LED
        assert lay.fn_led[k] == led
        got = hexes[6 * (lay.n + k):6 * (lay.n + k) + 6]
        assert got == "%02x%02x%02x" % (b.leds.buf[3 * led + 1], b.leds.buf[3 * led], b.leds.buf[3 * led + 2])
        assert int(got, 16) > 0                                # the command keys glow


def test_the_hexboards_screen_shows_a_page_once_the_panel_sends_it():
    from host_sim.board import VirtualBoard
    boot(variant="hexboard")
    b = browser.board
    vb = VirtualBoard("hexboard")
    app = vb.app()
    # the first frame sends two pages of the screen: the glass shows those only
    out = json.loads(browser.frame())
    glass = bytes.fromhex(out["screen"])
    assert glass == b.screen.glass and len(glass) == 128 * 16
    assert glass[:256] == bytes(vb.screen.buffer[:256]) and any(glass[:256])
    assert not any(glass[256:]) and any(b.screen.buffer[256:])
    for _ in range(10):
        browser.frame()
    assert bytes(b.screen.glass) == bytes(b.screen.buffer) == bytes(vb.screen.buffer)
    # the knob: clicks clockwise walk the pointer, named on the screen's last line
    assert browser.knob(1) and browser.knob(1)
    vb.turn(2)
    app.run(10)
    for _ in range(10):
        browser.frame()
    assert b.app.pointer == app.pointer >= 0 and b.app.pointed == app.pointed
    assert bytes(b.screen.glass) == bytes(vb.screen.buffer)
    assert browser.knob(2) and browser.knob(2)          # pressed twice: chosen
    browser.frame()
    assert b.app.screen.page != "game"
    boot()
    assert browser.knob(1) is False and browser.board.screen is None


def test_typed_names_press_cells():
    boot()
    browser.frame()
    assert browser.press_name("G4") == ""
    browser.frame()
    assert "[HexGo]" in browser.board.app.caption
    assert browser.press_name("zz9") == "no cell 'zz9'"


def test_the_store_keeps_games_per_board_and_survives_a_restart():
    host = boot()
    browser.open_record("hexgo base=4: d4 e4")
    assert "honeycomb/pocket/game.sav" in host.data
    boot(host)                                # a reload: the saved game is offered
    browser.frame()
    assert type(browser.board.app.screen).__name__ == "Resume"
    assert browser.share() == "hexgo base=4: d4 e4"
    boot(host, "full")                        # the other board has its own store
    browser.frame()
    assert type(browser.board.app.screen).__name__ == "Menu"


def test_a_damaged_save_is_reported_once_and_ignored():
    host = Host()
    host.data["honeycomb/pocket/game.sav"] = "not hex at all"
    boot(host)
    browser.frame()
    assert type(browser.board.app.screen).__name__ == "Menu"
    assert len(host.reports) == 1 and "could not be read" in host.reports[0]
    boot(host)
    assert len(host.reports) == 1             # the same file: not reported again


def test_share_links_replay_or_say_why():
    boot()
    assert browser.open_record("xiago base=4: c3 d4-e4 d3") == ""
    a = browser.board.app
    assert a.screen is a.current and a.current.level == 0
    assert browser.share() == "xiago base=4: c3 d4-e4 d3"
    for bad, why in (("hexgo base=4: d4 d4", "d4"), ("hexgo base=9: d4", "base"),
                     ("nonsense", "':'"), ("hexade base=10: j10", "does not fit")):
        boot()
        msg = browser.open_record(bad)
        assert why in msg, (bad, msg)
        assert type(browser.board.app.screen).__name__ == "Menu" and browser.share() == ""


def test_a_shared_game_says_which_game_in_progress_it_replaced():
    host = boot()
    browser.open_record("hexgo base=4: d4 e4")
    boot(host)                                  # reload: the game is offered
    assert browser.open_record("hex size=5 pie=false: c3") == ""
    assert host.reports[-1] == "It replaced your game in progress: hexgo base=4: d4 e4"
    boot(host)
    assert browser.share() == "hex size=5 pie=false: c3"
    assert browser.open_record("hexgo base=4: d4 zz") != ""    # refused: nothing replaced
    a = browser.board.app
    assert a.current is not None and browser.share() == "hex size=5 pie=false: c3"


def test_a_link_that_breaks_the_replay_itself_leaves_a_menu(monkeypatch):
    host = boot()
    browser.open_record("hexgo base=4: d4 e4")

    def broken(text):
        raise MemoryError("memory allocation failed, allocating 2000000 bytes")
    monkeypatch.setattr(hexgames, "replay", broken)
    msg = browser.open_record("hexgo base=4: " + "d4 " * 600000)
    assert msg == "MemoryError: memory allocation failed, allocating 2000000 bytes"
    a = browser.board.app
    assert type(a.screen).__name__ == "Menu" and a.saved         # the game is kept
    assert browser.share() == "hexgo base=4: d4 e4" and not host.reports


def test_the_position_and_the_moves_in_words():
    boot()
    out = json.loads(browser.frame())
    assert out["label"].startswith("The board. Choose a game: HexGo at ") and "say" not in out
    assert browser.open_record("hexgo base=4: d4 e4") == ""
    out = json.loads(browser.frame())
    assert out["label"] == "HexGo on 37 cells. X: d4. O: e4. X to move." and "say" not in out
    assert browser.press_name("c3") == "" and browser.press_name("c3") == ""   # pressed, confirmed
    out = json.loads(browser.frame())
    assert out["say"] == "X played c3."
    assert out["label"] == "HexGo on 37 cells. X: c3, d4. O: e4. O to move."
    browser.press(browser.fn_key("UNDO"))
    out = json.loads(browser.frame())
    assert out["say"] == "Taken back: X to move." and "c3" not in out["label"]
    for _ in range(3):
        out = browser.frame()
        assert out is None or "say" not in json.loads(out)    # said once
