# Native kernels against their twins on the emulated RP2040, from the board's own
# image (`make firmware`: the kernels frozen as Thumb code, the twins as bytecode):
# the portable kernel-parity modules (tests/portable/test_kernels*.py) run on the
# chip with tools/vm/mpytest.py, each in a fresh power-up. The unix port runs the same
# modules as x64 code (tests/test_vms.py); this is the code the board runs.
import os
import sys

import pytest

import image_chip

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PORTABLE = os.path.join(ROOT, "tests", "portable")
image_chip.require()
sys.path.insert(0, os.path.join(ROOT, "tools", "pico"))
import chipbench                     # noqa: E402

MODULES = sorted(f[:-3] for f in os.listdir(PORTABLE)
                 if f.startswith("test_kernels") and f.endswith(".py"))
# The two longest (some 35 and 30 s of chip time) run from a file of their own,
# test_chip_kernels_long.py: the Makefile gives each test process whole files, so
# the two processes then share the chip's longest work.
LONG = ["test_kernels_hexmeister", "test_kernels_xiago"]


@pytest.fixture(scope="module")
def chip():
    c = chipbench.chip_with("frozen", log=lambda s: None)
    for name in ["kit"] + MODULES:
        with open(os.path.join(PORTABLE, name + ".py"), "rb") as f:
            c.put("/%s.py" % name, f.read())
    with open(os.path.join(ROOT, "tools", "vm", "mpytest.py"), "rb") as f:
        c.put("/mpytest.py", f.read())
    c.snapshot("bench")                 # fresh() powers up on this flash
    yield c
    c.close()


def passes_on_the_chip(chip, module):
    chipbench.fresh(chip, "frozen")
    out, err, _ = chip.run("import mpytest\nmpytest.main([%r])\n" % module, budget_s=240)
    last = out.strip().splitlines()[-1] if out.strip() else ""
    assert not err and last.endswith(" 0 failed"), out[-3000:] + err[-2000:]
    assert int(last.split()[0]) >= 1


@pytest.mark.parametrize("module", [m for m in MODULES if m not in LONG])
def test_kernels_match_their_twins_on_the_chip(chip, module):
    passes_on_the_chip(chip, module)
