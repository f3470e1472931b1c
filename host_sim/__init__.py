"""Honeycomb on the PC: the simulator runs the firmware's own modules.

Importing host_sim puts firmware/ on sys.path (so `import hexgames` is the very
code that runs on the board) and a stand-in for MicroPython's `micropython`.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "host_sim", "compat"), os.path.join(ROOT, "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
