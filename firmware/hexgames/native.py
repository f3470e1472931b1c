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
# of platforms. Tests run both sets on the same positions (tools/vm/parity.py).
import sys

KERNELS = sys.implementation.name == "micropython"   # False: twins everywhere


def pick(kernels, twins, package="hexgames"):
    """The module <package>.<kernels> where it loads, else <package>.<twins>."""
    if KERNELS:
        try:
            return load(package + "." + kernels)
        except (ImportError, SyntaxError, ValueError):
            pass
    return load(package + "." + twins)


def load(name):
    """The module of that full name, imported if need be."""
    return sys.modules.get(name) or __import__(name, None, None, ("_",))


def _load(name):
    # hexgames.<name>: the first form of load(), kept for the game branches made with it
    return load("hexgames." + name)
