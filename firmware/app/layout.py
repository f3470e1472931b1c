# Board layout: what the firmware knows of the board it runs on, kept as compact tables.
# It reads layouts/<variant>.json, a compact form that tools/hwviews.py generates (and
# validates) from hardware/<variant>.json, the single source of truth.
# Why not read hardware/<variant>.json itself: parsing its one-object-per-cell list takes
# ~59 KB of heap for the full board on the unix port; the compact form, a few KB.
# Portable: the same file runs on MicroPython (the board) and CPython (tools, tests).
import json
from array import array
from hexgames.board import zeros

FORMAT = 1                     # version of the compact form
CHANNELS = 16                  # a 74HC4067 mux has 16 channels, chosen by 4 address pins
NONE = 0xFFFF                  # "nothing here" in the 16-bit tables
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _table(values, limit, what):
    """array('H') of values, each below limit; ValueError naming the fault."""
    t = zeros("H", len(values))
    for i in range(len(values)):
        v = values[i]
        if not 0 <= v < limit:
            raise ValueError("%s[%d] = %r, not in 0..%d" % (what, i, v, limit - 1))
        t[i] = v
    return t


class Layout:
    """One board variant. Cells 0..n-1 in reading order (row 1 west to east, then row 2,
    ...), the numbering of hexgames' hexhex board of the same base."""

    def __init__(self, d):
        if d.get("format") != FORMAT:
            raise ValueError("layout format %r, this loader reads %d"
                             % (d.get("format"), FORMAT))
        self.variant = d["variant"]
        self.title = d["title"]
        self.base = base = d["base"]
        self.radius = R = base - 1
        self.n = n = 3 * base * R + 1
        self.pitch_mm = d["pitch_mm"]
        self.muxes = d["muxes"]
        slots = CHANNELS * self.muxes
        if len(d["cell_led"]) != n or len(d["cell_slot"]) != n:
            raise ValueError("layout %s: tables must have %d cells" % (self.variant, n))
        self.led = _table(d["cell_led"], n, "cell_led")       # cell -> place on LED chain
        self.slot = _table(d["cell_slot"], slots, "cell_slot")  # cell -> mux * 16 + channel
        # Coordinates follow from reading order, so they are computed, not shipped.
        side = 2 * R + 1
        self.q = zeros("b", n)
        self.r = zeros("b", n)
        self._grid = array("H", b"\xff" * (2 * side * side))   # (q, r) -> cell
        i = 0
        for r in range(-R, R + 1):
            for q in range(max(-R, -R - r), min(R, R - r) + 1):
                self.q[i] = q
                self.r[i] = r
                self._grid[(r + R) * side + q + R] = i
                i += 1
        keys = d["keys"]                          # [name, label, slot] per function key
        self.fn = tuple([k[0] for k in keys])
        self.fn_label = tuple([k[1] for k in keys])
        self.fn_slot = _table([k[2] for k in keys], slots, "keys")
        # slot -> key, for the scan driver: cell i, or n + k for function key k, or NONE.
        self.key_at = array("H", b"\xff" * (2 * slots))
        for i in range(n):
            self.key_at[self.slot[i]] = i
        for k in range(len(keys)):
            self.key_at[self.fn_slot[k]] = n + k
        self.pins = d["pins"]                     # role -> GPIO (or list of GPIO)
        led = d["led"]
        self.led_part = led["part"]
        self.led_order = led["order"]
        self.idle_ma = led["idle_ma"]             # per LED, even when dark
        self.channel_ma = led["channel_ma"]       # per colour channel at 255
        self.max_ma = led["max_ma"]               # per LED at full white
        self.power = d["power"]
        self.led_budget_ma = self.power["led_budget_ma"]
        # Left for light once every LED idles, as a cap on the sum of all channel values
        # (0..255 each) of one frame: channel_ma flows at 255.
        self.light_ma = self.led_budget_ma - n * self.idle_ma
        self.max_units = self.light_ma * 255 // self.channel_ma

    def coord(self, i):
        return (self.q[i], self.r[i])

    def index(self, q, r):
        """Cell at axial (q, r), or -1 off the board."""
        R = self.radius
        if max(abs(q), abs(r), abs(q + r)) > R:
            return -1
        return self._grid[(r + R) * (2 * R + 1) + q + R]

    def name(self, i):
        R = self.radius
        return LETTERS[self.q[i] + R] + str(self.r[i] + R + 1)

    def find(self, name):
        """Cell number of a name such as "d4", or -1."""
        if len(name) < 2 or name[0] not in LETTERS or not name[1:].isdigit():
            return -1
        R = self.radius
        return self.index(LETTERS.index(name[0]) - R, int(name[1:]) - R - 1)

    def fn_key(self, name):
        """Key number (n + k) of a function key such as "MENU", or -1."""
        for k in range(len(self.fn)):
            if self.fn[k] == name:
                return self.n + k
        return -1

    def fits_hexhex(self, base):
        return base <= self.base

    def fits_rhombus(self, size):
        """A size x size rhombus placed centred: its corners decide, the board is convex."""
        lo = -((size - 1) // 2)
        hi = lo + size - 1
        for q in (lo, hi):
            for r in (lo, hi):
                if max(abs(q), abs(r), abs(q + r)) > self.radius:
                    return False
        return True

    def dim256(self, units):
        """Scale (out of 256) that keeps a frame whose channel values sum to `units`
        inside the LED current budget."""
        if units <= self.max_units:
            return 256
        return self.max_units * 256 // units


def _root():
    """Folder holding layouts/: the parent of app/ (firmware/ on a PC, / on the board)."""
    try:
        f = __file__.replace("\\", "/")
    except NameError:          # frozen into the firmware image: no file
        return "/"
    parts = f.split("/")
    return "/".join(parts[:-2]) + "/" if len(parts) > 2 else ""


def read(path):
    """Layout from one compact file; ValueError naming the file and the fault."""
    with open(path) as f:
        try:
            d = json.load(f)
        except ValueError as e:
            raise ValueError("%s: bad JSON (%s)" % (path, e))
    try:
        return Layout(d)
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError("%s: %s %r" % (path, type(e).__name__, e))


def load(variant="pocket"):
    """The layout the firmware ships for a board variant ("pocket" or "full")."""
    tried = []
    for root in (_root(), "/", ""):
        path = root + "layouts/" + variant + ".json"
        if path in tried:
            continue
        tried.append(path)
        try:
            open(path).close()
        except OSError:
            continue
        return read(path)
    raise ValueError("no layout for board variant %r (looked at %s)"
                     % (variant, ", ".join(tried)))
