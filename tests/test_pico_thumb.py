# The emulated chip's faster instruction step (tools/pico/thumb.mjs) against
# rp2040js's own: every opcode from random states on two chips (thumb_check.mjs), the
# check itself shown to catch a wrong instruction, and MicroPython on the chip running
# to the same output in the same emulated cycles with either step.
import os
import re
import subprocess

import pytest

from needs import need, need_rp2040js
from tools.pico.link import missing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PICO = os.path.join(ROOT, "tools", "pico")

need_rp2040js(PICO)


def check(*args):
    p = subprocess.run(["node", "thumb_check.mjs", *map(str, args)], cwd=PICO,
                       capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout.strip() + p.stderr.strip()


def test_every_opcode_does_what_rp2040js_does_from_random_states():
    rc, out = check(3, 11)
    assert rc == 0, out
    steps = int(re.fullmatch(r"thumb: (\d+) steps agree", out).group(1))
    assert steps >= 3 * 65536


# Each a change to one instruction that real code would meet: the check must name it.
MISTAKES = [
    ("n += io(a, kind < 3);", "n += io(a, kind < 2);", "0x54"),           # STRB's cycles
    ("r[15] = next + 2 + (((op & 0xff) << 24) >> 23);",
     "r[15] = next + (((op & 0xff) << 24) >> 23);", "0xd"),             # B<cond>'s target
    ("if (op & 0x100) store32(a, r[14]);",
     "if (op & 0x100) { store32(a, r[14]); n++; }", "0xb5"),             # PUSH {.., LR} cycles
    ("core.C = k <= 32 ? !!((v >>> (k - 1)) & 1) : false;",
     "core.C = k && k <= 32 ? !!((v >>> (k - 1)) & 1) : k ? false : core.C;",
     "0x40"),                                                            # LSRS's carry at 0
    ("r[15] += 2;", "r[15] = next + 2;", "0xf3ef"),                      # MRS into PC
]


@pytest.mark.parametrize("old,new,opcode", MISTAKES, ids=[m[2] for m in MISTAKES])
def test_the_check_names_an_instruction_done_wrong(tmp_path, old, new, opcode):
    with open(os.path.join(PICO, "thumb.mjs")) as f:
        source = f.read()
    assert source.count(old) == 1
    wrong = tmp_path / "thumb.mjs"
    wrong.write_text(source.replace(old, new))
    rc, out = check(3, 11, wrong)
    assert rc == 1 and f"opcode {opcode}" in out, out


SCRIPT = """
import gc, time
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
d = {}
for i in range(300):
    d[str(i) * 3] = [i * i, -i, i >> 2, i / 7]
s = sorted(d.items(), key=lambda kv: (kv[1][0] % 17, kv[0]))
try:
    [][1]
except IndexError as e:
    err = repr(e)
t = time.ticks_us()
print(fib(17), len(s), s[5][0], err, sum(x[1][3] for x in s[:40]), gc.mem_free() > 0)
"""


def test_micropython_runs_the_same_in_the_same_emulated_cycles_with_either_step(monkeypatch):
    need("the emulated chip (node, rp2040js, the Pico kit)", missing())
    from tools.pico.chip import Chip
    seen = []
    for slow in ("1", "0"):
        monkeypatch.setenv("PICO_SLOW_CORE", slow)
        with Chip("pocket") as c:
            c.boot()
            out, err, _ = c.run(SCRIPT, budget_s=20)
            s = c.stats()
            seen.append((out, err, s["t"], s["cycles"], s["busy"]))
    assert seen[0][1] == "" and "1597 300" in seen[0][0]
    assert seen[1] == seen[0]
