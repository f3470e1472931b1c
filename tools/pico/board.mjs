// The board around the chip: what drives its inputs and what watches its outputs.
// The description comes from the Python side (tools/pico/board.py reads
// hardware/<variant>.json), so this file knows pins, not games or layouts.
//   keys:   74HC4067 muxes: address pins shared, one read pin per mux (active low);
//           lines that settle after an address change; a revision strap
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
const GPIO_IN = 0x004;        // SIO: every GPIO's input level in one word

export class Keys {
  /** opts: settle_ns, how long the mux lines keep showing the address before after a
   * change (its pull-up charging the line); strap, a slot wired low when
   * strap_closed (the HexBoard v1.2's revision strap). */
  constructor(chip, addr, read, opts = {}) {
    this.rp = chip.rp;
    this.clock = chip.clock;
    this.timetable = new Timetable(chip, (slots) => this.set(slots));
    this.addr = addr.map((p) => this.rp.gpio[p]);
    this.read = read.map((p) => this.rp.gpio[p]);
    this.down = new Set();                 // slots held: mux * 16 + channel
    this.settleNs = opts.settle_ns || 0;
    this.strap = opts.strap == null ? -1 : opts.strap;
    this.strapClosed = !!opts.strap_closed;
    this.ch = this.channel();              // the address the muxes are given
    this.before = this.ch;                 // the one the lines still show, settling
    this.changedNs = -Infinity;
    this.log = null;                       // {writes: [ns], reads: [ns]} when asked
    for (const pin of this.addr) pin.addListener(() => this.addressed());
    // Every read of the inputs (SIO GPIO_IN) first lets the lines settle that have
    // had their time, and is logged with the address changes when asked.
    const sio = this.rp.sio;
    const readWord = sio.readUint32.bind(sio);
    sio.readUint32 = (offset) => {
      if (offset === GPIO_IN) this.reading();
      return readWord(offset);
    };
    this.show();
  }

  channel() {
    let ch = 0;
    this.addr.forEach((pin, bit) => {
      // An address line the chip does not drive reads as low (the mux's own view).
      if (pin.value === GPIOPinState.High) ch |= 1 << bit;
    });
    return ch;
  }

  settling() {
    return this.clock.nanos - this.changedNs < this.settleNs;
  }

  addressed() {
    const ch = this.channel();
    if (ch === this.ch) return;
    const now = this.clock.nanos;
    // Lines flipped by one write change at one instant, one listener call each: the
    // address before is the one before that write, not a step in between.
    if (now !== this.changedNs) {
      this.before = this.ch;
      if (this.log) this.log.writes.push(now);
    }
    this.ch = ch;
    this.changedNs = now;
    this.show();
  }

  reading() {
    if (this.log) this.log.reads.push(this.clock.nanos);
    this.show();
  }

  held(slot) {
    return this.down.has(slot) || (this.strapClosed && slot === this.strap);
  }

  /** The common line of each mux: low when the shown channel's key is held. */
  show() {
    const ch = this.settling() ? this.before : this.ch;
    this.read.forEach((pin, m) => pin.setInputValue(!this.held(m * 16 + ch)));
  }

  set(slots) {
    this.down = new Set(slots);
    this.show();
  }

  configure(opts) {
    if (opts.settle_ns != null) this.settleNs = opts.settle_ns;
    if (opts.strap_closed != null) this.strapClosed = !!opts.strap_closed;
    this.show();
  }

  /** The times (ns) of address changes and input reads since the last call; logging
   * from the first call on, until stop. */
  takeLog(stop) {
    const got = this.log || { writes: [], reads: [] };
    this.log = stop ? null : { writes: [], reads: [] };
    return got;
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
    parts.keys = new Keys(chip, desc.keys.addr, desc.keys.read, desc.keys);
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
