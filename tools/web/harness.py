"""The web page in a headless browser, for tests/test_web.py and tools/web/bench.py:
build it, serve it on a free port of 127.0.0.1, find Debian's Chromium, and the
few page actions both need (press a cell with the mouse, choose from the menu,
start a game). Chromium is driven through the `playwright` client from PyPI; it
never downloads a browser of its own.
"""
import functools
import http.server
import os
import shutil
import threading

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
# How often a test looks at the app's state while waiting: each look runs Python in
# the page (the record is rebuilt), which would lengthen the frames being measured.
POLL_MS = 200
MISSING = "Chromium is absent: `apt-get install chromium` (make test installs it)"


def chromium():
    """Path of the browser, or None."""
    for path in CHROMIUM:
        if os.path.exists(path):
            return path
    return shutil.which("chromium")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    """(server, base URL) of a static server for folder, in a thread of its own."""
    handler = functools.partial(_Quiet, directory=folder)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, "http://127.0.0.1:%d/" % httpd.server_address[1]


# -- on a page -------------------------------------------------------------------------
def ready(page, timeout=20000):
    page.wait_for_function("window.honeycomb && honeycomb.firstPaint >= 0", timeout=timeout)


def state(page):
    return page.evaluate("honeycomb.state()")


def click_cell(page, i):
    x, y = page.evaluate("(i) => honeycomb.centre(i)", i)
    page.mouse.click(x, y)


def fn(page, name):
    """Press a function key: its button, or the key itself where the board has it (the
    HexBoard's command keys are drawn beside the field)."""
    button = page.locator("#keys button[data-key=%s]" % name)
    if button.count():
        button.click()
    else:
        click_cell(page, page.evaluate("(k) => honeycomb.key(k)", name))


def frames(page, k=3):
    """Wait until the page has run k more app frames (a press is then handled)."""
    f0 = page.evaluate("honeycomb.frames")
    page.wait_for_function("(f) => honeycomb.frames >= f", arg=f0 + k, polling="raf", timeout=10000)


def choose(page, label):
    """Press the menu choice `label` (its first cell) until the page takes it."""
    s = state(page)
    cell = [c[2] for c in s["choices"] if c[0] == label or c[1] == label]
    if not cell:
        raise AssertionError("no menu choice %r in %r" % (label, s["choices"]))
    for _ in range(2):             # once selects, again confirms
        click_cell(page, cell[0])
        frames(page)
        t = state(page)
        if t["screen"] != "Menu" or t["page"] != s["page"]:
            return t
    raise AssertionError("menu page %s did not take %r: %s" % (s["page"], label, t["caption"]))


def start_game(page, game, level, smallest=True):
    """From the game page of the menu to the first frame of a game, by pressing cells."""
    s = choose(page, game)
    while s["screen"] == "Menu":
        if s["page"] == "size":
            s = choose(page, s["choices"][0 if smallest else -1][0])
        elif s["page"] == "flags":
            fn(page, "OK")
            frames(page)
            s = state(page)
        elif s["page"] == "opponent":
            s = choose(page, str(level))        # the opponent page's values: 0 two people, levels 1-6
        elif s["page"] == "side":
            s = choose(page, "X (first)")
        else:
            raise AssertionError("unexpected menu page %s" % s["page"])
    return s


def play_move(page, seed=1):
    """Press the cells of a legal move (the beginner's choice) with the mouse, and
    the confirming press; OK twice for a move without cells."""
    cells = page.evaluate("(s) => honeycomb.probe.move_cells(s)", seed)
    assert cells != "-", "not the person's turn"
    if not cells:
        fn(page, "OK")
        fn(page, "OK")
        return []
    cells = [int(c) for c in cells.split()]
    for c in cells + cells[-1:]:
        click_cell(page, c)
    return cells


def wait_answer(page, plies, timeout=30000):
    """Wait until the computer has answered: more than `plies` moves, the person to
    move (or the game over), nothing searching."""
    page.wait_for_function(
        "(p) => { const s = honeycomb.state(); return s.plies > p && !s.thinking &&"
        " (s.over || s.to_move === s.human || s.screen !== 'Play'); }", arg=plies, timeout=timeout,
        polling=POLL_MS)
    return state(page)
