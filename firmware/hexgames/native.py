# The one switch between native kernels and their pure-Python twins.
#
# A hot loop lives twice: in a `kernels` module as @micropython.viper code
# (Thumb on the chip, x64 on the unix port) and in a `twins` module as the
# fastest plain Python that computes exactly the same thing, with the same
# signature (CPython and the WebAssembly VM run it). pick() chooses once, at
# import: the kernels where this VM compiles viper, else the twins. A VM
# without a native emitter refuses the kernels' module (SyntaxError when it
# compiles the source, ValueError for a .mpy of another architecture; the
# web build leaves the file out: ImportError), so the choice needs no list
# of platforms. Tests run both sets on the same positions (tools/parity.py).
import sys

KERNELS = sys.implementation.name == "micropython"   # False: twins everywhere


def pick(kernels, twins):
    """The module hexgames.<kernels> where it loads, else hexgames.<twins>."""
    if KERNELS:
        try:
            return _load(kernels)
        except (ImportError, SyntaxError, ValueError):
            pass
    return _load(twins)


def _load(name):
    full = "hexgames." + name
    return sys.modules.get(full) or __import__(full, None, None, ("_",))
