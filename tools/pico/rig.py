"""The app on the emulated board, ready for fault tests: the firmware compiled to
.mpy (tools/build/deploy.py's build, as `make flash` sends it) on the chip's LittleFS, a
flash snapshot "firmware" to start each test from, and the host's own copy of the
firmware modules for computing what the chip should show.

main.py is kept off the file system (a power cycle then stops at the REPL, where a
script can look at the files before anything else runs); chip.main_py holds it for
the tests that boot the app as the board does.
"""
import os
import sys
import tempfile

from tools.pico.link import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
GAMES = ("hex", "hexade", "hexgo", "hexmeister", "inphexion", "xiago")


def host_firmware():
    """Puts firmware/ and the `micropython` stand-in on sys.path (the host computes
    save files and records with the same modules the chip runs)."""
    for p in (FIRMWARE, os.path.join(ROOT, "host_sim", "compat")):
        if p not in sys.path:
            sys.path.insert(0, p)


def app_chip(variant="pocket"):
    """A Chip with the firmware's .mpy on its file system, powered up at the REPL,
    its flash kept as snapshot "firmware"."""
    sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
    import deploy
    from tools.pico.chip import Chip
    with tempfile.TemporaryDirectory() as fw:
        deploy.build(fw)
        with open(os.path.join(fw, "main.py"), "rb") as f:
            main_py = f.read()
        os.remove(os.path.join(fw, "main.py"))
        chip = Chip(variant)
        try:
            chip.boot()
            chip.put_tree(fw, "/")
            if variant != "pocket":
                chip.put("/variant.txt", variant.encode())
            chip.snapshot("firmware")
        except BaseException:
            chip.close()
            raise
    chip.main_py = main_py
    return chip


# The app's start as main.py makes it (layout, drivers, App.boot(), one frame),
# without the endless loop: prints the screen shown, the resumed game's record and
# the settings that matter here. A traceback here is a crash at boot.
BOOT_APP = """
from app import layout as _L
from device import board as _B
from app.app import App as _A
_lay = _L.load(%(variant)r)
_b = _B.build(_lay)
_a = _A(_lay, _b.leds, _b.keys, _b.clock, _b.store, _b.sound)
_a.boot()
_a.frame()
_c = _a.current
print('SCREEN', type(_a.screen).__name__)
print('GAME', _c.name if _c else None)
print('RECORD', _c.g.record() if _c else None)
print('SETTINGS', _a.settings.brightness, _a.settings.sound)
"""


def boot_app(chip, variant="pocket"):
    """Runs BOOT_APP on the chip: {"SCREEN": ..., "GAME": ..., "RECORD": ...,
    "SETTINGS": ...} as printed; ChipError with the traceback if it raises."""
    out = chip.exec(BOOT_APP % {"variant": variant}, 30.0)
    seen = {}
    for line in out.splitlines():
        k, _, v = line.partition(" ")
        seen[k] = v.strip()
    return seen
