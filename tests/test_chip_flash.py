# Flashing the emulated Pico (stock MicroPython v1.28.0) the way a user flashes a real
# one: `make flash PORT=...` and `mpremote mip install` through the chip's USB serial
# on a pseudo-terminal (tools/pico/serial.py). After the flash the chip resets, boots
# main.py from its LittleFS, and its LED chain shows the simulator's menu frame.
# Times are emulated; wall-clock waits are only timeouts against a stuck emulator.
import json
import os
import subprocess
import sys
import threading
import time

import pytest

from needs import need
from tools.pico.link import missing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
import deploy  # noqa: E402

WHY = missing() or (None if sys.platform.startswith("linux") else "needs Linux ptys")
need("the emulated chip (node, rp2040js, the Pico kit)", WHY, module=True)
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


def serve(chip, snapshot):
    """The chip powered up on a snapshot, its serial on a pty."""
    chip.restore(snapshot)
    chip.exit_raw()
    chip.frames()
    return Port(chip)


@pytest.fixture
def port(chip):
    p = serve(chip, "stock")
    yield p
    if p.thread.is_alive():
        p.stop()


@pytest.fixture(scope="module")
def flashed(chip):
    """`make flash` against the stock image, once; tests start from its snapshot."""
    port = serve(chip, "stock")
    try:
        p = subprocess.run(["make", "-s", "flash", "PORT=" + port.path], cwd=ROOT,
                           capture_output=True, text=True, timeout=600)
        assert p.returncode == 0, p.stdout + p.stderr
        assert port.wait_for(RUNNING), bytes(port.bridge.transcript)[-2000:]
    finally:
        console = port.stop()
    info = {"out": p.stdout, "console": console, "resets": chip.resets,
            "frame": chip.last_frame()}
    chip.snapshot("flashed")
    return info


@pytest.fixture
def flashed_port(chip, flashed):
    p = serve(chip, "flashed")
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


def test_make_flash_through_the_pty_boots_the_menu(flashed):
    assert " files sent" in flashed["out"] and ".mpy v6.3" in flashed["out"], flashed["out"]
    assert flashed["resets"] >= 1          # deploy's machine.reset() restarted the chip
    console = flashed["console"]
    boot = console[console.rfind(b"\x04"):]  # after the raw-paste end of machine.reset()
    assert RUNNING in boot and b"Traceback" not in boot and b"Battery low" not in boot, boot
    frame = flashed["frame"]
    assert frame is not None and wire(frame) == menu_frame()


def test_second_flash_sends_only_what_changed(flashed_port):
    path = flashed_port.path
    send, remove = deploy.deploy(path, reset=False, log=lambda s: None)
    assert send == [] and remove == []
    # a stale source twin would shadow its .mpy: it goes
    mpremote(path, "exec", "f = open('app/menu.py', 'w'); f.write('x = 1'); f.close()")
    send, remove = deploy.deploy(path, variant="full", reset=False, log=lambda s: None)
    assert send == [] and remove == ["app/menu.py"]
    assert mpremote(path, "exec", "print(open('variant.txt').read())").strip() == "full"


def test_frozen_flash_keeps_only_main_py_and_the_layouts(flashed_port):
    path = flashed_port.path
    send, remove = deploy.deploy(path, reset=False, frozen=True, log=lambda s: None)
    assert send == []
    assert "app/app.mpy" in remove and "device/keyscan.mpy" in remove
    left = json.loads(mpremote(path, "exec", deploy._SURVEY).strip().splitlines()[-1])["files"]
    assert not [p for p in left if p.endswith(".mpy")]
    assert "main.py" in left and "layouts/pocket.json" in left


def test_flash_stops_with_a_clear_message_on_an_mpy_version_mismatch(port, monkeypatch):
    monkeypatch.setattr(deploy, "cross_version", lambda: (6, 2))
    with pytest.raises(deploy.Fail) as e:
        deploy.deploy(port.path, log=lambda s: None)
    msg = str(e.value)
    assert "version mismatch" in msg and "v6.3" in msg and "v6.2" in msg
    assert "main.py" not in mpremote(port.path, "fs", "ls")      # nothing copied


def test_a_low_battery_is_reported_at_power_up(chip, flashed):
    chip.restore("flashed")
    chip.set_vsys(3.3)                       # on battery (no VBUS), below 3500 mV
    try:
        console = chip.boot_main(3000)
    finally:
        chip.set_vsys(chip.desc["full_v"])
    assert b"Battery low" in console and RUNNING in console, console


def test_mip_install_of_the_package_json_boots_the_app(chip, port):
    out = mpremote(port.path, "mip", "install", "--target", "/", os.path.join(ROOT, "package.json"))
    assert "Done" in out
    mpremote(port.path, "reset")
    assert port.wait_for(RUNNING), bytes(port.bridge.transcript)[-2000:]
    port.stop()
    assert wire(chip.last_frame()) == menu_frame()


def test_serial_command_offers_the_chip_on_a_pty_until_stopped(tmp_path):
    link = str(tmp_path / "pico")
    p = subprocess.Popen([sys.executable, "-m", "tools.pico.serial", "--link", link],
                         cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        assert line.startswith("serial: /dev/"), line
        assert os.path.realpath(link) == line.split()[1]
        assert mpremote(link, "exec", "print(6 * 7)", timeout=120).strip() == "42"
    finally:
        p.terminate()
        p.wait(30)
    assert p.returncode == 0 and not os.path.lexists(link)
