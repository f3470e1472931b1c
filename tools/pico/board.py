"""The board around the emulated chip, from hardware/<variant>.json: which pins the
key muxes, the LED chain, the buzzer and the battery sense use, and the calls a test
makes on them (press a cell, read the LEDs, hear the buzzer, set the battery).

Defaults are a board at rest on a full battery: no key held (every mux's common line
high, as its pull-up makes it), VBUS sense low (the emulated USB is a data link, not
a power source), the charger's STAT high (not charging), VSYS at the layout's
battery_full_mv.
"""
import json
import os

from tools.pico.link import ROOT

_ADC_PINS = (26, 27, 28, 29)         # ADC channels 0-3
_VREF = 3.3
_ADC_MAX = 4095                      # 12-bit converter


PICO_FLASH = 2 * 1024 * 1024


def describe(variant):
    """The board description run.mjs wants, plus what the Python side maps by name."""
    path = os.path.join(ROOT, "hardware", "%s.json" % variant)
    if not os.path.isfile(path):
        raise ValueError("no hardware description %s (variants: %s)" % (
            path, ", ".join(sorted(f[:-5] for f in os.listdir(os.path.dirname(path))
                                   if f.endswith(".json")))))
    with open(path) as f:
        hw = json.load(f)
    pins = hw["pins"]
    power = hw.get("power", {})
    desc = {
        "keys": {"addr": pins["key_addr"], "read": pins["key_read"]},
        "leds": pins["led_data"],
        "drive": {},
        "adc": {},
        # Not for run.mjs: the Python side's maps.
        "cells": [c["name"] for c in hw["cells"]],
        "slot": {c["name"]: c["slot"] for c in hw["cells"]},
        "led": {c["name"]: c["led"] for c in hw["cells"]},
        "fn": {k["name"]: k["slot"] for k in hw["function_keys"]},
        "variant": variant,
        "order": hw.get("led", {}).get("order", "GRB"),
        # the board's flash: a Pico's 2 MiB, or what a bare RP2040's layout names
        "flash_bytes": hw.get("flash", {}).get("bytes", PICO_FLASH),
        "divider": power.get("vsys_divider", 3),
        "full_v": power.get("battery_full_mv", 4200) / 1000,
    }
    strap = hw["scan"].get("revision_strap")
    if strap:                             # the board on sale now: v1.2, strap closed
        desc["keys"].update(strap=strap["slot"], strap_closed=True)
        desc["revisions"] = {side: strap[side] for side in ("open", "closed")}
    if "buzzer" in pins:
        desc["tone"] = pins["buzzer"]
    if "vbus_sense" in pins:
        desc["vbus"] = pins["vbus_sense"]
        desc["drive"][pins["vbus_sense"]] = 0
    if "charge_stat" in pins:
        desc["drive"][pins["charge_stat"]] = 1
    if "screen" in hw:
        scr = hw["screen"]
        desc["oled"] = {k: scr[k] for k in ("i2c", "address", "width", "height")}
    if "knob_a" in pins:                  # at rest: both contacts open, pulled up
        desc["knob"] = [pins["knob_a"], pins["knob_b"]]
        desc["drive"][pins["knob_a"]] = desc["drive"][pins["knob_b"]] = 1
    if "knob_press" in pins:
        desc["knob_press"] = pins["knob_press"]
        desc["drive"][pins["knob_press"]] = 1
    if pins.get("vsys_sense") in _ADC_PINS:
        desc["vsys_ch"] = _ADC_PINS.index(pins["vsys_sense"])
        desc["adc"][desc["vsys_ch"]] = _adc_value(desc["full_v"] / desc["divider"])
    return desc


def _adc_value(volts):
    return max(0, min(_ADC_MAX, round(volts / _VREF * _ADC_MAX)))


class BoardIO:
    """Mixed into Chip: needs request() and a description from describe()."""

    def __init__(self, desc):
        self.desc = desc
        self.held = set()              # slots held down
        self.vsys = desc["full_v"]
        self.usb_power = False
        self._frames = []              # [(t_us, [(r, g, b), ...])] decoded so far
        self._tones = []               # [(t_us, hz or None)] seen so far

    def _board_restarted(self):
        """Frames and tones belong to the chip that made them (the node side keeps
        what the board drives: keys held, voltages)."""
        self._frames = []
        self._tones = []

    # -- keys --------------------------------------------------------------------------
    def slot_of(self, key):
        d = self.desc
        if isinstance(key, int):
            if not 0 <= key < len(d["cells"]):
                raise ValueError("cell index %d out of range 0..%d" % (key, len(d["cells"]) - 1))
            key = d["cells"][key]
        if key in d["slot"]:
            return d["slot"][key]
        if key in d["fn"]:
            return d["fn"][key]
        raise ValueError("no cell or function key named %r on this board" % (key,))

    def press(self, cell):
        """Holds a cell's key (by name such as "g7" or by reading-order index)."""
        self.held.add(self.slot_of(cell))
        self.request("keys", down=sorted(self.held))

    def key(self, name, down=True):
        """A function key ("MENU", "UNDO", "OK", "HINT") or a cell, down or up."""
        s = self.slot_of(name)
        if down:
            self.held.add(s)
        else:
            self.held.discard(s)
        self.request("keys", down=sorted(self.held))

    def release(self, key=None):
        """Lets go of one key, or of every key."""
        if key is None:
            self.held.clear()
        else:
            self.held.discard(self.slot_of(key))
        self.request("keys", down=sorted(self.held))

    def schedule(self, changes):
        """Keys held from moments to come: [(us from now, [key names or indexes held
        from then]), ...], applied on the chip's clock as it runs (contact bounce,
        chords, a key held through frames). The last entry is what stays held."""
        wire = []
        for us, keys in changes:
            wire.append([us, sorted({self.slot_of(k) for k in keys})])
        wire.sort(key=lambda c: c[0])
        self.request("schedule", changes=wire)
        if wire:
            self.held = set(wire[-1][1])

    # -- LEDs --------------------------------------------------------------------------
    def _take_frames(self):
        order = self.desc["order"]
        at = {c: order.index(c) for c in "RGB"}
        for t, hexbytes, extra in self.request("frames")["frames"]:
            b = bytes.fromhex(hexbytes)
            if extra or len(b) % 3:
                raise ValueError("LED frame at %d us is not whole LEDs: %d bytes + %d bits"
                                 % (t, len(b), extra))
            leds = [(b[i + at["R"]], b[i + at["G"]], b[i + at["B"]])
                    for i in range(0, len(b), 3)]
            self._frames.append((t, leds))

    def frames(self):
        """Frames the chain received since the last call: [(t_us, [(r, g, b), ...])],
        LEDs in chain order."""
        self._take_frames()
        f, self._frames = self._frames, []
        return f

    def last_frame(self):
        """The most recent complete frame (chain order), or None."""
        self._take_frames()
        return self._frames[-1][1] if self._frames else None

    def cell_colours(self, frame):
        """A chain-order frame as {cell name: (r, g, b)}."""
        return {name: frame[i] for name, i in self.desc["led"].items() if i < len(frame)}

    # -- buzzer ------------------------------------------------------------------------
    def _take_tones(self):
        r = self.request("tones")
        self._tones.extend(tuple(h) for h in r["history"])
        return r["now"]

    def tone(self):
        """The buzzer pin's PWM frequency in Hz now, or None when silent."""
        return self._take_tones() if "tone" in self.desc else None

    def tones(self):
        """The buzzer's changes since the last call: [(t_us, hz or None)]."""
        self._take_tones()
        h, self._tones = self._tones, []
        return h

    # -- a screen and a knob (the HexBoard) ---------------------------------------------
    def screen(self):
        """The screen controller's RAM (page after page, a byte a column), whether it
        is on, and the transfers and bytes it got: (bytes, on, writes, count)."""
        r = self.request("screen")
        return bytes.fromhex(r["ram"]), r["on"], r["writes"], r["bytes"]

    def screen_log(self):
        """What the screen controller was sent since power-up, in order: each command
        with its argument as hex ("ae", "81 3f"), each run of display data as
        "data <bytes>" (the first 600 entries)."""
        return self.request("screen")["log"]

    def panel(self):
        """The picture on the screen's glass (the controller's RAM through its segment
        remap, scan direction, offset and start line; dark when off), laid out as the
        RAM is: a byte a column of 8 rows, page after page, by position on the panel."""
        return bytes.fromhex(self.request("screen")["panel"])

    def turn(self, clicks, step_us=1500):
        """Turns the knob by clicks (+ clockwise): each click the four Gray steps of
        its contacts, A and B, step_us apart (B and A on a revision whose knob is
        mounted the other way round: the HexBoard v1.2)."""
        a, b = self.desc["knob"]
        if self.revision().get("knob_reversed"):
            a, b = b, a
        seq = ((1, 0), (0, 0), (0, 1), (1, 1)) if clicks > 0 else ((0, 1), (0, 0), (1, 0), (1, 1))
        plan = []
        for k in range(4 * abs(clicks)):
            va, vb = seq[k % 4]
            plan.append([(k + 1) * step_us, {str(a): va, str(b): vb}])
        self.request("pins", changes=plan)

    def knob_button(self, down):
        self.request("drive", pin=self.desc["knob_press"], level=0 if down else 1)

    # -- the key muxes' lines and the revision strap ----------------------------------
    def set_settle(self, ns):
        """The mux lines show the address before for ns after each address change."""
        self.desc["keys"]["settle_ns"] = ns
        self.request("mux", settle_ns=ns)

    def set_strap(self, closed):
        """The revision strap wired (the HexBoard v1.2) or open (v1.1); the firmware
        reads it at power-up."""
        self.desc["keys"]["strap_closed"] = bool(closed)
        self.request("mux", strap_closed=bool(closed))

    def revision(self):
        """What the strap as set makes the board: {revision, knob_reversed?}, {} if none."""
        if "revisions" not in self.desc:
            return {}
        return self.desc["revisions"]["closed" if self.desc["keys"]["strap_closed"] else "open"]

    def mux_log(self, stop=False):
        """Emulated times in us of the address changes and the input reads since the
        last call ([], [] the first time: logging starts then), as (writes, reads)."""
        r = self.request("mux_log", stop=stop)
        return [t / 1000 for t in r["writes"]], [t / 1000 for t in r["reads"]]

    # -- power -------------------------------------------------------------------------
    def set_vsys(self, volts):
        """The battery (VSYS) voltage the board's divider presents to the ADC."""
        self.vsys = volts
        if "vsys_ch" in self.desc:
            self.request("adc", ch=self.desc["vsys_ch"],
                         value=_adc_value(volts / self.desc["divider"]))

    def set_usb_power(self, on):
        """Whether the VBUS sense pin sees USB power (the board's charger runs)."""
        self.usb_power = bool(on)
        if "vbus" in self.desc:
            self.request("drive", pin=self.desc["vbus"], level=int(self.usb_power))
