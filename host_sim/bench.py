"""`python -m host_sim bench`: engine speed on CPython (the twins) and the MicroPython
unix port (the native kernels); `--chip` measures on the emulated RP2040 instead
(tools/pico/chipbench.py): the PC's rates say nothing about the chip's."""
import subprocess
import sys

from host_sim import ROOT


def measure(cmd):
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    out = p.stdout
    if p.returncode or "Traceback" in out:
        raise OSError("%s failed:\n%s%s" % (" ".join(cmd[-2:]), out[-1500:], p.stderr[-1500:]))
    rows = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.split("|")]
        rows[cells[0]] = dict(c.split("=") for c in cells[1:])
    return rows


def main(games=()):
    import hexgames
    script = ["tools/bench/bench_engine.py"] + list(games)
    cpy = measure([sys.executable] + script)
    # one VM per game on the unix port, as on the board where one game is loaded at
    # a time: all six in one 240 KB heap ran out of memory at the fifth
    mpy = {}
    for name in games or hexgames.GAMES:
        mpy.update(measure([sys.executable, "-m", "micropython_unix", "-X", "heapsize=240k",
                            "tools/bench/bench_engine.py", name]))
    print("engine speed on this PC: CPython %s runs the twins, the MicroPython unix port "
          "the native kernels (x64); the chip: make bench CHIP=1" % sys.version.split()[0])
    print("%-16s %11s %11s %11s %11s %14s" % ("game", "playouts/s", "playouts/s", "search",
                                             "search", "midgame"))
    print("%-16s %11s %11s %11s %11s %14s" % ("", "CPython", "unix port", "its/s CPy",
                                             "its/s unix", "movegen/s unix"))
    for name, row in mpy.items():
        print("%-16s %11s %11s %11s %11s %14s" % (
            name, cpy[name]["playouts/s"], row["playouts/s"], cpy[name]["search_its/s"],
            row["search_its/s"], row.get("midgame_movegen/s", "-")))


def ai(games=()):
    """The opponent at its top level on the unix port, one VM per game (as on
    the board, where one game is loaded at a time), times as the chip's."""
    import hexgames
    print("%-20s %14s %12s %14s %14s" % ("game (pocket)", "chip ms/move", "p95 ms", "playouts/move",
                                         "heap KB (64-bit)"))
    for name in games or hexgames.GAMES:
        rows = measure([sys.executable, "-m", "micropython_unix", "-X", "heapsize=240k",
                        "tools/bench/bench_ai.py", name])
        for label, row in rows.items():
            print("%-20s %14s %12s %14s %14s" % (label, row["chip_ms_median"], row["chip_ms_p95"],
                                                row["playouts_median"], row["heap_kb"]))


def chip(games=()):
    """The opponent and the engine on the emulated chip, frozen image and .mpy files:
    tools/pico/chipbench.py's figures, in its own process (it needs node and the Pico kit)."""
    code = subprocess.run([sys.executable, "tools/pico/chipbench.py"] + list(games), cwd=ROOT).returncode
    if code:
        raise OSError("tools/pico/chipbench.py failed (exit %d)" % code)
