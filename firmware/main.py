# Device entry: read the board's layout, build the drivers, run the app (DESIGN.md 1).
#
#   /variant.txt  "pocket", "full" or "hexboard": which layouts/<variant>.json to load (default: the
#                 variant an image from `make firmware` was built for, else "pocket")
#   /release      present in release builds: the watchdog runs
#   /crash.log    the last crashes' tracebacks (newest last, kept under ~4 KB)
#
# Safe boot: hold any function key while powering up and main.py returns at once,
# leaving the REPL free for mpremote (e.g. after flashing a firmware that crashes
# at start-up). Self-test: hold the centre cell while powering up (no function key)
# and the app starts in its self-test (app/selftest.py): a cell, because any function
# key already means safe boot, and the centre one, because every board has it in the
# same place and a hand finds it without looking. A crash shows a red pattern, logs the traceback and goes back to the
# menu; Ctrl-C (mpremote) is not a crash: it stops the app and gives the REPL.
import gc
import sys
import time
from micropython import const

LOG = "/crash.log"
_LOG_MAX = const(4096)
_DIM_MS = const(120_000)       # idle this long: the LEDs dim
_OFF_MS = const(300_000)       # and then go dark until a key is pressed
_DIM_LEVEL = const(8)          # out of 256 (light.BRIGHTNESS's lowest)
_FRAME_MS = const(40)


def _exists(path):
    try:
        open(path).close()
        return True
    except OSError:
        return False


def variant():
    # /variant.txt (make flash VARIANT=...) wins; an image from `make firmware` names
    # the board it was built for; else the pocket board.
    try:
        with open("/variant.txt") as f:
            v = f.read().strip()
            if v:
                return v
    except OSError:
        pass
    try:
        from honeycomb_image import VARIANT
        return VARIANT
    except ImportError:
        return "pocket"


def log_crash(e):
    try:
        old = b""
        try:
            with open(LOG, "rb") as f:
                old = f.read()
        except OSError:
            pass
        with open(LOG, "wb") as f:
            f.write(old[-_LOG_MAX // 2:] if len(old) > _LOG_MAX else old)
            f.write(b"--- crash at %d ms\n" % time.ticks_ms())
            sys.print_exception(e, f)
    except Exception:          # a full flash must not turn a crash into a loop
        pass
    sys.print_exception(e)


def crash_pattern(leds, layout, ms=1500):
    # Every second cell red, straight to the chain (the app's Light may be what broke),
    # dim: no current limit is applied here.
    try:
        leds.fill((0, 0, 0))
        for i in range(0, layout.n, 2):
            leds[layout.led[i]] = (24, 0, 0)
        leds.write()
    except Exception as e:     # the LEDs themselves failing: the log has to do
        log_crash(e)
    time.sleep_ms(ms)


class Idle:
    """Dim after _DIM_MS without a key event, dark after _OFF_MS (the game is saved);
    the next key only wakes the board, where it was."""

    def __init__(self, app, keys):
        self.app = app
        self.keys = keys
        self.clock = app.clock
        self.seen = keys.seen
        self.t = self.clock.ticks_ms()
        self.dimmed = False
        self.sleeps = 0

    def check(self):
        """Called before every frame; returns once the board is awake."""
        keys = self.keys
        now = self.clock.ticks_ms()
        if keys.seen != self.seen:
            self.seen = keys.seen
            self.t = now
            self.wake()
            return
        idle = self.clock.ticks_diff(now, self.t)
        if idle >= _OFF_MS:
            self.sleep()
        elif idle >= _DIM_MS and not self.dimmed:
            self.dimmed = True
            self.level = self.app.light.level
            self.app.light.level = min(self.level, _DIM_LEVEL)


    def sleep(self):
        app = self.app
        cur = app.current
        if cur is not None and hasattr(cur, "g") and cur.g.result() is None:
            app.save_game(cur)
        self.sleeps += 1
        app.light.dark()
        app.light.show()
        screen = app.panel.screen if app.panel is not None else None
        if screen is not None:
            screen.power(False)
        while self.keys.seen == self.seen:
            self.clock.sleep_ms(50)
        if screen is not None:
            screen.power(True)
        self.keys.clear()              # the waking press is not a move
        self.seen = self.keys.seen
        self.t = self.clock.ticks_ms()
        self.wake()

    def wake(self):
        if self.dimmed:
            self.app.light.level = self.level
            self.dimmed = False


def set_aside(board):
    # game.sav -> game.bad: kept for a bug report, no longer resumed at every start
    from app.save import GAME_FILE
    path = board.store.folder + GAME_FILE
    try:
        import os
        os.rename(path, path[:-4] + ".bad")
    except OSError:
        pass


def run_app(layout, board):
    from app.app import App
    a = App(layout, board.leds, board.keys, board.clock, board.store, board.sound)
    a.battery = board.battery           # the settings page shows its gauge
    if board.screen is not None:        # a board with a screen shows the captions there
        from app.panel import Panel
        a.panel = Panel(board.screen)
    a.facts = board.facts               # read when a self-test starts
    a.boot()
    if board.battery is not None and board.battery.low():
        a.notice("Battery low: plug in USB.")        # only here, never mid-game
    return a


def step(a, clock, idle=None):
    """One frame of the board's loop, then its spare time until the next frame is
    due: frames come every _FRAME_MS."""
    start = clock.ticks_ms()
    if idle is not None:
        idle.check()
    a.frame()
    left = _FRAME_MS - clock.ticks_diff(clock.ticks_ms(), start)
    if left > 0:
        a.spare(left)                   # the computer's search, or asleep


def loop(a, board):
    idle = Idle(a, board.keys)
    step(a, board.clock, idle)
    print("honeycomb: %s board running" % a.layout.variant)   # for the serial console
    while True:                                                # (and the flashing tests)
        step(a, board.clock, idle)


def main():
    from app import layout as layouts
    from device import board as boards
    layout = layouts.load(variant())
    board = boards.build(layout)
    held = board.held_at_power_up()
    if held:
        print("safe boot (%s held): the app does not start, the REPL is free" % held[0])
        return
    if _exists("/release"):
        board.clock.watch()
    board.start()
    try:
        a = None
        test = board.test_asked
        while True:
            try:
                if a is None:
                    a = run_app(layout, board)
                if test:
                    test = False
                    print("self-test (the centre cell held): Menu twice ends it")
                    a.self_test()
                loop(a, board)
            except KeyboardInterrupt:
                raise
            except Exception as e:
                log_crash(e)
                crash_pattern(board.leds, layout)
                a = None
                gc.collect()
                try:
                    a = run_app(layout, board)
                    a.to_menu()       # not straight back into what crashed
                except Exception as e2:
                    log_crash(e2)     # even booting fails: the saved game may be
                    set_aside(board)  # what breaks it; the next try starts without
                    a = None
    finally:
        board.stop()


if __name__ == "__main__":     # run by the board at boot; `import main` only defines
    main()
