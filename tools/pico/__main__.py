"""Figures of the emulated chip, printed (a benchmark, not a test):

    python -m tools.pico [--uf2 FILE] [--variant pocket|full|hexboard]

boot to the REPL (emulated and wall time), free heap after boot, and the emulator's
speed (emulated cycles per wall-clock second) on an interpreter-bound loop.
"""
import argparse
import sys
import time

from tools.pico.link import missing

_LOOP = "t = 0\nfor i in range(%d):\n    t += i & 7\nprint(t)"


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.pico", description=__doc__.split("\n")[0])
    ap.add_argument("--uf2", help="firmware image (default: the Pico kit's stock image)")
    ap.add_argument("--variant", default="pocket", help="hardware/<variant>.json around the chip")
    ap.add_argument("--loop", type=int, default=100_000, help="iterations of the speed loop")
    args = ap.parse_args(argv)
    why = missing()
    if why:
        sys.exit("cannot run the emulated chip: " + why)
    from tools.pico.chip import Chip
    with Chip(args.variant) as chip:
        w = time.time()
        banner = chip.boot(args.uf2)
        wall = time.time() - w
        print(banner.decode(errors="replace").splitlines()[0])
        print("boot to REPL: %.1f ms emulated, %.2f s wall (node start, first boot formats "
              "the filesystem)" % (chip.us / 1000, wall))
        free = int(chip.exec("import gc\ngc.collect()\nprint(gc.mem_free())"))
        print("free heap after boot: %d bytes" % free)
        s0 = chip.stats()
        _, _, us = chip.run(_LOOP % args.loop, budget_s=60)
        s1 = chip.stats()
        cycles = s1["cycles"] - s0["cycles"]
        ms = max(1, s1["wall_ms"] - s0["wall_ms"])
        print("speed loop: %.3f s emulated, %.2f s wall: %.1f million emulated cycles per "
              "wall second (%.2fx slower than the chip)" % (
                  us / 1e6, ms / 1000, cycles / ms / 1000, ms / 1000 / (cycles / 125e6)))


if __name__ == "__main__":
    main()
