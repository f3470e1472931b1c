# The owner's self-test (firmware/app/selftest.py) on every board, through the virtual
# board: the colour sweep, the tone and the screen's pattern; each key lighting its own
# LED and named; a miswired key shown as a fault; the knob counted; the report on the
# console and in the store; entered from the settings page and left with Menu.
import pytest

import host_sim  # noqa: F401
from app.menu import Menu
from app.selftest import FILE, SelfTest
from host_sim.board import VirtualBoard
from host_sim.session import Session

BOARDS = ("pocket", "full", "hexboard")
INTRO_FRAMES = 62               # the sweep's 2.4 s at 40 ms a frame, and a little


def started(variant, tmp_path):
    b = VirtualBoard(variant, str(tmp_path))
    a = b.app(ai=None)
    a.run(2)
    a.self_test()
    return b, a


def grey(rgb):
    return rgb[0] > 0 and rgb[0] == rgb[1] == rgb[2]


def corner_of(b, key):
    lay = b.layout
    R = lay.radius
    q, r = ((0, -R), (R, -R), (-R, 0), (R, 0))[key - lay.n]
    return lay.index(q, r)


@pytest.mark.parametrize("variant", BOARDS)
def test_a_tone_every_led_in_each_colour_then_dark(tmp_path, variant):
    b, a = started(variant, tmp_path)
    seen = []
    for _ in range(INTRO_FRAMES):
        a.run(1)
        leds = [b.rgb(i) for i in range(b.layout.n)]
        keys = [b.key_rgb(k) for k in range(b.layout.n, b.layout.knob) if b.layout.fn_led[k - b.layout.n] >= 0]
        every = leds + keys
        if len(set(every)) == 1:
            c = every[0]
            kind = ("white" if grey(c) else "red" if c[0] and not c[1] | c[2] else
                    "green" if c[1] and not c[0] | c[2] else "blue" if c[2] and not c[0] | c[1] else
                    "dark" if not any(c) else repr(c))
            if not seen or seen[-1] != kind:
                seen.append(kind)
    assert seen == ["red", "green", "blue", "white", "dark"]


@pytest.mark.parametrize("variant", BOARDS)
def test_the_tone_sounds_whatever_the_sound_setting(tmp_path, variant):
    b = VirtualBoard(variant, str(tmp_path))
    a = b.app(ai=None)
    a.settings.sound = False
    a.run(2)
    b.sound.tones.clear()
    a.self_test()
    a.run(2)
    assert b.sound.tones == [(880, 400)]


def test_the_hexboards_screen_shows_a_checkerboard_then_its_inverse(tmp_path):
    b, a = started("hexboard", tmp_path)
    s = b.screen

    def squares(lit_even):
        """The 8 x 8 squares whose column and row add up to an even number lit (or the
        odd ones), every other pixel dark."""
        odd = 0 if lit_even else 1
        return all(s.pixel(x, y) == (((x >> 3) + (y >> 3)) % 2 == odd)
                   for y in range(128) for x in range(0, 128, 3))
    a.run(10)                                          # the 16 pages sent, 2 a frame
    assert squares(True) and a.panel.dirty == 0
    sent = s.sent
    a.run(30)                                          # the inverse from 1.2 s
    assert squares(False) and a.panel.dirty == 0 and s.sent >= sent + 16
    a.run(INTRO_FRAMES - 40 + 10)
    assert not squares(False) and not squares(True)     # the caption, drawn whole again
    assert a.panel.lines[0] == "Self-test"


@pytest.mark.parametrize("variant", BOARDS)
def test_every_key_lights_its_own_led_and_is_named(tmp_path, variant):
    b, a = started(variant, tmp_path)
    a.run(INTRO_FRAMES)
    lay = b.layout
    assert b.lit() == []
    for key in range(lay.knob):
        if key == a.MENU:
            continue                                   # its second press leaves: last
        b.press(key)
        a.run(1)
        name = lay.name(key) if key < lay.n else lay.fn_label[key - lay.n]
        assert ("pressed %s," % name) in a.caption or ("pressed %s." % name) in a.caption, a.caption
        if key < lay.n:
            assert grey(b.rgb(key))
            # its own LED and every key pressed before it, no other
            assert b.lit() == list(range(key + 1)), (name, b.lit())
        elif lay.fn_led[key - lay.n] >= 0:             # the HexBoard's command keys
            assert grey(b.key_rgb(key))
            assert not any(any(b.key_rgb(k)) for k in range(key + 1, lay.knob))
        else:                                          # the pocket's: a corner blinks
            c = corner_of(b, key)
            shown = set()
            for _ in range(10):
                a.run(1)
                shown.add(b.rgb(c))
            assert len(shown) == 2 and (0, 0, 0) in shown and grey(max(shown))
        a.run(1)
    assert "keys %d of %d," % (lay.knob - 1, lay.knob) in a.caption
    b.press("MENU")                                    # its first press: tested
    a.run(30)                                          # (and a corner's blink over)
    assert isinstance(a.screen, SelfTest) and "all keys OK" in a.caption
    green = b.rgb(0)
    assert green[1] > 0 and green[0] == 0 and all(b.rgb(i) == green for i in range(lay.n))
    b.press("MENU")                                    # again: done
    a.run(2)
    assert isinstance(a.screen, Menu)
    assert "keys: %d of %d pressed, 0 at fault" % (lay.knob, lay.knob) in b.reports[-1]
    assert "not pressed" not in b.reports[-1]


@pytest.mark.parametrize("variant", BOARDS)
def test_a_key_that_reads_as_two_is_a_fault_named_in_red(tmp_path, variant):
    b, a = started(variant, tmp_path)
    a.run(INTRO_FRAMES)
    lay = b.layout
    d4, e4 = lay.find("g5"), lay.find("h5")
    b.press(d4)                                        # a good key first: white
    a.run(2)
    b.miswire(e4, d4)                                  # e4's line shorted to g5's
    b.press(e4)
    a.run(2)
    red = b.rgb(e4)
    assert red[0] > 0 and red[1] == red[2] == 0 and b.rgb(d4) == red
    assert "faults h5+g5" in a.caption or "faults g5+h5" in a.caption, a.caption
    b.press(e4)                                        # the fault stays: each press
    a.run(2)
    assert b.rgb(e4) == red
    b.shorts.clear()                                   # a press of it alone clears it
    b.press(e4)
    a.run(2)
    assert grey(b.rgb(e4)) and b.rgb(d4) == red
    # two keys pressed together are two at fault, as a short
    ok, hint = lay.fn_key("OK"), lay.fn_key("HINT")
    b.keys.push(ok, 1)
    b.keys.push(hint, 1)
    b.keys.push(ok, 2)
    b.keys.push(hint, 2)
    a.run(2)
    assert "OK/Pass+Hint" in a.caption
    b.press("MENU")
    b.press("MENU")
    a.run(2)
    text = b.reports[-1]
    assert "keys: 5 of %d pressed, 3 at fault" % lay.knob in text    # Menu too
    assert "faults: g5+h5 OK/Pass+Hint" in text or "faults: h5+g5 OK/Pass+Hint" in text, text


def test_every_key_at_fault_is_named_once_with_its_partner(tmp_path):
    b, a = started("pocket", tmp_path)
    a.run(INTRO_FRAMES)

    def together(one, two):
        one, two = b.key_of(one), b.key_of(two)
        for key, kind in ((one, 1), (two, 1), (one, 2), (two, 2)):
            b.keys.push(key, kind)
        a.run(2)
    together("i1", "h1")                      # h1 and i1 at fault
    together("g1", "h1")                      # g1 and h1 again: i1 is still at fault
    a.screen.end()
    assert "faults: g1+h1 i1+h1\n" in b.reports[-1] + "\n", b.reports[-1]


def test_the_report_on_the_console_and_in_the_store(tmp_path):
    b, a = started("hexboard", tmp_path)
    a.run(INTRO_FRAMES)
    b.press("i7")
    b.press("OK")
    b.turn(3)
    b.turn(-2)
    b.push_knob()
    a.run(3)
    assert "knob 3 cw, 2 ccw, button 1" in a.caption
    assert a.pointer < 0                               # the knob counted, not pointing
    b.press("MENU")
    a.run(2)
    b.press("MENU")
    a.run(2)
    want = ("Honeycomb self-test: HexBoard (hexboard)\n"
            "revision: none (simulated)\n"
            "keys: 3 of 140 pressed, 0 at fault\n"
            "not pressed: h1 i1 j1 k1 l1 m1 n1 o1 p1 g2 and 127 more\n"
            "knob: 3 clockwise, 2 counter-clockwise, button 1\n"
            "shown: a tone of 880 Hz, every LED red, green, blue, white, the screen's checkerboard\n")
    assert b.reports[-1] + "\n" == want
    assert b.store.load(FILE) == want.encode()
    with open(tmp_path / FILE, "rb") as f:
        assert f.read() == want.encode()
    assert isinstance(a.screen, Menu)


def test_the_settings_page_offers_it_and_menu_leaves_it(tmp_path):
    s = Session("pocket", str(tmp_path), ai=None)
    s.choose("settings")
    ch = {v: c for _, v, c in s.screen.choices()}
    s.press(ch["selftest"])
    assert isinstance(s.screen, SelfTest)
    s.frames(INTRO_FRAMES)
    s.press("MENU", "MENU")
    assert isinstance(s.screen, Menu) and s.screen.page == "game"
    # the HexBoard's knob reaches it too: the pointer's stop on the self-test cluster
    s = Session("hexboard", str(tmp_path / "h"), ai=None)
    s.choose("settings")
    target = {v: c for _, v, c in s.screen.choices()}["selftest"]
    for _ in range(20):
        if s.app.pointer == target:
            break
        s.board.turn(1)
        s.frames(1)
    assert s.app.pointer == target and s.app.pointed == "self-test"
    s.board.push_knob()
    s.frames(2)
    assert isinstance(s.screen, SelfTest)


def test_a_command_key_is_tested_not_obeyed(tmp_path):
    b, a = started("hexboard", tmp_path)
    a.run(INTRO_FRAMES)
    level = a.settings.brightness
    sound = a.settings.sound
    for name in ("LIGHT", "SOUND", "NEW", "UNDO", "HINT"):
        b.press(name)
        a.run(2)
    assert (a.settings.brightness, a.settings.sound) == (level, sound)
    assert isinstance(a.screen, SelfTest) and "keys 5 of 140" in a.caption


@pytest.mark.parametrize("variant", BOARDS)
def test_the_settings_pages_self_test_shares_no_cell(tmp_path, variant):
    from app import gauge
    b = VirtualBoard(variant, str(tmp_path))
    a = b.app(ai=None)
    m = Menu(a, "settings")
    cells = {v: it[1] for it in m.items for v in [it[3]]}
    test = cells.pop("selftest")
    others = [c for cs in cells.values() for c in cs] + gauge.cells(b.layout)
    assert -1 not in test and len(set(test)) == 6 and not set(test) & set(others)
    assert all(m.owner[c] == [it[3] for it in m.items].index("selftest") for c in test)


def test_the_caption_keeps_its_last_line_on_the_hexboards_screen(tmp_path):
    # the longest a caption gets: the board's facts before any key, then faults of
    # the longest names, the knob's counts in the hundreds; "Menu ...: done." shown
    b, a = started("hexboard", tmp_path)
    a.facts = lambda: (("revision", "v1.2"), ("flash", "16 MB"),
                       ("file system", "15360 KB in 3840 blocks of 4096"))
    a.self_test()
    a.run(INTRO_FRAMES + 10)
    assert "file system 15360 KB" in a.caption
    assert [line for line in a.panel.lines if line][-1].endswith("done.")
    keys = [b.key_of(name) for name in ("UNDO", "LIGHT", "NEW", "OK", "HINT", "SOUND", "MENU")]
    keys += list(range(31))                            # 19 pairs in all
    for k in range(0, len(keys), 2):                   # pairs pressed together
        one, two = keys[k], keys[k + 1]
        for key, kind in ((one, 1), (two, 1), (one, 2), (two, 2)):
            b.keys.push(key, kind)
    b.turn(300)
    b.turn(-200)
    for _ in range(100):
        b.push_knob()
    a.run(20)
    assert "+16 more" in a.caption and "file system" not in a.caption
    shown = [line for line in a.panel.lines if line]
    assert shown[-1].endswith("done.") and len(shown) <= 16, shown
