# What the page's tests and benchmark ask of the firmware in the browser, beside
# what a player does (browser.py): the app's state, moves chosen for a test to
# press, whole games played through the key queue, a still picture. The page
# imports it as honeycomb.probe.
import json

import browser
from hexgames.ai import Player

_auto = [0]                 # autoplay()'s seed, 0: off


def state():
    """What the page's tests read: screen, caption, game, whose turn, result
    (cheap enough to ask every frame; the record is share()'s)."""
    a = browser.board.app
    play = browser.board.play_screen()
    s = a.screen
    d = {"screen": type(s).__name__, "caption": a.caption, "n": browser.board.layout.n,
         "sound": a.settings.sound}
    if browser.board.screen is not None:      # the knob's pointer (app/pointer.py)
        from app import pointer
        d["pointer"] = a.pointer if a.pointer_on is s else -2
        d["panel"] = list(a.panel.shown or ("", ""))    # what the screen shows: caption, pointed
        d["targets"] = pointer.targets(a)
    if hasattr(s, "steps"):                   # a lesson (app/learn.py): its step, its lit cells
        from app import pointer
        d["lesson"] = [s.k, s.steps, s.done]
        d["targets"] = pointer.targets(a)
    if hasattr(s, "page"):
        d["page"] = s.page
        d["choices"] = [[c[0], str(c[1]), c[2]] for c in s.choices()]
    if play is not None:
        g = play.g
        d["game"] = play.name
        d["to_move"] = g.to_move
        d["plies"] = len(g.history())
        d["human"] = play.human
        d["level"] = play.level
        d["thinking"] = play.thinking
        d["over"] = g.result() is not None
        d["last_side"] = play.sides[-1] if len(play.sides) else 0
        d["entering"] = play.entry.busy()      # cells of a move pressed, not played yet
    return d


def state_json():
    return json.dumps(state())


def autoplay(seed):
    """A test hook: from now on, whenever it is the person's turn, press the cells
    (and the confirming press, or OK twice for a move without cells) of the move the
    beginner (level 1) would make, through the same key queue as a person's presses.
    seed 0 stops it."""
    _auto[0] = seed
    browser.board.before_frame = _auto_move if seed else None


def _auto_move():
    play = browser.board.play_screen()
    a = browser.board.app
    if play is None or a.screen is not play or not play.my_turn() or play.thinking \
            or browser.board.keys.q:
        return
    if play.entry.busy():             # a person's half-entered move: Undo clears it
        browser.board.press(a.UNDO)
        return
    g = play.g
    p = Player(1, _auto[0])
    p.start(g)
    p.think()
    m = p.best()
    _auto[0] = _auto[0] % 30000 + 1
    path = g.cells(m)
    if not path:
        browser.board.press(a.OK)
        browser.board.press(a.OK)
        return
    for c in path:
        browser.board.press(play.place.cell[c])
    browser.board.press(play.place.cell[path[-1]])


def move_cells(seed):
    """Layout cells to press for the beginner's choice of move for the side to
    move, as text ("" for a move without cells, "-" when it is not the person's
    turn): a test hook, so a test clicks a legal move like a person."""
    play = browser.board.play_screen()
    if play is None or browser.board.app.screen is not play or not play.my_turn():
        return "-"
    g = play.g
    p = Player(1, seed)
    p.start(g)
    p.think()
    return " ".join([str(play.place.cell[c]) for c in g.cells(p.best())])


def last_cells():
    """Layout cells of the last move's path, as text."""
    play = browser.board.play_screen()
    if play is None or not play.g.history():
        return ""
    f = play.g.copy()
    m = f.undo()
    return " ".join([str(play.place.cell[c]) for c in f.cells(m)])


def glass():
    """What the screen's glass shows, in hex (the buffer's pages as sent)."""
    import binascii
    return binascii.hexlify(browser.board.screen.glass).decode()


def still():
    """Stop the app's time at 10 minutes after boot (a test hook): every frame
    then draws the same picture of the same state, for a screenshot that
    changes only when the page's look does."""
    c = browser.board.clock
    c.frozen = c.ticks_ms()
    browser.board.app._t = c.frozen
    browser.board.app.now = 600000


def crash():
    """The next frame raises, as a bug in the app would (a test of the page's
    recovery)."""
    def fail():
        browser.board.before_frame = None
        raise RuntimeError("a crash for the test")
    browser.board.before_frame = fail
