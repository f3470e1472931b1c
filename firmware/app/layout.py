# Board layout: what the firmware knows of the board it runs on, kept as compact tables.
# It reads layouts/<variant>.json, a compact form that tools/hardware/hwviews.py generates (and
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
    if not isinstance(values, list):
        raise ValueError("%s must be a list, not %r" % (what, values))
    t = zeros("H", len(values))
    for i in range(len(values)):
        v = values[i]
        if type(v) is not int or not 0 <= v < limit:
            raise ValueError("%s[%d] = %r, not in 0..%d" % (what, i, v, limit - 1))
        t[i] = v
    return t


def _number(d, key, lo, hi, where="layout"):
    v = d.get(key) if isinstance(d, dict) else None
    if type(v) not in (int, float) or not lo <= v <= hi:
        raise ValueError("%s: %s must be a number in %s..%s, not %r" % (where, key, lo, hi, v))
    return v


def _check(d):
    """The compact form's fields and their types, each fault named, before any
    table is built: a damaged file must fail here, not halfway through."""
    if not isinstance(d, dict):
        raise ValueError("layout must be a JSON object")
    if d.get("format") != FORMAT:
        raise ValueError("layout format %r, this loader reads %d" % (d.get("format"), FORMAT))
    for key in ("variant", "title"):
        if not isinstance(d.get(key), str):
            raise ValueError("layout: %s must be text, not %r" % (key, d.get(key)))
    for key in ("base", "muxes"):
        if type(d.get(key)) is not int:
            raise ValueError("layout: %s must be a whole number, not %r" % (key, d.get(key)))
    _number(d, "base", 2, 15)                  # 631 cells: 16-bit tables, 8-bit coordinates
    _number(d, "muxes", 1, 30)                 # one read pin each
    _number(d, "pitch_mm", 1, 1000)
    led = d.get("led")
    for key in ("part", "order"):
        if not isinstance(led, dict) or not isinstance(led.get(key), str):
            raise ValueError("layout: led.%s must be text" % key)
    _number(led, "idle_ma", 0, 1000, "layout led")
    _number(led, "channel_ma", 1, 1000, "layout led")
    _number(led, "max_ma", 1, 3000, "layout led")
    _number(d.get("power"), "led_budget_ma", 0, 100000, "layout power")
    if not isinstance(d.get("pins"), dict):
        raise ValueError("layout: pins must be an object of role: GPIO")
    keys = d.get("keys")
    if not isinstance(keys, list):
        raise ValueError("layout: keys must be a list of [name, label, slot]")
    for k in keys:
        if not (isinstance(k, list) and len(k) == 3 and isinstance(k[0], str)
                and isinstance(k[1], str)):
            raise ValueError("layout: key %r is not [name, label, slot]" % (k,))


class Layout:
    """One board variant. Cells 0..n-1 in reading order (row 1 west to east, then row 2,
    ...), the numbering of hexgames' hexhex board of the same base."""

    def __init__(self, d):
        _check(d)
        self.variant = d["variant"]
        self.title = d["title"]
        self.base = base = d["base"]
        self.radius = R = base - 1
        self.n = n = 3 * base * R + 1
        self.pitch_mm = d["pitch_mm"]
        self.muxes = d["muxes"]
        slots = CHANNELS * self.muxes
        self.led = _table(d.get("cell_led"), n, "cell_led")       # cell -> place on LED chain
        self.slot = _table(d.get("cell_slot"), slots, "cell_slot")  # cell -> mux * 16 + channel
        if len(self.led) != n or len(self.slot) != n:
            raise ValueError("layout %s: tables must have %d cells" % (self.variant, n))
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
        # one key per slot, one cell per LED: a shared one would lose presses or light
        seen = bytearray(n)
        for i in range(n):
            if seen[self.led[i]]:
                raise ValueError("layout: cell_led uses LED %d twice" % self.led[i])
            seen[self.led[i]] = 1
        if len(keys) + n > slots or sum([1 for v in self.key_at if v != NONE]) != n + len(keys):
            raise ValueError("layout: two keys share a key-scan slot")
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


def read(path, text=None):
    """Layout from one compact file, or from its text; ValueError naming the file and
    the fault."""
    try:
        if text is None:
            with open(path) as f:
                d = json.load(f)
        else:
            d = json.loads(text)
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
    # Files first, as for modules (make flash FROZEN=1 sends them); then the layout an
    # image from `make firmware` carries (tools/build/firmware.py writes honeycomb_image).
    try:
        from honeycomb_image import LAYOUTS
        return read("(frozen) layouts/%s.json" % variant, LAYOUTS[variant])
    except (ImportError, KeyError):
        pass
    raise ValueError("no layout for board variant %r (looked at %s)"
                     % (variant, ", ".join(tried)))
