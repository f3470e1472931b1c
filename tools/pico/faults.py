"""Every fault check on the emulated board, one summary: `make faults`.

    python -m tools.pico.faults            # the full run: hours of wall time
    python -m tools.pico.faults --quick    # a sample of each, under ten minutes

Runs, each on its own powered-up chip with the app's .mpy files:
  * power cuts inside the flash calls of a save, in every game at its pocket
    size (tools/pico/powercut.py): CUTS a game, QUICK_CUTS with --quick;
  * bouncy presses, chords and holds through the key mux while the chip is busy
    and LED frames go out (tools/pico/bounce.py): PRESSES, QUICK_PRESSES;
  * whole games through the app against level 2 (tools/pico/games.py): GAMES
    of every game, one power-up each; --quick: one HexGo game.
One line per check, then the last line
    faults: N cuts, N presses, N complete games: 0 lost, 0 mixed, 0 doubled, 0 MemoryError
with the counts found, and the wall time. Exit status 1 on any fault.
"""
import argparse
import sys
import time

from tools.pico import bounce, games, powercut
from tools.pico.rig import GAMES, app_chip

CUTS = 200
PRESSES = 1000
GAMES_EACH = 3
QUICK_CUTS = 4
QUICK_PRESSES = 100
QUICK_GAMES = ("hexgo",)


def _cuts(n, say):
    chip = app_chip()
    tally = {"cuts": 0, "lost": 0, "mixed": 0, "crashed": 0}
    try:
        for name in GAMES:
            s = powercut.Sweep(chip, name).run(n, 25)
            say("power cuts  %-10s %d cuts over %d flash calls: %d old, %d new, %d lost or "
                "mixed, %d crashed boots" % (name, s.cuts, len(s.calls), s.as_old, s.as_new,
                                             s.lost, s.crashed))
            tally["cuts"] += s.cuts
            tally["lost"] += s.lost - s.mixed
            tally["mixed"] += s.mixed
            tally["crashed"] += s.crashed
    finally:
        chip.close()
    return tally


def _presses(n, say):
    chip = app_chip()
    try:
        r = bounce.run(chip, n, 19)
    finally:
        chip.close()
    say("presses     %d (%d chords, %d long holds), %d PRESS events: %d lost or doubled"
        % (r["presses"], r["chords"], r["long"], r["seen"], len(r["faults"])))
    return r


def _games(names, count, say):
    chip = app_chip()
    out = {"games": 0, "faults": 0, "memory_errors": 0}
    try:
        for name in names:
            r = games.play(chip, name, count, say=say)
            say("whole games %-10s %d of %d to their end (%d turns), lowest free heap %s, "
                "slope %+.0f bytes a game; %d faults" % (name, r["games"], count, r["turns"],
                                                         r["lows"], r["slope"], len(r["faults"])))
            for f in r["faults"]:
                say("    " + f)
            out["games"] += r["games"]
            out["faults"] += len(r["faults"])
            out["memory_errors"] += r["memory_errors"]
    finally:
        chip.close()
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a sample of each check")
    a = ap.parse_args(argv)
    t0 = time.time()

    def say(text):
        print(text, flush=True)

    q = a.quick
    say("where: the emulated RP2040 (rp2040js, tools/pico), stock MicroPython v1.28.0 with "
        "the firmware as .mpy files on its file system, the pocket board")
    cuts = _cuts(QUICK_CUTS if q else CUTS, say)
    presses = _presses(QUICK_PRESSES if q else PRESSES, say)
    whole = _games(QUICK_GAMES if q else GAMES, 1 if q else GAMES_EACH, say)
    lost = cuts["lost"] + cuts["crashed"]
    doubled = len(presses["faults"])
    print("faults: %d cuts, %d presses, %d complete games: %d lost, %d mixed, %d doubled, "
          "%d MemoryError" % (cuts["cuts"], presses["presses"], whole["games"], lost,
                              cuts["mixed"], doubled, whole["memory_errors"]))
    print("(%s run, %.0f s wall; %d other faults in whole games)"
          % ("quick" if q else "full", time.time() - t0, whole["faults"] - whole["memory_errors"]))
    return 1 if lost or cuts["mixed"] or doubled or whole["faults"] else 0


if __name__ == "__main__":
    sys.exit(main())
