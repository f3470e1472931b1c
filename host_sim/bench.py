"""`python -m host_sim bench`: engine speed on CPython and the MicroPython unix
port, with the old chip estimate (unix-port rate / 100); `--chip` measures on the
emulated RP2040 instead (tools/chipbench.py)."""
import subprocess
import sys

from host_sim import ROOT

CHIP_FACTOR = 100


def measure(cmd):
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    rows = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.split("|")]
        rows[cells[0]] = dict(c.split("=") for c in cells[1:])
    return rows


def main(games=()):
    script = ["tools/bench_engine.py"] + list(games)
    cpy = measure([sys.executable] + script)
    mpy = measure([sys.executable, "-m", "micropython_unix", "-X", "heapsize=240k"] + script)
    print("%-20s %12s %12s %10s %12s %14s" % ("game", "CPython/s", "unix-port/s", "chip/s",
                                             "moves_into", "midgame gen/s"))
    print("%-20s %12s %12s %10s %12s %14s" % ("", "playouts", "playouts", "estimate", "us (unix)",
                                             "unix (chip)"))
    for name, row in mpy.items():
        rate = int(row["playouts/s"])
        mid = row.get("midgame_movegen/s")
        mid = "%s (%d)" % (mid, int(mid) // CHIP_FACTOR) if mid else "-"
        print("%-20s %12s %12d %10d %12s %14s" % (name, cpy[name]["playouts/s"], rate,
                                                  rate // CHIP_FACTOR, row["moves_into_us"], mid))


def ai(games=()):
    """The opponent at its top level on the unix port, one VM per game (as on
    the board, where one game is loaded at a time), times as the chip's."""
    import hexgames
    print("%-20s %14s %12s %14s %14s" % ("game (pocket)", "chip ms/move", "p95 ms", "playouts/move",
                                         "heap KB (64-bit)"))
    for name in games or hexgames.GAMES:
        rows = measure([sys.executable, "-m", "micropython_unix", "-X", "heapsize=240k",
                        "tools/bench_ai.py", name])
        for label, row in rows.items():
            print("%-20s %14s %12s %14s %14s" % (label, row["chip_ms_median"], row["chip_ms_p95"],
                                                row["playouts_median"], row["heap_kb"]))


def chip(games=()):
    """The opponent and the engine on the emulated chip, frozen image and .mpy files:
    tools/chipbench.py's figures, in its own process (it needs node and the Pico kit)."""
    code = subprocess.run([sys.executable, "tools/chipbench.py"] + list(games), cwd=ROOT).returncode
    if code:
        raise OSError("tools/chipbench.py failed (exit %d)" % code)
