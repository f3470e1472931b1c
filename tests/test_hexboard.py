# The HexBoard (hardware/hexboard.json), a hex keyboard on sale, as a third board: its
# keys and LEDs as its own firmware wires them (theHDM/HexBoard, src/config.h), the field
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

COMMAND = (0, 20, 40, 60, 80, 100, 120)          # LEDs of the command keys (left edge)
# (LED, q, r) read off config.h's table of coordinates, one per row and the corners
CONFIG_H = ((1, -1, -6), (9, 7, -6), (10, -2, -5), (19, 7, -5), (21, -2, -4), (55, 1, -1),
            (65, 0, 0), (69, 4, 0), (101, -6, 4), (130, -8, 7), (139, 1, 7))


def source():
    with open(os.path.join(ROOT, "hardware", "hexboard.json"), encoding="utf-8") as f:
        return json.load(f)


def test_keys_leds_and_slots_are_wired_as_the_hexboard_is():
    d = hw.load(os.path.join(ROOT, "hardware", "hexboard.json"))
    cells, fn = d["cells"], d["function_keys"]
    assert len(cells) == 133 and len(fn) == 7
    assert sorted([c["led"] for c in cells] + [f["led"] for f in fn]) == list(range(140))
    assert [f["led"] for f in fn] == list(COMMAND)
    assert [f["name"] for f in fn][:4] == ["MENU", "UNDO", "OK", "HINT"]
    at = {c["led"]: (c["q"], c["r"]) for c in cells}
    for led, q, r in CONFIG_H:
        assert at[led] == (q, r)
    for key in cells + fn:                 # LED 10 x address + column; slot column x 16 + address
        address, column = divmod(key["led"], 10)
        assert key["slot"] == 16 * column + address
    assert d["pins"]["key_addr"] == [4, 5, 2, 3]
    assert d["pins"]["key_read"] == list(range(6, 16))
    assert (d["pins"]["led_data"], d["pins"]["oled_sda"], d["pins"]["oled_scl"]) == (22, 16, 17)
    assert (d["pins"]["knob_a"], d["pins"]["knob_b"], d["pins"]["knob_press"]) == (20, 21, 24)


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

    return [
        ("unknown pin role", unknown_role, r"pins\.laser: not a role the firmware knows"),
        ("screen missing", screen_gone, r"the layout needs 'screen'"),
        ("half a knob", knob_half, r"knob_a without knob_b"),
        ("LED chain gap", chain_gap, r"no cell or key on LED 120 \(of 140\)"),
        ("field too small", field_cut, r"hexhex of radius 3 around \(0, 0\)"),
        ("columns", columns, r"key_read: must be consecutive GPIOs"),
        ("rotation", rotate, r"screen\.rotate: 90"),
        ("shape", shape, r"shape\.kind: 'square' is not one of hexhex, field"),
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
