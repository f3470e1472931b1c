// Parts some boards have beyond keys, LEDs and a buzzer (the HexBoard's):
//   Sh1107:   its screen, a device on the chip's I2C bus that holds the traffic to the
//             SH1107 datasheet: the commands it defines (an argument byte where one is
//             due), control bytes 0x00 / 0x40 / 0x80 / 0xC0, and display data only once
//             the controller was told where the data goes; anything else is a fault
//             that stops the chip. It keeps the controller's RAM (pages of 8 rows, one
//             byte a column), records the commands in order (the start-up a test holds
//             to a reference), and reads the RAM out as the panel shows it;
//   Timetable: changes applied at moments of emulated time (keys' contacts, a
//             knob's), and pinPlan, inputs driven on one.

// The SH1107 datasheet's command table: [first, last, argument bytes, name]. An
// argument's allowed values, where the datasheet fixes some of its bits: [mask, value].
const COMMANDS = [
  [0x00, 0x0f, 0, "column address, low nibble"],
  [0x10, 0x17, 0, "column address, high bits"],
  [0x20, 0x21, 0, "memory addressing mode"],
  [0x81, 0x81, 1, "contrast"],
  [0xa0, 0xa1, 0, "segment remap"],
  [0xa4, 0xa5, 0, "entire display on"],
  [0xa6, 0xa7, 0, "normal / reverse display"],
  [0xa8, 0xa8, 1, "multiplex ratio"],
  [0xad, 0xad, 1, "DC-DC setting"],
  [0xae, 0xaf, 0, "display off / on"],
  [0xb0, 0xbf, 0, "page address"],
  [0xc0, 0xcf, 0, "COM scan direction"],
  [0xd3, 0xd3, 1, "display offset"],
  [0xd5, 0xd5, 1, "clock divide / oscillator"],
  [0xd9, 0xd9, 1, "discharge / precharge period"],
  [0xdb, 0xdb, 1, "VCOM deselect level"],
  [0xdc, 0xdc, 1, "display start line"],
  [0xe0, 0xe0, 0, "read-modify-write"],
  [0xe3, 0xe3, 0, "NOP"],
  [0xee, 0xee, 0, "end (of read-modify-write)"],
];
const ARG_BITS = { 0xa8: [0x80, 0], 0xad: [0xf0, 0x80], 0xd3: [0x80, 0], 0xdc: [0x80, 0] };
// What decides where display data lands on the glass: data before these is a fault.
const SETUP = { 0x20: "addressing mode", 0xa0: "segment remap", 0xc0: "COM scan direction",
  0xa8: "multiplex ratio" };
const LOG_MAX = 600;               // commands and data runs recorded from power-up

function lookup(v) {
  for (const c of COMMANDS) if (v >= c[0] && v <= c[1]) return c;
  return null;
}

const hex = (v) => v.toString(16).padStart(2, "0");

export class Sh1107 {
  constructor(chip, spec) {
    this.chip = chip;
    this.where = `SH1107 at I2C address 0x${hex(spec.address)}`;
    this.width = spec.width;
    this.height = spec.height;
    this.ram = new Uint8Array(128 * 16);   // the controller's RAM: 16 pages of 128 columns
    this.page = 0;
    this.col = 0;
    // As the part powers up (datasheet's reset values)
    this.on = false;
    this.contrast = 0x80;
    this.remap = false;
    this.reverseScan = false;
    this.mux = 128;
    this.offset = 0;
    this.startLine = 0;
    this.allOn = false;
    this.inverse = false;
    this.setUp = new Set();        // which of SETUP the controller has been sent
    this.cmd = null;               // the command waiting for its argument
    this.run = 0;                  // data bytes since the last command
    this.runAt = -1;               // their entry in the log
    this.log = [];                 // "ae", "dc 00", ..., "data 128"
    this.dropped = 0;              // entries past LOG_MAX
    this.writes = 0;               // transfers addressed to the screen
    this.bytes = 0;
    this.mine = false;
    this.faulted = false;
    const bus = chip.rp.i2c[spec.i2c];
    bus.onConnect = (address, mode) => {
      // a write to the screen's address; anything else gets no answer (NACK)
      this.mine = address === spec.address && mode === 0;
      this.control = true;         // a transfer starts with a control byte
      if (this.mine) this.writes++;
      bus.completeConnect(this.mine);
    };
    bus.onWriteByte = (value) => {
      if (this.mine) this.byte(value);
      bus.completeWrite(this.mine && !this.faulted);
    };
    bus.onStop = () => {
      this.mine = false;
      bus.completeStop();
    };
  }

  fault(why) {
    if (this.faulted) return;
    this.faulted = true;
    this.chip.fault = `${this.where}: ${why}`;
    this.chip.stopFlag = true;
  }

  record(entry) {
    if (this.log.length < LOG_MAX) this.log.push(entry);
    else this.dropped++;
  }

  byte(v) {
    this.bytes++;
    if (this.faulted) return;
    if (this.control) {
      // Co (bit 7): one byte follows, then another control byte; D/C (bit 6): data or
      // commands. The other six bits are 0 in the datasheet.
      if (v & 0x3f) {
        return this.fault(`control byte 0x${hex(v)}: bits 0-5 must be 0 (0x00, 0x40, 0x80, 0xc0)`);
      }
      this.data = (v & 0x40) !== 0;
      this.single = (v & 0x80) !== 0;
      this.control = false;
      return;
    }
    if (this.single) this.control = true;
    if (this.data) this.write(v);
    else this.command(v);
  }

  write(v) {
    if (this.cmd !== null) {
      return this.fault(`display data while command 0x${hex(this.cmd)} waits for its argument`);
    }
    const missing = Object.entries(SETUP).filter(([k]) => !this.setUp.has(Number(k)));
    if (missing.length) {
      const names = missing.map(([, name]) => name).join(", ");
      return this.fault(`display data before the controller was set up (no ${names} yet)`);
    }
    if (this.col < 128) this.ram[this.page * 128 + this.col] = v;
    this.col++;
    // consecutive data bytes are one entry, across transfers: "data 128" for a page
    this.run++;
    if (this.runAt >= 0) this.log[this.runAt] = `data ${this.run}`;
    else if (this.run === 1) {
      this.record("data 1");
      if (this.log.length && this.dropped === 0) this.runAt = this.log.length - 1;
    }
  }

  command(v) {
    this.run = 0;
    this.runAt = -1;
    if (this.cmd !== null) {       // the argument of the command before
      const op = this.cmd;
      const bits = ARG_BITS[op];
      if (bits && (v & bits[0]) !== bits[1]) {
        return this.fault(`0x${hex(v)} is no argument of command 0x${hex(op)} (${lookup(op)[3]})`);
      }
      this.cmd = null;
      this.record(`${hex(op)} ${hex(v)}`);
      return this.apply(op, v);
    }
    const c = lookup(v);
    if (!c) return this.fault(`0x${hex(v)} is not an SH1107 command`);
    if (v === 0x21 || v === 0xe0) {
      return this.fault(`command 0x${hex(v)} (${c[3]}) is not modelled here`);
    }
    if (c[2]) {
      this.cmd = v;
      return;
    }
    this.record(hex(v));
    this.apply(v, null);
  }

  apply(op, arg) {
    if (op < 0x10) this.col = (this.col & 0x70) | op;
    else if (op < 0x18) this.col = (this.col & 0x0f) | ((op & 7) << 4);
    else if (op === 0x20) this.setUp.add(0x20);
    else if (op === 0x81) this.contrast = arg;
    else if (op === 0xa0 || op === 0xa1) {
      this.remap = op === 0xa1;
      this.setUp.add(0xa0);
    } else if (op === 0xa4 || op === 0xa5) this.allOn = op === 0xa5;
    else if (op === 0xa6 || op === 0xa7) this.inverse = op === 0xa7;
    else if (op === 0xa8) {
      this.mux = arg + 1;
      this.setUp.add(0xa8);
    } else if (op === 0xae || op === 0xaf) this.on = op === 0xaf;
    else if ((op & 0xf0) === 0xb0) this.page = op & 0x0f;
    else if ((op & 0xf0) === 0xc0) {
      this.reverseScan = (op & 0x08) !== 0;
      this.setUp.add(0xc0);
    } else if (op === 0xd3) this.offset = arg;
    else if (op === 0xdc) this.startLine = arg;
  }

  /** The RAM as the panel shows it, in the RAM's own layout (a byte a column of 8 rows,
   * page after page) but by position on the glass: column x is segment output x, row y
   * common output y. Segment remap, COM scan direction, multiplex ratio, display
   * offset and start line decide which RAM bit each pixel shows; dark when off. */
  panel() {
    const w = this.width;
    const out = new Uint8Array((w * this.height) / 8);
    if (!this.on) return out;
    for (let y = 0; y < this.height && y < this.mux; y++) {
      const line = this.reverseScan ? this.mux - 1 - y : y;
      const row = (line + this.offset + this.startLine) & 127;
      for (let x = 0; x < w; x++) {
        const col = this.remap ? 127 - x : x;
        let lit = ((this.ram[(row >> 3) * 128 + col] >> (row & 7)) & 1) === 1;
        if (this.inverse) lit = !lit;
        if (this.allOn) lit = true;
        if (lit) out[(y >> 3) * w + x] |= 1 << (y & 7);
      }
    }
    return out;
  }

  state() {
    const ram = new Uint8Array((this.width * this.height) / 8);
    for (let p = 0; p < this.height / 8; p++) {
      ram.set(this.ram.subarray(p * 128, p * 128 + this.width), p * this.width);
    }
    return { ram: Buffer.from(ram).toString("hex"), on: this.on, writes: this.writes,
      bytes: this.bytes, contrast: this.contrast, log: this.log, dropped: this.dropped,
      panel: Buffer.from(this.panel()).toString("hex") };
  }
}

/** Changes applied on the chip's clock at moments of emulated time, also while its
 * core sleeps (the run loop wakes for alarms): apply(value) for each, in order. */
export class Timetable {
  constructor(chip, apply) {
    this.clock = chip.clock;
    this.apply = apply;
    this.queue = [];               // [t_ns, value]
    this.alarm = chip.clock.createAlarm(() => this.due());
  }

  /** [[us from now, value], ...]; a malformed list is refused whole, before any of it
   * is queued (a NaN moment would sort anywhere and fire at a moment no one meant). */
  schedule(changes) {
    if (!Array.isArray(changes)) {
      throw new Error(`a timetable is a list of [us from now, value], not ${JSON.stringify(changes)}`);
    }
    changes.forEach((c, i) => {
      if (!Array.isArray(c) || c.length !== 2) {
        throw new Error(`timetable entry ${i}: ${JSON.stringify(c)} is not [us from now, value]`);
      }
      if (typeof c[0] !== "number" || !Number.isFinite(c[0]) || c[0] < 0) {
        throw new Error(`timetable entry ${i}: ${JSON.stringify(c[0])} is no moment to come ` +
          "(us from now: a number, 0 or more)");
      }
    });
    const t0 = this.clock.nanos;
    for (const [us, value] of changes) this.queue.push([t0 + Math.round(us * 1000), value]);
    this.queue.sort((a, b) => a[0] - b[0]);
    this.arm();
  }

  arm() {
    if (this.queue.length) this.alarm.schedule(Math.max(0, this.queue[0][0] - this.clock.nanos));
  }

  due() {
    const now = this.clock.nanos;
    while (this.queue.length && this.queue[0][0] <= now) this.apply(this.queue.shift()[1]);
    this.arm();
  }
}

/** Inputs on a timetable: [[us from now, {pin: level, ...}], ...] (a knob's contacts). */
export function pinPlan(chip) {
  return new Timetable(chip, (levels) => {
    for (const [pin, level] of Object.entries(levels)) chip.rp.gpio[Number(pin)].setInputValue(!!level);
  });
}

/** The XIP cache, counted: rp2040js reads flash at no cost, a real RP2040 keeps 16 KiB
 * of it in a cache (two ways of 1,024 lines of 8 bytes, the older way replaced) and
 * waits for the flash on every miss. This model sees every read the core makes of
 * flash and counts hits and misses; what a miss costs depends on the flash's read
 * command (tools/pico/xip.py turns the counts into time). Reads through the
 * no-allocate alias (0x11...) look up without filling; the uncached aliases
 * (0x12..., 0x13...) always go to the flash. */
export class XipCache {
  constructor(chip) {
    this.tags = new Int32Array(2048).fill(-1);       // [set * 2 + way]
    this.next = new Uint8Array(1024);                // the way a miss replaces
    this.hits = 0;
    this.misses = 0;
    const rp = chip.rp;
    for (const name of ["readUint8", "readUint16", "readUint32"]) {
      const read = rp[name].bind(rp);
      rp[name] = (address) => {
        if (address >= 0x10000000 && address < 0x14000000) this.access(address);
        return read(address);
      };
    }
  }

  access(address) {
    const alias = (address >>> 24) & 3;
    if (alias >= 2) {
      this.misses++;
      return;
    }
    const line = (address & 0xffffff) >>> 3;
    const set = line & 1023;
    const tag = line >>> 10;
    const i = set * 2;
    if (this.tags[i] === tag || this.tags[i + 1] === tag) {
      this.next[set] = this.tags[i] === tag ? 1 : 0;   // the other way is now older
      this.hits++;
      return;
    }
    this.misses++;
    if (alias === 1) return;
    const way = this.next[set];
    this.tags[i + way] = tag;
    this.next[set] = way ^ 1;
  }

  take() {
    const counts = { hits: this.hits, misses: this.misses };
    this.hits = this.misses = 0;
    return counts;
  }
}
