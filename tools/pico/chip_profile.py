"""Where a search iteration's time goes, on the emulated RP2040: `python tools/pico/chip_profile.py`.

    python tools/pico/chip_profile.py [--image frozen|mpy] [--iterations 40] [GAME ...]

A benchmark, not a test. Powers the chip up afresh per game (tools/pico/chipbench.py's images),
starts the level-5 search in three positions of a seeded game (the start, and after 8
and 16 random plies) and times on the chip's clock (time.ticks_us) each part of
`iterations` iterations: restoring the scratch game, the descent's choices of a child
(selection), expansion (with the moves' priors and the scan for wins in one), the
playout. Parts are inclusive (expansion holds the scan); `rest` is the rest: the moves
applied on the way down and the backups (one kernel call each, not wrapped). Prints per game the milliseconds an iteration takes and each
part's share. Timing wrappers add about 0.1 ms a call; their count is printed too.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tools", "build"), os.path.join(ROOT, "tools", "pico")]
import chipbench            # noqa: E402

PARTS = ("restore", "_descend", "_expand", "_children", "_scan",
         "playout", "evaluate", "_backup_amaf")

SCRIPT = """
import gc, time
import hexgames
from hexgames.ai import Player
from hexgames.rng import Rng
T = {}
C = {}
def wrap(obj, name):
    f = getattr(obj, name, None)
    if f is None:
        return
    def w(*a):
        t0 = time.ticks_us()
        r = f(*a)
        T[name] = T.get(name, 0) + time.ticks_diff(time.ticks_us(), t0)
        C[name] = C.get(name, 0) + 1
        return r
    setattr(obj, name, w)
def prof(name, opts, iters, parts):
    g = hexgames.new(name, **opts)
    rng = Rng(3)
    total = 0
    n = 0
    for plies in (0, 8, 8):
        for _ in range(plies):
            if g.to_move:
                ms = g.moves()
                g.play(ms[rng.below(len(ms))])
        if not g.to_move:
            break
        p = Player(5, seed=1, memory=32 * 1024)
        gc.collect()
        p.start(g)
        s = p.search
        for k in parts:
            wrap(s, k)
        wrap(s.scratch, "restore")
        wrap(s.scratch, "playout")
        wrap(s.scratch, "playouts")
        wrap(s.scratch, "evaluate")
        gc.collect()
        t0 = time.ticks_us()
        for _ in range(iters):
            if s.solved():
                break
            s.iterate()
            n += 1
        total += time.ticks_diff(time.ticks_us(), t0)
        del p, s
    print("PROF", name, n, total, " ".join("%s=%d/%d" % (k, T[k], C[k]) for k in T))
"""


def profile(chip, image, name, opts, iterations):
    chipbench.fresh(chip, image)
    script = SCRIPT + "\nprof(%r, %r, %d, %r)\n" % (name, opts, iterations, PARTS)
    out, err, _ = chip.run(script, budget_s=60 + 3 * iterations)
    if err:
        raise chipbench.ChipError("%s: the chip raised:\n%s" % (name, err.strip()))
    line = [l for l in out.splitlines() if l.startswith("PROF ")][0].split()
    n, total = int(line[2]), int(line[3])
    parts = {}
    for cell in line[4:]:
        k, v = cell.split("=")
        us, calls = v.split("/")
        parts[k] = (int(us), int(calls))
    return n, total, parts


def report(name, n, total, parts, out=print):
    it = total / max(1, n)
    out("%s: %d iterations, %.2f ms each (%.1f a second)" % (name, n, it / 1000, 1e6 / it))
    inner = ("_children", "_scan")
    top = sum(us for k, (us, c) in parts.items() if k not in inner)
    parts = dict(parts, rest=(max(0, total - top), n))
    for k, (us, calls) in sorted(parts.items(), key=lambda kv: -kv[1][0]):
        out("  %-13s %7.2f ms/iteration %5.1f%%  (%d calls)%s" % (
            k.lstrip("_"), us / max(1, n) / 1000, 100 * us / max(1, total), calls,
            "  [inside expand]" if k in inner else ""))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--image", choices=("frozen", "mpy"), default="frozen")
    ap.add_argument("--iterations", type=int, default=40)
    a = ap.parse_args(argv)
    why = chipbench.missing()
    if why:
        sys.exit("cannot run the emulated chip: " + why)
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    sys.path.insert(1, os.path.join(ROOT, "host_sim", "compat"))
    chip = chipbench.chip_with(a.image)
    print("%s image (MicroPython v1.28.0, emulated RP2040 at 125 MHz), level 5:" % a.image)
    try:
        for name, opts in chipbench.POCKET:
            if a.games and name not in a.games:
                continue
            n, total, parts = profile(chip, a.image, name, opts, a.iterations)
            report(chipbench.label(name, opts), n, total, parts)
    finally:
        chip.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
