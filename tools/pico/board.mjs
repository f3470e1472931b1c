// The board around the chip: what drives its inputs and what watches its outputs.
// The description comes from the Python side (tools/pico/board.py reads
// hardware/<variant>.json), so this file knows pins, not games or layouts.
//   keys:   74HC4067 muxes: address pins shared, one read pin per mux (active low)
//   drive:  pins held at a level (function keys' pull-ups, VBUS sense, ...)
//   leds:   the WS2812 data pin, decoded into frames of bytes in wire order
//   tone:   the PWM pin of the buzzer, as a frequency
//   adc:    channel values (0-4095) for the ADC
import { GPIOPinState } from "rp2040js";
import { pinPlan, Sh1107, Timetable } from "./parts.mjs";

const RESET_NS = 50000;        // WS2812: a low line this long ends a frame (datasheet)
const FUNCTION_PWM = 4;
const CSR_EN = 1;
const CSR_PH_CORRECT = 2;

export class Keys {
  constructor(chip, addr, read) {
    this.rp = chip.rp;
    this.clock = chip.clock;
    this.timetable = new Timetable(chip, (slots) => this.set(slots));
    this.addr = addr.map((p) => this.rp.gpio[p]);
    this.read = read.map((p) => this.rp.gpio[p]);
    this.down = new Set();                 // slots held: mux * 16 + channel
    for (const pin of this.addr) pin.addListener(() => this.update());
    this.update();
  }

  channel() {
    let ch = 0;
    this.addr.forEach((pin, bit) => {
      // An address line the chip does not drive reads as low (the mux's own view).
      if (pin.value === GPIOPinState.High) ch |= 1 << bit;
    });
    return ch;
  }

  /** The common line of each mux: low when the selected channel's key is held. */
  update() {
    const ch = this.channel();
    this.read.forEach((pin, m) => pin.setInputValue(!this.down.has(m * 16 + ch)));
  }

  set(slots) {
    this.down = new Set(slots);
    this.update();
  }

  /** Changes at moments in emulated time: [[us from now, [slots held]], ...]. A
   * contact's bounce is a quick run of them. */
  schedule(changes) {
    this.timetable.schedule(changes);
  }
}

/** WS2812 frames from the data pin's edges. PIO steps are not real time (no clock
 * divider or delays in rp2040js), so a bit is read by relative pulse length: high for
 * more than half the frame's usual bit period means 1. */
export class LedDecoder {
  constructor(chip, pin) {
    this.chip = chip;
    this.frames = [];                    // [t_us, hex bytes, trailing bits]
    this.bits = [];                      // [high steps, period steps] of this frame
    this.rise = -1;
    this.fallNs = 0;
    this.high = false;
    chip.rp.gpio[pin].addListener((state) => this.edge(state === GPIOPinState.High));
  }

  edge(high) {
    if (high === this.high) return;
    this.high = high;
    const step = this.chip.pioSteps;
    if (high) {
      if (this.bits.length && this.chip.nanos - this.fallNs >= RESET_NS) this.finish();
      const last = this.bits[this.bits.length - 1];
      if (last && last[1] < 0) last[1] = step - this.rise;
      this.rise = step;
    } else if (this.rise >= 0) {
      this.bits.push([step - this.rise, -1]);
      this.fallNs = this.chip.nanos;
    }
  }

  /** Closes the frame on the line if it has been low long enough to latch. */
  flush() {
    if (this.bits.length && !this.high && this.chip.nanos - this.fallNs >= RESET_NS) {
      this.finish();
    }
  }

  finish() {
    const count = new Map();
    for (const [, p] of this.bits) if (p > 0) count.set(p, (count.get(p) || 0) + 1);
    let period = 0;
    let best = -1;
    for (const [p, n] of count) if (n > best) [period, best] = [p, n];
    if (!period) period = 2 * this.bits[0][0];   // a single bit: nothing to compare
    const bytes = [];
    let b = 0;
    this.bits.forEach(([h], i) => {
      b = (b << 1) | (2 * h > period ? 1 : 0);
      if (i % 8 === 7) {
        bytes.push(b);
        b = 0;
      }
    });
    const hex = Buffer.from(bytes).toString("hex");
    this.frames.push([Math.round(this.fallNs / 1000), hex, this.bits.length % 8]);
    this.bits = [];
  }

  take() {
    this.flush();
    const f = this.frames;
    this.frames = [];
    return f;
  }
}

/** The frequency on a PWM pin, and its changes over time (a short beep is over
 * before anyone asks for "the" tone). */
export class ToneWatch {
  constructor(chip, pin) {
    this.rp = chip.rp;
    this.chip = chip;
    this.pin = pin;
    this.history = [];                     // [t_us, hz or null]
    this.last = null;
    const pwm = this.rp.pwm;
    const write = pwm.writeUint32.bind(pwm);
    pwm.writeUint32 = (offset, value) => {
      write(offset, value);
      this.check();
    };
    const io = this.rp.gpio[pin];
    io.addListener(() => this.check());
  }

  hz() {
    const { rp, pin } = this;
    if (rp.gpio[pin].functionSelect !== FUNCTION_PWM) return null;
    const ch = rp.pwm.channels[(pin >> 1) & 7];
    if (!(ch.csr & CSR_EN)) return null;
    const level = pin & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
    if (level === 0) return null;
    // The divider is 8.4 fixed point; an integer part of 0 means 256.
    const div = (((ch.div >> 4) & 0xff) || 256) + (ch.div & 0xf) / 16;
    const phase = ch.csr & CSR_PH_CORRECT ? 2 : 1;
    return rp.clkSys / (div * (ch.top + 1) * phase);
  }

  check() {
    const f = this.hz();
    if (f !== this.last) {
      this.last = f;
      this.history.push([Math.round(this.chip.nanos / 1000), f]);
    }
  }

  take() {
    const h = this.history;
    this.history = [];
    return h;
  }
}

/** Puts the board description `desc` around `chip`; returns its parts. */
export function attach(chip, desc) {
  const parts = {};
  for (const [pin, level] of Object.entries(desc.drive || {})) {
    chip.rp.gpio[Number(pin)].setInputValue(!!level);
  }
  if (desc.keys) {
    parts.keys = new Keys(chip, desc.keys.addr, desc.keys.read);
    parts.keys.set(desc.held || []);
  }
  if (desc.leds != null) parts.leds = new LedDecoder(chip, desc.leds);
  if (desc.tone != null) parts.tone = new ToneWatch(chip, desc.tone);
  for (const [ch, value] of Object.entries(desc.adc || {})) {
    chip.rp.adc.channelValues[Number(ch)] = value;
  }
  if (desc.oled) parts.oled = new Sh1107(chip, desc.oled);
  parts.plan = pinPlan(chip);
  return parts;
}
