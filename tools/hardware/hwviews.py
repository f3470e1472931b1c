"""Checks the board layouts hardware/<variant>.json and generates what is made from them.

    python tools/hardware/hwviews.py           regenerate every view
    python tools/hardware/hwviews.py --check   exit 1 (naming the files) if any view is stale

Made per variant: hardware/generated/<variant>.svg (board face), <variant>-pins.md (pin
map, key-scan and LED wiring), <variant>-bom.csv, and firmware/layouts/<variant>.json,
the compact form the firmware loads (firmware/app/layout.py).
"""

import csv
import io
import json
import math
import os
import sys
from xml.sax.saxutils import escape

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hwlayout import CHANNELS, HEADER, ROOT, VARIANTS, load, radius_of  # noqa: E402

CHAIN_DY = 4.8                      # the drawn LED chain runs below a cell's labels




# ---------------------------------------------------------------- parts and designators

def parts(d):
    """BOM lines [(key, designators, part, quantity, notes)], numbered per prefix. A board
    that is bought whole (the HexBoard) lists its own parts: nothing to derive."""
    if "parts" in d:
        return [("part%d" % k, des, part, qty, notes)
                for k, (des, part, qty, notes) in enumerate(d["parts"])]
    n, m, nf = len(d["cells"]), d["scan"]["muxes"], len(d["function_keys"])
    p, led = d["power"], d["led"]
    rows = [
        ("pico", "U", 1, "Raspberry Pi Pico (RP2040)",
         "plain Pico: a Pico W's radio takes GP23-25/29"),
        ("mux", "U", m, "74HC4067 16-channel analog multiplexer, SOIC-24",
         "key scan, 16 keys each; VCC from 3V3, /E to GND"),
        ("shifter", "U", 1, "SN74LVC1T45 level translator, SOT-23-6",
         "LED data 3.3 V to the LED rail; VCCA 3V3, VCCB VSYS, DIR to 3V3"),
        ("charger", "U", 1, "MCP73831T-2ACI/OT LiPo charger, SOT-23-5",
         "fed from VBUS; charge current set by R_PROG"),
        ("pfet", "Q", 1, "DMG2305UX P-channel MOSFET, SOT-23",
         "battery to VSYS, gate to VBUS: USB takes over when plugged in"),
        ("leds", "D", n, "%s RGB LED, %s" % (led["part"], led["order"]),
         "one per cell; %d mA idle, %d mA per channel" % (led["idle_ma"], led["channel_ma"])),
        ("cellsw", "SW", n, "tactile switch 4.2 x 3.2 mm SMD (e.g. C&K PTS810)",
         "one under each cell, to GND"),
        ("fnsw", "SW", nf, "tactile switch 6 x 6 mm",
         "function keys " + " ".join(f["name"] for f in d["function_keys"])),
        ("powersw", "SW", 1, "slide switch SPDT", "battery on/off"),
        ("ledcap", "C", n, "100 nF 0603 X7R", "beside each LED"),
        ("iccap", "C", m + 1, "100 nF 0603 X7R", "one per mux and at the level translator"),
        ("bulk", "C", 1, "1000 uF 10 V electrolytic", "LED rail, at the start of the chain"),
        ("chgcap", "C", 2, "4.7 uF 0805 X5R", "charger input and output"),
        ("rdata", "R", 1, "330 R 0603", "series in LED data, next to the first LED"),
        ("rpull", "R", m, "10 k 0603", "pull-up on each key read line to 3V3"),
        ("rprog", "R", 1, "%d k 0603" % (1000 // p["charge_ma"]),
         "R_PROG: %d mA charge (I = 1000 V / R_PROG)" % p["charge_ma"]),
        ("rbuzz", "R", 1, "100 R 0603", "series to the piezo"),
        ("rgate", "R", 1, "100 k 0603", "VBUS to GND: turns Q1 on when USB is unplugged"),
        ("buzzer", "BZ", 1, "passive piezo transducer, ~4 kHz, 12 mm", "driven by PWM"),
        ("batconn", "J", 1, "JST-PH 2-pin socket", "battery"),
        ("battery", "BT", 1, "LiPo 1S 3.7 V %d mAh with protection PCB" % p["battery_mah"],
         "optional: without it the board runs from USB only"),
        ("caps", "K", n + nf, "hex key cap, translucent, %s mm across flats" % d["pitch_mm"],
         "3D printed (clear PETG or resin); function keys may be round"),
        ("pcb", "PCB", 1, "main board", "2 layers; LEDs and switches on top"),
    ]
    count, out = {}, []
    for key, prefix, qty, part, notes in rows:
        first = count.get(prefix, 0) + 1
        count[prefix] = first + qty - 1
        last = first + qty - 1
        des = "%s%d" % (prefix, first) if qty == 1 else "%s%d-%s%d" % (prefix, first, prefix, last)
        out.append((key, des, part, qty, notes))
    return out


def bom(d):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(("designator", "part", "quantity", "notes"))
    for _, des, part, qty, notes in parts(d):
        w.writerow((des, part, qty, notes))
    return buf.getvalue()


# ---------------------------------------------------------------- pin map

def _rows(d):
    """Cells by row (reading order), as lists of cells."""
    rows = {}
    for c in d["cells"] + [f for f in d["function_keys"] if "q" in f]:
        rows.setdefault(c["r"], []).append(c)
    return [rows[r] for r in sorted(rows)]


ROLE_TEXT = {"led_data": "LED chain data in", "buzzer": "piezo, PWM",
             "oled_sda": "screen I2C SDA", "oled_scl": "screen I2C SCL",
             "knob_a": "knob A (quadrature)", "knob_b": "knob B (quadrature)",
             "knob_press": "knob's push button, to GND", "charge_stat": "charger STAT",
             "vbus_sense": "VBUS sense", "vsys_sense": "VSYS sense (ADC)"}


def _bought_pinmap(d):
    """Pin map of a board that is bought whole: what the firmware drives, and how."""
    pins = d["pins"]
    role = {}
    for k, gp in enumerate(pins["key_addr"]):
        role[gp] = ("key_addr[%d]" % k, "key mux address bit %d (output)" % k)
    for k, gp in enumerate(pins["key_read"]):
        role[gp] = ("key_read[%d]" % k, "key column %d (input, pull-up; a pressed key "
                                        "reads low)" % k)
    for name, gp in pins.items():
        if name in ROLE_TEXT:
            role[gp] = (name, ROLE_TEXT[name])
    out = ["# %s: pin map and wiring" % d["title"], "",
           "Generated from `hardware/%s.json` by `tools/hardware/hwviews.py`; edit the JSON, "
           "not this file." % d["variant"], "",
           "## RP2040 GPIO", "", "| GPIO | Role | Wired to |", "|---|---|---|"]
    for gp in sorted(role):
        out.append("| GP%d | %s | %s |" % (gp, *role[gp]))
    if "screen" in d:
        scr = d["screen"]
        out += ["", "Screen: %s, %d x %d, I2C%d at address 0x%02X, drawn turned by %d degrees."
                % (scr["part"], scr["width"], scr["height"], scr["i2c"], scr["address"],
                   scr["rotate"])]
    return out + [""]


def pinmap(d):
    if "parts" in d:
        out = _bought_pinmap(d)
        return "\n".join(out + _scan_and_chain(d, None)) + "\n"
    ref = {key: des for key, des, _, _, _ in parts(d)}
    pins, m = d["pins"], d["scan"]["muxes"]
    mux0 = int(ref["mux"].split("-")[0][1:])
    rpull0 = int(ref["rpull"].split("-")[0][1:])
    role = {}
    for k, gp in enumerate(pins["key_addr"]):
        role[gp] = ("key_addr[%d]" % k, "S%d of every mux (%s)" % (k, ref["mux"]))
    for k, gp in enumerate(pins["key_read"]):
        role[gp] = ("key_read[%d]" % k, "SIG of mux %d (U%d), 10 k pull-up R%d"
                    % (k, mux0 + k, rpull0 + k))
    role[pins["led_data"]] = ("led_data", "A of %s; its B drives LED 0 DIN through %s"
                              % (ref["shifter"], ref["rdata"]))
    role[pins["buzzer"]] = ("buzzer", "piezo %s through %s" % (ref["buzzer"], ref["rbuzz"]))
    role[pins["charge_stat"]] = ("charge_stat", "STAT of %s: low while charging "
                                 "(internal pull-up on)" % ref["charger"])
    role[pins["vbus_sense"]] = ("vbus_sense", "high while USB power is present")
    role[pins["vsys_sense"]] = ("vsys_sense", "ADC3 reads VSYS / %d: battery gauge"
                                % d["power"]["vsys_divider"])
    out = ["# %s: pin map and wiring" % d["title"], "",
           "Generated from `hardware/%s.json` by `tools/hardware/hwviews.py`; edit the JSON, "
           "not this file." % d["variant"], "",
           "## Pico GPIO", "", "| GPIO | Pico pin | Role | Wired to |", "|---|---|---|---|"]
    for gp in sorted(role):
        out.append("| GP%d | %s | %s | %s |" % (gp, HEADER.get(gp, "on the Pico"), *role[gp]))
    free = [gp for gp in sorted(HEADER) if gp not in role]
    out += ["", "Free header GPIO: %s." % ", ".join("GP%d" % g for g in free), "",
            "| Power pin | Pico pin | Wired to |", "|---|---|---|",
            "| VBUS | 40 | charger %s VDD, gate of %s |" % (ref["charger"], ref["pfet"]),
            "| VSYS | 39 | LED rail (+ %s), battery through %s, %s VCCB |"
            % (ref["bulk"], ref["pfet"], ref["shifter"]),
            "| 3V3(OUT) | 36 | muxes, %s VCCA, key pull-ups |" % ref["shifter"],
            "| GND | 38 and others | everything |", ""]
    return "\n".join(out + _scan_and_chain(d, mux0)) + "\n"


def _scan_and_chain(d, mux0):
    """The key-scan table (mux0: the first mux's designator number, None: a board with
    one mux and read lines), the LED chain row by row and the current figures."""
    pins, m = d["pins"], d["scan"]["muxes"]
    if mux0 is None:
        head = ("Slot = column x 16 + mux address. The mux grounds the addressed key row; "
                "a column pin sees 0 while its key in that row is down.", "Column")
    else:
        head = ("Slot = mux x 16 + channel. Each key shorts its channel to GND; the read "
                "pin sees 0 while the addressed key is down.", "Mux")
    out = ["## Key scan", "", head[0], "",
           "| %s | Read | " % head[1] + " | ".join(str(c) for c in range(CHANNELS)) + " |",
           "|---|---|" + "---|" * CHANNELS]
    owner = {c["slot"]: c["name"] for c in d["cells"]}
    owner.update({f["slot"]: f["name"] for f in d["function_keys"]})
    strap = d["scan"].get("revision_strap")
    if strap:
        owner[strap["slot"]] = "strap"
    for k in range(m):
        names = [owner.get(k * CHANNELS + c, "-") for c in range(CHANNELS)]
        who = "%d" % k if mux0 is None else "U%d" % (mux0 + k)
        out.append("| %s | GP%d | %s |" % (who, pins["key_read"][k], " | ".join(names)))
    if strap:
        out += ["", "strap: slot %d, no key, the board's revision: read held, %s; open, %s."
                % (strap["slot"], strap["closed"]["revision"], strap["open"]["revision"])]
    out += ["", "## LED chain", "", "Data enters at LED 0 and leaves each LED by DOUT to "
            "the next DIN.", "", "| Row | LEDs | %s in chain order |" % ("Keys" if mux0 is None else "Cells"), "|---|---|---|"]
    for k, row in enumerate(_rows(d)):
        chain = sorted(row, key=lambda c: c["led"])
        out.append("| %d | %s | %s |" % (k + 1, _spans([c["led"] for c in chain]),
                                         " ".join(c["name"] for c in chain)))
    return out + ["", "## Current", ""] + ["- " + line for line in current(d)]


def _spans(leds):
    """Sorted LED indices as runs, "61-69" or "0, 61-69": a row need not be one run of
    the chain (the HexBoard's command keys sit beside rows their LEDs are not in)."""
    runs = []
    for i in leds:
        if runs and runs[-1][1] == i - 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return ", ".join("%d" % a if a == b else "%d-%d" % (a, b) for a, b in runs)


def current(d):
    """The LED current figures, as sentences (pin map and README use the same numbers)."""
    n, led, p = chain_length(d), d["led"], d["power"]
    light = p["led_budget_ma"] - n * led["idle_ma"]
    return ["%d LEDs: %d mA idle, %d mA at full white (%d mA each)"
            % (n, n * led["idle_ma"], n * led["max_ma"], led["max_ma"]),
            "LED budget %d mA = USB %d mA - charger %d mA - logic %d mA"
            % (p["led_budget_ma"], p["usb_ma"], p["charge_ma"], p["logic_ma"]),
            "%d mA left for light = a sum of %d over all channel values (0-255) per frame, "
            "%.1f %% of full white" % (light, light * 255 // led["channel_ma"],
                                       100.0 * light / (n * led["max_ma"]))]


def chain_length(d):
    """LEDs on the chain: one per cell, plus any under function keys."""
    return len(d["cells"]) + sum(1 for f in d["function_keys"] if "led" in f)


# ---------------------------------------------------------------- drawing

def svg(d):
    """Board face, pointy-top hexes: cell name, Lnn = place on the LED chain,
    Km.c = key-scan line m address c; the chain drawn as a line; function keys at their
    place on the face when they have one, else in a row below."""
    pitch = d["pitch_mm"]
    row_h = pitch * math.sqrt(3) / 2           # vertical distance between rows
    rad = pitch / math.sqrt(3)                 # centre to corner
    margin, title_h = 8.0, 12.0
    keys = d["function_keys"]
    placed = [f for f in keys if "q" in f]
    face = d["cells"] + placed
    xs = [c["q"] + c["r"] / 2.0 for c in face]
    rs = [c["r"] for c in face]
    width = (max(xs) - min(xs) + 1) * pitch + 2 * margin
    board_h = (max(rs) - min(rs)) * row_h + 2 * rad
    below = 0 if len(placed) == len(keys) else 1.5 * pitch
    height = title_h + board_h + below + 10
    x0 = margin + pitch / 2 - min(xs) * pitch
    y0 = title_h + rad - min(rs) * row_h

    def at(q, r, dy=0.0):
        return x0 + pitch * (q + r / 2.0), y0 + row_h * r + dy

    def hexagon(c, fill):
        x, y = at(c["q"], c["r"])
        pts = " ".join("%.2f,%.2f" % (x + 0.96 * rad * math.cos(math.radians(60 * k - 90)),
                                      y + 0.96 * rad * math.sin(math.radians(60 * k - 90)))
                       for k in range(6))
        return ('<polygon points="%s" fill="%s" stroke="#456" stroke-width="0.3"/>'
                % (pts, fill))

    def slot(c):
        return "K%d.%d" % (c["slot"] // CHANNELS, c["slot"] % CHANNELS)

    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%.1fmm" height="%.1fmm" '
           'viewBox="0 0 %.2f %.2f" font-family="sans-serif" text-anchor="middle">'
           % (width, height, width, height),
           '<title>%s</title>' % escape(d["title"]),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%.2f" y="7" font-size="4.5" font-weight="bold">%s: %d cells, pitch %s mm'
           '</text>' % (width / 2, escape(d["title"]), len(d["cells"]), pitch)]
    out += [hexagon(c, "#eef2f7") for c in d["cells"]]
    out += [hexagon(f, "#f7f1e3") for f in placed]
    chain = sorted([c for c in face if "led" in c], key=lambda c: c["led"])
    out.append('<polyline points="%s" fill="none" stroke="#e8892b" stroke-width="0.4" '
               'stroke-opacity="0.7"/>'
               % " ".join("%.2f,%.2f" % at(c["q"], c["r"], CHAIN_DY) for c in chain))
    x, y = at(chain[0]["q"], chain[0]["r"], CHAIN_DY)
    out.append('<text x="%.2f" y="%.2f" font-size="2.2" fill="#c25d00">DIN &#8594;</text>'
               % (x - pitch * 0.9, y + 0.8))
    for c in face:
        x, y = at(c["q"], c["r"])
        label = c["name"] if c in d["cells"] else c["label"]
        out.append('<text x="%.2f" y="%.2f" font-size="%s" font-weight="bold">%s</text>'
                   % (x, y - 1.2, "2.8" if c in d["cells"] else "1.9", escape(label)))
        out.append('<text x="%.2f" y="%.2f" font-size="1.8" fill="#c25d00">L%d</text>'
                   % (x, y + 1.2, c["led"]))
        out.append('<text x="%.2f" y="%.2f" font-size="1.8" fill="#2a5db0">%s</text>'
                   % (x, y + 3.4, slot(c)))
    rest = [f for f in keys if "q" not in f]
    kw, gap = 2 * pitch, pitch / 2
    kx = width / 2 - (len(rest) * kw + (len(rest) - 1) * gap) / 2
    ky = title_h + board_h + pitch / 2
    for k, f in enumerate(rest):
        x = kx + k * (kw + gap)
        out.append('<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" rx="2" '
                   'fill="#f7f1e3" stroke="#456" stroke-width="0.3"/>' % (x, ky, kw, pitch))
        out.append('<text x="%.2f" y="%.2f" font-size="2.6" font-weight="bold">%s</text>'
                   % (x + kw / 2, ky + pitch / 2 - 0.3, escape(f["label"])))
        out.append('<text x="%.2f" y="%.2f" font-size="1.8" fill="#2a5db0">%s %s</text>'
                   % (x + kw / 2, ky + pitch / 2 + 2.5, f["name"], slot(f)))
    out.append('<text x="%.2f" y="%.2f" font-size="2.2">Lnn: place on the LED chain '
               '(orange line, data in at L0). Km.c: key scan, line m address c.</text>'
               % (width / 2, height - 3))
    out.append('</svg>')
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- firmware form

def firmware_form(d):
    """Compact JSON for firmware/app/layout.py. A hexhex's cells are implied by the reading
    order of the complete hexhex (validated), so only the LED and slot tables ship; a field
    ships its coordinates too."""
    field = d["shape"]["kind"] == "field"
    form = {"format": 2, "variant": d["variant"], "title": d["title"],
            "shape": d["shape"]["kind"]}
    if not field:
        form["base"] = d["shape"]["base"]
    form.update({"pitch_mm": d["pitch_mm"], "muxes": d["scan"]["muxes"], "led": d["led"],
                 "power": d["power"], "pins": d["pins"], "chain": chain_length(d),
                 "keys": [[f["name"], f["label"], f["slot"], f.get("led", -1)]
                          for f in d["function_keys"]]})
    if "screen" in d:
        form["screen"] = d["screen"]
    if "revision_strap" in d["scan"]:
        st = d["scan"]["revision_strap"]
        form["strap"] = {k: st[k] for k in ("slot", "open", "closed")}
    form["cell_led"] = [c["led"] for c in d["cells"]]
    form["cell_slot"] = [c["slot"] for c in d["cells"]]
    if field:
        form["cell_q"] = [c["q"] for c in d["cells"]]
        form["cell_r"] = [c["r"] for c in d["cells"]]
    return "{\n%s\n}\n" % ",\n".join("%s: %s" % (json.dumps(k), json.dumps(v))
                                      for k, v in form.items())


# ---------------------------------------------------------------- main

def outputs(root=ROOT):
    """Every generated file: path (relative to root) -> text."""
    out = {}
    for v in VARIANTS:
        d = load(os.path.join(root, "hardware", v + ".json"))
        gen = "hardware/generated/" + v
        out[gen + ".svg"] = svg(d)
        out[gen + "-pins.md"] = pinmap(d)
        out[gen + "-bom.csv"] = bom(d)
        out["firmware/layouts/%s.json" % v] = firmware_form(d)
    return out


def stale(root=ROOT):
    """Generated files missing or different from what the layouts make now."""
    bad = []
    for rel, text in sorted(outputs(root).items()):
        path = os.path.join(root, rel)
        try:
            with open(path, encoding="utf-8", newline="") as f:
                same = f.read() == text
        except OSError:
            same = False
        if not same:
            bad.append(rel)
    return bad


def main(argv):
    try:
        if "--check" in argv:
            bad = stale()
            for rel in bad:
                print("stale: %s (run python tools/hardware/hwviews.py)" % rel)
            return 1 if bad else 0
        for rel, text in sorted(outputs().items()):
            path = os.path.join(ROOT, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            print("wrote", rel)
        return 0
    except ValueError as e:
        print("error:", e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
