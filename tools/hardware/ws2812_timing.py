"""The LED chain's real timing: firmware/device/leds.py's WS2812 program, assembled as
the chip assembles it, run cycle by cycle on a model of one PIO state machine.

    python tools/hardware/ws2812_timing.py [--kit DIR]     # prints every pulse width in ns

Why a model: rp2040js (the emulated chip) steps PIO one instruction at a time, without
instruction delays or the clock divider, so its pin edges are not real time.

The program is the chip's own: leds.py runs on the MicroPython unix port (whose
compiler inlines its const() delays as the chip's does) under `rp2` = MicroPython
v1.28.0's own ports/rp2/modules/rp2.py (the assembler frozen into the firmware), read
from the Pico kit's source tarball, over stand-ins for `_rp2` and `machine`
(tools/hardware/ws2812_capture.py) whose PIO constants come from the same tree's rp2_pio.c.
`Leds(0, n)` builds its StateMachine and DMA channel as on the chip; the stand-ins
record the assembled program, the frequency and the bytes the DMA is handed.
- the clock divider is computed as rp2_pio.c does (sys_clk * 256 // freq, 16.8 fixed
  point) at the RP2040's default 125 MHz system clock.
The instructions run on `pioemu` (PyPI rp2040-pio-emulator), which counts state
machine cycles including delays and stalls. Two things it leaves out are added here:
- autopull in the background: the RP2040 refills an emptied OSR "on or following an
  OUT instruction which causes the output shift counter to reach or exceed PULL_THRESH"
  (SHIFTCTRL.AUTOPULL in the RP2040 datasheet), so the next OUT does not stall when the
  FIFO has data; pioemu refills only when the next OUT runs, one cycle late. Here the
  state machine is stepped one instruction at a time and the refill done in between.
- the fractional clock divider: state machine cycle k starts at system cycle
  floor(k * div) (div = int + frac/256): a first-order divider whose jitter is one
  system clock, as the RP2040's.
"""
import argparse
import functools
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from collections import deque
from dataclasses import replace

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KIT_DEFAULT = os.path.join(os.path.dirname(ROOT), "shared", "pico")
TARBALL = "micropython-1.28.0-rp2-src.tar.xz"
RP2_PY = "micropython-1.28.0/ports/rp2/modules/rp2.py"
RP2_PIO_C = "micropython-1.28.0/ports/rp2/rp2_pio.c"
SYS_HZ = 125_000_000          # SYS_CLK_HZ of the Pico SDK for the RP2040 (platform_defs.h)
NS_PER_SYS = 1_000_000_000 // SYS_HZ

# The WS2812B datasheet (Worldsemi, "WS2812B Intelligent control LED integrated light
# source", data transfer time table): each figure +-150 ns, and a reset (latch) code of
# low voltage for more than 50 us.
#   T0H  0 code, high voltage time   0.40 us
#   T1H  1 code, high voltage time   0.80 us
#   T0L  0 code, low voltage time    0.85 us
#   T1L  1 code, low voltage time    0.45 us
TOLERANCE_NS = 150
NOMINAL_NS = {"T0H": 400, "T1H": 800, "T0L": 850, "T1L": 450}
SPEC_NS = {k: (v - TOLERANCE_NS, v + TOLERANCE_NS) for k, v in NOMINAL_NS.items()}
RESET_NS = 50_000


class Missing(Exception):
    """Something the check needs is absent; the message names it and how to get it."""


def kit_sources(kit=None):
    """{member: text} of rp2.py and rp2_pio.c from the kit's source tarball."""
    path = os.path.join(kit or os.environ.get("PICO_KIT") or KIT_DEFAULT, TARBALL)
    return _read_tarball(os.path.abspath(path))


@functools.lru_cache(maxsize=2)
def _read_tarball(path):
    if not os.path.isfile(path):
        raise Missing("%s missing (the Pico kit; or MicroPython v1.28.0's source from "
                      "micropython.org / GitHub)" % path)
    want = {RP2_PY, RP2_PIO_C}
    out = {}
    with tarfile.open(path) as t:
        for m in t:
            if m.name in want:
                out[m.name] = t.extractfile(m).read().decode()
                if len(out) == len(want):
                    return out
    raise Missing("%s lacks %s" % (path, ", ".join(sorted(want - set(out)))))


def pio_constants(rp2_pio_c):
    """PIO.IN_LOW, OUT_LOW, SHIFT_LEFT, ... as the C module defines them."""
    table = rp2_pio_c.split("rp2_pio_locals_dict_table[] = {", 1)[1].split("};", 1)[0]
    return {k: int(v, 0) for k, v in
            re.findall(r"MP_QSTR_([A-Z_0-9]+)\),\s*MP_ROM_INT\((\w+)\)", table)}


def capture(colours, kit=None, firmware=None):
    """What Leds(0, n) hands the hardware after drawing colours and one write(), from
    the MicroPython unix port (tools/hardware/ws2812_capture.py): the program as the chip's rp2.py
    assembles it, the StateMachine's arguments, the DMA transfer. firmware: another
    folder in firmware/'s place (the tests use it to try a wrong delay)."""
    src = kit_sources(kit)
    with tempfile.TemporaryDirectory(prefix="ws2812-") as d:
        with open(os.path.join(d, "rp2.py"), "w") as f:
            f.write(src[RP2_PY])
        p = subprocess.run([sys.executable, "-m", "micropython_unix",
                            os.path.join(ROOT, "tools", "hardware", "ws2812_capture.py"), d,
                            json.dumps(pio_constants(src[RP2_PIO_C])),
                            json.dumps([list(c) for c in colours]),
                            firmware or os.path.join(ROOT, "firmware")],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
    lines = p.stdout.strip().splitlines()
    if p.returncode or not lines or not lines[-1].startswith("{"):
        # (the unix port's wrapper exits 0 even after a traceback: the output decides)
        raise RuntimeError("ws2812_capture.py failed on MicroPython:\n%s%s"
                           % (p.stdout, p.stderr))
    return json.loads(lines[-1])


class Program:
    """The state machine's configuration, decoded from the assembled program the way
    rp2_pio.c loads it into SHIFTCTRL / EXECCTRL / PINCTRL."""

    def __init__(self, sm):
        execctrl, shiftctrl, sideset_init = sm["execctrl"], sm["shiftctrl"], sm["sideset_init"]
        freq = sm["freq"]
        self.words = list(sm["words"])
        self.wrap_top = (execctrl >> 12) & 31
        self.wrap_bottom = (execctrl >> 7) & 31
        if execctrl >> 30 & 1:
            raise ValueError("optional side-set: not modelled here")
        self.sideset_count = (0 if sideset_init is None else
                              1 if isinstance(sideset_init, int) else len(sideset_init))
        self.autopull = bool(shiftctrl >> 17 & 1)
        self.pull_thresh = (shiftctrl >> 25 & 31) or 32
        self.shift_right = bool(shiftctrl >> 19 & 1)
        div = SYS_HZ * 256 // freq              # rp2_pio.c: 16.8 fixed point
        if not 256 <= div <= 65536 * 256:
            raise ValueError("freq %d out of range" % freq)
        self.div256 = div

    def sys_cycle(self, sm_cycle):
        """System clock cycle at which state machine cycle sm_cycle starts."""
        return sm_cycle * self.div256 >> 8


def fifo_words(data, size):
    """The TX FIFO's words for a DMA transfer: a byte (size 0) written to a 32-bit
    register is repeated across its four byte lanes by the RP2040's bus."""
    if size != 0:
        raise ValueError("DMA transfer size %d: only byte writes are modelled" % size)
    return [b * 0x01010101 for b in data]


def waveform(program, words, idle_ns=RESET_NS + 10_000):
    """[(start_ns, level)] of the side-set pin, feeding words through the TX FIFO, and
    running on for idle_ns of system time after the last instruction that took data."""
    from pioemu import ShiftRegister, State, emulate
    p = program
    state = State(transmit_fifo=deque(words), program_counter=0)
    edges = []
    level = None
    drained_at = None
    while True:
        osr = state.output_shift_register
        if p.autopull and osr.counter >= p.pull_thresh and state.transmit_fifo:
            fifo = deque(state.transmit_fifo)       # the background refill (see above)
            state = replace(state, transmit_fifo=fifo,
                            output_shift_register=ShiftRegister(fifo.popleft(), 0))
        c0 = state.clock
        step = emulate(p.words, stop_when=lambda op, st: st.clock != c0,
                       initial_state=state, auto_pull=p.autopull,
                       pull_threshold=p.pull_thresh, shift_osr_right=p.shift_right,
                       side_set_base=0, side_set_count=p.sideset_count,
                       wrap_target=p.wrap_bottom, wrap_top=p.wrap_top)
        for _, state in step:
            pass
        if state.clock == c0:
            raise ValueError("pioemu cannot run instruction %04x"
                             % p.words[state.program_counter])
        pin = state.pin_values & 1
        if pin != level:
            edges.append((p.sys_cycle(c0) * NS_PER_SYS, pin))
            level = pin
        osr = state.output_shift_register
        if not state.transmit_fifo and drained_at is None and osr.counter >= p.pull_thresh:
            drained_at = p.sys_cycle(state.clock) * NS_PER_SYS
        if drained_at is not None and p.sys_cycle(state.clock) * NS_PER_SYS - drained_at > idle_ns:
            edges.append((p.sys_cycle(state.clock) * NS_PER_SYS, None))   # end of record
            return edges


def pulses(edges):
    """[(level, ns)] between the first rising edge and the end of the record."""
    i = 0
    while i < len(edges) and edges[i][1] != 1:
        i += 1
    return [(edges[k][1], edges[k + 1][0] - edges[k][0]) for k in range(i, len(edges) - 1)]


def decode(ps):
    """(bits, faults): the bits the pulses carry, read as the datasheet's codes, and
    every pulse outside its window. The last low pulse must be a reset code."""
    bits, faults = [], []
    pairs = [(ps[k], ps[k + 1]) for k in range(0, len(ps) - 1, 2)]
    for n, ((hl, high), (ll, low)) in enumerate(pairs):
        assert hl == 1 and ll == 0
        last = n == len(pairs) - 1
        code = None
        for bit, name in ((0, "T0H"), (1, "T1H")):
            lo, hi = SPEC_NS[name]
            if lo <= high <= hi:
                code = bit
        if code is None:
            faults.append("bit %d: high for %d ns, neither T0H %s nor T1H %s"
                          % (n, high, SPEC_NS["T0H"], SPEC_NS["T1H"]))
            code = 1 if high > (SPEC_NS["T0H"][1] + SPEC_NS["T1H"][0]) // 2 else 0
        bits.append(code)
        if last:
            if low < RESET_NS:
                faults.append("after the last bit: low for %d ns, under the %d ns reset"
                              % (low, RESET_NS))
            continue
        name = "T%dL" % code
        lo, hi = SPEC_NS[name]
        if not lo <= low <= hi:
            faults.append("bit %d: low for %d ns after a %d, outside %s %s"
                          % (n, low, code, name, SPEC_NS[name]))
    return bits, faults


def to_bytes(bits):
    """Bytes from bits, most significant first (the WS2812's order)."""
    out = bytearray()
    for k in range(0, len(bits) - 7, 8):
        v = 0
        for b in bits[k:k + 8]:
            v = v << 1 | b
        out.append(v)
    return bytes(out)


def send(colours, kit=None, firmware=None):
    """Draw colours on a chain of len(colours) LEDs with leds.py, write it, and run the
    program on what the DMA feeds: (bytes sent, pulses, decoded bytes, faults, program)."""
    rec = capture(colours, kit, firmware)
    data = bytes.fromhex(rec["dma"]["data"])
    program = Program(rec["sm"])
    ps = pulses(waveform(program, fifo_words(data, rec["dma"]["size"])))
    bits, faults = decode(ps)
    return data, ps, to_bytes(bits), faults, program


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kit", help="folder with %s (default $PICO_KIT or ../shared/pico)"
                    % TARBALL)
    a = ap.parse_args()
    colours = [(255, 0, 128), (1, 2, 3), (0x55, 0xAA, 0x0F)]
    try:
        data, ps, got, faults, program = send(colours, a.kit)
    except Missing as e:
        print("ws2812_timing: %s" % e, file=sys.stderr)
        return 1
    print("program: %s, clock divider %d + %d/256 at %d MHz"
          % (" ".join("%04x" % w for w in program.words), program.div256 >> 8,
             program.div256 & 255, SYS_HZ // 1_000_000))
    for level in (1, 0):
        widths = sorted({ns for lv, ns in ps[:-1] if lv == level})
        print("%s pulses (ns): %s" % ("high" if level else "low", widths))
    print("reset: line low for %d ns after the last bit" % ps[-1][1])
    for name, (lo, hi) in SPEC_NS.items():
        print("datasheet %s: %d..%d ns" % (name, lo, hi))
    print("sent %s, decoded %s: %s" % (data.hex(), got.hex(),
                                      "match" if got == data else "MISMATCH"))
    print("faults: %s" % ("; ".join(faults[:5]) + (" ... (%d in all)" % len(faults)
                                                    if len(faults) > 5 else "")
                          if faults else "none"))
    return 1 if faults or got != data else 0


if __name__ == "__main__":
    sys.exit(main())
