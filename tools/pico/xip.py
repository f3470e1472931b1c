"""What the flash costs the opponent's move on a real chip, which rp2040js cannot show.

    python tools/pico/xip.py [--variant hexboard] [--moves 4] [GAME ...]

The frozen image runs its bytecode, its native kernels and MicroPython itself from
flash through the RP2040's 16 KiB XIP cache. rp2040js reads flash at no cost; this
counts, on the emulated chip, every read the core makes of flash through a model of
that cache (tools/pico/parts.mjs XipCache) while level 5 plays `--moves` moves of each
game as the board plays them (tools/pico/chip_probe.py), and prints the misses per
million core cycles and what they would add to a move with each way of reading the
flash (the moves alone: a run that only sets the game up is taken off):

  quad EBh  the Pico's boot stage 2 (boot2_w25q080): quad I/O, continuous read mode, so
            a miss sends 24 address and 8 mode bits on 4 lines (8 clocks), waits 4
            dummy clocks and reads 64 bits on 4 lines (16 clocks): 28 flash clocks
  03h       the generic boot stage 2 the HexBoard's own firmware uses: one line, the
            command each time: 8 + 24 + 64 = 96 flash clocks
at the flash clock of clk_sys / clkdiv (2 on both: 56 and 192 system clocks a miss).
Misses are counted per 8-byte line, as the cache fetches them; the SSI's few cycles
of its own per transfer come on top, alike for both.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tools", "build"), os.path.join(ROOT, "tools", "pico")]

from tools.pico import chipbench                  # noqa: E402
from tools.pico.link import missing               # noqa: E402

MHZ = 125                                  # clk_sys, as MicroPython sets it
READS = (("quad EBh", 28), ("03h", 96))    # flash clocks a cache miss takes
CLKDIV = 2                                 # both boot stage 2s: flash clock = clk_sys / 2


def run(chip, name, opts, moves):
    """(misses, hits, core cycles, the moves' emulated us) of one probe from power-up."""
    chipbench.fresh(chip, "frozen")
    chip.request("xip_counts")                          # from here: this run
    busy = chip.stats()["busy"]
    row = chipbench.probe(chip, name, opts, moves=moves, seconds=0)
    counts = chip.request("xip_counts")
    return counts["misses"], counts["hits"], chip.stats()["busy"] - busy, row.get("us") or []


def measure(variant, games, moves, log=print):
    """[(label, moves' emulated us, misses, hits, core cycles)] of the moves alone: a
    run with `moves` level-5 moves less one that only sets the game up."""
    chip = chipbench.chip_with("frozen", log=log, variant=variant)
    rows = []
    try:
        chip.request("xip")
        for name, opts in chipbench.GAMES[variant]:
            if games and name not in games:
                continue
            m0, h0, c0, _ = run(chip, name, opts, 0)
            m1, h1, c1, us = run(chip, name, opts, moves)
            rows.append((chipbench.label(name, opts), us, m1 - m0, h1 - h0, c1 - c0))
    finally:
        chip.close()
    return rows


def table(variant, moves, rows, out=print):
    out("%s image, frozen (MicroPython v1.28.0, emulated RP2040 at %d MHz), level 5, %d "
        "moves a game, XIP cache modelled:" % (variant, MHZ, moves))
    out("%-18s %8s %14s %9s %16s %16s" % ("game", "L5 ms", "misses/Mcycle", "hit %",
                                           "quad EBh: +ms", "03h: +ms"))
    for label, us, misses, hits, cycles in rows:
        move_ms = sum(us) / max(1, len(us)) / 1000
        extra = []
        for _, clocks in READS:
            share = misses * clocks * CLKDIV / max(1, cycles)      # of the core's time
            extra.append("%.0f (+%.0f%%)" % (move_ms * share, 100 * share))
        out("%-18s %8.0f %14d %9.2f %16s %16s" % (
            label, move_ms, misses * 1000000 // max(1, cycles),
            100.0 * hits / max(1, hits + misses), extra[0], extra[1]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", help="games to run (default: all six)")
    ap.add_argument("--variant", default="hexboard", help="the board whose image runs")
    ap.add_argument("--moves", type=int, default=4, help="level-5 moves a game")
    a = ap.parse_args(argv)
    why = missing()
    if why:
        sys.exit("cannot run the emulated chip: " + why)
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    sys.path.insert(1, os.path.join(ROOT, "host_sim", "compat"))
    table(a.variant, a.moves, measure(a.variant, a.games, a.moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
