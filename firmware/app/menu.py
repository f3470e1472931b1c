# The menu, drawn on the grid itself: each choice is a cluster of cells (a cell and
# its six neighbours) in its own colour, or for board sizes, the outline of each board.
# Press a choice to select it (it brightens), press it again or OK to go on; UNDO goes
# back a page. A choice remembered from the last match is shown selected (OK takes
# it), but a press on it only selects it, as on any other choice. Pages: game -> board
# size -> on/off options -> opponent -> side; each is skipped when there is nothing to
# choose. The settings are a page of their own, with the owner's self-test
# (app/selftest.py).
from micropython import const

from app import games, gauge, palette
from app.light import BRIGHTNESS

# Cluster centres, in reading order: NW, NE, W, centre, E, SW, SE. Radius-1 clusters
# three steps apart tile a hexagon of radius 4, so they fit every layout from base 5.
SLOTS = ((0, -3), (3, -3), (-3, 0), (0, 0), (3, 0), (-3, 3), (0, 3))
_NW, _NE, _W, _C, _E, _SW, _SE = 0, 1, 2, 3, 4, 5, 6
_LEVEL_SLOTS = (_NW, _NE, _E, _SE, _SW, _W)  # levels 1..6 clockwise, two people in the centre
_FREE = const(255)
# The settings page's self-test: the cluster around (3, -1) but its cell (2, 0), the
# brightness row's last; between that row and the battery gauge (row -3), inside the
# hexhex of radius 4 that every layout has.
_TEST = ((3, -1), (4, -1), (4, -2), (3, -2), (2, -1), (3, 0))
# The game page's Learn where no cluster is free: two cells that no cluster covers,
# between the centre's cluster and the north-eastern one (inside radius 4, on every layout).
_LEARN = ((1, -2), (2, -1))


def dist(layout, i):
    q = layout.q[i]
    r = layout.r[i]
    return max(abs(q), abs(r), abs(q + r))


def pulse(now, period=1600):
    """A triangle wave 0..256..0 over `period` ms: integer only, no allocation."""
    t = now % period
    h = period >> 1
    return t * 256 // h if t < h else (period - t) * 256 // h


class Menu:
    def __init__(self, app, page="game"):
        self.app = app
        self.layout = app.layout
        self.owner = bytearray(self.layout.n)    # layout cell -> item index, or _FREE
        last = app.settings.last
        # the last match, when it still fits this board (a settings file may be
        # from another board, or damaged: a size the game lacks would fail at start)
        if not (isinstance(last, list) and len(last) == 5 and last[0] in games.offered(self.layout)
                and last[1] in games.sizes(self.layout, last[0])):
            last = [None, None, [], 1 if app.ai else 0, 1]
        self.game, self.size, self.flags, self.level, self.human = last
        if not app.ai:
            self.level = 0
        self.level = min(self.level, app.levels)      # settings written where level 6 runs
        self.stack = []
        self.enter(page)

    # -- pages ---------------------------------------------------------------------
    def cluster(self, slot):
        lay = self.layout
        q, r = SLOTS[slot]
        out = [lay.index(q, r)]
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            out.append(lay.index(q + dq, r + dr))
        return out

    def corner(self, side):
        """The bottom-left (0) or bottom-right (1) corner cell and its on-board
        neighbours: room for Settings and Continue beside seven game clusters on
        boards of radius 6 and more."""
        lay = self.layout
        R = lay.radius
        q, r = ((-R, R), (0, R))[side]
        out = [lay.index(q, r)]
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            if lay.index(q + dq, r + dr) >= 0:
                out.append(lay.index(q + dq, r + dr))
        return out

    def enter(self, page):
        """Build the page's items: [label, cells, colour, value]."""
        self.page = page
        a = self.app
        lay = self.layout
        items = []
        if page == "game":
            wide = lay.radius >= 6            # the corners are free of clusters
            names = games.offered(lay)[:7 if wide else 5]
            for k, name in enumerate(names):
                items.append([games.title(name), self.cluster(k), palette.game_colour(name), name])
            items.append(["Settings", self.corner(0) if wide else self.cluster(_SW), palette.WHITE, "settings"])
            if a.saved:
                items.append(["Continue", self.corner(1) if wide else self.cluster(_SE), palette.WHITE, "continue"])
            # Learn (app/learn.py): the cluster after the games where one is free,
            # else the two cells between the centre's and the north-eastern clusters
            learn = self.cluster(len(names)) if wide and len(names) < 7 else [lay.index(q, r) for q, r in _LEARN]
            items.append(["Learn", learn, palette.HINT, "learn"])
            sel = self.game
        elif page == "learn":
            from app import learn
            for k, name in enumerate(games.offered(lay)[:7 if lay.radius >= 6 else 5]):
                if learn.fits(lay, name):
                    items.append([games.title(name), self.cluster(k), palette.game_colour(name), name])
            sel = self.game
        elif page == "size":
            colour = palette.game_colour(self.game)
            for s in games.sizes(lay, self.game):
                items.append([str(s), [i for i in range(lay.n) if dist(lay, i) == s - 1], colour, s])
            sel = self.size
        elif page == "flags":
            names = games.spec(self.game)[3]
            for k, f in enumerate(names[:2]):
                items.append([f, self.cluster((_W, _E)[k]), palette.game_colour(self.game), f])
            sel = None
        elif page == "opponent":
            items.append(["two people", self.cluster(_C), palette.WHITE, 0])
            for lv in range(1, a.levels + 1):
                label = "level %d" % lv if lv < 6 else "level 6 (this computer, not on the board)"
                items.append([label, self.cluster(_LEVEL_SLOTS[lv - 1]), palette.LEVEL[lv - 1], lv])
            sel = self.level
        elif page == "side":
            cols = palette.sides(a.settings.colour_blind)
            items.append(["X (first)", self.cluster(_W), cols[palette.X], 1])
            items.append(["O (second)", self.cluster(_E), cols[palette.O], 2])
            sel = self.human
        else:                                   # settings
            for k in range(len(BRIGHTNESS)):
                items.append(["brightness %d" % (k + 1), [lay.index(k - 3, 0)], palette.WHITE, k])
            items.append(["sound", self.cluster(_SW), palette.LEVEL[2], "sound"])
            items.append(["colour-blind", self.cluster(_SE), palette.WHITE, "colour_blind"])
            items.append(["self-test", [lay.index(q, r) for q, r in _TEST], palette.TEST, "selftest"])
            sel = None
        self.charge = a.battery.level() if page == "settings" and a.battery else None
        self.items = items
        owner = self.owner
        for i in range(lay.n):
            owner[i] = _FREE
        for k, it in enumerate(items):
            for c in it[1]:
                owner[c] = k
        if page == "size":                      # any cell picks the nearest outline
            for i in range(lay.n):
                d = dist(lay, i)
                best = 0
                for k, it in enumerate(items):
                    if abs(it[3] - 1 - d) <= abs(items[best][3] - 1 - d):
                        best = k
                owner[i] = best
        self.sel = -1
        for k, it in enumerate(items):
            if it[3] == sel:
                self.sel = k
        # The selection is the last match's until a press on this page selects:
        # only a press on a choice already pressed here goes on. Were one press on
        # a remembered choice to go on, the second of the two presses the page asks
        # for would land on the next page (HexGo began with a4 selected after "X
        # (first)" was pressed twice).
        self.pressed = False
        a.set_caption(self.describe())

    # -- the knob (app/pointer.py) ---------------------------------------------------
    def targets(self):
        """Each item's first cell (a cluster's centre), in reading order."""
        return sorted([it[1][0] for it in self.items])

    def label(self, cell):
        for it in self.items:
            if cell in it[1]:
                return it[0]
        return None

    def describe(self):
        """Each choice by what it is, then "at" a cell of it: the cell only helps a
        person who types names (the colours and outlines on the grid are the menu)."""
        what = {"game": "Choose a game", "size": "Board size", "flags": "Options (press to switch)",
                "opponent": "Opponent", "side": "Your side", "settings": "Settings",
                "learn": "Learn a game's rules"}[self.page]
        # a size by itself is a bare number: say which (a HexGo "base 5", a Hex "size 7")
        unit = (games.spec(self.game)[1] or "size") + " " if self.page == "size" else ""
        parts = []
        for it in self.items:
            if self.page == "settings" and isinstance(it[3], int):
                if not it[3]:           # the brightness row, as one choice (16 columns)
                    row = self.items[:len(BRIGHTNESS)]
                    parts.append("brightness %d of %d at %s-%s" % (
                        self.app.settings.brightness + 1, len(row), self.layout.name(row[0][1][0]),
                        self.layout.name(row[-1][1][0])))
                continue
            extra = ""
            if self.page in ("flags", "settings") and it[3] in ("sound", "colour_blind") + tuple(self.flags_names()):
                extra = " on" if self.is_on(it[3]) else " off"
            cell = self.layout.name(it[1][len(it[1]) // 2 if self.page == "size" else 0])
            parts.append("%s%s%s at %s" % (unit, it[0], extra, cell))
        if self.charge is not None:
            parts.append(gauge.text(self.charge))
        chosen = (" [%s]" % self.items[self.sel][0]) if self.sel >= 0 else ""
        return "%s%s: %s. Press twice or OK; Undo: back." % (what, chosen, ", ".join(parts))

    def flags_names(self):
        return games.spec(self.game)[3] if self.game else ()

    def is_on(self, v):
        s = self.app.settings
        if v == "sound":
            return s.sound
        if v == "colour_blind":
            return s.colour_blind
        return v in self.flags

    def choices(self):
        """(label, value, a cell to press) of the page's items: front ends, tests."""
        return [(it[0], it[3], it[1][0]) for it in self.items]

    # -- keys ------------------------------------------------------------------------
    def key(self, key):
        a = self.app
        if key < self.layout.n:
            k = self.owner[key]
            if k == _FREE:
                a.refuse()
            elif self.page in ("flags", "settings"):
                self.toggle(self.items[k][3])
            elif k == self.sel and self.pressed:
                self.confirm()
            else:
                self.sel = k
                self.pressed = True
                a.click()
                a.set_caption(self.describe())
        elif key == a.OK:
            if self.page in ("flags", "settings") or self.sel >= 0:
                self.confirm()
            else:
                a.refuse()
        elif key == a.UNDO:
            if self.page == "settings":
                self.confirm()
            elif self.stack:
                self.enter(self.stack.pop())
            else:
                a.refuse()
        elif key == a.MENU:
            if self.page == "game" and a.saved:
                a.resume()
            elif self.page == "settings":
                self.confirm()
            else:
                self.stack = []
                self.enter("game")

    def toggle(self, v):
        a = self.app
        s = a.settings
        if v == "selftest":
            a.store_settings()          # the page's changes, as when leaving it
            a.self_test()
            return
        if v == "sound":
            s.sound = not s.sound
        elif v == "colour_blind":
            s.colour_blind = not s.colour_blind
        elif isinstance(v, int):
            s.brightness = v
            a.light.set_brightness(v)
        elif v in self.flags:
            self.flags = [f for f in self.flags if f != v]
        else:
            self.flags = self.flags + [v]
        a.click()
        a.set_caption(self.describe())

    def confirm(self):
        a = self.app
        page = self.page
        if page == "settings":
            a.store_settings()
            self.enter("game")
            return
        v = self.items[self.sel][3] if self.sel >= 0 else None
        if page == "game":
            if v == "learn":
                self.stack.append(page)
                self.enter("learn")
                return
            if v == "settings" or v == "continue":
                if v == "continue":
                    a.resume()
                else:
                    self.stack.append(page)
                    self.enter("settings")
                return
            if v != self.game:
                self.game, self.flags = v, []
                self.size = games.default_size(self.layout, v)
        elif page == "learn":
            from app import learn
            a.click()
            learn.start(a, v)
            return
        elif page == "size":
            self.size = v
        elif page == "opponent":
            self.level = v
        elif page == "side":
            self.human = v
        a.click()
        nxt = self.after(page)
        if nxt is None:
            a.new_game([self.game, self.size, list(self.flags), self.level, self.human])
        else:
            self.stack.append(page)
            self.enter(nxt)

    def after(self, page):
        order = ("game", "size", "flags", "opponent", "side")
        for p in order[order.index(page) + 1:]:
            if p == "size" and len(games.sizes(self.layout, self.game)) > 1:
                return p
            if p == "flags" and self.flags_names():
                return p
            if p == "opponent" and self.app.ai:
                return p
            if p == "side" and self.level:
                return p
        return None

    # -- drawing ---------------------------------------------------------------------
    def draw(self, light, now):
        light.dark()
        glow = 150 + (pulse(now) * 106 >> 8)
        cols = palette.sides(self.app.settings.colour_blind)
        items = self.items
        for k in range(len(items)):       # no enumerate: no iterator object per frame
            it = items[k]
            cells = it[1]
            v = it[3]
            on = k == self.sel or (self.page in ("flags", "settings") and self.is_on(v))
            lvl = glow if on else 90
            if self.page == "size":
                if k == self.sel:
                    for i in range(self.layout.n):
                        if dist(self.layout, i) < v - 1:
                            light.put(i, it[2], 24)
            elif self.page == "settings" and isinstance(v, int):
                lvl = 200 if v <= self.app.settings.brightness else 30
            for j in range(len(cells)):
                c = it[2]
                if v == "continue" or (v == 0 and self.page == "opponent"):
                    c = cols[palette.X] if j & 1 else cols[palette.O]
                elif self.page == "opponent" and j > v:
                    c = palette.DIM              # level k lights k petals
                elif v == "colour_blind" and j:
                    c = cols[palette.X] if j & 1 else cols[palette.O]
                light.put(cells[j], c, lvl)
        if self.charge is not None:
            gauge.draw(light, self.layout, self.charge)

    def tick(self, now):
        pass
