# From what the app draws to what the LEDs get: gamma, brightness, current limit.
#
# The app draws perceptual colours per layout cell into `frame`. show() maps them
# through a gamma table (LED output is linear in drive level, the eye is not), scales
# by the brightness setting, adds up the frame's channel values and, when the layout's
# power budget would be exceeded, scales the whole frame down (as Layout.dim256): full
# white on every cell would draw 15-32x what USB gives. Then it writes the LED chain in
# chain order. Nothing here allocates after __init__: it runs every frame.
from micropython import const
from hexgames.native import pick

# the per-cell loops: native kernels where the VM has them, else their twins
K = pick("kernels", "twins", "app")

_GAMMA_NUM = const(22)        # gamma 2.2
_FLOOR = const(16)            # drawn values from here up never go fully dark
BRIGHTNESS = (8, 16, 32, 64, 128, 256)   # settings levels, out of 256: 3 % .. 100 %
_KEY_GLOW = const(6)          # drive level of the LEDs under function keys (HexBoard)


def _gamma_table():
    # Built once with floats; the frame loop then only looks up bytes.
    t = bytearray(256)
    for v in range(256):
        t[v] = int(255 * (v / 255) ** (_GAMMA_NUM / 10) + 0.5)
    return bytes(t)


class Light:
    def __init__(self, layout, leds):
        n = self.n = layout.n
        self.layout = layout
        self.leds = leds
        self.frame = bytearray(3 * n)       # what the app draws, per layout cell
        self.gamma = _gamma_table()
        self.level = 256                    # brightness out of 256
        self.units = 0                      # channel sum of the last frame (tests, bench)
        self.max_units = layout.max_units   # the budget as a cap on that sum
        self.scale = 256                    # current-limit factor of the last frame
        self._lin = bytearray(3 * n)        # after gamma and brightness, per cell
        # The neopixel driver keeps its wire bytes in `buf`, ORDER saying where R, G, B
        # go (GRB: 1, 0, 2); writing there directly avoids a tuple per LED per frame.
        self._buf = getattr(leds, "buf", None)
        order = getattr(leds, "ORDER", (1, 0, 2, 3))
        self._bpp = getattr(leds, "bpp", 3)
        self._o = (order[0], order[1], order[2])
        # LEDs under function keys (the HexBoard's command keys): a faint white, so the
        # keys can be found in the dark; dark with the board when nothing else is lit
        self._key_leds = tuple([k for k in layout.fn_led if k >= 0])
        self._key_fn = tuple([k for k in range(len(layout.fn_led)) if layout.fn_led[k] >= 0])
        # The self-test's colours for the function keys (3 bytes a key, drawn values as
        # in frame), shown instead of the glow while it is set; None: the glow.
        self.keyframe = None

    def set_brightness(self, index):
        self.level = BRIGHTNESS[max(0, min(len(BRIGHTNESS) - 1, index))]

    # -- drawing ------------------------------------------------------------------
    def put(self, i, c, lvl=256):
        """Cell i in colour c (r, g, b) at lvl/256 of its strength."""
        f = self.frame
        k = 3 * i
        f[k] = c[0] * lvl >> 8
        f[k + 1] = c[1] * lvl >> 8
        f[k + 2] = c[2] * lvl >> 8

    def mix(self, i, c, lvl):
        """Blend colour c over cell i by lvl/256."""
        f = self.frame
        k = 3 * i
        keep = 256 - lvl
        f[k] = (f[k] * keep + c[0] * lvl) >> 8
        f[k + 1] = (f[k + 1] * keep + c[1] * lvl) >> 8
        f[k + 2] = (f[k + 2] * keep + c[2] * lvl) >> 8

    def dark(self):
        f = self.frame
        for k in range(len(f)):
            f[k] = 0

    def rgb(self, i):
        k = 3 * i
        return (self.frame[k], self.frame[k + 1], self.frame[k + 2])

    # -- output ---------------------------------------------------------------------
    def show(self):
        """Send the frame to the LEDs; returns False when nothing changed (no write)."""
        lin = self._lin
        total = K.gamma(self.frame, lin, self.gamma, self.level, 3 * self.n, _FLOOR)
        self.units = total
        # The factor of Layout.dim256, in 1/65536 rather than 1/256: the full board's
        # budget is 0.5 % of full white, which 1/256 steps would round to nothing.
        s = 65536
        if total > self.max_units:
            s = self.max_units * 65536 // total
        self.scale = s >> 8
        buf = self._buf
        if buf is None:
            return self._show_slow(s)
        o = self._o
        # rounding down keeps the frame's sum within the budget
        changed = K.wire(lin, buf, self.layout.led, self.n, self._bpp, o[0], o[1], o[2], s)
        if self.keyframe is not None:
            self._wire_keys(buf, s)
            changed = 1
        else:
            glow = _KEY_GLOW if total else 0
            for k in self._key_leds:
                j = k * self._bpp
                if buf[j] != glow:
                    buf[j] = buf[j + 1] = buf[j + 2] = glow
                    changed = 1
        if changed:
            self.leds.write()
        return bool(changed)

    def key_level(self, k, c, s):
        """Function key k's channel c of the keyframe as driven: gamma, brightness, the
        frame's current-limit factor s (out of 65536)."""
        return (self.gamma[self.keyframe[3 * k + c]] * self.level >> 8) * s >> 16

    def _wire_keys(self, buf, s):
        o = self._o
        fn = self._key_fn
        leds = self._key_leds
        for i in range(len(leds)):
            j = leds[i] * self._bpp
            k = fn[i]
            buf[j + o[0]] = self.key_level(k, 0, s)
            buf[j + o[1]] = self.key_level(k, 1, s)
            buf[j + o[2]] = self.key_level(k, 2, s)

    def _show_slow(self, s):
        # A driver without `buf`: the plain neopixel item API (a tuple per LED).
        leds = self.leds
        led = self.layout.led
        lin = self._lin
        for i in range(self.n):
            k = 3 * i
            leds[led[i]] = (lin[k] * s >> 16, lin[k + 1] * s >> 16, lin[k + 2] * s >> 16)
        glow = _KEY_GLOW if self.units else 0
        for i in range(len(self._key_leds)):
            k = self._key_fn[i]
            if self.keyframe is not None:
                leds[self._key_leds[i]] = (self.key_level(k, 0, s), self.key_level(k, 1, s),
                                           self.key_level(k, 2, s))
            else:
                leds[self._key_leds[i]] = (glow, glow, glow)
        leds.write()
        return True
