"""Whole games on the emulated board, through the app, watching the heap:

    python -m tools.pico.games                         # every game, 3 games each
    python -m tools.pico.games --count 1 --games hexgo --level 2

Per game, one power-up: the app (its .mpy files, as `make flash` sends them) is
started as main.py starts it, and the game is played to its end `count` times
from the menu, as a person does: random legal moves entered by pressing their
cells through the key mux, the computer answering at `level`, every frame drawn.
After each move the lowest free heap since the move before is read (after a
collection, so it counts what is live: in play the app collects only a full
heap). After the last game: its end screen, Menu, and a new game.

A game fails on an exception anywhere (a MemoryError is one), on a crash log
left on the flash, or when it does not end within MAX_TURNS. Printed per game:
its moves, the lowest free heap of each game, and the slope of the lowest free
heap from game to game (bytes a game, a least-squares fit: a leak shows as a
steady fall).
"""
import argparse
import sys
import time

from tools.pico.handheld import Handheld
from tools.pico.link import ChipError
from tools.pico.rig import GAMES, app_chip

MAX_TURNS = 400              # Hexmeister's limit is 300 turns
LEVEL = 2


def slope(values):
    """Least-squares slope of values against their index (0 for fewer than 2)."""
    n = len(values)
    if n < 2:
        return 0.0
    mx = (n - 1) / 2
    my = sum(values) / n
    num = sum((i - mx) * (v - my) for i, v in enumerate(values))
    return num / sum((i - mx) ** 2 for i in range(n))


def one_game(h, rng, say):
    """Plays the game h has just started to its end: (turns, the lowest free
    heap over each turn: the person's move and the computer's answer)."""
    free = []
    turns = 0
    while True:
        st = h.state()
        if st is None or not st[3]:
            return turns, free
        if turns > MAX_TURNS:
            raise ChipError("no end after %d turns" % turns)
        if st[3] == st[4]:                      # the person's turn
            h.play(rng.randrange(1 << 16))
        h.wait_computer(limit=400)
        turns += 1
        free.append(h.low(reset=True))
        if turns % 50 == 0:
            say("    %d turns, free %d" % (turns, free[-1]))


def play(chip, name, count, level=LEVEL, seed=1, say=print):
    """`count` whole games of `name` in one power-up, then Menu and a new game.
    Returns {"games", "turns", "lows", "slope", "faults", "memory_errors"}."""
    import random
    rng = random.Random(seed)
    chip.restore("firmware")
    chip.put("/main.py", chip.main_py)         # imported for its functions (no power cycle)
    h = Handheld(chip)
    h.start_app()
    h.exec("_live = True")                     # free heap after a collection
    out = {"games": 0, "turns": 0, "lows": [], "slope": 0.0, "faults": []}
    try:
        for k in range(count):
            h.start(name, level)
            turns, free = one_game(h, rng, say)
            for _ in range(20):                # the last position stays a while
                kind = h.info()[0]
                if kind == "End":
                    break
                h.frames(10)
            if kind != "End":
                raise ChipError("game %d ended on screen %s, not End" % (k + 1, kind))
            out["games"] += 1
            out["turns"] += turns
            out["lows"].append(min(free) if free else h.low())
            h.tap("MENU")
            if h.info()[0] != "Menu":
                raise ChipError("Menu after the end screen gave %s" % h.info()[0])
        h.start(name, level)                   # and a new game after them
        if h.info()[0] != "Play":
            raise ChipError("no new game after %d games" % count)
        log = h.eval("[f for f in __import__('os').listdir('/') if f == 'crash.log']")
        if log:
            out["faults"].append("crash.log on the flash")
    except ChipError as e:
        out["faults"].append("%s game %d: %s" % (name, out["games"] + 1, str(e).strip()[-300:]))
    out["slope"] = slope(out["lows"])
    out["memory_errors"] = sum("MemoryError" in f for f in out["faults"])
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=3, help="whole games per game (>= 1)")
    ap.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    ap.add_argument("--level", type=int, default=LEVEL, choices=(2, 3, 4, 5))
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    games = [g for g in a.games.split(",") if g]
    bad = [g for g in games if g not in GAMES]
    if bad or a.count < 1:
        ap.error("unknown game %s (games: %s)" % (bad[0], ", ".join(GAMES)) if bad
                 else "--count must be at least 1")
    t0 = time.time()
    chip = app_chip()
    faults = []
    done = 0
    try:
        for name in games:
            r = play(chip, name, a.count, a.level, a.seed)
            done += r["games"]
            faults += r["faults"]
            print("%-10s %d of %d games to their end (%d turns), lowest free heap per game %s "
                  "bytes, slope %+.0f bytes a game; %d faults"
                  % (name, r["games"], a.count, r["turns"], r["lows"], r["slope"],
                     len(r["faults"])), flush=True)
            for f in r["faults"]:
                print("   ", f)
    finally:
        chip.close()
    print("total: %d complete games, %d faults; %.0f s wall" % (done, len(faults),
                                                                time.time() - t0))
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
