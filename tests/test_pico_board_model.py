# The emulated chip's board (tools/pico/board.mjs) and its timetable (parts.mjs), on
# their own, without firmware: an rp2040js RP2040 whose pins a script drives as the
# firmware would (SIO writes, reads of GPIO_IN) while its clock is ticked by hand, and
# for the LED chain a stand-in chip whose data pin is given WS2812 pulses. What the
# chip tests rely on must hold here: a mux line shows a key only once the address has
# settled, changes land at their emulated moments in order, a frame decodes to the
# bytes sent.
import json
import os
import subprocess

import pytest

from needs import need_rp2040js

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PICO = os.path.join(ROOT, "tools", "pico")

need_rp2040js(PICO)

# The pins as a script's firmware uses them: address lines 2-5 SIO outputs, the two
# mux read lines 6 and 7 inputs (their pads' input enable, as MicroPython sets it).
PRELUDE = """
import { RP2040 } from "rp2040js";
import { Keys, LedDecoder, ToneWatch } from "./board.mjs";
import { Timetable } from "./parts.mjs";
const rp = new RP2040();
const chip = { rp, clock: rp.clock, get nanos() { return rp.clock.nanos; } };
const ADDR = [2, 3, 4, 5];
for (const p of ADDR) rp.writeUint32(0x40014004 + 8 * p, 5);        // IO_BANK0: SIO
rp.writeUint32(0xd0000024, 0x3c);                                   // SIO GPIO_OE_SET
for (const p of [6, 7]) rp.writeUint32(0x4001c004 + 4 * p, 0x40);   // PADS: input enable
function address(ch) {                        // one write of each register, as the firmware
  rp.writeUint32(0xd0000018, 0x3c & ~(ch << 2));                    // GPIO_OUT_CLR
  rp.writeUint32(0xd0000014, ch << 2);                              // GPIO_OUT_SET
}
function lines() {                            // the two mux lines, read: 1 high, 0 low (held)
  const w = rp.readUint32(0xd0000004);
  return [(w >> 6) & 1, (w >> 7) & 1];
}
const at = (us) => rp.clock.tick(us * 1000 - rp.clock.nanos);
const out = {};
"""


def node(body):
    """Runs PRELUDE + body in tools/pico (rp2040js resolves there); body fills `out`."""
    script = PRELUDE + body + "\nconsole.log(JSON.stringify(out));\n"
    # the limit only so that a model that loops (an alarm re-armed at its own instant)
    # fails instead of hanging the suite
    try:
        p = subprocess.run(["node", "--input-type=module", "-e", script], cwd=PICO,
                           capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("the model ran on for 60 s (a loop in emulated time?)", pytrace=False)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_a_held_key_shows_on_its_mux_line_only_once_the_address_has_settled():
    out = node("""
const keys = new Keys(chip, ADDR, [6, 7], { settle_ns: 10000 });
keys.set([16 + 5]);                     // mux 1, channel 5 held
out.idle = lines();
at(100); address(5);                    // the address changes at 100 us
out.early = lines();
at(109.999); out.late = lines();
at(110); out.settled = lines();
at(200); address(6);                    // away again: the key still shows while settling
out.leaving = lines();
at(210); out.gone = lines();
""")
    assert out["idle"] == [1, 1]
    assert out["early"] == [1, 1] and out["late"] == [1, 1]     # channel 0 still shown
    assert out["settled"] == [1, 0]                              # mux 1's line low, mux 0's not
    assert out["leaving"] == [1, 0] and out["gone"] == [1, 1]


def test_one_write_flipping_several_address_lines_settles_from_the_address_before_it():
    # Address 0 to 3 is one SIO write that flips two pins, one listener call each; the
    # lines meanwhile show channel 0, never channel 1 (the step in between).
    out = node("""
const keys = new Keys(chip, ADDR, [6, 7], { settle_ns: 10000 });
keys.set([1]);                          // mux 0, channel 1 held
at(50); address(3);
out.settling = lines();
out.shown = [keys.before, keys.ch];
at(60); out.settled = lines();
""")
    assert out["shown"] == [0, 3]
    assert out["settling"] == [1, 1] and out["settled"] == [1, 1]


def test_without_settling_time_a_key_shows_at_once_and_the_strap_only_when_closed():
    out = node("""
const keys = new Keys(chip, ADDR, [6, 7], { strap: 16 + 15, strap_closed: false });
address(15);
out.open = lines();
keys.configure({ strap_closed: true });
out.closed = lines();
keys.set([7]);
address(7);
out.held = lines();                     // no settle_ns: shown at the write's instant
""")
    assert out["open"] == [1, 1] and out["closed"] == [1, 0] and out["held"] == [0, 1]


def test_the_mux_log_has_one_time_per_address_write_and_per_read():
    out = node("""
const keys = new Keys(chip, ADDR, [6, 7], {});
keys.takeLog();                         // logging from here on
at(10); address(3);                     // two pins flipped by one write: one entry
at(12); lines();
at(20); address(3);                     // the same address again: no change, no entry
at(25); address(1);
at(26); lines(); lines();
out.log = keys.takeLog(true);
at(30); address(2); lines();
out.after = keys.takeLog();
""")
    assert out["log"] == {"writes": [10000, 25000], "reads": [12000, 26000, 26000]}
    assert out["after"] == {"writes": [], "reads": []}          # stopped


TIMETABLE = """
const got = [];
const t = new Timetable(chip, (v) => got.push([rp.clock.nanos, v]));
"""


def test_a_timetable_applies_its_changes_in_time_order_at_their_emulated_moments():
    out = node(TIMETABLE + """
at(5);
t.schedule([[30, "c"], [10, "a"], [20, "b1"], [20, "b2"], [0.0004, "now"]]);
rp.clock.tick(12000);                   // to 17 us: the first two only
out.early = got.slice();
at(40);
at(100); t.schedule([[2.5, "later"]]);  // a second list, from its own now
at(200);
out.got = got;
""")
    assert out["early"] == [[5000, "now"], [15000, "a"]]
    # the same moment: in the order given; fractions of a us round to the ns
    assert out["got"] == [[5000, "now"], [15000, "a"], [25000, "b1"], [25000, "b2"],
                          [35000, "c"], [102500, "later"]]


def test_a_timetable_refuses_a_malformed_schedule_whole_with_the_reason():
    out = node(TIMETABLE + """
t.schedule([[10, "kept"]]);
out.errors = [];
for (const bad of [[[5, "x"], [-1, "y"]], [[5, "x"], ["7", "y"]], [[5, "x"], [NaN, "y"]],
                   [[5, "x", "extra"]], [5], {"changes": []}]) {
  try { t.schedule(bad); out.errors.push(null); } catch (e) { out.errors.push(e.message); }
}
at(50);
out.got = got;
""")
    assert out["errors"] == [
        "timetable entry 1: -1 is no moment to come (us from now: a number, 0 or more)",
        'timetable entry 1: "7" is no moment to come (us from now: a number, 0 or more)',
        "timetable entry 1: null is no moment to come (us from now: a number, 0 or more)",
        'timetable entry 0: [5,"x","extra"] is not [us from now, value]',
        "timetable entry 0: 5 is not [us from now, value]",
        'a timetable is a list of [us from now, value], not {"changes":[]}',
    ]
    assert out["got"] == [[10000, "kept"]]          # nothing of the bad lists was queued


def test_keys_on_a_timetable_bounce_and_end_held():
    out = node("""
const keys = new Keys(chip, ADDR, [6, 7], {});
address(4);
keys.schedule([[100, [4]], [150, []], [180, [4]], [400, [4, 20]]]);
out.seen = [];
for (const us of [99, 100, 160, 200, 399, 400]) { at(us); out.seen.push(lines()); }
""")
    assert out["seen"] == [[1, 1], [0, 1], [1, 1], [0, 1], [0, 1], [0, 0]]


# WS2812 bits as a PIO program sends them (the RP2040 datasheet's ws2812 example: a
# 10-cycle bit, high for 7 cycles for a 1, 2 for a 0), in PIO steps of 8 ns.
LEDS = """
const pin = { listeners: [], addListener(f) { this.listeners.push(f); } };
const stand = { rp: { gpio: { 9: pin } }, pioSteps: 0, nanos: 0 };
const dec = new LedDecoder(stand, 9);
const level = (high) => pin.listeners.forEach((f) => f(high ? 1 : 0));   // GPIOPinState
function steps(n) { stand.pioSteps += n; stand.nanos += 8 * n; }
function send(bytes, bits = 8 * bytes.length) {
  for (let i = 0; i < bits; i++) {
    const one = (bytes[i >> 3] >> (7 - (i & 7))) & 1;
    level(true); steps(one ? 7 : 2);
    level(false); steps(one ? 3 : 8);
  }
}
"""


def test_led_frames_decode_to_the_bytes_sent_and_a_50_us_low_ends_each():
    out = node(LEDS + """
send([0x12, 0xff, 0x00, 0xa5, 0x80, 0x01]);
out.open = dec.take();                 // low for 3 steps only: not latched yet
steps(6250);                           // low 50 us (+ 3 steps): the frame latches
send([0x00, 0x00, 0x07]);
steps(6250);
out.frames = dec.take();
send([0xf0]); steps(6000);             // low 48 us: the next bits belong to this frame
send([0x0f], 3); steps(6250);
out.joined = dec.take();
""")
    assert out["open"] == []
    # each frame's time: its last bit's fall (both end on a 1, low for 3 steps after)
    end1 = round((6 * 8 * 10 - 3) * 8 / 1000)
    end2 = round((6 * 8 * 10 + 6250 + 3 * 8 * 10 - 3) * 8 / 1000)
    assert out["frames"] == [[end1, "12ff00a58001", 0], [end2, "000007", 0]]
    assert len(out["joined"]) == 1
    _, hexbytes, extra = out["joined"][0]
    # 8 + 3 bits: one whole byte and three bits over, which the board's Python side
    # refuses as "not whole LEDs"
    assert (hexbytes, extra) == ("f0", 3)


def test_the_buzzers_frequency_follows_the_pwm_registers_and_its_changes_are_timed():
    # pin 10: PWM slice 5, output A (RP2040 datasheet, PWM: registers 0x14 apart per
    # slice, CSR, DIV, CTR, CC, TOP; DIV 8.4 fixed point)
    out = node("""
const PWM = 0x40050000 + 5 * 0x14;
const tone = new ToneWatch(chip, 10);
rp.writeUint32(PWM + 0x10, 12499);                  // TOP: 12,500 counts a period
rp.writeUint32(PWM + 0x04, 1 << 4);                 // DIV 1.0
rp.writeUint32(PWM + 0x0c, 6250);                   // CC: output A high half the time
at(10); rp.writeUint32(0x40014004 + 8 * 10, 4);     // the pin to PWM: not enabled yet
out.off = tone.hz();
at(20); rp.writeUint32(PWM, 1);                     // CSR EN: 125 MHz / 12,500
at(30); rp.writeUint32(PWM, 1 | 2);                 // phase-correct: half that
at(40); rp.writeUint32(PWM + 0x04, (2 << 4) | 8);   // DIV 2.5
at(50); rp.writeUint32(PWM + 0x04, 0);              // DIV integer part 0: 256
at(60); rp.writeUint32(PWM + 0x0c, 6250 << 16);     // A's level 0: silence
at(70); rp.writeUint32(PWM + 0x0c, 6250);
at(80); rp.writeUint32(0x40014004 + 8 * 10, 5);     // the pin back to SIO
out.history = tone.take();
out.after = tone.take();
""")
    assert out["off"] is None
    assert out["history"] == [[20, 10000], [30, 5000], [40, 2000], [50, 5000 / 256], [60, None],
                              [70, 5000 / 256], [80, None]]
    assert out["after"] == []
