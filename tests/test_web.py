# The handheld in a web page (web/, tools/web/): the real firmware app in MicroPython's
# WebAssembly build, in headless Chromium from Debian's packages, driven by the
# `playwright` client. Every game is started from the on-screen menu by clicking its
# cells and played to the end; undo, resume after a reload, settings, share links,
# the keyboard, both boards, offline play, the colours of the window simulator.
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "web"))
import harness  # noqa: E402
import web_page  # noqa: E402
from web_page import built, site  # noqa: E402, F401 (fixtures)
from harness import click_cell, fn, frames, play_move, ready, start_game, state, wait_answer  # noqa: E402

playwright = web_page.require()

GAMES = ("hexgo", "hexade", "xiago", "inphexion", "hexmeister", "hex")
DOCS_SHOT = os.path.join(ROOT, "docs", "web.png")


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=harness.chromium())
        yield b
        b.close()


class Page:
    """A fresh browser context (its own localStorage) and a page in it that records
    every console error; the test fails on any."""

    def __init__(self, browser, url, **options):
        self.context = browser.new_context(viewport={"width": 760, "height": 900}, **options)
        self.url = url
        self.errors = []
        self.page = self.open()

    def open(self):
        page = self.context.new_page()
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return page

    def goto(self, suffix=""):
        self.page.goto(self.url + suffix)
        ready(self.page)
        return self.page

    def close(self):
        errors = self.errors + self.page.evaluate("honeycomb.errors")
        self.context.close()
        assert not errors, errors


@pytest.fixture
def web(browser, site):
    w = Page(browser, site)
    yield w
    w.close()


def test_menu_is_drawn_in_the_window_simulators_colours(web):
    page = web.goto()
    s = state(page)
    assert s["screen"] == "Menu" and s["page"] == "game" and s["n"] == 127
    assert page.evaluate("honeycomb.firstPaint") > 0
    # the same app frame on the PC's virtual board (no game chosen yet: nothing pulses)
    import host_sim  # noqa: F401
    from host_sim.board import VirtualBoard, on_screen
    vb = VirtualBoard("pocket")
    app = vb.app()
    app.run(2)
    lit = 0
    for i in range(127):
        want = on_screen(vb.rgb(i))
        assert page.evaluate("(i) => honeycomb.led(i)", i) == list(vb.rgb(i)), i
        if max(want) >= 8:              # a lit LED: its centre shows exactly its colour
            assert page.evaluate("(i) => honeycomb.pixel(i)", i) == list(want), i
            lit += 1
        else:                           # a dark cell, at most lit by a neighbour's glow
            assert max(page.evaluate("(i) => honeycomb.pixel(i)", i)) < 80, i
    # six game clusters of seven cells, Learn's cluster, and Settings: a corner cell and
    # its three neighbours
    assert lit == sum(len(it[1]) for it in app.screen.items) == 6 * 7 + 7 + 4


def test_six_games_played_to_the_end_offline(web):
    page = web.goto()
    web.context.set_offline(True)       # everything was loaded with the page
    for k, game in enumerate(GAMES):
        s = start_game(page, game, 3 if game == "hexgo" else 1)
        assert s["screen"] == "Play" and s["game"] == game and s["plies"] == 0, s
        # a person's move by mouse, until the computer has answered it
        answered = False
        for seed in range(1, 6):
            before = [page.evaluate("(i) => honeycomb.pixel(i)", i) for i in range(127)]
            plies = state(page)["plies"]
            play_move(page, seed + 10 * k)
            s = wait_answer(page, plies)
            if s["over"] or s["screen"] != "Play":
                break
            if s["last_side"] == 3 - s["human"]:
                last = [int(c) for c in page.evaluate("honeycomb.probe.last_cells()").split()]
                if last:
                    frames(page, 2)
                    c = last[-1]
                    assert page.evaluate("(i) => honeycomb.pixel(i)", c) != before[c], (game, c)
                    answered = True
                    break
        assert answered, "%s: the computer did not answer on the board" % game
        page.evaluate("(s) => honeycomb.probe.autoplay(s)", 5 + k)
        page.wait_for_function("honeycomb.state().screen === 'End'", timeout=90000)
        page.evaluate("honeycomb.probe.autoplay(0)")
        s = state(page)
        assert s["over"] and ("wins" in s["caption"] or "Draw" in s["caption"]), s
        fn(page, "MENU")
        frames(page)
        assert state(page)["page"] == "game"
    assert page.evaluate("honeycomb.answers.length") >= 6


def test_reload_offline_from_the_service_workers_copy(web):
    page = web.goto()
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    web.context.set_offline(True)
    page.reload()
    ready(page)
    s = start_game(page, "hex", 2)
    play_move(page, 1)
    assert wait_answer(page, 0)["plies"] == 2


def test_the_service_worker_keeps_every_file_of_the_folder(built):
    import json
    import re
    with open(os.path.join(built, "sw.js"), encoding="utf-8") as f:
        listed = json.loads(re.search(r"const FILES = (\[.*?\]);", f.read()).group(1))
    files = set()
    for folder, _, names in os.walk(built):
        files.update(os.path.relpath(os.path.join(folder, n), built).replace(os.sep, "/") for n in names)
    assert set(listed) == files | {"./"} and len(listed) == len(set(listed))
    for variant in ("pocket", "full", "hexboard"):
        assert "hardware/%s.json" % variant in listed


def test_every_board_plays_offline_after_one_visit_online(web):
    page = web.goto()                     # the pocket board only, online
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    web.context.set_offline(True)
    for variant, n in (("hexboard", 133), ("full", 271), ("pocket", 127)):
        page.goto(web.url + ("?board=" + variant if variant != "pocket" else ""))
        ready(page)
        s = state(page)
        assert s["n"] == n and s["screen"] == "Menu", (variant, s)
        assert page.evaluate("document.getElementById('variant').value") == variant
        start_game(page, "hexgo", 0)
        play_move(page, 1)
        frames(page, 2)
        s = state(page)
        assert s["screen"] == "Play" and s["plies"] == 1, (variant, s)
        assert page.evaluate("honeycomb.errors") == [], variant


def test_undo_takes_back_the_turn(web):
    page = web.goto()
    start_game(page, "hexgo", 1)
    frames(page, 3)
    empty = page.evaluate("(i) => honeycomb.pixel(i)", 63)
    cells = play_move(page, 3)
    s = wait_answer(page, 0)
    assert s["plies"] == 2 and s["to_move"] == s["human"]
    assert page.evaluate("(i) => honeycomb.pixel(i)", cells[-1]) != empty
    fn(page, "UNDO")
    frames(page)
    s = state(page)
    assert s["plies"] == 0 and page.evaluate("honeycomb.py.share()") == "hexgo base=4: "
    frames(page, 2)
    assert page.evaluate("(i) => honeycomb.pixel(i)", cells[-1]) == empty
    # the buzzer: the menu's clicks, the moves' tones (880 Hz a person's, 660 the computer's)
    tones = [f for f, ms in page.evaluate("honeycomb.tones")]
    assert 1800 in tones and 880 in tones and 660 in tones, tones


def test_each_choice_pressed_twice_starts_a_game_with_nothing_pressed(web):
    page = web.goto()
    for label in ("HexGo", "level 1", "X (first)"):     # level 1 and X: lit already
        s = state(page)
        assert s["screen"] == "Menu", (label, s)
        cell = [c[2] for c in s["choices"] if c[0] == label][0]
        click_cell(page, cell)
        frames(page)
        click_cell(page, cell)
        frames(page)
    s = state(page)
    assert s["screen"] == "Play" and s["game"] == "hexgo" and s["level"] == 1 and s["human"] == 1
    assert s["plies"] == 0 and not s["entering"], s


def test_touch_presses_cells(browser, site):
    w = Page(browser, site, has_touch=True)
    try:
        page = w.goto()
        x, y = page.evaluate("(i) => honeycomb.centre(i)", state(page)["choices"][1][2])
        page.touchscreen.tap(x, y)            # Hexade's cluster
        frames(page)
        assert "[Hexade]" in state(page)["caption"]
    finally:
        w.close()


def test_reload_resumes_the_game_and_keeps_settings(web):
    page = web.goto()
    # settings: sound off, kept in the browser
    s = harness.choose(page, "Settings")
    assert s["page"] == "settings" and s["sound"]
    click_cell(page, [c[2] for c in s["choices"] if c[1] == "sound"][0])    # a switch
    frames(page)
    fn(page, "OK")
    frames(page)
    assert not state(page)["sound"]
    start_game(page, "hexade", 1)
    play_move(page, 2)
    s = wait_answer(page, 0)
    record = page.evaluate("honeycomb.py.share()")
    assert s["plies"] == 2
    page.reload()
    ready(page)
    s = state(page)
    assert s["screen"] == "Resume" and not s["sound"]
    assert page.evaluate("honeycomb.py.share()") == record
    fn(page, "OK")
    frames(page)
    s = state(page)
    assert s["screen"] == "Play" and s["level"] == 1 and s["plies"] == 2
    play_move(page, 4)                       # and it goes on
    assert wait_answer(page, 2)["plies"] == 4
    assert page.evaluate("honeycomb.tones.length") == 0     # sound off: not one tone


def test_a_reload_while_the_computer_thinks_keeps_the_players_move(web):
    page = web.goto()
    start_game(page, "hex", 6)               # level 6: a second of this computer's clock
    frames(page)
    play_move(page, 3)
    page.wait_for_function("() => { const s = honeycomb.state(); return s.plies === 1"
                           " && s.thinking === 1; }", timeout=10000)
    record = page.evaluate("honeycomb.py.share()")
    frames(page, 2)                          # the frame that shows the move, the one that saves it
    assert state(page)["thinking"] == 1      # still thinking: reloaded in the middle of it
    page.reload()
    ready(page)
    s = state(page)
    assert s["screen"] == "Resume" and page.evaluate("honeycomb.py.share()") == record
    fn(page, "OK")
    s = wait_answer(page, 1)                 # the computer answers, and only for itself
    assert s["plies"] == 2 and s["to_move"] == s["human"] == 1 and s["last_side"] == 2
    assert page.evaluate("honeycomb.py.share()").startswith(record)


def test_share_link_replays_the_game(web, browser, site):
    page = web.goto()
    start_game(page, "xiago", 1)
    for seed in range(3):
        plies = state(page)["plies"]
        play_move(page, seed)
        wait_answer(page, plies)
    record = page.evaluate("honeycomb.py.share()")
    page.click("#share")
    url = page.evaluate("honeycomb.shared")
    assert url.startswith(site) and "#xiago%20base=4:" in url
    friend = Page(browser, site)                  # another browser: empty storage
    try:
        p2 = friend.page
        p2.goto(url)
        ready(p2)
        frames(p2)
        s = state(p2)
        assert s["screen"] == "Play" and s["level"] == 0
        assert p2.evaluate("honeycomb.py.share()") == record
        assert "Opened a shared game" in p2.inner_text("#notice")
        assert "#" not in p2.url                  # a reload resumes, not replays
    finally:
        friend.close()


@pytest.mark.parametrize("link, why", [
    ("#hexgo%20base=4:%20d4%20d4", "d4"),               # a move on an occupied cell
    ("#hexgo%20base=4:%20d4%20zz99", "zz99"),           # no such cell
    ("#chess%20base=8:%20e4", "unknown game"),
    ("#hexgo%20base=4%20d4", "':'"),
])
def test_bad_share_link_gets_a_message_and_a_fresh_menu(web, link, why):
    page = web.goto(link)
    frames(page)
    s = state(page)
    assert s["screen"] == "Menu" and s["page"] == "game"
    text = page.inner_text("#notice")
    assert text.startswith("The link's game could not be opened") and why in text, text


@pytest.mark.parametrize("link, why", [
    ("#%2Z", "URIError"),                               # a bad % escape
    ("#%%%garbage", "URIError"),
    ("#hexgo%20base=4:%20d4%E0%A4", "URIError"),         # UTF-8 cut short
])
def test_a_damaged_link_is_dropped_and_the_page_goes_on(web, link, why):
    page = web.goto(link)
    text = page.inner_text("#notice")
    assert text.startswith("The link's game could not be opened: its text is damaged") and why in text
    assert "#" not in page.url                          # a reload does not read it again
    s = state(page)
    assert s["screen"] == "Menu" and s["page"] == "game"
    click_cell(page, s["choices"][0][2])                 # and the page answers a press
    frames(page)
    assert "[%s]" % s["choices"][0][0] in state(page)["caption"]
    page.reload()
    ready(page)
    assert page.inner_text("#notice") == "" and state(page)["screen"] == "Menu"


def share_records(seed):
    """A record of a few random moves of each game on the pocket board, as Share makes."""
    import random

    import hexgames
    from app import games, layout
    pocket = layout.load("pocket")
    rng = random.Random(seed)
    out = []
    for name in GAMES:
        g = hexgames.new(name, **games.options(name, games.default_size(pocket, name), []))
        for _ in range(rng.randint(2, 9)):
            if g.result() is None:
                g.play(rng.choice(g.moves()))
        out.append(g.record())
    return out


def damaged_links(rng, links, count):
    """count fragments made from real share links by the damage links meet: bad %
    escapes, cut short, another game, other options (a record of another version),
    huge, changed moves, random bit flips."""
    def escape(f):
        k = rng.randrange(len(f) + 1)
        bad = rng.choice(("%", "%2Z", "%%%garbage", "%G0", "%E0%A4", "%C0%AF", "%ED%A0%80", "%FF",
                          "%" + rng.choice("0123456789abcdefABCDEF"), "%%", "%u0041"))
        return f[:k] + bad + f[k:]

    def truncate(f):
        return f[:rng.randrange(1, len(f))]

    def game(f):
        head, sep, rest = f.partition("%20")
        other = rng.choice(("chess", "HEXGO", "hexg0", "", "hex", "hexgo", "xiago", "h%C3%A9x",
                            "".join(rng.choice("abcdefghxz") for _ in range(rng.randint(1, 12)))))
        return other + sep + rest

    def version(f):
        head, sep, rest = f.partition(":")
        words = head.split("%20")
        pick = rng.randrange(4)
        if pick == 0:
            words.append(rng.choice(("v=2", "version=3", "rules=2019", "format=1")))
        elif pick == 1 and len(words) > 1:
            key = words[1].split("=")[0]
            words[1] = "%s=%s" % (key, rng.choice(("0", "3", "99", "-1", "x", "true", "9" * 30)))
        elif pick == 2:
            words = words[:1]
        else:
            words.insert(1, "=")
        return "%20".join(words) + sep + rest

    def huge(f):
        pick = rng.randrange(4)
        n = rng.choice((1000000, 200000)) if rng.random() < 0.03 else rng.randint(2000, 40000)
        if pick == 0:
            return (f * (n // len(f) + 1))[:n]
        if pick == 1:
            return f + "%20d4" * (n // 5)
        if pick == 2:
            return "".join(rng.choice("abc%20:=") for _ in range(n // 50)) * 50
        return "x" * n + ":"

    def moves(f):
        head, sep, rest = f.partition(":")
        toks = rest.split("%20")
        k = rng.randrange(len(toks))
        toks[k] = rng.choice(("a1", "zz99", "d4", "", "-", "pass", "q0", toks[rng.randrange(len(toks))],
                              toks[k][::-1], toks[k] + "-" + toks[k]))
        return head + sep + "%20".join(toks)

    def flip(f):
        b = bytearray(f.encode())
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        return b.decode("latin-1")

    kinds = (escape, truncate, game, version, huge, moves, flip)
    out = []
    for k in range(count):
        kind = kinds[k % len(kinds)]
        f = kind(rng.choice(links))
        # the URL parser drops tabs and line breaks; an empty fragment is no link
        f = f.replace("\t", "").replace("\n", "").replace("\r", "") or "%"
        out.append((kind.__name__, f))
    return out


# Each link through the page's own path (a fragment set on the open page, as a link
# pasted into its address bar), then: was it read, dropped from the address, said
# in one line, and does the page still answer a press (MENU, then a menu choice)?
FEED = """async (links) => {
  const hc = honeycomb, out = [];
  for (const link of links) {
    const read = new Promise((done) => {
      const t = setTimeout(() => done(false), 3000);
      window.addEventListener("hashchange", () => { clearTimeout(t); done(true); }, { once: true });
    });
    location.hash = "#" + link;
    const r = { read: await read, left: location.hash, notice: document.getElementById("notice").textContent,
                result: hc.linkResult };
    let s = hc.state();
    r.screen = s.screen;
    if (s.screen !== "Menu") {
      hc.py.press(hc.py.fn_key("MENU"));
      hc.step();
      s = hc.state();
    }
    const [label, , cell] = s.choices[0];
    hc.py.press(cell);
    r.stepped = hc.step();
    s = hc.state();
    r.answered = s.screen === "Menu" && s.caption.includes("[" + label + "]");
    r.errors = hc.errors.length;
    out.push(r);
  }
  return out;
}"""


def test_hundreds_of_damaged_links_leave_a_working_page(web):
    import random
    page = web.goto()
    records = share_records(37)
    links = page.evaluate("(rs) => rs.map(encodeURI)", records)
    for rec, r in zip(records, page.evaluate(FEED, links)):   # the links themselves open
        assert r["read"] and r["result"] == "" and r["screen"] == "Play", (rec, r)
    assert page.evaluate("honeycomb.py.share()") == records[-1]
    damaged = damaged_links(random.Random(37), links, 350)
    kinds = {}
    for at in range(0, len(damaged), 75):
        batch = damaged[at:at + 75]
        for (kind, link), r in zip(batch, page.evaluate(FEED, [f for _, f in batch])):
            what = (kind, link[:200], r)
            assert r["read"] and r["left"] == "", what              # read, then dropped
            assert r["stepped"] and r["answered"] and r["errors"] == 0, what
            text = r["notice"]
            if r["result"]:
                assert text.startswith("The link's game could not be opened: "), what
            else:
                assert text.startswith("Opened a shared game: ") and r["screen"] == "Play", what
            assert len(text) < 400, what                           # one line, however long the link
            kinds.setdefault(kind, set()).add(bool(r["result"]))
    assert len(kinds) == 7 and all(True in v for v in kinds.values()), kinds   # each damage refused
    assert any(False in v for v in kinds.values()), kinds        # and some still replay
    assert not web.errors and "#" not in page.url


def test_a_crash_restarts_the_app_at_the_menu_with_the_game_kept(web):
    page = web.goto()
    start_game(page, "hexgo", 1)
    play_move(page, 1)
    wait_answer(page, 0)
    page.evaluate("honeycomb.probe.crash()")
    frames(page, 3)
    s = state(page)
    assert s["screen"] == "Menu" and s["page"] == "game"
    assert "started again at the menu" in page.inner_text("#notice")
    assert "Continue" in [c[0] for c in s["choices"]]     # the game is still there
    errors = page.evaluate("honeycomb.errors")
    assert len(errors) == 1 and "a crash for the test" in errors[0]
    assert len(web.errors) == 1                          # the console saw it too
    page.evaluate("honeycomb.errors = []")
    web.errors.clear()


def test_keyboard_types_cell_names(web):
    page = web.goto()
    page.keyboard.type("g4")               # the HexGo cluster, by the board's name
    page.keyboard.press("Enter")
    frames(page)
    assert "[HexGo]" in state(page)["caption"]
    page.keyboard.press("Enter")           # Enter alone is OK
    frames(page)
    s = state(page)
    assert s["page"] == "opponent"
    page.keyboard.type("q99")
    page.keyboard.press("Enter")
    assert "no cell" in page.inner_text("#notice")
    page.keyboard.press("Shift+U")         # back a page
    frames(page)
    assert state(page)["page"] == "game"


def test_full_board_and_screenshot(web):
    page = web.goto("?board=full")
    s = state(page)
    assert s["n"] == 271 and s["screen"] == "Menu"
    web.goto()
    start_game(page, "xiago", 0, smallest=False)
    for seed in range(14):
        play_move(page, seed)
        frames(page, 2)
    page.evaluate("honeycomb.probe.still()")      # the same picture at every run
    frames(page, 2)
    page.evaluate("honeycomb.paused = true")
    page.locator("main").screenshot(path=DOCS_SHOT)
    with open(DOCS_SHOT, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"


def test_the_hexboard_is_on_the_board_picker_and_plays(web):
    page = web.goto("?board=hexboard")
    s = state(page)
    assert s["n"] == 133 and s["screen"] == "Menu"
    assert page.evaluate("document.getElementById('variant').value") == "hexboard"
    import host_sim  # noqa: F401
    from host_sim.board import VirtualBoard
    vb = VirtualBoard("hexboard")
    vb.app().run(2)
    for i in (0, 61, 132):                          # the field drawn from its coordinates
        assert page.evaluate("(i) => honeycomb.led(i)", i) == list(vb.rgb(i)), i
    # The command keys, a column at the lower left beside rows 7-13 (the HexBoard's v1.2
    # table of keys, theHDM/HexBoard_2_0 src/config.h): each drawn one key west of the
    # westmost key of its row, in its LED's colour, and no button under the board.
    from host_sim.board import on_screen
    lay = vb.layout
    assert page.locator("#keys button").count() == 0
    for name, q, r in (("MENU", -5, 0), ("UNDO", -6, 1), ("OK", -6, 2), ("HINT", -7, 3),
                       ("LIGHT", -7, 4), ("SOUND", -8, 5), ("NEW", -8, 6)):
        key = page.evaluate("(k) => honeycomb.key(k)", name)
        assert key == lay.fn_key(name)
        x, y = page.evaluate("(i) => honeycomb.centre(i)", key)
        ex, ey = page.evaluate("(i) => honeycomb.centre(i)", lay.index(q + 1, r))
        fx, fy = page.evaluate("(i) => honeycomb.centre(i)", lay.index(q + 2, r))
        assert lay.index(q, r) < 0 and lay.index(q + 1, r) >= 0
        assert abs((ex - x) - (fx - ex)) < 0.01 and abs(y - ey) < 0.01 and ex > x, name
        want = vb.key_rgb(key)
        assert page.evaluate("(i) => honeycomb.led(i)", key) == list(want) and max(want) > 0
        assert page.evaluate("(i) => honeycomb.pixel(i)", key) == list(on_screen(want)), name
    start_game(page, "hexgo", 0)
    play_move(page, 0)
    frames(page, 2)
    s = state(page)
    assert s["screen"] == "Play" and s["game"] == "hexgo" and s["plies"] >= 1
    fn(page, "MENU")                                # pressed on the board, where it is drawn
    frames(page, 2)
    assert state(page)["screen"] == "Menu"
