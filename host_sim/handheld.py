"""`python -m host_sim board`: the handheld's firmware app on a virtual board, in a
window (pygame-ce), in a terminal, or rendered to a PNG.

Saved games and settings live in a folder (default build/store-<hardware>), so a
game left unfinished is offered again at the next start, as on the board.
"""
import os
import sys
import tempfile

from host_sim import ROOT
from host_sim.board import Sound, VirtualBoard, WallClock


def has_display():
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def has_pygame():
    try:
        import pygame  # noqa: F401
    except ImportError:
        return False
    return True


def demo(board, name="xiago", plies=26, seed=4):
    """The screenshot's scene: a two-person game under way, one step being entered."""
    from hexgames.rng import Rng
    from host_sim.session import Session
    s = Session(board=board)
    s.start(name, size=6, level=0)
    rng = Rng(seed)
    g = s.game
    for _ in range(plies):
        ms = g.moves()
        s.play(ms[rng.below(len(ms))])
    # start a neutral step: its possible destinations light up
    for _ in range(10):
        steps = [m for m in g.moves() if len(g.cells(m)) == 2]
        if steps:
            s.press(s.cell(g.cells(steps[0])[0]))
            break
        ms = g.moves()
        s.play(ms[rng.below(len(ms))])
    s.frames(7)
    return s.app


def demo_knob(board, moves=5, seed=3, at="d2"):
    """The screenshot's scene on a board with a knob (the HexBoard): HexGo against level
    2 on the field's centre, a few moves each, the knob's pointer on a cell."""
    from hexgames.rng import Rng
    from host_sim.session import Session
    s = Session(board=board)
    s.start("hexgo", level=2)
    rng = Rng(seed)
    for _ in range(moves):
        ms = s.game.moves()
        s.play(ms[rng.below(len(ms))])
        s.wait_computer()
    for _ in range(s.game.board.n + 2):          # the pointer walks to the cell
        if s.app.pointed == at:
            break
        board.turn(1)
        s.frames(1)
    s.frames(7)
    return s.app


def script_keys(board, script):
    """The keys a --script names, every name checked before any is pressed: a typo
    ends the run with nothing pressed and the saved game as it was."""
    return [board.key_of(tok) for tok in (script or "").split()]


def press_script(board, app, keys):
    for k in keys:
        board.press(k)
        app.run(2)


def main(args):
    shot = args.screenshot
    folder = args.store
    if folder is None:
        folder = (tempfile.mkdtemp(prefix="honeycomb-shot-") if shot
                  else os.path.join(ROOT, "build", "store-" + args.hardware))
    os.makedirs(folder, exist_ok=True)
    terminal = args.terminal or not (args.window or shot or (has_display() and has_pygame()))
    if args.window and not has_pygame():
        raise ValueError("the window needs pygame-ce: run `make play` (or pip install -r requirements.txt)")
    clock = None if shot else WallClock()
    board = VirtualBoard(args.hardware, folder, clock=clock, sound=Sound(bell=terminal, out=sys.stdout))
    keys = script_keys(board, args.script)
    if shot and not args.script:
        app = (demo_knob if "knob_a" in board.layout.pins else demo)(board)
    else:
        app = board.app(boot=False, levels=6 if clock else 5)   # level 6: the PC's own clock
        if args.game:
            from app import games
            lay = board.layout
            if args.game not in games.offered(lay):
                raise ValueError("%s is not offered on the %s board" % (args.game, args.hardware))
            if not (app.settings.last and app.settings.last[0] == args.game):
                app.settings.last = [args.game, games.default_size(lay, args.game), [],
                                     1 if app.ai else 0, 1]
        app.boot()
        app.run(2)
        press_script(board, app, keys)
    for line in board.reports:
        print(line, file=sys.stderr)
    if shot:
        from host_sim.window import screenshot
        screenshot(board, app, shot, names=args.names)
        print("wrote %s" % shot)
    elif terminal:
        from host_sim.term import Terminal
        Terminal(board, app).run()
    else:
        from host_sim.window import Window
        w = Window(board, app)
        w.names = args.names
        w.run()
    return 0
