"""The board layouts hardware/<variant>.json: reading and checking them.

validate() raises ValueError naming the file and the fault; tools/hardware/hwviews.py
makes the drawings, pin maps, BOMs and the firmware form from what load() gives.
"""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VARIANTS = ("pocket", "full")
SCHEMA = 1
CHANNELS = 16                       # 74HC4067: 16 channels on 4 address pins
FN_REQUIRED = ("MENU", "UNDO", "OK", "HINT")
LETTERS = "abcdefghijklmnopqrstuvwxyz"
PIN_ROLES = ("key_addr", "key_read", "led_data", "buzzer", "charge_stat",
             "vbus_sense", "vsys_sense")
# GPIO on the Pico's header -> its pin number; 23, 24, 25, 29 are wired on the Pico itself.
HEADER = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
          12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
          22: 29, 26: 31, 27: 32, 28: 34}
ONBOARD = {"vbus_sense": 24, "vsys_sense": 29}   # roles the Pico wires for us


# ---------------------------------------------------------------- validation

def _get(d, key, kinds, where):
    if not isinstance(d, dict):
        raise ValueError("%s: expected an object" % where)
    if key not in d:
        raise ValueError("%s: missing %r" % (where, key))
    v = d[key]
    if not isinstance(v, kinds) or isinstance(v, bool):
        raise ValueError("%s.%s: wrong type (%r)" % (where, key, v))
    return v


def _check_pins(d, muxes):
    pins = _get(d, "pins", dict, "layout")
    seen = {}
    for role in PIN_ROLES:
        v = _get(pins, role, (int, list), "pins")
        for k, gp in enumerate(v if isinstance(v, list) else [v]):
            name = "%s[%d]" % (role, k) if isinstance(v, list) else role
            if not isinstance(gp, int) or isinstance(gp, bool) or not 0 <= gp <= 29:
                raise ValueError("pins.%s: %r is not a Pico GPIO (0..29)" % (name, gp))
            want = ONBOARD.get(role)
            if want is not None and gp != want:
                raise ValueError("pins.%s: must be GP%d (wired so on the Pico)" % (name, want))
            if want is None and gp not in HEADER:
                raise ValueError("pins.%s: GP%d is not on the Pico's header" % (name, gp))
            if gp in seen:
                raise ValueError("pins: GP%d used twice (%s and %s)" % (gp, seen[gp], name))
            seen[gp] = name
    if len(pins["key_addr"]) != 4:
        raise ValueError("pins.key_addr: a 16-channel mux needs 4 address pins")
    if len(pins["key_read"]) != muxes:
        raise ValueError("pins.key_read: %d pins for %d muxes" % (len(pins["key_read"]), muxes))


def _check_slot(d, name, where, slots, used):
    s = _get(d, "slot", int, where)
    if not 0 <= s < slots:
        raise ValueError("%s: scan slot %d not in 0..%d" % (name, s, slots - 1))
    if s in used:
        raise ValueError("scan slot %d used twice (%s and %s)" % (s, used[s], name))
    used[s] = name


def _check_cells(d, base, slots, used):
    R = base - 1
    n = 3 * base * R + 1
    cells = _get(d, "cells", list, "layout")
    at, leds, last = {}, {}, None          # (q, r) -> name; LED index -> name
    for k, c in enumerate(cells):
        where = "cells[%d]" % k
        name = _get(c, "name", str, where)
        q, r = _get(c, "q", int, where), _get(c, "r", int, where)
        if max(abs(q), abs(r), abs(q + r)) > R:
            raise ValueError("cell %s at (q=%d, r=%d) is outside a base-%d hexhex"
                             % (name, q, r, base))
        want = LETTERS[q + R] + str(r + R + 1)
        if name != want:
            raise ValueError("cell %s at (q=%d, r=%d) should be named %s" % (name, q, r, want))
        if (q, r) in at:
            raise ValueError("cell %s listed twice" % name)
        # Reading order makes the list position the cell number hexgames uses.
        if last is not None and (r, q) < last:
            raise ValueError("cells not in reading order: %s after %s"
                             % (name, at[(last[1], last[0])]))
        last = (r, q)
        at[(q, r)] = name
        i = _get(c, "led", int, where)
        if not 0 <= i < n:
            raise ValueError("cell %s: LED index %d not in 0..%d" % (name, i, n - 1))
        if i in leds:
            raise ValueError("LED index %d used twice (%s and %s)" % (i, leds[i], name))
        leds[i] = name
        _check_slot(c, name, where, slots, used)
    if len(cells) != n:
        gone = [LETTERS[q + R] + str(r + R + 1) for r in range(-R, R + 1)
                for q in range(-R, R + 1) if abs(q + r) <= R and (q, r) not in at]
        raise ValueError("cells: %d of %d listed, missing %s"
                         % (len(cells), n, " ".join(gone[:8])))
    return n


def validate(d):
    """Raise ValueError naming the first fault of a parsed layout; return None if sound."""
    if _get(d, "schema", int, "layout") != SCHEMA:
        raise ValueError("schema: %r, expected %d" % (d["schema"], SCHEMA))
    for key in ("variant", "title"):
        _get(d, key, str, "layout")
    shape = _get(d, "shape", dict, "layout")
    if _get(shape, "kind", str, "shape") != "hexhex":
        raise ValueError("shape.kind: only 'hexhex' boards are supported")
    base = _get(shape, "base", int, "shape")
    if not 2 <= base <= 13:
        raise ValueError("shape.base: %d is not in 2..13" % base)
    if _get(d, "pitch_mm", (int, float), "layout") <= 0:
        raise ValueError("pitch_mm: must be positive")
    scan = _get(d, "scan", dict, "layout")
    _get(scan, "kind", str, "scan")
    muxes = _get(scan, "muxes", int, "scan")
    if _get(scan, "channels", int, "scan") != CHANNELS:
        raise ValueError("scan.channels: must be %d" % CHANNELS)
    _check_pins(d, muxes)
    led = _get(d, "led", dict, "layout")
    for key in ("part", "order"):
        _get(led, key, str, "led")
    for key in ("idle_ma", "channel_ma", "max_ma"):
        if _get(led, key, int, "led") <= 0:
            raise ValueError("led.%s: must be positive" % key)
    if led["max_ma"] != 3 * led["channel_ma"]:
        raise ValueError("led.max_ma: %d is not 3 x channel_ma" % led["max_ma"])
    used = {}                                  # scan slot -> cell or key name
    n = _check_cells(d, base, CHANNELS * muxes, used)
    names = []
    for k, f in enumerate(_get(d, "function_keys", list, "layout")):
        where = "function_keys[%d]" % k
        name = _get(f, "name", str, where)
        _get(f, "label", str, where)
        if name in names:
            raise ValueError("function key %s listed twice" % name)
        names.append(name)
        _check_slot(f, name, where, CHANNELS * muxes, used)
    for name in FN_REQUIRED:
        if name not in names:
            raise ValueError("function_keys: %s is missing" % name)
    p = _get(d, "power", dict, "layout")
    for key in ("usb_ma", "charge_ma", "logic_ma", "led_budget_ma", "battery_mah",
                "battery_empty_mv", "battery_full_mv", "vsys_divider"):
        _get(p, key, int, "power")
    if p["led_budget_ma"] != p["usb_ma"] - p["charge_ma"] - p["logic_ma"]:
        raise ValueError("power.led_budget_ma: %d is not usb_ma - charge_ma - logic_ma"
                         % p["led_budget_ma"])
    if n * led["idle_ma"] >= p["led_budget_ma"]:
        raise ValueError("power: %d idle LEDs draw %d mA, all of the %d mA LED budget"
                         % (n, n * led["idle_ma"], p["led_budget_ma"]))


def load(path):
    """Parsed and validated layout; ValueError naming the file and the fault."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        d = json.loads(text)
    except ValueError as e:
        raise ValueError("%s: bad JSON: %s" % (path, e))
    try:
        validate(d)
    except ValueError as e:
        raise ValueError("%s: %s" % (path, e))
    return d
