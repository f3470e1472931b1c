# The HexBoard (hardware/hexboard.json), a hex keyboard on sale, as a third board: its
# keys and LEDs as its own firmware wires them (its hardware v1.2 table of keys), the field
# the games are placed on, its generated views, and the faults the validator names.
import copy
import csv
import importlib.util
import json
import os
import sys
import xml.etree.ElementTree as ET

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
from app import games, layout  # noqa: E402

_spec = importlib.util.spec_from_file_location("hwviews", os.path.join(ROOT, "tools", "hardware",
                                                                      "hwviews.py"))
hw = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hw)

COMMAND = (0, 20, 40, 60, 80, 100, 120)          # LEDs of the command keys, top to bottom

# Facts from the HexBoard's hardware v1.2 table of keys (theHDM/HexBoard_2_0 src/config.h,
# hexBoard_layout_hw_1_2; the same in theHDM/hexboard_1_2 src/hexBoardHardware.h): per
# key its doubled-width (x, y), mux address and column; the LED is 10 x address + column.
# Mux address m, column c holds a field key at y = m - 6, x = X0[m % 2] + 2c, except
# column 0 of an even address: the command keys (CMDBTN_0-6 of theHDM/HexBoard's
# HexBoard.ino, LEDs 0, 20, ..., 120, in that order), each at the (x, y) below.
X0 = (-10, -9)
COMMAND_XY = (("MENU", 0, -10, 0), ("UNDO", 20, -11, 1), ("OK", 40, -10, 2),
              ("HINT", 60, -11, 3), ("LIGHT", 80, -10, 4), ("SOUND", 100, -11, 5),
              ("NEW", 120, -10, 6))


def axial(x, y):
    """Doubled-width (x, y) -> our axial (q, r)."""
    assert (x - y) % 2 == 0
    return (x - y) // 2, y


def source():
    with open(os.path.join(ROOT, "hardware", "hexboard.json"), encoding="utf-8") as f:
        return json.load(f)


def test_keys_leds_and_slots_are_wired_as_the_hexboard_is():
    d = hw.load(os.path.join(ROOT, "hardware", "hexboard.json"))
    cells, fn = d["cells"], d["function_keys"]
    assert len(cells) == 133 and len(fn) == 7
    assert sorted([c["led"] for c in cells] + [f["led"] for f in fn]) == list(range(140))
    # every one of the 140 keys where the v1.2 table puts it, on its LED and scan slot
    command = {led: (name, axial(x, y)) for name, led, x, y in COMMAND_XY}
    keys = {k["led"]: k for k in cells + fn}
    for m in range(14):
        for c in range(10):
            key, led = keys[10 * m + c], 10 * m + c
            assert key["slot"] == 16 * c + m, key
            if led in command:
                assert (key["name"], (key["q"], key["r"])) == command[led]
            else:
                assert key in cells and (key["q"], key["r"]) == axial(X0[m % 2] + 2 * c, m - 6), key
    assert [(f["name"], f["led"]) for f in fn] == [(n, led) for n, led, _, _ in COMMAND_XY]
    assert d["pins"]["key_addr"] == [4, 5, 2, 3]
    assert d["pins"]["key_read"] == list(range(6, 16))
    assert (d["pins"]["led_data"], d["pins"]["oled_sda"], d["pins"]["oled_scl"]) == (22, 16, 17)
    assert (d["pins"]["knob_a"], d["pins"]["knob_b"], d["pins"]["knob_press"]) == (20, 21, 24)


def test_the_command_keys_are_a_column_beside_rows_7_to_13():
    d = source()
    west = {}                                  # row -> its westmost field key
    for c in d["cells"]:
        if c["r"] not in west or c["q"] < west[c["r"]]["q"]:
            west[c["r"]] = c
    rows = sorted(west)
    assert len(rows) == 14
    for k, f in enumerate(d["function_keys"]):
        r = rows[6 + k]                         # rows 7-13 from the top, one key each
        assert (f["q"], f["r"]) == (west[r]["q"] - 1, r), f["name"]
        assert west[r]["name"].endswith(str(7 + k))


def test_the_field_holds_a_radius_4_hexhex_and_the_games_that_fit_it():
    lay = layout.load("hexboard")
    assert (lay.n, lay.chain, lay.radius) == (133, 140, 4)
    assert lay.name(lay.index(0, 0)) == "i7" and lay.find("i7") == lay.index(0, 0)
    assert lay.index(3, 5) == -1 and lay.index(2, 5) >= 0 and lay.index(-5, 0) == -1 and lay.index(-4, 0) >= 0
    assert lay.index(7, -6) >= 0 and lay.index(8, -6) == -1
    offered = {g: games.sizes(lay, g) for g in games.offered(lay)}
    assert offered == {"hexgo": [4], "hexade": [4, 5], "xiago": [4], "inphexion": [7],
                       "hex": [5, 7]}
    # every cell of each offered board lands on a key of the field
    import hexgames
    for name, sizes in offered.items():
        for s in sizes:
            g = hexgames.new(name, **games.options(name, s, ()))
            place = games.Place(lay, g.board)
            assert len(set(place.cell)) == g.board.n


def test_views_draw_every_key_and_the_bom_is_the_boards_own():
    d = source()
    root = ET.parse(os.path.join(ROOT, "hardware", "generated", "hexboard.svg")).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(ns + "polygon")) == 140
    texts = {t.text for t in root.iter(ns + "text")}
    assert {c["name"] for c in d["cells"]} <= texts and {f["label"] for f in d["function_keys"]} <= texts
    with open(os.path.join(ROOT, "hardware", "generated", "hexboard-bom.csv")) as f:
        rows = list(csv.DictReader(f))
    assert [r["designator"] for r in rows] == [p[0] for p in d["parts"]]
    pins = open(os.path.join(ROOT, "hardware", "generated", "hexboard-pins.md")).read()
    assert "| GP16 | oled_sda |" in pins and "| 0 | GP6 | MENU |" in pins


def _mutations():
    def unknown_role(d):
        d["pins"]["laser"] = 18

    def screen_gone(d):
        del d["screen"]

    def knob_half(d):
        del d["pins"]["knob_b"]

    def chain_gap(d):
        d["function_keys"][6]["led"] = 140

    def field_cut(d):
        d["cells"] = [c for c in d["cells"] if (c["q"], c["r"]) != (0, -3)]

    def columns(d):
        d["pins"]["key_read"][3] = 26

    def rotate(d):
        d["screen"]["rotate"] = 90

    def shape(d):
        d["shape"]["kind"] = "square"

    def boot2(d):
        d["flash"]["boot2"] = "w25q999"

    def clkdiv(d):
        d["flash"]["clkdiv"] = 3

    def no_room(d):
        d["flash"]["filesystem"] = d["flash"]["bytes"] - 512 * 1024

    def no_flash(d):
        del d["flash"]

    def key_on_cell(d):
        d["function_keys"][0].update(q=-4, r=0)

    def keys_stacked(d):
        d["function_keys"][1].update(q=-5, r=0)

    return [
        ("unknown pin role", unknown_role, r"pins\.laser: not a role the firmware knows"),
        ("screen missing", screen_gone, r"the layout needs 'screen'"),
        ("half a knob", knob_half, r"knob_a without knob_b"),
        ("LED chain gap", chain_gap, r"no cell or key on LED 120 \(of 140\)"),
        ("field too small", field_cut, r"hexhex of radius 3 around \(0, 0\)"),
        ("columns", columns, r"key_read: must be consecutive GPIOs"),
        ("rotation", rotate, r"screen\.rotate: 90"),
        ("shape", shape, r"shape\.kind: 'square' is not one of hexhex, field"),
        ("boot stage 2", boot2, r"flash\.boot2: 'w25q999' is not one of the pico-sdk's"),
        ("flash clock", clkdiv, r"flash\.clkdiv: 3; the SSI divides clk_sys by an even"),
        ("no room for the image", no_room, r"leave the image at least 1024 KiB"),
        ("flash unnamed", no_flash, r"layout: missing 'flash'"),
        ("key on a cell", key_on_cell, r"function key MENU at \(q=-4, r=0\) sits on e7"),
        ("two keys in one place", keys_stacked, r"function key UNDO at \(q=-5, r=0\) sits on MENU"),
    ]


@pytest.mark.parametrize("what,mutate,message", _mutations(), ids=[m[0] for m in _mutations()])
def test_a_broken_copy_is_refused_naming_the_fault(tmp_path, what, mutate, message):
    d = copy.deepcopy(source())
    mutate(d)
    path = tmp_path / "hexboard.json"
    path.write_text(json.dumps(d))
    with pytest.raises(ValueError, match=message):
        hw.load(str(path))


def test_the_firmware_form_carries_the_field_and_refuses_a_damaged_one(tmp_path):
    d = source()
    lay = layout.read(os.path.join(ROOT, "firmware", "layouts", "hexboard.json"))
    for i, c in enumerate(d["cells"]):
        assert (lay.coord(i), lay.name(i), lay.led[i], lay.slot[i]) == (
            (c["q"], c["r"]), c["name"], c["led"], c["slot"])
    assert lay.fn_led == tuple(COMMAND) and lay.screen == d["screen"]
    good = json.loads(open(os.path.join(ROOT, "firmware", "layouts", "hexboard.json")).read())
    for k, (change, message) in enumerate([
            ({"cell_q": good["cell_q"][:-1]}, r"cell_q must be a list of 133"),
            ({"cell_r": [40] * 133}, r"cell_r\[0\] = 40"),
            ({"chain": 100}, r"chain must be a count of LEDs from 133"),
            ({"keys": [k[:3] for k in good["keys"]]}, r"is not \[name, label, slot, LED or -1\]"),
            ({"cell_q": [0] * 133}, r"two cells at \(0, ")]):
        path = tmp_path / ("l%d.json" % k)
        path.write_text(json.dumps(dict(good, **change)))
        with pytest.raises(ValueError, match=message):
            layout.read(str(path))


def test_the_extra_command_keys_step_the_light_turn_the_sound_and_replay(tmp_path):
    import host_sim  # noqa: F401  (puts firmware/ on the path, the stubs of micropython)
    from host_sim.board import VirtualBoard
    b = VirtualBoard("hexboard", str(tmp_path))
    a = b.app(ai=None)
    a.run(2)
    lay = b.layout
    level = a.settings.brightness
    b.press(lay.fn_key("LIGHT"))
    a.run(2)
    assert a.settings.brightness == (level + 1) % 6 and type(a.screen).__name__ == "Menu"
    sound = a.settings.sound
    b.press(lay.fn_key("SOUND"))
    a.run(2)
    assert a.settings.sound != sound
    again = VirtualBoard("hexboard", str(tmp_path)).app(ai=None)      # kept in the settings
    assert (again.settings.brightness, again.settings.sound) == ((level + 1) % 6, not sound)
    b.press(lay.fn_key("NEW"))                    # no match played yet: refused
    a.run(2)
    assert type(a.screen).__name__ == "Menu"
    a.new_game(["hexgo", 4, [], 0, 1])
    play = a.screen
    play.g.play(play.g.moves()[0])
    b.press(lay.fn_key("NEW"))                    # a game goes on: it is never thrown away
    a.run(2)
    assert a.screen is play and len(play.g.history()) == 1


# ---------------------------------------------------------------- the knob and the panel

@pytest.fixture
def stubs(monkeypatch):
    """device.* over the stub machine of tests/stubs (as tests/test_device.py)."""
    import importlib
    monkeypatch.syspath_prepend(os.path.join(ROOT, "tests", "stubs"))
    m = importlib.reload(importlib.import_module("stub_machine"))
    monkeypatch.setitem(sys.modules, "machine", m)
    for name in list(sys.modules):
        if name == "device" or name.startswith("device."):
            monkeypatch.delitem(sys.modules, name)
    return m


def test_the_knob_counts_whole_clicks_and_never_a_bounce(stubs):
    from device.knob import Knob
    got = []
    k = Knob(20, 21, lambda key, kind: got.append((key, kind)), 500)
    a, b = stubs.pins[20], stubs.pins[21]

    def steps(seq):                       # (A, B) levels in turn, then the scan's flush
        for va, vb in seq:
            a.drive(va)
            b.drive(vb)
        k.flush()
    cw = [(1, 0), (0, 0), (0, 1), (1, 1)]
    steps(cw)
    assert got == [(501, 1)]
    steps([(0, 1), (0, 0), (1, 0), (1, 1)])              # counter-clockwise
    assert got[1:] == [(500, 1)]
    steps([(1, 0), (1, 1), (1, 0), (1, 1)])              # bounce on one contact: no click
    steps([(1, 0), (0, 0), (1, 0), (0, 0), (0, 1), (1, 1)])   # chatter mid-click: one click
    assert got[2:] == [(501, 1)] and k.clicks == [1, 2]
    b._v = 0                                             # both contacts at once from rest:
    a.drive(0)                                           # no direction to take, no click
    b._v = 1
    a.drive(1)
    k.flush()
    assert len(got) == 3 and k.count == 0
    steps([(1, 0)])                                      # a fast turn: an edge missed
    b._v = 1                                             # mid-click is taken the way
    a.drive(0)                                           # the knob was going
    steps([(1, 1)])
    assert got[3:] == [(501, 1)]


def test_a_watched_button_is_debounced_like_the_keys(stubs):
    from device.keyscan import Scanner
    s = Scanner(layout.load("hexboard"), [4, 5, 2, 3], list(range(6, 16)))
    s.watch(24, 777)
    btn = stubs.pins[24]
    btn.drive(0)
    s.scan()
    assert s.poll() == -1                 # one reading is not enough
    s.scan()
    assert s.poll() == 777 * 4 + 1
    btn.drive(1)
    s.scan()
    btn.drive(0)                          # a bounce shorter than a scan
    s.scan()
    s.scan()
    assert s.poll() == -1
    btn.drive(1)
    s.scan()
    s.scan()
    assert s.poll() == 777 * 4 + 2


def test_a_game_is_chosen_and_played_with_the_knob_alone(tmp_path):
    import host_sim  # noqa: F401
    from host_sim.board import VirtualBoard
    b = VirtualBoard("hexboard", str(tmp_path))
    a = b.app(ai=None)
    a.run(2)

    def choose(label):
        for _ in range(12):
            b.turn(1)
            a.run(1)
            if a.pointed == label:
                break
        assert a.pointed == label and a.pointer in a.screen.targets()
        b.push_knob()
        a.run(1)
        b.push_knob()                     # pressed twice: chosen
        a.run(2)
    choose("Hex")
    assert "size" in a.screen.page or a.caption.startswith("Board size")
    choose("5")
    while type(a.screen).__name__ == "Menu":     # the rest by the button alone: OK
        b.push_knob()
        a.run(2)
    play = a.screen
    assert play.name == "hex" and play.g.board.size == 5
    for turn in range(4):                 # two people: four moves, each by the knob
        b.turn(1 + turn)
        a.run(1)
        cell = a.pointer
        assert play.place.of(cell) >= 0 and a.pointed == play.g.board.name(play.place.of(cell))
        b.push_knob()
        a.run(1)
        b.push_knob()
        a.run(2)
        assert len(play.g.history()) == turn + 1 and play.g.cells(play.g.history()[-1]) == [
            play.place.of(cell)]
    assert a.caption.startswith("Hex: X to move")


def test_a_new_screen_drops_the_last_screens_pointer_from_the_panel(tmp_path):
    # Screens caption themselves as they are made, while the last screen still shows:
    # the panel must not keep naming the cell the knob pointed at there.
    import host_sim  # noqa: F401
    from host_sim.session import Session
    s = Session("hexboard", str(tmp_path), ai=None)
    s.start("hex", size=5)
    for m in ("c1", "a1", "c2", "a2", "c3", "a3", "c4", "a4"):
        s.play(s.game.parse(m))
    s.board.turn(2)                           # the knob points at a cell
    s.frames(2)
    pointed = s.app.pointed
    assert pointed and "> " + pointed in s.app.panel.lines
    s.play(s.game.parse("c5"))                # X links row 1 to row 5: the end
    s.until(lambda: s.on("end"))
    s.frames(2)
    assert not [line for line in s.app.panel.lines if line.startswith("> ")], s.app.panel.lines


def test_the_panel_shows_the_caption_and_sends_only_changed_pages(tmp_path):
    import host_sim  # noqa: F401
    from host_sim.board import VirtualBoard
    from host_sim.screen import font
    from app.panel import wrap
    assert font() is not None and len(font()) == 96 * 8
    assert wrap("Choose a game [HexGo]: HexGo=i4", 16) == ["Choose a game", "[HexGo]:", "HexGo=i4"]
    assert wrap("inpHeXionXinpHeXion ok", 8) == ["inpHeXio", "nXinpHeX", "ion ok"]
    b = VirtualBoard("hexboard", str(tmp_path))
    a = b.app(ai=None)
    a.run(20)
    rows = b.screen.rows()
    title = a.caption.split(": ")[0]
    assert all(r[0] == "#" for r in rows[:8])            # the title line: inverted
    assert rows[-1] == "." * 128                           # nothing pointed at: last line dark
    drawn = [line for line in a.panel.lines if line]
    assert b.screen.sent == len(drawn) == 10               # the first picture: its lines
    b.turn(1)
    a.run(5)
    assert b.screen.sent == 11                             # then only the line that changed
    assert "#" in "".join(b.screen.rows()[-8:]) and a.pointed == "HexGo"
    assert title == "Choose a game"


def test_a_screen_that_does_not_answer_leaves_a_board_that_starts(stubs, monkeypatch, capsys):
    import importlib
    monkeypatch.setitem(sys.modules, "neopixel", importlib.import_module("stub_neopixel"))
    monkeypatch.setitem(sys.modules, "rp2", importlib.import_module("stub_rp2"))

    class Silent:                        # an I2C bus on which nothing answers
        def __init__(self, *a, **k):
            pass

        def writeto(self, addr, buf):
            raise OSError(19)            # ENODEV: no acknowledge

    monkeypatch.setattr(stubs, "I2C", Silent, raising=False)
    import types                         # CPython has no framebuf: a stand-in base class
    fb = types.ModuleType("framebuf")
    fb.MONO_VLSB = 0
    fb.FrameBuffer = type("FrameBuffer", (), {"__init__": lambda self, *a: None,
                                              "fill": lambda self, c: None})
    monkeypatch.setitem(sys.modules, "framebuf", fb)
    from device import board
    b = board.build(layout.load("hexboard"))
    assert b.screen is None and b.knob is not None and b.leds.n == 140
    assert "screen: no answer at I2C address 0x3c" in capsys.readouterr().out


def test_the_screen_is_off_while_the_board_sleeps(stubs, monkeypatch):
    import host_sim  # noqa: F401
    from host_sim.board import VirtualBoard
    monkeypatch.syspath_prepend(os.path.join(ROOT, "firmware"))
    import main

    class Keys:
        seen = 0

        def clear(self):
            pass
    vb = VirtualBoard("hexboard")
    a = vb.app()
    a.run(2)
    keys = Keys()
    idle = main.Idle(a, keys)
    seen_off = []

    def sleep_ms(ms, _orig=vb.clock.sleep_ms):
        _orig(ms)
        seen_off.append(not vb.screen.on)
        if len(seen_off) > 3:
            keys.seen += 1                   # a key wakes it
    monkeypatch.setattr(vb.clock, "sleep_ms", sleep_ms)
    cmd = (0, 20, 40, 60, 80, 100, 120)
    assert all(vb.leds.led(k) == (6, 6, 6) for k in cmd)     # the command keys glow
    vb.clock.t += main._OFF_MS
    idle.check()
    assert idle.sleeps == 1 and seen_off and all(seen_off) and vb.screen.on
    assert all(vb.leds.led(k) == (0, 0, 0) for k in cmd)     # and were dark asleep


def test_the_screen_driver_starts_the_screen_as_u8g2_does(monkeypatch):
    """device/oled.py's I2C traffic read as the SH1107 reads it (control byte 0x00:
    commands follow, 0x40: display data) against U8g2's start-up for the HexBoard's
    screen (tests/sh1107_u8g2.py); the emulated chip holds the image's to it too."""
    import types
    from sh1107_u8g2 import OURS_START
    fb = types.ModuleType("framebuf")
    fb.MONO_VLSB = 0
    fb.FrameBuffer = type("FrameBuffer", (), {"__init__": lambda self, *a: None,
                                              "fill": lambda self, c: None})
    monkeypatch.setitem(sys.modules, "framebuf", fb)
    monkeypatch.delitem(sys.modules, "device.oled", raising=False)
    from device.oled import SH1107

    class Bus:
        def __init__(self):
            self.sent = []

        def writeto(self, addr, buf):
            self.sent.append((addr, bytes(buf)))

        def writevto(self, addr, bufs):
            self.sent.append((addr, b"".join(bytes(b) for b in bufs)))
    bus = Bus()
    SH1107(bus, 128, 128, 0x3C, 180)
    with_arg = (0x81, 0xA8, 0xAD, 0xD3, 0xD5, 0xD9, 0xDB, 0xDC)   # the SH1107's table
    seen = []
    for addr, t in bus.sent:
        assert addr == 0x3C and t[0] in (0x00, 0x40), t
        if t[0] == 0x40:
            seen.append("data %d" % (len(t) - 1))
            continue
        k = 1
        while k < len(t):
            n = 2 if t[k] in with_arg else 1
            seen.append(" ".join("%02x" % b for b in t[k:k + n]))
            k += n
    assert seen == OURS_START
