# Flashing without hardware (DESIGN.md section 8): the real mpremote against the fake
# board of tools/fakeboard (the MicroPython unix port behind a pseudo-terminal, a
# LittleFS image of the Pico's size, stub machine/neopixel/rp2 recording LED frames).
# Every subprocess has a timeout and every fake board is stopped in teardown.
# The main flashing tests (make flash, a second flash, FROZEN=1, mip install, the menu
# frame, a low battery) run against real firmware on the emulated RP2040 in
# tests/test_chip_flash.py; what stays here needs the stubs' counters (LED writes,
# watchdog feeds) or checks the fake board itself.
import json
import os
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "fakeboard"))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import deploy  # noqa: E402
from fakeboard import FakeBoard, PICO_FLASH  # noqa: E402

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs Linux ptys")


def mpremote(port, *args, timeout=60, check=True):
    p = subprocess.run([sys.executable, "-m", "mpremote", "connect", port] + list(args),
                       capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    if check:
        assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout


def board_eval(port, expr):
    """Evaluate on the board without a soft reset (`resume`: main.py's state stays)."""
    out = mpremote(port, "resume", "exec", "import json, machine\nprint(json.dumps(%s))" % expr)
    return json.loads(out.strip().splitlines()[-1])


RUNNING = b"honeycomb: pocket board running"


def wait_for(pred, timeout=30):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        v = pred()
        if v:
            return v
        time.sleep(0.2)
    return pred()


class Board(FakeBoard):
    """A fake board that prints the end of its console when stopped: pytest shows it
    for a failing test."""

    def stop(self):
        super().stop()
        print("--- fake board console (last 3000 bytes):\n%r" % bytes(self.transcript)[-3000:])


@pytest.fixture
def board(tmp_path):
    b = Board(str(tmp_path / "flash.img"))
    b.start()
    yield b
    b.stop()


@pytest.fixture(scope="module")
def flashed_image(tmp_path_factory):
    """An image with the firmware flashed by `make flash PORT=...`; tests copy it."""
    img = str(tmp_path_factory.mktemp("flashed") / "flash.img")
    with Board(img) as b:
        p = subprocess.run(["make", "-s", "flash", "PORT=" + b.port], cwd=ROOT,
                           capture_output=True, text=True, timeout=240)
        assert p.returncode == 0, p.stdout + p.stderr
        assert "45 of 45 files sent" in p.stdout or " files sent" in p.stdout, p.stdout
        info = {"out": p.stdout, "boots": b.boots}
        # main.py starts after the reset (polling with mpremote would stop main.py:
        # it interrupts with Ctrl-C, so wait for its console line)
        assert wait_for(lambda: RUNNING in bytes(b.transcript), 60), bytes(b.transcript)[-2000:]
    return img, info


def copy_image(src, tmp_path):
    dst = str(tmp_path / "copy.img")
    with open(src, "rb") as f, open(dst, "wb") as g:
        g.write(f.read())
    return dst


# -- the fake board itself ----------------------------------------------------------------
def test_fake_board_has_a_littlefs_of_the_picos_size(board):
    out = mpremote(board.port, "exec", "import os; print(os.statvfs('/')[:3])")
    bsize, _, blocks = eval(out.strip())
    assert bsize * blocks == PICO_FLASH == 1408 * 1024


def test_fake_board_speaks_raw_repl_raw_paste_soft_reset_and_ctrl_c(board):
    port = board.port
    # raw REPL + raw-paste (mpremote's exec), files through the fs commands
    assert mpremote(port, "exec", "print(6 * 7)").strip() == "42"
    src = os.path.join(os.path.dirname(board.image), "hello.py")
    with open(src, "w") as f:
        f.write("print('hello from flash')\n")
    mpremote(port, "fs", "cp", src, ":hello.py")
    assert "hello from flash" in mpremote(port, "exec", "import hello")
    # soft reset: a new VM, the file system stays
    boots = board.boots
    mpremote(port, "soft-reset")
    assert board.boots == boots + 1
    assert "hello.py" in mpremote(port, "fs", "ls")
    # Ctrl-C: a running program is interrupted by the next connection
    mpremote(port, "exec", "--no-follow", "while True:\n    pass")
    assert mpremote(port, "resume", "exec", "print('free')").strip() == "free"
    assert b"KeyboardInterrupt" in bytes(board.transcript)
    # the friendly REPL: the banner and an answer to a typed line
    os.write(board.s, b"\r\x02")
    time.sleep(0.3)
    os.write(board.s, b"1 + 1\r")
    assert wait_for(lambda: b"1 + 1\r\n2" in bytes(board.transcript), 10)


# -- booting --------------------------------------------------------------------------------
def test_a_crash_is_logged_shown_in_red_and_the_app_goes_back_to_the_menu(flashed_image, tmp_path):
    img = copy_image(flashed_image[0], tmp_path)
    with Board(img) as b:
        assert wait_for(lambda: RUNNING in bytes(b.transcript), 60)
        script = (
            "import main, machine\n"
            "from app.app import App\n"
            "frame = App.frame\n"
            "n = [0]\n"
            "def bad(self):\n"
            "    n[0] += 1\n"
            "    if n[0] == 3:\n"
            "        raise ValueError('boom')\n"
            "    if n[0] == 8:\n"
            "        print('screen', type(self.screen).__name__, machine.led_writes)\n"
            "        raise KeyboardInterrupt\n"
            "    frame(self)\n"
            "App.frame = bad\n"
            "try:\n"
            "    main.main()\n"
            "except KeyboardInterrupt:\n"
            "    pass\n"
            "print(open('/crash.log').read())\n")
        out = mpremote(b.port, "exec", script, timeout=60)
        assert "ValueError: boom" in out and "--- crash at" in out
        assert "screen Menu" in out


# -- mip ------------------------------------------------------------------------------------
def test_package_json_lists_every_firmware_file():
    with open(os.path.join(ROOT, "package.json")) as f:
        assert f.read() == deploy.package_json(), "run: python tools/deploy.py --package-json"


def test_manifest_freezes_every_firmware_package():
    calls = []
    env = {"include": lambda *a, **k: calls.append(("include",) + a),
           "package": lambda name, base_path=".": calls.append(("package", name, base_path)),
           "module": lambda name, base_path=".": calls.append(("module", name, base_path))}
    with open(os.path.join(ROOT, "manifest.py")) as f:
        exec(f.read(), env)
    frozen = {c[1] for c in calls if c[0] == "package"}
    fw = os.path.join(ROOT, "firmware")
    packages = {d for d in os.listdir(fw) if os.path.isdir(os.path.join(fw, d))
                and any(f.endswith(".py") for f in os.listdir(os.path.join(fw, d)))}
    assert frozen == packages
    for c in calls:
        if c[0] == "package":
            assert os.path.isdir(os.path.join(ROOT, c[2], c[1]))


def test_release_flash_starts_the_watchdog_and_a_plain_one_does_not(flashed_image, tmp_path):
    img = copy_image(flashed_image[0], tmp_path)
    with Board(img) as b:
        assert wait_for(lambda: RUNNING in bytes(b.transcript), 60)
        assert board_eval(b.port, "machine.wdt_feeds") == -1
        deploy.deploy(b.port, release=True, log=lambda s: None)       # resets the board
        assert wait_for(lambda: bytes(b.transcript).count(RUNNING) >= 2, 60)
        assert board_eval(b.port, "machine.wdt_feeds") > 0
