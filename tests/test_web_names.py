# Cell names without a keyboard: the mouse over a cell shows its name beside the
# pointer, a finger held still on a cell shows it too and presses nothing, a tap still
# presses, and the "Cell names" button draws every name (Shift+N's, for phones). The
# names are checked against the page's own geometry and against what the app does with
# them (a menu caption's "HexGo at g4", a move's record). One page for the module.
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "web"))
import harness  # noqa: E402
import web_page  # noqa: E402
from harness import frames, start_game, state  # noqa: E402

playwright = web_page.require()


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    with web_page.opened(tmp_path_factory, has_touch=True) as pg:
        yield pg


def centre(page, i):
    return page.evaluate("(i) => honeycomb.centre(i)", i)


def tip(page):
    """The name shown beside the pointer or finger, and where, or None."""
    t = page.locator("#cellname")
    if not t.is_visible():
        return None
    return t.inner_text(), t.bounding_box()


def hover(page, i):
    x, y = centre(page, i)
    page.mouse.move(x + 4, y - 3)            # a little off the centre, inside the cell
    frames(page, 1)
    return tip(page), (x, y)


def long_press(page, x, y, ms):
    """A finger on (x, y), held ms without moving, then lifted: the name it showed."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(ms)
    shown = tip(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    frames(page, 3)
    return shown


def test_the_mouse_over_a_cell_shows_its_name(page):
    s = state(page)
    names = page.evaluate("honeycomb.py.cell_names()").split()
    assert len(names) == s["n"] == 127
    # each menu choice's cell: the name the caption gives it ("HexGo at g4")
    for label, _, cell in s["choices"]:
        (name, box), (x, y) = hover(page, cell)
        assert "%s at %s" % (label, name) in s["caption"], (label, name, s["caption"])
        assert abs(box["x"] - x) < 40 and abs(box["y"] + box["height"] - y) < 40, (box, x, y)
    for cell in (0, 10, 63, 126):                # corners and the middle of the board
        (name, _), _ = hover(page, cell)
        assert name == names[cell]
    assert state(page)["caption"] == s["caption"], "a hover pressed a cell"
    page.mouse.move(2, 2)                        # off the board: no name
    frames(page, 1)
    assert tip(page) is None
    # the mouse left on a cell while a game begins (chosen by typing): the game's name
    cell = page.evaluate("honeycomb.probe.state().n") // 2 - 3
    (board_name, _), _ = hover(page, cell)
    for value in ("hexgo", "0"):              # the game, then two people
        at = [c for _, v, c in state(page)["choices"] if v == value][0]
        for _ in range(2):
            page.keyboard.type(names[at])
            page.keyboard.press("Enter")
            frames(page, 2)
    s = state(page)
    assert s["screen"] == "Play" and s["level"] == 0, s["caption"]
    game_name = page.evaluate("(i) => honeycomb.py.cell_name(i)", cell)
    assert game_name != board_name and tip(page)[0] == game_name
    harness.fn(page, "MENU")
    frames(page, 3)


def test_a_long_press_shows_the_name_and_presses_nothing_a_tap_presses(page):
    assert state(page)["screen"] == "Menu"
    s = start_game(page, "hexgo", 0)             # two people: a press is an entry
    assert s["screen"] == "Play" and s["plies"] == 0
    cell = int(page.evaluate("honeycomb.probe.move_cells(1)"))
    x, y = centre(page, cell)
    shown = long_press(page, x, y, 800)
    assert shown is not None, "a long press showed no name"
    name = shown[0]
    t = state(page)
    assert not t["entering"] and t["plies"] == 0 and t["caption"] == s["caption"], "a long press pressed"
    # a short touch is a tap: it presses (the first press takes the cell, the second plays)
    page.touchscreen.tap(x, y)
    frames(page, 3)
    assert state(page)["entering"], "a tap did not press"
    page.touchscreen.tap(x, y)
    frames(page, 3)
    t = state(page)
    assert t["plies"] == 1
    # the name shown is the one the game records for that move
    assert page.evaluate("honeycomb.py.share()").endswith(": " + name)
    assert "Last: X played %s" % name in t["caption"]


def test_the_cell_names_button_draws_every_name(page):
    button = page.locator("#names")
    assert button.inner_text() == "Cell names" and button.get_attribute("aria-pressed") == "false"
    page.evaluate("honeycomb.probe.still()")     # the same picture every frame
    frames(page, 2)
    shot = lambda: page.evaluate("document.getElementById('board').toDataURL()")  # noqa: E731
    before = shot()
    button.tap()
    frames(page, 2)
    assert button.get_attribute("aria-pressed") == "true"
    named = shot()
    assert named != before
    assert state(page)["plies"] == 1, "the button pressed a cell"
    button.tap()
    frames(page, 2)
    assert button.get_attribute("aria-pressed") == "false" and shot() == before
