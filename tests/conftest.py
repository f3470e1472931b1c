# On the PC the firmware's modules are imported exactly as on the board:
# firmware/ on sys.path, plus a stand-in for MicroPython's `micropython` module.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_sim", "compat"),
          os.path.join(ROOT, "tests", "portable"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)
