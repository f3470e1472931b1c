"""The board layouts hardware/<variant>.json: reading and checking them.

validate() raises ValueError naming the file and the fault; tools/hardware/hwviews.py
makes the drawings, pin maps, BOMs and the firmware form from what load() gives.
"""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VARIANTS = ("pocket", "full", "hexboard")
SCHEMA = 1
CHANNELS = 16                       # 16 channels (mux addresses) on 4 address pins
FN_REQUIRED = ("MENU", "UNDO", "OK", "HINT")
LETTERS = "abcdefghijklmnopqrstuvwxyz"
PIN_ROLES = ("key_addr", "key_read", "led_data")          # every board has these
PIN_OPTIONAL = ("buzzer", "charge_stat", "vbus_sense", "vsys_sense", "oled_sda", "oled_scl",
                "knob_a", "knob_b", "knob_press")
# Our own boards carry a Raspberry Pi Pico: GPIO on its header -> its pin number; 23, 24,
# 25, 29 are wired on the Pico itself. A board built round a bare RP2040 ("board":
# "rp2040", the HexBoard) may use any of GPIO 0-29.
HEADER = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
          12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
          22: 29, 26: 31, 27: 32, 28: 34}
ONBOARD = {"vbus_sense": 24, "vsys_sense": 29}   # roles the Pico wires for us
BOARDS = ("pico", "rp2040")
SHAPES = ("hexhex", "field")      # a complete hexhex, or any set of cells listed with q, r
# A Pico brings its own flash (2 MiB, W25Q080-class quad reads). A bare RP2040 ("board":
# "rp2040") names its own in "flash": the boot stage 2 that sets up reads from it (one
# of the pico-sdk's boot2_<name>.S), the divider from clk_sys to its clock, its size,
# and the file system's share; tools/build/board_def.py makes the image's board of it.
BOOT2 = ("generic_03h", "w25q080", "w25x10cl", "is25lp080", "at25sf128a")
MIB = 1024 * 1024
FIRMWARE_ROOM = MIB               # flash the image keeps beside the file system


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


def _check_pins(d, muxes, pico):
    pins = _get(d, "pins", dict, "layout")
    seen = {}
    for role in pins:
        if role not in PIN_ROLES + PIN_OPTIONAL:
            raise ValueError("pins.%s: not a role the firmware knows (%s)"
                             % (role, ", ".join(PIN_ROLES + PIN_OPTIONAL)))
    for role in PIN_ROLES + PIN_OPTIONAL:
        if role not in pins and role not in PIN_ROLES:
            continue
        v = _get(pins, role, (int, list), "pins")
        for k, gp in enumerate(v if isinstance(v, list) else [v]):
            name = "%s[%d]" % (role, k) if isinstance(v, list) else role
            if not isinstance(gp, int) or isinstance(gp, bool) or not 0 <= gp <= 29:
                raise ValueError("pins.%s: %r is not an RP2040 GPIO (0..29)" % (name, gp))
            want = ONBOARD.get(role) if pico else None
            if want is not None and gp != want:
                raise ValueError("pins.%s: must be GP%d (wired so on the Pico)" % (name, want))
            if pico and want is None and gp not in HEADER:
                raise ValueError("pins.%s: GP%d is not on the Pico's header" % (name, gp))
            if gp in seen:
                raise ValueError("pins: GP%d used twice (%s and %s)" % (gp, seen[gp], name))
            seen[gp] = name
    if len(pins["key_addr"]) != 4:
        raise ValueError("pins.key_addr: a 16-channel mux needs 4 address pins")
    if len(pins["key_read"]) != muxes:
        raise ValueError("pins.key_read: %d pins for %d muxes" % (len(pins["key_read"]), muxes))
    read = pins["key_read"]
    if read != list(range(read[0], read[0] + len(read))):
        raise ValueError("pins.key_read: must be consecutive GPIOs (one register read "
                         "takes them all)")
    for a, b in (("oled_sda", "oled_scl"), ("knob_a", "knob_b")):
        if (a in pins) != (b in pins):
            raise ValueError("pins: %s without %s" % ((a, b) if a in pins else (b, a)))
    if "oled_sda" in pins and "screen" not in d:
        raise ValueError("pins.oled_sda: the board has a screen, so the layout needs 'screen'")


def _check_flash(d):
    f = _get(d, "flash", dict, "layout")
    size = _get(f, "bytes", int, "flash")
    if size not in (2 * MIB, 4 * MIB, 8 * MIB, 16 * MIB):
        raise ValueError("flash.bytes: %d is not 2, 4, 8 or 16 MiB" % size)
    if _get(f, "boot2", str, "flash") not in BOOT2:
        raise ValueError("flash.boot2: %r is not one of the pico-sdk's: %s"
                         % (f["boot2"], ", ".join(BOOT2)))
    div = _get(f, "clkdiv", int, "flash")
    if not (2 <= div <= 254 and div % 2 == 0):
        raise ValueError("flash.clkdiv: %d; the SSI divides clk_sys by an even number "
                         "from 2 to 254" % div)
    fs = _get(f, "filesystem", int, "flash")
    if fs <= 0 or fs % 4096 or fs > size - FIRMWARE_ROOM:
        raise ValueError("flash.filesystem: %d bytes; it must be whole 4 KiB sectors and "
                         "leave the image at least %d KiB of the %d" % (fs, FIRMWARE_ROOM // 1024, size))


def _check_slot(d, name, where, slots, used):
    s = _get(d, "slot", int, where)
    if not 0 <= s < slots:
        raise ValueError("%s: scan slot %d not in 0..%d" % (name, s, slots - 1))
    if s in used:
        raise ValueError("scan slot %d used twice (%s and %s)" % (s, used[s], name))
    used[s] = name


def radius_of(coords):
    """The largest R whose hexhex around (0, 0) lies inside the cells (-1: none)."""
    at = set(coords)
    R = 0
    while all((q, r) in at for q in range(-R, R + 1) for r in range(-R, R + 1)
              if abs(q + r) <= R):
        R += 1
    return R - 1


def names_of(coords, base=0):
    """Cell names: letter by column from the westmost cell, number by row from the top;
    for a hexhex of a base, the engine's own names (column a at q = 1 - base)."""
    q0 = 1 - base if base else min(q for q, _ in coords)
    r0 = 1 - base if base else min(r for _, r in coords)
    return [LETTERS[q - q0] + str(r - r0 + 1) for q, r in coords]


def _check_cells(d, base, slots, used, leds):
    cells = _get(d, "cells", list, "layout")
    coords, at, last = [], {}, None
    for k, c in enumerate(cells):
        where = "cells[%d]" % k
        name = _get(c, "name", str, where)
        q, r = _get(c, "q", int, where), _get(c, "r", int, where)
        if base and max(abs(q), abs(r), abs(q + r)) > base - 1:
            raise ValueError("cell %s at (q=%d, r=%d) is outside a base-%d hexhex"
                             % (name, q, r, base))
        if not (-12 <= q <= 12 and -12 <= r <= 12):
            raise ValueError("cell %s at (q=%d, r=%d): coordinates must be in -12..12"
                             % (name, q, r))
        if (q, r) in at:
            raise ValueError("cell %s listed twice (q=%d, r=%d)" % (name, q, r))
        # Reading order makes the list position the cell number (for a hexhex, the
        # number hexgames uses).
        if last is not None and (r, q) < last:
            raise ValueError("cells not in reading order: %s after %s"
                             % (name, at[(last[1], last[0])]))
        last = (r, q)
        at[(q, r)] = name
        coords.append((q, r))
    for k, (c, want) in enumerate(zip(cells, names_of(coords, base))):
        if c["name"] != want:
            raise ValueError("cell %s at (q=%d, r=%d) should be named %s"
                             % (c["name"], c["q"], c["r"], want))
    if base:
        R = base - 1
        n = 3 * base * R + 1
        if len(cells) != n:
            gone = [LETTERS[q + R] + str(r + R + 1) for r in range(-R, R + 1)
                    for q in range(-R, R + 1) if abs(q + r) <= R and (q, r) not in at]
            raise ValueError("cells: %d of %d listed, missing %s"
                             % (len(cells), n, " ".join(gone[:8])))
    elif radius_of(coords) < 3:
        raise ValueError("cells: the field must hold the hexhex of radius 3 around (0, 0) "
                         "(the menu's clusters need it)")
    for k, c in enumerate(cells):
        _check_led(c, c["name"], "cells[%d]" % k, leds, True)
        _check_slot(c, c["name"], "cells[%d]" % k, slots, used)
    return len(cells)


def _check_led(d, name, where, leds, required):
    if not required and "led" not in d:
        return
    i = _get(d, "led", int, where)
    if not 0 <= i < 1024:
        raise ValueError("%s: LED index %d not in 0..1023" % (name, i))
    if i in leds:
        raise ValueError("LED index %d used twice (%s and %s)" % (i, leds[i], name))
    leds[i] = name


def _check_place(f, name, where, places):
    """A function key's place on the face, if it has one (the HexBoard's command keys sit
    beside the field): q and r both, on no cell and no other key."""
    if "q" not in f and "r" not in f:
        return
    q, r = _get(f, "q", int, where), _get(f, "r", int, where)
    if not (-12 <= q <= 12 and -12 <= r <= 12):
        raise ValueError("function key %s at (q=%d, r=%d): coordinates must be in -12..12"
                         % (name, q, r))
    if (q, r) in places:
        raise ValueError("function key %s at (q=%d, r=%d) sits on %s" % (name, q, r, places[(q, r)]))
    places[(q, r)] = name


def _check_strap(st, slots):
    """scan.revision_strap: a slot wired on some revisions of a board, no key; what
    each reading means ({"revision": name, "knob_reversed": bool?} open and closed)."""
    slot = _get(st, "slot", int, "scan.revision_strap")
    if not 0 <= slot < slots:
        raise ValueError("scan.revision_strap.slot: %d not in 0..%d" % (slot, slots - 1))
    for side in ("open", "closed"):
        where = "scan.revision_strap." + side
        r = _get(st, side, dict, "scan.revision_strap")
        _get(r, "revision", str, where)
        if type(r.get("knob_reversed", False)) is not bool:
            raise ValueError("%s.knob_reversed: %r is not true or false"
                             % (where, r["knob_reversed"]))


def validate(d):
    """Raise ValueError naming the first fault of a parsed layout; return None if sound."""
    if _get(d, "schema", int, "layout") != SCHEMA:
        raise ValueError("schema: %r, expected %d" % (d["schema"], SCHEMA))
    for key in ("variant", "title"):
        _get(d, key, str, "layout")
    board = d.get("board", "pico")
    if board not in BOARDS:
        raise ValueError("board: %r is not one of %s" % (board, ", ".join(BOARDS)))
    shape = _get(d, "shape", dict, "layout")
    kind = _get(shape, "kind", str, "shape")
    if kind not in SHAPES:
        raise ValueError("shape.kind: %r is not one of %s" % (kind, ", ".join(SHAPES)))
    base = 0
    if kind == "hexhex":
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
    _check_pins(d, muxes, board == "pico")
    if board == "rp2040":
        _check_flash(d)
    elif "flash" in d:
        raise ValueError("flash: a Pico brings its own flash; only a bare RP2040 names one")
    if "revision_strap" in scan:
        _check_strap(_get(scan, "revision_strap", dict, "scan"), CHANNELS * muxes)
    if "screen" in d:
        scr = _get(d, "screen", dict, "layout")
        _get(scr, "part", str, "screen")
        for key in ("width", "height"):
            if _get(scr, key, int, "screen") not in (64, 128):
                raise ValueError("screen.%s: %r, the driver knows 64 or 128" % (key, scr[key]))
        if _get(scr, "address", int, "screen") not in range(8, 120):
            raise ValueError("screen.address: %r is not a 7-bit I2C address" % scr["address"])
        if _get(scr, "rotate", int, "screen") not in (0, 180):
            raise ValueError("screen.rotate: %r, must be 0 or 180" % scr["rotate"])
        if "oled_sda" not in d["pins"]:
            raise ValueError("screen: pins.oled_sda and pins.oled_scl are missing")
    led = _get(d, "led", dict, "layout")
    for key in ("part", "order"):
        _get(led, key, str, "led")
    for key in ("idle_ma", "channel_ma", "max_ma"):
        if _get(led, key, int, "led") <= 0:
            raise ValueError("led.%s: must be positive" % key)
    if led["max_ma"] != 3 * led["channel_ma"]:
        raise ValueError("led.max_ma: %d is not 3 x channel_ma" % led["max_ma"])
    used = {}                                  # scan slot -> cell or key name
    if "revision_strap" in scan:               # a wired slot, no key: none may share it
        used[scan["revision_strap"]["slot"]] = "the revision strap"
    leds = {}                                  # LED index -> cell or key name
    n = _check_cells(d, base, CHANNELS * muxes, used, leds)
    names = []
    places = {(c["q"], c["r"]): c["name"] for c in d["cells"]}   # (q, r) -> cell or key
    for k, f in enumerate(_get(d, "function_keys", list, "layout")):
        where = "function_keys[%d]" % k
        name = _get(f, "name", str, where)
        _get(f, "label", str, where)
        if name in names:
            raise ValueError("function key %s listed twice" % name)
        names.append(name)
        _check_slot(f, name, where, CHANNELS * muxes, used)
        _check_led(f, name, where, leds, False)
        _check_place(f, name, where, places)
    for name in FN_REQUIRED:
        if name not in names:
            raise ValueError("function_keys: %s is missing" % name)
    chain = len(leds)
    if sorted(leds) != list(range(chain)):
        gap = min(set(range(chain)) - set(leds))
        raise ValueError("LED chain: no cell or key on LED %d (of %d)" % (gap, chain))
    p = _get(d, "power", dict, "layout")
    for key in ("usb_ma", "charge_ma", "logic_ma", "led_budget_ma", "battery_mah",
                "battery_empty_mv", "battery_full_mv", "vsys_divider"):
        _get(p, key, int, "power")
    if p["led_budget_ma"] != p["usb_ma"] - p["charge_ma"] - p["logic_ma"]:
        raise ValueError("power.led_budget_ma: %d is not usb_ma - charge_ma - logic_ma"
                         % p["led_budget_ma"])
    if chain * led["idle_ma"] >= p["led_budget_ma"]:
        raise ValueError("power: %d idle LEDs draw %d mA, all of the %d mA LED budget"
                         % (chain, chain * led["idle_ma"], p["led_budget_ma"]))
    if "parts" in d:
        for k, row in enumerate(_get(d, "parts", list, "layout")):
            if not (isinstance(row, list) and len(row) == 4 and type(row[2]) is int
                    and all(isinstance(row[i], str) for i in (0, 1, 3))):
                raise ValueError("parts[%d]: %r is not [designators, part, quantity, notes]"
                                 % (k, row))


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
