"""Set each game's CHIP_RATE from the emulated chip: `python tools/pico/chip_rate.py [GAME ...]`.

    python tools/pico/chip_rate.py [--from FILE] [--dry-run] [GAME ...]

CHIP_RATE is what a level's time buys on the board: iterations (Hexmeister: work units)
of the opponent's search per second of chip time, at the pocket size. A level runs
min(its milliseconds, CHIP_RATE x milliseconds / 1000 iterations); without a clock (the
simulator, the tests, tools/bench/strength.py) only the iterations count, so a seeded move is
the same everywhere. This tool measures it where it is spent: tools/pico/chipbench.py plays
the level-5 moves of a seeded game on the emulated RP2040 from the frozen image with
the budget lifted (only the clock ends a move), and the rate is the lower quartile over
those moves of iterations x 10^6 / search microseconds, less 5%: three moves in four end on
the budget, within the level's time and exactly as in the simulator, and the slowest
quarter on the clock (which may run a few per cent over: the last iteration can be
longer than the search expects). Why not the median: on the chip, moves that end on
the clock overshoot by up to 6%, and with half of them doing so the median move
misses the level's time. It rewrites the CHIP_RATE line of
firmware/hexgames/<game>/rules.py. --from reads the figures of an earlier
`tools/pico/chipbench.py --image frozen --unbounded --json FILE` run instead.
"""
import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tools", "build"), os.path.join(ROOT, "tools", "pico")]
import chipbench            # noqa: E402

LINE = re.compile(r"^(\s+)CHIP_RATE = (\d+)[^\n]*$", re.M)
COMMENT = "# iterations per chip second, level 5 on the emulated chip (tools/pico/chip_rate.py)"
UNITS = {"hexmeister": "work units"}
# Per cent of the measured rate the budget takes: a move that ends on its budget still
# pays its start (copies, the root's expansion) and runs at its own position's rate.
# Without it Hexmeister, whose moves all run at nearly one rate, took 1,028 ms a move.
_MARGIN = 95


def rate(row, level_us=1000000):
    """The rate three moves in four reach: the lower quartile, over the moves that
    ran at least half the level's time (a shorter one ended by a proof or a single
    choice, not by the clock), of iterations per chip second, less _MARGIN."""
    moves = [(i, u) for i, u in zip(row.get("its", ()), row.get("us", ()))]
    if not moves:
        raise ValueError("%s: no timed moves in the figures" % row.get("game"))
    timed = [(i, u) for i, u in moves if 2 * u >= level_us] or moves
    rates = sorted(i * 1000000 // max(1, u) for i, u in timed)
    return max(1, rates[len(rates) // 4] * _MARGIN // 100)


def rules_path(name):
    return os.path.join(ROOT, "firmware", "hexgames", name, "rules.py")


def write(name, value):
    """Rewrites the game's CHIP_RATE line; returns the old value."""
    path = rules_path(name)
    with open(path) as f:
        text = f.read()
    found = LINE.findall(text)
    if len(found) != 1:
        raise ValueError("%s: %d CHIP_RATE lines, expected one" % (path, len(found)))
    comment = COMMENT.replace("iterations", UNITS.get(name, "iterations"))
    new = LINE.sub(lambda m: "%sCHIP_RATE = %d    %s" % (m.group(1), value, comment), text)
    with open(path + ".tmp", "w") as f:
        f.write(new)
    os.replace(path + ".tmp", path)
    return int(found[0][1])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--from", dest="src", help="figures of chipbench.py --unbounded --json")
    ap.add_argument("--dry-run", action="store_true", help="print, change nothing")
    a = ap.parse_args(argv)
    if a.src:
        with open(a.src) as f:
            data = json.load(f)
        if "frozen" not in data:
            sys.exit("%s holds no frozen-image figures" % a.src)
        rows = [(n, r) for n, o, r in data["frozen"] if not a.games or n in a.games]
    else:
        why = chipbench.missing()
        if why:
            sys.exit("cannot run the emulated chip: " + why)
        res = chipbench.bench(("frozen",), a.games, 8, 0, unbounded=True)
        rows = [(n, r) for (n, o), r in res["frozen"]]
    for name, row in rows:
        value = rate(row)
        if a.dry_run:
            print("%-12s CHIP_RATE %d (not written)" % (name, value))
        else:
            print("%-12s CHIP_RATE %d -> %d" % (name, write(name, value), value))
    return 0


if __name__ == "__main__":
    sys.exit(main())
