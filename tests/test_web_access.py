# The web page for people who do not see the canvas or use no mouse: the board's role
# and a label that describes the position, a live region that announces each move and
# the result, Enter and Space on a focused button doing that button, a visible focus;
# read through Playwright's accessibility (ARIA) snapshot, as assistive technology
# reads the page. One page for the module: the tests follow on from each other.
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "web"))
import harness  # noqa: E402
import web_page  # noqa: E402
from harness import frames, play_move, start_game, state, wait_answer  # noqa: E402

playwright = web_page.require()


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    with web_page.opened(tmp_path_factory) as pg:
        yield pg


def snapshot(page):
    frames(page, 2)
    return page.locator("main").aria_snapshot()


def board_label(page):
    """The board's accessible name, as the snapshot gives it."""
    import re
    for line in snapshot(page).splitlines():
        m = re.match(r"""\s*- '?application "(.*)"'?$""", line)
        if m:
            return m.group(1)
    raise AssertionError("no board (role application) in the page's accessibility tree")


def moves_said(page):
    """The live region's lines, as the snapshot gives them."""
    snap = snapshot(page)
    assert '- log "Moves"' in snap
    return page.locator("role=log[name='Moves']").inner_text().splitlines()


def test_the_board_is_labelled_with_the_position_and_moves_are_announced(page):
    assert page.get_attribute("#said", "aria-live") == "polite"
    assert board_label(page).startswith("The board. Choose a game: HexGo at ")
    start_game(page, "hexgo", 1)
    play_move(page, 1)
    wait_answer(page, 0)
    head, moves = page.evaluate("honeycomb.py.share()").split(": ")
    mine, theirs = moves.split()
    assert board_label(page) == ("HexGo on 37 cells. X (you): %s. O (the computer): %s. "
                                 "X (you) to move." % (mine, theirs))
    said = moves_said(page)
    assert said[-2:] == ["X (you) played %s." % mine, "O (the computer) played %s." % theirs], said
    harness.fn(page, "UNDO")
    assert moves_said(page)[-1] == "Taken back: X (you) to move."
    assert board_label(page) == "HexGo on 37 cells. Empty. X (you) to move."
    # played to its end: the result announced, in the end screen's own words
    page.evaluate("honeycomb.probe.autoplay(3)")
    page.wait_for_function("honeycomb.state().screen === 'End'", timeout=60000)
    page.evaluate("honeycomb.probe.autoplay(0)")
    caption = state(page)["caption"]
    result = caption.split(". OK: ")[0] + "."
    assert " wins" in result or "Draw" in result, caption
    assert moves_said(page)[-1].endswith(result)
    assert board_label(page).endswith(result)
    assert " played " in moves_said(page)[-1] or " played " in moves_said(page)[-2]


def test_enter_and_space_on_a_focused_button_do_that_button(page):
    harness.fn(page, "MENU")
    frames(page)
    for key in ("Enter", " "):
        s = harness.choose(page, "HexGo")
        assert s["page"] != "game", s
        page.focus("#keys button[data-key=UNDO]")
        page.keyboard.press(key)              # Undo/Back: back to the games, not OK
        frames(page)
        assert state(page)["page"] == "game", key
    page.focus("#share")
    page.keyboard.press("Enter")
    assert "No game to share yet" in page.inner_text("#notice") or page.evaluate("honeycomb.shared")


def test_the_focus_is_visible(page):
    outline = "(() => { const s = getComputedStyle(document.activeElement);" \
              " return [document.activeElement.id || document.activeElement.dataset.key || '', s.outlineStyle," \
              " parseFloat(s.outlineWidth)]; })()"
    page.click("h1")                          # Tab goes on from the top of the page
    seen = []
    for _ in range(6):                        # from the top: the board, then the keys
        page.keyboard.press("Tab")
        who, style, width = page.evaluate(outline)
        assert style != "none" and width >= 2, (who, style, width)
        seen.append(who)
    assert seen[:3] == ["board", "MENU", "UNDO"], seen
    page.focus("#keys button[data-key=OK]")   # focused by a script, not the keyboard: no ring
    page.mouse.click(5, 5)
    assert page.evaluate(outline)[1] == "none"
