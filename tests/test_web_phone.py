# The web page on a phone (a 390 px wide screen, touch, three device pixels a CSS pixel):
# on every board the cells are at least 32 px apart, measured from the page's own
# geometry; what does not fit pans under a finger, which presses nothing while it pans;
# a tap then lands on the cell under it; the Zoom button shows the whole board and
# back. One browser context for the module, each board one page load.
import math
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "web"))
import web_page  # noqa: E402
from harness import frames, ready, state  # noqa: E402

playwright = web_page.require()

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
         "has_touch": True}
MIN_PITCH = 32


@pytest.fixture(scope="module")
def phone(tmp_path_factory):
    with web_page.opened(tmp_path_factory, None, **PHONE) as page:
        yield page


def pitch(page):
    """The least distance between the centres of two keys on the board, in CSS px."""
    pts = page.evaluate("""(() => { const hc = honeycomb, n = hc.state().n, out = [];
      for (let i = 0; i < n; i++) out.push(hc.centre(i));
      for (const k of ["MENU", "UNDO", "OK", "HINT", "LIGHT", "SOUND", "NEW"]) {
        const j = hc.key(k);
        if (j >= n) { try { out.push(hc.centre(j)); } catch (e) { /* a button, not on the board */ } }
      }
      return out; })()""")
    best = math.inf
    for i in range(len(pts)):
        for j in range(i):
            best = min(best, math.dist(pts[i], pts[j]))
    return best, len(pts)


def view_box(page):
    return page.locator("#view").bounding_box()


def drag(page, x0, y0, dx, steps=8):
    """A finger's drag across the board, as the phone's touch screen sends it."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for k in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                              "touchPoints": [{"x": x0 + dx * k / steps, "y": y0}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    frames(page, 3)


def tap_choice(page, cell):
    """Tap a menu choice's cell a little off its centre; True if the menu took it."""
    x, y = page.evaluate("(i) => honeycomb.centre(i)", cell)
    if not MIN_PITCH <= y <= PHONE["viewport"]["height"] - MIN_PITCH:
        # scrolled out of the screen (a tap on a button below scrolls it into view):
        # the page scrolled back to it, as a person does
        page.evaluate("(dy) => window.scrollBy(0, dy)", y - PHONE["viewport"]["height"] / 2)
        x, y = page.evaluate("(i) => honeycomb.centre(i)", cell)
    box = view_box(page)
    assert box["x"] <= x <= box["x"] + box["width"], (cell, x, box)   # in view: pannable to
    page.touchscreen.tap(x + 0.3 * MIN_PITCH, y - 0.2 * MIN_PITCH)
    frames(page, 3)
    return state(page)


@pytest.mark.parametrize("variant, n", [("pocket", 127), ("full", 271), ("hexboard", 133)])
def test_on_a_phone_every_board_is_pressable_and_pans(phone, variant, n):
    page = phone
    page.goto(page.url0 + ("?board=" + variant if variant != "pocket" else ""))
    ready(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390     # the page itself never pans
    least, keys = pitch(page)
    assert keys == n + (7 if variant == "hexboard" else 0)
    assert least >= MIN_PITCH, (variant, least)
    box = view_box(page)
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    # wider than the screen at that size: a finger pans it, each way, and presses nothing
    canvas = page.locator("#board").bounding_box()
    assert canvas["width"] > box["width"], (variant, canvas, box)
    s = state(page)
    caption = s["caption"]
    choices = sorted(s["choices"], key=lambda c: page.evaluate("(i) => honeycomb.centre(i)[0]", c[2]))
    y = box["y"] + 0.5 * min(box["height"], 844 - box["y"])
    for dx, choice in ((300, choices[0]), (-600, choices[-1])):   # to the left edge, then the right
        left = page.evaluate("document.getElementById('view').scrollLeft")
        drag(page, box["x"] + box["width"] / 2, y, dx)
        moved = page.evaluate("document.getElementById('view').scrollLeft")
        assert (moved < left) if dx > 0 else (moved > left), (variant, dx, left, moved)
        assert state(page)["caption"] == caption, "a pan pressed a cell"
        s = tap_choice(page, choice[2])
        assert s["screen"] == "Menu" and "[%s]" % choice[0] in s["caption"], (variant, choice, s["caption"])
        caption = s["caption"]
    assert page.evaluate("document.getElementById('view').scrollLeft") > 0
    # the whole board at once, and back to the pressable size
    page.tap("#zoom")
    assert page.inner_text("#zoom") == "Zoom in"
    canvas = page.locator("#board").bounding_box()
    assert canvas["width"] <= view_box(page)["width"] and pitch(page)[0] < MIN_PITCH
    page.tap("#zoom")
    assert page.inner_text("#zoom") == "Whole board" and pitch(page)[0] >= MIN_PITCH
    s = tap_choice(page, choices[len(choices) // 2][2])
    assert "[%s]" % choices[len(choices) // 2][0] in s["caption"], s["caption"]
