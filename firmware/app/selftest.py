# The self-test, for owners: is every key, LED, the knob, the buzzer and the screen of
# this board working? Entered from the settings page of the menu, or with the centre
# cell held at power-up (main.py). What it does, in order:
#
#   1. a tone, every LED red, green, blue, then white (0.6 s each), and on a board with
#      a screen a checkerboard, then its inverse: every pixel lit once, dark once;
#   2. then, for as long as the owner likes: each key pressed lights its own LED white
#      and is named in the caption (the HexBoard's screen, the simulator's and the web
#      page's caption); a press that comes while another key is down (a key that reads
#      as two, or two pressed at once) turns both red and names them as a fault, until
#      a press of that key alone; every key seen without a fault turns the grid green;
#      a function key without an LED of its own (the pocket board's) blinks a corner
#      of the grid (Menu top left, Undo top right, OK left, Hint right); the knob's
#      clicks are counted each way and its button's presses;
#   3. Menu, pressed once more after its first press, ends it: the report goes to the
#      console (USB serial) and to selftest.txt in the store, and the menu comes back.
#
# Keys come here raw (App._key passes every event to a screen with event()): the
# command keys and the knob are under test too, so none of them acts as usual.
from array import array
from micropython import const

from app.keys import PRESS, RELEASE
from app import palette

FILE = "selftest.txt"
_STEP_MS = const(600)          # each colour of the sweep
_INTRO_MS = const(2400)        # four colours; the screen's two patterns take half each
_BLINK_MS = const(1000)        # a corner blinks this long for a function key without LED
_TONE_HZ = const(880)
_TONE_MS = const(400)
_NONE = const(0xFFFF)
_UNSEEN = const(0)
_OK = const(1)
_FAULT = const(2)
_LISTED = const(10)            # keys named at most in one line of the report
SWEEP = ((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255))
_GOOD = (0, 200, 60)           # every key seen, no fault
_OFF = (0, 0, 0)


class SelfTest:
    def __init__(self, app):
        self.app = app
        lay = self.layout = app.layout
        n = self.n = lay.n
        self.keys = n + len(lay.fn)              # cells, then function keys
        self.state = bytearray(self.keys)        # _UNSEEN, _OK, _FAULT
        self.down = bytearray(self.keys)
        self.partner = array("H", [_NONE] * self.keys)   # the key a fault came with
        self.held = 0
        self.seen = 0
        self.faults = 0
        self.last = -1
        self.turns = [0, 0]                      # knob clicks counter-clockwise, clockwise
        self.button = 0
        self.button_down = False
        self.menu = lay.fn_key("MENU")
        # a corner cell per function key that has no LED of its own
        R = lay.radius
        corners = ((0, -R), (R, -R), (-R, 0), (R, 0), (-R, R), (0, R))
        self.corner = array("H", [_NONE] * len(lay.fn))
        for k in range(min(len(lay.fn), len(corners))):
            if lay.fn_led[k] < 0:
                self.corner[k] = lay.index(corners[k][0], corners[k][1])
        self.blink = -1                          # function key whose corner blinks
        self.blink_t = 0
        # what the board reads of itself (revision, flash), read once, here
        self.facts = app.facts() if app.facts is not None else ()
        self.keyframe = bytearray(3 * len(lay.fn))
        app.light.keyframe = self.keyframe
        self.t0 = app.now
        self.phase = 0                           # 0, 1: the two screen patterns; 2: keys
        self.changed = True
        self.ended = False
        app.set_caption("Self-test: a tone; every LED red, green, blue, white; the "
                        "screen's pattern. Then press every key.")
        if app.panel is not None:
            app.panel.pattern(0)
        app.sound.tone(_TONE_HZ, _TONE_MS)      # whatever the sound setting: it is tested

    # -- what comes in ---------------------------------------------------------------
    def event(self, key, kind):
        if key >= self.layout.knob:
            w = key - self.layout.knob
            if w < 2 and kind == PRESS:
                self.turns[w] += 1
            elif w == 2 and kind == PRESS:
                self.button += 1
                self.button_down = True
            elif w == 2 and kind == RELEASE:
                self.button_down = False
            else:
                return
        elif key >= self.keys:
            return
        elif kind == PRESS:
            if key == self.menu and self.state[key] != _UNSEEN and not self.held:
                self.end()
                return
            self.press(key)
        elif kind == RELEASE:
            if self.down[key]:
                self.down[key] = 0
                self.held -= 1
        else:
            return                               # HOLD: nothing new
        self.changed = True

    def key(self, key):
        """Menu screens' keys (a front end's tap): one press and release."""
        self.event(key, PRESS)
        if not self.ended:
            self.event(key, RELEASE)

    def press(self, key):
        if self.down[key]:
            return
        if self.held:                            # another key is down: both are at fault
            for k in range(self.keys):
                if self.down[k] and k != key:
                    self.mark(k, _FAULT, key)
                    self.mark(key, _FAULT, k)
        else:
            self.mark(key, _OK, _NONE)
            self.app.click()
        self.down[key] = 1
        self.held += 1
        self.last = key
        if key >= self.n and self.corner[key - self.n] != _NONE:
            self.blink = key - self.n
            self.blink_t = self.app.now

    def mark(self, key, state, partner):
        old = self.state[key]
        self.seen += old == _UNSEEN
        self.faults += (state == _FAULT) - (old == _FAULT)
        self.state[key] = state
        self.partner[key] = partner

    def tick(self, now):
        t = now - self.t0
        if self.phase == 0 and t >= _INTRO_MS // 2:
            self.phase = 1
            if self.app.panel is not None:
                self.app.panel.pattern(1)
        elif self.phase == 1 and t >= _INTRO_MS:
            self.phase = 2
        if self.phase == 2 and self.changed:     # on a key's event, not every frame
            self.changed = False
            self.app.set_caption(self.describe())

    # -- words -----------------------------------------------------------------------
    def name(self, key):
        if key < self.n:
            return self.layout.name(key)
        return self.layout.fn_label[key - self.n]

    def fault_pairs(self):
        """Each key at fault with the key it was last read with: a pair named once."""
        out = []
        for k in range(self.keys):
            p = self.partner[k]
            if self.state[k] == _FAULT and not (p < k and self.partner[p] == k
                                                and self.state[p] == _FAULT):
                out.append(self.name(k) + "+" + self.name(p))
        return out

    def knob_text(self, short):
        if "knob_a" not in self.layout.pins:    # a board without a knob
            return ""
        return ("%d cw, %d ccw, button %d" if short else
                "%d clockwise, %d counter-clockwise, button %d") % (
            self.turns[1], self.turns[0], self.button)

    def describe(self):
        """The caption: 16 lines of 16 characters on the HexBoard's screen, so the
        board's facts only until the first key, and three faults at most."""
        parts = ["keys %d of %d" % (self.seen, self.keys)]
        if not self.seen:
            parts[0] = "press each key alone, " + parts[0]
        if self.last >= 0:
            st = self.state[self.last]
            parts.append("%s %s" % ("fault" if st == _FAULT else "pressed", self.name(self.last)))
        if self.faults:
            pairs = self.fault_pairs()
            more = " +%d more" % (len(pairs) - 3) if len(pairs) > 3 else ""
            parts.append("faults " + " ".join(pairs[:3]) + more)
        elif self.seen == self.keys:
            parts.append("all keys OK")
        k = self.knob_text(True)
        if k:
            parts.append("knob " + k + (" (down)" if self.button_down else ""))
        if not self.seen:
            for label, value in self.facts:
                parts.append("%s %s" % (label, value))
        return "Self-test: %s. Menu %s: done." % (
            ", ".join(parts), "again" if self.state[self.menu] else "twice")

    def report(self):
        """The few lines that go to the console and into selftest.txt."""
        lay = self.layout
        lines = ["Honeycomb self-test: %s (%s)" % (lay.title, lay.variant)]
        for label, value in self.facts:
            lines.append("%s: %s" % (label, value))
        lines.append("keys: %d of %d pressed, %d at fault" % (self.seen, self.keys, self.faults))
        if self.faults:
            lines.append("faults: " + " ".join(self.fault_pairs()))
        unseen = [self.name(k) for k in range(self.keys) if self.state[k] == _UNSEEN]
        if unseen:
            more = " and %d more" % (len(unseen) - _LISTED) if len(unseen) > _LISTED else ""
            lines.append("not pressed: " + " ".join(unseen[:_LISTED]) + more)
        k = self.knob_text(False)
        if k:
            lines.append("knob: " + k)
        lines.append("shown: a tone of %d Hz, every LED red, green, blue, white%s"
                     % (_TONE_HZ, ", the screen's checkerboard" if self.app.panel else ""))
        return "\n".join(lines) + "\n"

    def end(self):
        a = self.app
        self.ended = True
        text = self.report()
        a.report(text[:-1])                      # print() ends the line on the console
        try:
            a.store.save(FILE, text.encode())
        except OSError as e:                     # the console still has it
            a.report("selftest: could not write %s (%s)" % (FILE, e))
        a.light.keyframe = None
        a.to_menu()

    # -- drawing (every frame: nothing allocated) --------------------------------------
    def draw(self, light, now):
        t = now - self.t0
        kf = self.keyframe
        if t < _INTRO_MS:
            c = SWEEP[t // _STEP_MS]
            for i in range(self.n):
                light.put(i, c)
            for j in range(0, len(kf), 3):
                kf[j] = c[0]
                kf[j + 1] = c[1]
                kf[j + 2] = c[2]
            return
        good = self.seen == self.keys and not self.faults
        state = self.state
        for k in range(self.keys):
            s = state[k]
            c = _OFF if s == _UNSEEN else palette.REFUSE if s == _FAULT else _GOOD if good else palette.WHITE
            if k < self.n:
                light.put(k, c)
            else:
                j = 3 * (k - self.n)
                kf[j] = c[0]
                kf[j + 1] = c[1]
                kf[j + 2] = c[2]
        b = self.blink
        if b >= 0 and now - self.blink_t < _BLINK_MS:     # on and off, 4 times a second
            c = palette.REFUSE if state[self.n + b] == _FAULT else palette.WHITE
            light.put(self.corner[b], c if (now - self.blink_t) // 125 & 1 == 0 else _OFF)
