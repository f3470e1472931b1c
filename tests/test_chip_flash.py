# Flashing the emulated Pico (stock MicroPython v1.28.0) the way a user flashes a real
# one: `make flash PORT=...` and `mpremote mip install` through the chip's USB serial
# on a pseudo-terminal (tools/pico/serial.py). After the flash the chip resets, boots
# main.py from its LittleFS, and its LED chain shows the simulator's menu frame.
# Times are emulated; wall-clock waits are only timeouts against a stuck emulator.
import os
import subprocess
import sys
import threading
import time

import pytest

from tools.pico.link import missing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WHY = missing() or (None if sys.platform.startswith("linux") else "needs Linux ptys")
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")
RUNNING = b"honeycomb: pocket board running"


class Port:
    """The chip's serial on a pseudo-terminal, served from a thread while a test runs
    mpremote; stopped, the chip is the test's again (LED frames, files)."""

    def __init__(self, chip):
        from tools.pico.serial import Bridge
        self.chip = chip
        self.bridge = Bridge(chip)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.error = None
        self.thread.start()

    def _serve(self):
        try:
            self.bridge.serve()
        except Exception as e:          # reported by stop(): a test fails, never hangs
            self.error = e

    @property
    def path(self):
        return self.bridge.path

    def wait_for(self, text, timeout=180):
        end = time.monotonic() + timeout
        while time.monotonic() < end and self.error is None:
            if text in self.bridge.transcript:
                return True
            time.sleep(0.2)
        return text in self.bridge.transcript

    def stop(self):
        self.bridge.stopped = True
        self.thread.join(30)
        self.bridge.close()
        if self.error:
            raise self.error
        return bytes(self.bridge.transcript)


@pytest.fixture(scope="module")
def chip():
    from tools.pico.chip import Chip
    c = Chip("pocket")
    c.boot()
    c.snapshot("stock")
    yield c
    c.close()


@pytest.fixture
def port(chip):
    chip.restore("stock")
    chip.exit_raw()
    chip.frames()
    p = Port(chip)
    yield p
    if p.thread.is_alive():
        p.stop()


def mpremote(port, *args, timeout=300):
    p = subprocess.run([sys.executable, "-m", "mpremote", "connect", port] + list(args),
                       capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    assert p.returncode == 0, p.stdout + p.stderr
    return p.stdout


def menu_frame():
    """The simulator's LED bytes (wire order) after boot: same app, same layout."""
    from host_sim.board import VirtualBoard
    vb = VirtualBoard("pocket")
    vb.app().run(1)
    return bytes(vb.leds.shown)


def wire(frame):
    """A decoded frame back in wire order (GRB)."""
    return bytes(b for r, g, b_ in frame for b in (g, r, b_))


def test_make_flash_through_the_pty_boots_the_menu(chip, port):
    p = subprocess.run(["make", "-s", "flash", "PORT=" + port.path], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    assert " files sent" in p.stdout and ".mpy v6.3" in p.stdout, p.stdout
    assert port.wait_for(RUNNING), bytes(port.bridge.transcript)[-2000:]
    resets = chip.resets
    console = port.stop()
    assert resets >= 1                        # deploy's machine.reset() restarted the chip
    boot = console[console.rfind(b"\x04"):]  # after the raw-paste end of machine.reset()
    assert RUNNING in boot and b"Traceback" not in boot and b"Battery low" not in boot, boot
    frame = chip.last_frame()
    assert frame is not None and wire(frame) == menu_frame()


def test_mip_install_of_the_package_json_boots_the_app(chip, port):
    out = mpremote(port.path, "mip", "install", "--target", "/", os.path.join(ROOT, "package.json"))
    assert "Done" in out
    mpremote(port.path, "reset")
    assert port.wait_for(RUNNING), bytes(port.bridge.transcript)[-2000:]
    port.stop()
    assert wire(chip.last_frame()) == menu_frame()
