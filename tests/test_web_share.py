# A shared game (the record in the link's fragment) goes on as its opener chooses: the
# page asks first (the board waits meanwhile), then against the computer at the level
# picked, the opener playing the side picked, or between two people. One page load;
# the second link is pasted into the open page (only the fragment changes).
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "web"))
import web_page  # noqa: E402
from harness import click_cell, frames, play_move, state, wait_answer  # noqa: E402

playwright = web_page.require()

RECORD = "hexgo base=4: d4 e4 d3"          # three moves: O to move


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    with web_page.opened(tmp_path_factory, "#" + RECORD.replace(" ", "%20")) as pg:
        yield pg


def asked(page):
    """The page's question is shown, with the side to move picked; the board waits."""
    dialog = page.get_by_role("dialog")
    assert dialog.is_visible()
    levels = [b.inner_text() for b in dialog.get_by_role("button").all()]
    assert levels == ["Level %d" % k for k in range(1, 7)] + ["Two people"], levels
    assert dialog.get_by_role("radio", name="O (second)").is_checked()
    s = state(page)
    assert s["screen"] == "Play" and s["plies"] == 3 and s["to_move"] == 2
    # a press on the board before the choice: nothing happens
    cell = int(page.evaluate("honeycomb.probe.move_cells(1)").split()[0])
    click_cell(page, cell)
    frames(page, 3)
    t = state(page)
    assert not t["entering"] and t["plies"] == 3, "the board took a press before the choice"
    page.click("#keys button[data-key=MENU]")
    frames(page, 3)
    assert state(page)["screen"] == "Play", "the Menu key took a press before the choice"
    return dialog


def test_a_shared_game_goes_on_against_the_computer_at_the_level_chosen(page):
    dialog = asked(page)
    dialog.get_by_role("radio", name="O (second)").check()
    dialog.get_by_role("button", name="Level 2").click()
    assert not dialog.is_visible()
    s = state(page)
    assert s["level"] == 2 and s["human"] == 2 and s["plies"] == 3
    assert "level 2; you play O" in page.inner_text("#notice")
    play_move(page, 1)
    s = wait_answer(page, 4)
    assert s["plies"] == 5 and s["last_side"] == 1 and s["to_move"] == 2, s   # X, the computer, answered
    assert page.evaluate("honeycomb.py.share()").startswith(RECORD + " ")


def test_a_shared_game_goes_on_between_two_people(page):
    page.evaluate("(h) => { location.hash = h; }", RECORD.replace(" ", "%20"))
    page.wait_for_function("document.getElementById('opponent').hidden === false")
    dialog = asked(page)
    dialog.get_by_role("button", name="Two people").click()
    assert not dialog.is_visible()
    s = state(page)
    assert s["level"] == 0 and s["plies"] == 3
    play_move(page, 1)                       # O's move
    frames(page, 3)
    assert state(page)["plies"] == 4
    frames(page, 60)                         # a second of frames: no computer moves
    s = state(page)
    assert s["plies"] == 4 and s["to_move"] == 1 and not s["thinking"], s
    play_move(page, 2)                       # X is the person's too
    frames(page, 3)
    assert state(page)["plies"] == 5
