# The HexBoard in the web page: its screen drawn by the board's own panel code
# (firmware/app/panel.py into framebuf, in MicroPython's WebAssembly build) must be the
# simulator's picture bit for bit, and its knob (wheel, keys, the drawn knob) must be
# enough to choose and play a whole game. One page for the module: each load boots the
# firmware, and the tests follow on from each other as a player would.
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "web"))
import harness  # noqa: E402
import web_page  # noqa: E402
from harness import frames, state  # noqa: E402

playwright = web_page.require()


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    with web_page.opened(tmp_path_factory, "?board=hexboard",
                         viewport={"width": 1100, "height": 900}) as pg:
        yield pg


def simulator():
    import host_sim  # noqa: F401
    from host_sim.board import VirtualBoard
    from host_sim.screen import font
    assert font(), "the simulator's screen needs MicroPython's font (the unix port)"
    vb = VirtualBoard("hexboard")
    return vb, vb.app()


def settled(page):
    """A few frames, so every changed page of the screen has been sent."""
    frames(page, 10)
    return page.evaluate("honeycomb.screenRows()")


def test_the_screen_on_the_page_is_the_simulators_picture(page):
    vb, app = simulator()
    app.run(10)
    rows = settled(page)
    assert rows == vb.screen.rows()
    assert page.evaluate("honeycomb.probe.glass()") == vb.screen.buffer.hex()
    assert "Choose a game" in "".join(rows) or sum(r.count("#") for r in rows) > 500
    # the knob turned three clicks by the wheel over the board: its pointer named on
    # the screen's last line, inverted, as on the simulator turned the same way
    x, y = page.evaluate("honeycomb.centre(60)")
    page.mouse.move(x, y)
    for _ in range(3):
        page.mouse.wheel(0, 100)
    vb.turn(3)
    app.run(10)
    rows = settled(page)
    assert app.pointed and rows == vb.screen.rows()
    assert state(page)["pointer"] == app.pointer
    # one back by the wheel over the screen itself, the other way
    box = page.locator("#screen").bounding_box()
    page.mouse.move(box["x"] + 50, box["y"] + 50)
    page.mouse.wheel(0, -100)
    vb.turn(-1)
    app.run(10)
    assert settled(page) == vb.screen.rows() and state(page)["pointer"] == app.pointer
    # the drawn knob's buttons from the keyboard: Enter on a focused turn button turns it
    # one click, Space on the focused knob presses it once (a selection, not a choice)
    page.focus("#turn-right")
    page.keyboard.press("Enter")
    vb.turn(1)
    page.focus("#knob")
    page.keyboard.press(" ")
    vb.push_knob()
    app.run(10)
    assert settled(page) == vb.screen.rows() and state(page)["pointer"] == app.pointer
    s = state(page)
    assert s["screen"] == "Menu" and s["page"] == "game" and "[%s]" % app.pointed in s["caption"], s
    page.evaluate("document.activeElement.blur()")
    # the picture is drawn scaled, beside the board
    board = page.locator("#board").bounding_box()
    assert box["width"] >= 256 and box["x"] >= board["x"] + board["width"]


def turn_to(page, cell):
    """Turn the knob by [ and ] the shorter way round to `cell` (-1: the stop on OK)."""
    s = state(page)
    stops = s["targets"] + [-1]
    assert cell in stops, (cell, s)
    if s["pointer"] not in stops:          # not on this screen yet: the first click lands
        page.keyboard.press("]")
        frames(page, 2)
        s = state(page)
    k = (stops.index(cell) - stops.index(s["pointer"])) % len(stops)
    for _ in range(k if 2 * k <= len(stops) else len(stops) - k):
        page.keyboard.press("]" if 2 * k <= len(stops) else "[")
    frames(page, 2)
    assert state(page)["pointer"] == cell


def push(page, how="space"):
    if how == "space":
        page.keyboard.press(" ")
    else:
        page.click("#knob")
    frames(page, 2)


def test_a_game_is_chosen_and_played_to_its_end_with_the_knob_alone(page):
    s = state(page)
    assert s["screen"] == "Menu"
    wanted = {"game": "Hex", "size": "5", "opponent": "level 1", "side": "X (first)"}
    for _ in range(8):
        s = state(page)
        if s["screen"] != "Menu":
            break
        if s["page"] in wanted:
            cell = [c[2] for c in s["choices"] if wanted[s["page"]] in (c[0], c[1])][0]
        else:                                   # options: as they are, OK
            cell = -1
        turn_to(page, cell)
        push(page, "click")                     # the drawn knob, clicked
        push(page)                              # and Space: pressed twice, chosen
    s = state(page)
    assert s["screen"] == "Play" and s["game"] == "hex" and s["level"] == 1 and s["human"] == 1, s
    moves = 0
    for seed in range(40):
        page.wait_for_function("(() => { const s = honeycomb.state(); return s.over ||"
                               " (s.screen === 'Play' && s.to_move === s.human && !s.thinking); })()",
                               timeout=30000, polling=harness.POLL_MS)
        s = state(page)
        if s["over"] or s["screen"] != "Play":
            break
        plies = s["plies"]
        cells = [int(c) for c in page.evaluate("(s) => honeycomb.probe.move_cells(s)", seed).split()]
        for c in cells + cells[-1:]:            # each cell, and the last again: played
            turn_to(page, c)
            push(page)
        assert state(page)["plies"] > plies
        moves += 1
    page.wait_for_function("honeycomb.state().screen === 'End'", timeout=30000)
    s = state(page)
    assert s["over"] and ("wins" in s["caption"] or "Draw" in s["caption"]), s
    assert moves >= 3
    # the result on the screen too: its picture is the panel's drawing of the caption
    from app.panel import wrap
    vb, app = simulator()
    caption, pointed = s["panel"]
    assert caption == s["caption"]
    app.panel.show(caption, pointed)
    assert settled(page) == vb.screen.rows(), (wrap(caption, 16), pointed)
