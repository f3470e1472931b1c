# Board layout: what the firmware knows of the board it runs on, kept as compact tables.
# It reads layouts/<variant>.json, a compact form that tools/hardware/hwviews.py generates (and
# validates) from hardware/<variant>.json, the single source of truth.
# Why not read hardware/<variant>.json itself: parsing its one-object-per-cell list takes
# ~59 KB of heap for the full board on the unix port; the compact form, a few KB.
# Portable: the same file runs on MicroPython (the board) and CPython (tools, tests).
import json
from array import array
from hexgames.board import zeros

FORMAT = 2                     # version of the compact form
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
    shape = d.get("shape")
    if shape not in ("hexhex", "field"):
        raise ValueError("layout: shape must be 'hexhex' or 'field', not %r" % (shape,))
    for key in ("base", "muxes") if shape == "hexhex" else ("muxes",):
        if type(d.get(key)) is not int:
            raise ValueError("layout: %s must be a whole number, not %r" % (key, d.get(key)))
    if shape == "hexhex":
        _number(d, "base", 2, 15)              # 631 cells: 16-bit tables, 8-bit coordinates
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
        raise ValueError("layout: keys must be a list of [name, label, slot, LED or -1]")
    for k in keys:
        if not (isinstance(k, list) and len(k) == 4 and isinstance(k[0], str)
                and isinstance(k[1], str)):
            raise ValueError("layout: key %r is not [name, label, slot, LED or -1]" % (k,))


def _strap(st, key_at, slots):
    """The compact form's strap: {slot, open, closed}, each side {revision, knob_reversed?};
    None where the board has none."""
    if st is None:
        return None
    if not isinstance(st, dict):
        raise ValueError("layout: strap must be an object, not %r" % (st,))
    slot = st.get("slot")
    if type(slot) is not int or not 0 <= slot < slots:
        raise ValueError("layout: strap.slot %r is not a scan slot 0..%d" % (slot, slots - 1))
    if key_at[slot] != NONE:
        raise ValueError("layout: strap.slot %d is a key's slot" % slot)
    for side in ("open", "closed"):
        r = st.get(side)
        if not isinstance(r, dict) or not isinstance(r.get("revision"), str):
            raise ValueError("layout: strap.%s must be {revision: text, ...}" % side)
        if type(r.get("knob_reversed", False)) is not bool:
            raise ValueError("layout: strap.%s.knob_reversed must be true or false" % side)
    return st


class Layout:
    """One board variant. Cells 0..n-1 in reading order (row 1 west to east, then row 2,
    ...): for a hexhex board the numbering of hexgames' hexhex board of the same base;
    a field (the HexBoard) lists any cells with their coordinates. `radius` is the
    largest hexhex around (0, 0) inside the cells: the menu and games are placed there."""

    def __init__(self, d):
        _check(d)
        self.variant = d["variant"]
        self.title = d["title"]
        self.pitch_mm = d["pitch_mm"]
        self.muxes = d["muxes"]
        slots = CHANNELS * self.muxes
        if d["shape"] == "hexhex":
            R = d["base"] - 1
            n = 3 * R * (R + 1) + 1
            self.q, self.r = _hexhex(R, n)   # computed from reading order, not shipped
        else:
            n = len(d.get("cell_led") or ())
            self.q = _coords(d.get("cell_q"), n, "cell_q")
            self.r = _coords(d.get("cell_r"), n, "cell_r")
        self.n = n
        self.chain = d.get("chain")             # LEDs on the chain, cells' and keys'
        if type(self.chain) is not int or not n <= self.chain <= 1024:
            raise ValueError("layout: chain must be a count of LEDs from %d, not %r"
                             % (n, self.chain))
        self.led = _table(d.get("cell_led"), self.chain, "cell_led")  # cell -> place on chain
        self.slot = _table(d.get("cell_slot"), slots, "cell_slot")  # cell -> mux * 16 + ch.
        if len(self.led) != n or len(self.slot) != n:
            raise ValueError("layout %s: tables must have %d cells" % (self.variant, n))
        self._box()
        self.radius = self._inscribed()
        self.base = self.radius + 1
        if self.radius < 3:
            raise ValueError("layout %s: no hexhex of radius 3 around the centre"
                             % self.variant)
        keys = d["keys"]                      # [name, label, slot, LED or -1] per key
        self.fn = tuple([k[0] for k in keys])
        self.fn_label = tuple([k[1] for k in keys])
        self.fn_slot = _table([k[2] for k in keys], slots, "keys")
        self.fn_led = tuple([k[3] for k in keys])
        # A knob's keys follow the function keys: turned counter-clockwise, clockwise,
        # its button pressed (knob, knob + 1, knob + 2).
        self.knob = n + len(keys)
        # slot -> key, for the scan driver: cell i, or n + k for function key k, or NONE.
        self.key_at = array("H", b"\xff" * (2 * slots))
        for i in range(n):
            self.key_at[self.slot[i]] = i
        for k in range(len(keys)):
            self.key_at[self.fn_slot[k]] = n + k
        # one key per slot, one key per LED: a shared one would lose presses or light
        seen = bytearray(self.chain)
        for v in list(self.led) + [v for v in self.fn_led if v >= 0]:
            if type(v) is not int or not 0 <= v < self.chain or seen[v]:
                raise ValueError("layout: LED %r used twice or off the chain" % (v,))
            seen[v] = 1
        if len(keys) + n > slots or sum([1 for v in self.key_at if v != NONE]) != n + len(keys):
            raise ValueError("layout: two keys share a key-scan slot")
        # A slot wired on some revisions of the board, not a key (the HexBoard's v1.2
        # ties one low): read once at power-up to tell the revision, masked after.
        self.strap = _strap(d.get("strap"), self.key_at, slots)
        self.pins = d["pins"]                     # role -> GPIO (or list of GPIO)
        self.screen = d.get("screen")             # {part, width, height, i2c, address, ...}
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
        self.light_ma = self.led_budget_ma - self.chain * self.idle_ma
        self.max_units = self.light_ma * 255 // self.channel_ma

    def _box(self):
        """The (q, r) -> cell grid over the cells' bounding box."""
        q, r = self.q, self.r
        self.q0, self.r0 = min(q), min(r)
        self.cols = max(q) - self.q0 + 1
        self.rows = max(r) - self.r0 + 1
        self._grid = array("H", b"\xff" * (2 * self.cols * self.rows))
        for i in range(self.n):
            k = (r[i] - self.r0) * self.cols + q[i] - self.q0
            if self._grid[k] != NONE:
                raise ValueError("layout: two cells at (%d, %d)" % (q[i], r[i]))
            self._grid[k] = i

    def _inscribed(self):
        R = 0
        while True:
            for dq in range(-R, R + 1):
                for dr in range(max(-R, -R - dq), min(R, R - dq) + 1):
                    if self.index(dq, dr) < 0:
                        return R - 1
            R += 1

    def coord(self, i):
        return (self.q[i], self.r[i])

    def index(self, q, r):
        """Cell at axial (q, r), or -1 off the board."""
        q -= self.q0
        r -= self.r0
        if not (0 <= q < self.cols and 0 <= r < self.rows):
            return -1
        i = self._grid[r * self.cols + q]
        return -1 if i == NONE else i

    def name(self, i):
        return LETTERS[self.q[i] - self.q0] + str(self.r[i] - self.r0 + 1)

    def find(self, name):
        """Cell number of a name such as "d4", or -1."""
        if len(name) < 2 or name[0] not in LETTERS or not name[1:].isdigit():
            return -1
        return self.index(LETTERS.index(name[0]) + self.q0, int(name[1:]) + self.r0 - 1)

    def fn_key(self, name):
        """Key number (n + k) of a function key such as "MENU", or -1."""
        for k in range(len(self.fn)):
            if self.fn[k] == name:
                return self.n + k
        return -1

    def fits_hexhex(self, base):
        return base <= self.base

    def fits_rhombus(self, size):
        """A size x size rhombus placed centred (its middle cell on the centre) lies on
        cells: every cell is looked at, as a field need not be convex."""
        lo = -((size - 1) // 2)
        for q in range(lo, lo + size):
            for r in range(lo, lo + size):
                if self.index(q, r) < 0:
                    return False
        return True

    def dim256(self, units):
        """Scale (out of 256) that keeps a frame whose channel values sum to `units`
        inside the LED current budget."""
        if units <= self.max_units:
            return 256
        return self.max_units * 256 // units


def _hexhex(R, n):
    """q, r of a hexhex's cells in reading order."""
    q = zeros("b", n)
    r = zeros("b", n)
    i = 0
    for y in range(-R, R + 1):
        for x in range(max(-R, -R - y), min(R, R - y) + 1):
            q[i] = x
            r[i] = y
            i += 1
    return q, r


def _coords(values, n, what):
    """array('b') of n coordinates in -12..12."""
    if not isinstance(values, list) or len(values) != n:
        raise ValueError("layout: %s must be a list of %d coordinates" % (what, n))
    t = zeros("b", n)
    for i in range(n):
        v = values[i]
        if type(v) is not int or not -12 <= v <= 12:
            raise ValueError("%s[%d] = %r, not in -12..12" % (what, i, v))
        t[i] = v
    return t


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
    """The layout the firmware ships for a board variant ("pocket", "full", "hexboard")."""
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
