# Board layouts (hardware/<variant>.json): the validator, the generated views and the
# compact form the firmware loads. The checks below re-derive the rules independently of
# tools/hardware/hwviews.py's validator, then prove that the validator names each kind of fault.
import copy
import csv
import importlib.util
import io
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
from app import layout  # noqa: E402

_spec = importlib.util.spec_from_file_location("hwviews", os.path.join(ROOT, "tools", "hardware", "hwviews.py"))
hw = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hw)

BASES = {"pocket": 7, "full": 10}
PICO_HEADER = set(range(23)) | {26, 27, 28}
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def source(variant):
    with open(os.path.join(ROOT, "hardware", variant + ".json"), encoding="utf-8") as f:
        return json.load(f)


def hexhex(base):
    R = base - 1
    return {(q, r) for q in range(-R, R + 1) for r in range(-R, R + 1) if abs(q + r) <= R}


def gpios(pins):
    out = []
    for v in pins.values():
        out += v if isinstance(v, list) else [v]
    return out


@pytest.fixture(params=sorted(BASES))
def variant(request):
    return request.param


# ---------------------------------------------------------------- the layouts themselves

def test_layout_passes_validator(variant):
    d = hw.load(os.path.join(ROOT, "hardware", variant + ".json"))
    assert d["variant"] == variant
    assert d["shape"] == {"kind": "hexhex", "base": BASES[variant]}


def test_geometry_is_complete_hexhex_with_matching_names(variant):
    d = source(variant)
    base = BASES[variant]
    R = base - 1
    coords = [(c["q"], c["r"]) for c in d["cells"]]
    assert len(coords) == len(set(coords)) == 3 * base * (base - 1) + 1
    assert set(coords) == hexhex(base)
    assert coords == sorted(coords, key=lambda c: (c[1], c[0]))     # reading order
    for c in d["cells"]:
        assert c["name"] == LETTERS[c["q"] + R] + str(c["r"] + R + 1)


def test_led_indices_and_scan_slots_unique(variant):
    d = source(variant)
    n = len(d["cells"])
    assert sorted(c["led"] for c in d["cells"]) == list(range(n))
    slots = [c["slot"] for c in d["cells"]] + [f["slot"] for f in d["function_keys"]]
    assert len(slots) == len(set(slots))
    assert max(slots) < 16 * d["scan"]["muxes"]


def test_led_chain_is_serpentine(variant):
    # Consecutive LEDs are neighbouring cells, so the data line never crosses the board.
    cells = sorted(source(variant)["cells"], key=lambda c: c["led"])
    for a, b in zip(cells, cells[1:]):
        dq, dr = b["q"] - a["q"], b["r"] - a["r"]
        assert max(abs(dq), abs(dr), abs(dq + dr)) == 1, (a["name"], b["name"])


def test_pins_unique_and_valid_for_a_pico(variant):
    d = source(variant)
    pins = d["pins"]
    used = gpios(pins)
    assert len(used) == len(set(used))
    assert pins["vbus_sense"] == 24 and pins["vsys_sense"] == 29
    others = [p for p in used if p not in (24, 29)]
    assert set(others) <= PICO_HEADER
    assert len(pins["key_addr"]) == 4
    assert len(pins["key_read"]) == d["scan"]["muxes"]


def test_function_keys_present(variant):
    names = [f["name"] for f in source(variant)["function_keys"]]
    for key in ("MENU", "UNDO", "OK", "HINT"):
        assert key in names


def test_power_budget_leaves_light(variant):
    d = source(variant)
    p, led = d["power"], d["led"]
    assert p["led_budget_ma"] == p["usb_ma"] - p["charge_ma"] - p["logic_ma"]
    assert len(d["cells"]) * led["idle_ma"] < p["led_budget_ma"]
    assert led["max_ma"] == 3 * led["channel_ma"]


# ---------------------------------------------------------------- broken copies

def _dup_led(d):
    d["cells"][5]["led"] = d["cells"][4]["led"]


def _swap_pin(d):
    d["pins"]["buzzer"] = d["pins"]["key_read"][0]


def _mutations():
    def drop_cell(d):
        del d["cells"][10]

    def dup_cell(d):
        d["cells"].insert(11, copy.deepcopy(d["cells"][10]))

    def rename(d):
        d["cells"][0]["name"] = "a1"

    def off_board(d):
        d["cells"][0]["q"] = -9

    def shuffle(d):
        d["cells"][0], d["cells"][1] = d["cells"][1], d["cells"][0]

    def led_range(d):
        d["cells"][3]["led"] = len(d["cells"])

    def dup_slot(d):
        d["function_keys"][0]["slot"] = d["cells"][7]["slot"]

    def slot_range(d):
        d["cells"][2]["slot"] = 16 * d["scan"]["muxes"]

    def onboard_pin(d):
        d["pins"]["led_data"] = 25

    def not_a_gpio(d):
        d["pins"]["buzzer"] = 30

    def vsys_moved(d):
        d["pins"]["vsys_sense"] = 28

    def read_pins(d):
        d["pins"]["key_read"].pop()

    def no_menu(d):
        d["function_keys"] = [f for f in d["function_keys"] if f["name"] != "MENU"]

    def budget(d):
        d["power"]["led_budget_ma"] += 1

    def idle(d):
        d["led"]["idle_ma"] = 5

    def wrong_type(d):
        d["cells"][1]["q"] = "1"

    def base(d):
        d["shape"]["base"] += 1

    def no_pins(d):
        del d["pins"]

    def own_flash(d):
        d["flash"] = {"bytes": 2097152, "boot2": "w25q080", "clkdiv": 2, "filesystem": 1048576}

    return [
        ("duplicate LED", _dup_led, r"LED index \d+ used twice"),
        ("missing cell", drop_cell, r"missing [a-s]\d+"),
        ("cell twice", dup_cell, r"cell [a-s]\d+ listed twice"),
        ("wrong name", rename, r"should be named"),
        ("off board", off_board, r"outside a base-\d+ hexhex"),
        ("order", shuffle, r"not in reading order"),
        ("LED range", led_range, r"LED chain: no cell or key on LED 3 \(of \d+\)"),
        ("slot twice", dup_slot, r"scan slot \d+ used twice \([a-s]\d+ and MENU\)"),
        ("slot range", slot_range, r"scan slot \d+ not in"),
        ("pin twice", _swap_pin, r"GP4 used twice \(key_read\[0\] and buzzer\)"),
        ("on-board pin", onboard_pin, r"led_data: GP25 is not on the Pico's header"),
        ("bad GPIO", not_a_gpio, r"buzzer: 30 is not an RP2040 GPIO"),
        ("vsys pin", vsys_moved, r"vsys_sense: must be GP29"),
        ("read pins", read_pins, r"key_read: \d+ pins for \d+ muxes"),
        ("function key", no_menu, r"MENU is missing"),
        ("budget sum", budget, r"led_budget_ma"),
        ("idle draw", idle, r"idle LEDs draw"),
        ("type", wrong_type, r"cells\[1\]\.q: wrong type"),
        ("base", base, r"cell [a-s]\d+ at \(q=0, r=-\d\) should be named"),
        ("missing section", no_pins, r"missing 'pins'"),
        ("flash of its own", own_flash, r"flash: a Pico brings its own flash"),
    ]


@pytest.mark.parametrize("what,mutate,message", _mutations(), ids=[m[0] for m in _mutations()])
def test_broken_copy_is_refused_naming_the_fault(tmp_path, variant, what, mutate, message):
    d = source(variant)
    mutate(d)
    path = tmp_path / (variant + ".json")
    path.write_text(json.dumps(d))
    with pytest.raises(ValueError, match=message) as e:
        hw.load(str(path))
    assert str(path) in str(e.value)


def test_bad_json_is_refused(tmp_path, variant):
    path = tmp_path / "broken.json"
    text = open(os.path.join(ROOT, "hardware", variant + ".json")).read()
    path.write_text(text.replace('"led": 3,', '"led": 3', 1))
    with pytest.raises(ValueError, match=r"broken\.json: bad JSON"):
        hw.load(str(path))


# ---------------------------------------------------------------- generated views

def test_generated_views_are_fresh():
    assert hw.stale() == [], "run: python tools/hardware/hwviews.py"


def test_check_flag_exit_status():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "hardware", "hwviews.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_check_notices_an_edited_layout(tmp_path):
    os.makedirs(tmp_path / "hardware")
    for v in hw.VARIANTS:
        d = source(v)
        if v == "pocket":                        # still valid: two LEDs swapped
            c = d["cells"]
            c[4]["led"], c[5]["led"] = c[5]["led"], c[4]["led"]
        (tmp_path / "hardware" / (v + ".json")).write_text(json.dumps(d))
    fresh = hw.outputs(ROOT)
    for rel, text in fresh.items():
        os.makedirs(os.path.dirname(tmp_path / rel), exist_ok=True)
        (tmp_path / rel).write_text(text)
    stale = hw.stale(str(tmp_path))
    assert "hardware/generated/pocket.svg" in stale
    assert "firmware/layouts/pocket.json" in stale
    assert not [s for s in stale if "full" in s or "hexboard" in s]


def test_svg_is_well_formed_and_complete(variant):
    d = source(variant)
    path = os.path.join(ROOT, "hardware", "generated", variant + ".svg")
    root = ET.parse(path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == ns + "svg"
    assert len(root.findall(ns + "polygon")) == len(d["cells"])
    texts = {t.text for t in root.iter(ns + "text")}
    for c in d["cells"]:
        assert c["name"] in texts and "L%d" % c["led"] in texts
    for f in d["function_keys"]:
        assert f["label"] in texts


def test_bom_counts_follow_the_layout(variant):
    d = source(variant)
    with open(os.path.join(ROOT, "hardware", "generated", variant + "-bom.csv")) as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == ["designator", "part", "quantity", "notes"]
    by_part = {r["part"].split()[0]: int(r["quantity"]) for r in rows}
    assert by_part[d["led"]["part"]] == len(d["cells"])
    assert by_part["74HC4067"] == d["scan"]["muxes"]
    assert by_part["MCP73831T-2ACI/OT"] == 1
    for r in rows:                                 # "D1-D127" spans its quantity
        ends = [int("".join(ch for ch in x if ch.isdigit())) for x in r["designator"].split("-")]
        assert ends[-1] - ends[0] + 1 == int(r["quantity"]), r


def test_pin_map_names_every_pin(variant):
    d = source(variant)
    text = open(os.path.join(ROOT, "hardware", "generated", variant + "-pins.md")).read()
    for gp in gpios(d["pins"]):
        assert "| GP%d |" % gp in text
    for c in d["cells"]:
        assert " %s " % c["name"] in text


# ---------------------------------------------------------------- the firmware's form

def test_firmware_form_matches_source(variant):
    d = source(variant)
    lay = layout.read(os.path.join(ROOT, "firmware", "layouts", variant + ".json"))
    assert lay.n == len(d["cells"]) and lay.base == BASES[variant]
    for i, c in enumerate(d["cells"]):
        assert lay.coord(i) == (c["q"], c["r"])
        assert lay.name(i) == c["name"]
        assert lay.led[i] == c["led"] and lay.slot[i] == c["slot"]
        assert lay.key_at[c["slot"]] == i
    for k, f in enumerate(d["function_keys"]):
        assert lay.key_at[f["slot"]] == lay.n + k == lay.fn_key(f["name"])
    assert lay.pins == d["pins"]
    from hexgames import board                     # cell i is the engine's cell i
    shape = board.hexhex(lay.base)
    assert [shape.coord(i) for i in range(shape.n)] == [lay.coord(i) for i in range(lay.n)]
    assert lay.led_budget_ma == d["power"]["led_budget_ma"]


def test_loader_refuses_broken_firmware_form(tmp_path):
    good = json.loads(open(os.path.join(ROOT, "firmware", "layouts", "pocket.json")).read())
    cases = [
        ("{", r"bad JSON"),
        (json.dumps(dict(good, cell_led=good["cell_led"][:-1])), r"tables must have 127"),
        (json.dumps(dict(good, format=9)), r"layout format 9"),
        (json.dumps(dict(good, cell_slot=[999] * 127)), r"cell_slot\[0\] = 999"),
    ]
    for k, (text, message) in enumerate(cases):
        path = tmp_path / ("l%d.json" % k)
        path.write_text(text)
        with pytest.raises(ValueError, match=message):
            layout.read(str(path))


def test_loader_finds_layouts_from_any_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert layout.load("full").n == 271
    with pytest.raises(ValueError, match="no layout for board variant 'huge'"):
        layout.load("huge")
