# The web page's Python side on CPython, without a browser: what the Rules panel opens
# on (web/shown.py), a shared game going on against the computer (browser.go_on), whose
# turn it is, the restart after a crash, and the position and moves in words
# (web/words.py) once the computer plays and when a game is over. The board is the
# one tests/test_web_board.py boots: a virtual clock and a host object.
import json

import hexgames
from hexgames.rng import Rng

from test_web_board import boot

import browser  # noqa: E402  (web/ is on sys.path through test_web_board)
import shown  # noqa: E402


def press(name):
    assert browser.press_name(name) == ""
    browser.frame()


def test_the_rules_panel_opens_on_the_game_selected_chosen_or_played():
    boot()
    browser.frame()
    assert shown.game() == ""                     # the menu, nothing selected yet
    press("g4")
    assert shown.game() == "hexgo"                # HexGo's cluster selected
    press("d10")
    assert shown.game() == "hex"
    press("a13")
    assert shown.game() == ""                     # Settings: no game's rules
    press("d10")
    press("d10")                                  # Hex chosen: its size page
    a = browser.board.app
    assert a.screen.page == "size" and shown.game() == "hex"
    browser.open_record("xiago base=4: c3")
    browser.frame()
    assert shown.game() == "xiago"                # the game on the grid


def test_a_shared_game_goes_on_against_the_computer_or_says_why_not():
    host = boot()
    browser.frame()
    assert browser.go_on(2, 1) == "no shared game is open" and browser.to_move() == 0
    assert browser.open_record("hexgo base=4: d4 e4") == "" and browser.to_move() == 1
    for level, side in ((7, 1), (-1, 1), (2, 0), (2, 3)):
        assert browser.go_on(level, side) == "no level %r or side %r" % (level, side)
    a = browser.board.app
    assert a.current.level == 0                   # refused: still two people
    assert browser.go_on(2, 2) == ""              # the person plays O: the computer X
    assert (a.current.level, a.current.human) == (2, 2) and a.screen is a.current
    said = []
    for _ in range(400):                          # the computer's search spans frames
        out = browser.frame()
        if out and "say" in json.loads(out):
            said = json.loads(out)
            break
    g = a.current.g
    move = g.text(g.history()[-1])
    assert len(g.history()) == 3 and browser.to_move() == 2
    assert said["say"] == "X (the computer) played %s." % move
    # the label names each side's cells in the board's order (a HexGo move is its cell)
    xs = ", ".join(g.text(m) for m in sorted((g.history()[0], g.history()[-1])))
    assert said["label"] == "HexGo on 37 cells. X (the computer): %s. O (you): e4. O (you) to move." % xs
    browser.frame()                               # shown, then saved (app/play.py)
    boot(host)                                    # reloaded: the game as it went on
    assert browser.share() == g.record()


def finished_hex():
    g = hexgames.new("hex", size=5, pie=False)
    rng = Rng(3)
    while g.result() is None:
        ms = g.moves()
        g.play(ms[rng.below(len(ms))])
    return g


def test_a_finished_game_is_nobodys_turn_and_its_words_give_the_result():
    g = finished_hex()
    assert g.result() == (1, 0, 0, "connection")
    boot()
    assert browser.open_record(g.record()) == "" and browser.to_move() == 0
    label = json.loads(browser.frame())["label"]
    assert label.startswith("Hex on 25 cells. X: ") and label.endswith(". X wins (connection).")
    # against the computer, the result says who that was
    assert browser.go_on(3, 2) == ""
    label = json.loads(browser.frame())["label"]
    assert label.endswith(". X wins - the computer wins (connection).")
    assert "X (the computer): " in label and "O (you): " in label


def test_after_a_crash_the_app_restarts_at_the_menu_with_the_game_kept():
    host = boot()
    browser.open_record("hexgo base=4: d4 e4")
    press("c3")
    press("c3")                                   # played and saved
    browser.restart()
    a = browser.board.app
    assert type(a.screen).__name__ == "Menu" and a.screen.page == "game"
    assert "Continue" in a.caption and browser.share() == "hexgo base=4: d4 e4 c3"
    assert browser.to_move() == 0 and host.reports == []


def test_cell_names_are_the_games_in_a_game_and_the_boards_elsewhere():
    boot()
    browser.frame()
    lay = browser.board.layout
    g7 = lay.find("g7")
    assert browser.cell_name(g7) == "g7"
    browser.open_record("hexgo base=4: d4")
    browser.frame()
    assert browser.cell_name(g7) == "d4"          # hexgo's centre on the pocket board
    assert browser.cell_names().split(" ")[g7] == "d4"
    assert browser.cell_name(lay.find("a7")) == "a7"   # off hexgo's board: the board's name
