"""The handheld in a window (pygame-ce): the LEDs drawn as hexagons from the layout,
a click presses a cell; function keys are buttons under the board, or drawn at their
place on it where they have one (the HexBoard's command keys, hardware/hexboard.json).

    python -m host_sim board --window [--hardware pocket|full|hexboard]
    python -m host_sim board --screenshot docs/screenshot.png      (headless)

Keys: M menu, U or Backspace undo/back, O or Enter OK/pass, H hint, N cell names
on/off, Q or Escape quits. A board with a knob (the HexBoard): the scroll wheel or
[ and ] turn it, the middle button or Space presses it; its screen is drawn beside
the cells, two window pixels a screen pixel.
"""
import math
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from host_sim.board import on_screen

FRAME_MS = 40
BACKGROUND = (18, 18, 22)
SHELL = (34, 34, 40)
DARK_CELL = (28, 28, 32)
TEXT = (200, 200, 200)
KEYS = {pygame.K_m: "MENU", pygame.K_u: "UNDO", pygame.K_BACKSPACE: "UNDO",
        pygame.K_o: "OK", pygame.K_RETURN: "OK", pygame.K_h: "HINT"}
KNOB = {pygame.K_LEFTBRACKET: -1, pygame.K_RIGHTBRACKET: 1, pygame.K_SPACE: 0}
LABEL_W = 90                # px left of the board for the labels of keys drawn on it
KEY_EDGE = (120, 110, 90)   # the outline of a function key drawn on the board


class Window:
    def __init__(self, board, app, cell_px=None):
        self.board = board
        self.app = app
        lay = self.lay = board.layout
        # function keys with a place on the face (the HexBoard's command keys) are drawn
        # there, as keys; the others as buttons under the board
        self.placed = sorted(board.places)
        spots = [lay.coord(i) for i in range(lay.n)] + [board.places[k] for k in self.placed]
        # the keys' extent in half-cell columns (2q + r) and rows: a hexhex or a field
        xs = [2 * q + r for q, r in spots]
        rs = [r for _, r in spots]
        rows = max(rs) - min(rs) + 1
        self.mid = ((min(xs) + max(xs)) / 4, (min(rs) + max(rs)) / 2)
        cols = (max(xs) - min(xs)) / 2 + 1
        self.size = s = cell_px or (22 if cols <= 13 and rows <= 14 else 15)   # hexagon radius, px
        self.margin = 2 * s
        self.pad = LABEL_W if self.placed else 0     # room for the placed keys' labels
        w = int(math.sqrt(3) * s * cols) + 2 * self.margin
        self.grid_h = int(s * (1.5 * rows + 0.5)) + 2 * self.margin
        self.oled = board.screen                  # drawn right of the cells, 2 px a pixel
        self.grid_w = self.pad + max(w, 520)
        self.width = self.grid_w + (2 * self.oled.width + self.margin if self.oled else 0)
        # buttons under the board for the function keys not on it, then the caption
        self.height = self.grid_h + (110 if len(self.placed) < len(lay.fn) else 74)
        self.names = False
        self.knob = "knob_a" in lay.pins
        self.font = None
        self.buttons = []
        self.centres = [self.centre(i) for i in range(lay.n)]
        self.key_centres = [(k, self.at(*board.places[k])) for k in self.placed]

    def at(self, q, r):
        """Centre of the key at axial (q, r) in the window."""
        s = self.size
        return (self.pad + (self.grid_w - self.pad) / 2 + math.sqrt(3) * s * (q + r / 2 - self.mid[0]),
                self.grid_h / 2 + 1.5 * s * (r - self.mid[1]))

    def centre(self, i):
        return self.at(*self.lay.coord(i))

    def hexagon(self, c, radius, turn=30):
        """Corners of a hexagon: pointy-topped (turn 30) like the cells, or
        flat-topped (turn 0) like the outline of a board of such cells."""
        return [(c[0] + radius * math.cos(math.radians(60 * k + turn)),
                 c[1] + radius * math.sin(math.radians(60 * k + turn))) for k in range(6)]

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surf):
        if self.font is None:
            pygame.font.init()
            self.font = pygame.font.Font(None, 20)
            self.small = pygame.font.Font(None, max(12, self.size - 4))
        surf.fill(BACKGROUND)
        s = self.size
        lay = self.lay
        if lay.n == 3 * lay.radius * (lay.radius + 1) + 1:        # a hexhex board
            pygame.draw.polygon(surf, SHELL, self.hexagon(self.at(0, 0),
                                                          s * math.sqrt(3) * (lay.radius + 1.1), 0))
        else:                                                      # a field: its case
            pygame.draw.rect(surf, SHELL, (self.pad + self.margin // 2, self.margin // 2,
                                           self.grid_w - self.pad - self.margin,
                                           self.grid_h - self.margin), border_radius=s)
        play = self.play()
        for i in range(self.lay.n):
            c = self.centres[i]
            lit = self.key(surf, c, self.board.rgb(i), (55, 55, 62))
            if self.names:
                name = self.lay.name(i)
                if play is not None and play.place.of(i) >= 0:
                    name = play.g.board.name(play.place.of(i))
                t = self.small.render(name, True, (235, 235, 235) if not lit else (20, 20, 20))
                surf.blit(t, t.get_rect(center=c))
        for key, c in self.key_centres:       # function keys on the face, labelled at the left
            self.key(surf, c, self.board.key_rgb(key), KEY_EDGE)
            t = self.font.render(self.lay.fn_label[key - lay.n], True, TEXT)
            surf.blit(t, t.get_rect(midright=(self.pad + self.margin // 2 - 6, c[1])))
        if self.oled is not None:
            self.draw_oled(surf, self.grid_w, (self.grid_h - 2 * self.oled.height) // 2)
        # function keys without a place on the face: buttons under the board
        self.buttons = []
        rest = [k for k in range(len(lay.fn)) if lay.n + k not in self.board.places]
        bw = min(120, (self.width - 40) // max(1, len(rest)) - 10)
        x0 = (self.width - len(rest) * (bw + 10) + 10) // 2
        for j, k in enumerate(rest):
            r = pygame.Rect(x0 + j * (bw + 10), self.grid_h + 8, bw, 30)
            pygame.draw.rect(surf, (60, 60, 70), r, border_radius=6)
            t = self.font.render(self.lay.fn_label[k], True, TEXT)
            surf.blit(t, t.get_rect(center=r.center))
            self.buttons.append((r, lay.n + k))
        y = self.grid_h + (48 if rest else 12)
        for line in self.wrap(self.app.caption, self.width - 24)[:3]:
            surf.blit(self.font.render(line, True, TEXT), (12, y))
            y += 18

    def key(self, surf, c, led, edge):
        """One key at centre c: dark, or tinted by its LED with the LED bright in the
        middle; True if lit."""
        s = self.size
        rgb = on_screen(led)
        lit = max(rgb) >= 8
        base = tuple(int(v * 0.45) for v in rgb) if lit else DARK_CELL
        pygame.draw.polygon(surf, base, self.hexagon(c, s * 0.95))
        if lit:                     # the LED itself, bright in the middle of its key
            pygame.draw.circle(surf, rgb, c, s * 0.55)
        pygame.draw.polygon(surf, edge, self.hexagon(c, s * 0.95), 1)
        return lit

    def draw_oled(self, surf, x0, y0):
        """The screen's buffer, lit pixels pale blue on black."""
        o = self.oled
        pygame.draw.rect(surf, (0, 0, 0), (x0 - 6, y0 - 6, 2 * o.width + 12, 2 * o.height + 12),
                         border_radius=4)
        buf, w = o.buffer, o.width
        for p in range(o.pages):
            for x in range(w):
                col = buf[p * w + x]
                for b in range(8):
                    if col >> b & 1:
                        surf.fill((170, 215, 255), (x0 + 2 * x, y0 + 2 * (8 * p + b), 2, 2))

    def wrap(self, text, width):
        lines, cur = [], ""
        for w in text.split():
            t = (cur + " " + w).strip()
            if self.font.size(t)[0] > width and cur:
                lines.append(cur)
                cur = w
            else:
                cur = t
        return lines + [cur] if cur else lines

    def play(self):
        s = self.app.screen
        return s if hasattr(s, "place") else getattr(s, "play", None)

    # -- input -------------------------------------------------------------------------
    def key_at(self, pos):
        for r, key in self.buttons:
            if r.collidepoint(pos):
                return key
        best, dist = None, self.size * 0.95
        for i, c in list(enumerate(self.centres)) + self.key_centres:
            d = math.hypot(pos[0] - c[0], pos[1] - c[1])
            if d < dist:
                best, dist = i, d
        return best

    def open(self):
        pygame.display.init()          # not pygame.init(): no audio device wanted
        self.surf = pygame.display.set_mode((self.width, self.height))
        pygame.display.set_caption("Honeycomb %s" % self.lay.title)

    def handle(self, ev):
        """One pygame event; False when the window should close."""
        if ev.type == pygame.QUIT:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            key = self.key_at(ev.pos)
            if key is not None:
                self.board.press(key)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 2 and self.knob:
            self.board.push_knob()
        elif ev.type == pygame.MOUSEWHEEL and self.knob:
            self.board.turn(-ev.y)                 # wheel down: clockwise
        elif ev.type == pygame.KEYDOWN:
            if ev.key in (pygame.K_q, pygame.K_ESCAPE):
                return False
            if ev.key == pygame.K_n:
                self.names = not self.names
            elif ev.key in KNOB and self.knob:
                self.board.turn(KNOB[ev.key]) if KNOB[ev.key] else self.board.push_knob()
            elif ev.key in KEYS:
                self.board.press(KEYS[ev.key])
        return True

    def run(self, frames=-1):
        """Frames at the app's pace until the window closes (or `frames` ran)."""
        if not hasattr(self, "surf"):
            self.open()
        tick = pygame.time.Clock()
        while frames:
            for ev in pygame.event.get():
                if not self.handle(ev):
                    return
            self.app.frame()
            self.draw(self.surf)
            pygame.display.flip()
            tick.tick(1000 // FRAME_MS)
            frames -= 1


def screenshot(board, app, path, names=False):
    """Render the current frame to a PNG without a display."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    w = Window(board, app)
    w.names = names
    surf = pygame.Surface((w.width, w.height))
    w.draw(surf)
    pygame.image.save(surf, path)
    return path
