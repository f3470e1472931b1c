# On the PC the firmware's modules are imported exactly as on the board:
# firmware/ on sys.path, plus a stand-in for MicroPython's `micropython` module.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_sim", "compat"),
          os.path.join(ROOT, "tests", "portable"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)

# Kernel parity (tests/portable/test_kernels*.py) needs a VM that runs viper:
# tests/test_vms.py runs those modules on the unix port, tests/test_chip_kernels.py
# on the emulated chip. CPython has only the twins. test_kernels_search.py holds
# whichever set the VM picked to its definitions, so CPython runs it on the twins.
collect_ignore = [os.path.join("portable", f)
                  for f in os.listdir(os.path.join(ROOT, "tests", "portable"))
                  if f.startswith("test_kernels") and f.endswith(".py")
                  and f != "test_kernels_search.py"]


# The files that take minutes, longest first (seconds of one process in a CI run,
# 2026-11-29; the first chip file also builds the board's image, 116-146 s): each
# process takes the next file when it is free, so the long ones start at once and
# the many short ones fill the gaps at the end. The Makefile passes
# --no-loadscope-reorder, or pytest-xdist would order the files by their number of
# tests instead (the mutants' two tests once started 29 minutes into the run). The
# second half of the chip's kernels waits until the image is built: started beside
# the first, it would only wait for the build's lock.
LONGEST = ("test_chip_kernels.py",       # 260, and the image's build
           "test_mutants_sample.py",     # 330-430
           "test_chip_faults.py",        # 400
           "test_chip_kernels_long.py",  # 300
           "test_chip_e2e.py",           # 300
           "test_chip_flash.py",         # 250
           "test_chip_hexboard.py",      # 110, and its image's build, 80
           "test_web.py",                # 170
           "test_vms.py",                # 160
           "test_chip.py")               # 125


def pytest_collection_modifyitems(session, config, items):
    def rank(item):
        name = os.path.basename(str(item.fspath))
        return LONGEST.index(name) if name in LONGEST else len(LONGEST)
    items.sort(key=rank)                 # stable: each file's own order is kept
