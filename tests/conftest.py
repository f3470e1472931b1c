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


def pytest_collection_modifyitems(session, config, items):
    # CI's seeded mutation sample is minutes of one core: collected first, it starts
    # at once on one worker, beside the rest, instead of ending the run after them
    items.sort(key=lambda item: os.path.basename(str(item.fspath)) != "test_mutants_sample.py")
