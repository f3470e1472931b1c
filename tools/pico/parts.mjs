// Parts some boards have beyond keys, LEDs and a buzzer (the HexBoard's):
//   Sh1107:   its screen, a device on the chip's I2C bus that keeps the controller's
//             RAM (pages of 8 rows, one byte a column) as the commands and data the
//             chip sends say, so a test reads the picture the screen would show;
//   Timetable: changes applied at moments of emulated time (keys' contacts, a
//             knob's), and pinPlan, inputs driven on one.

const SINGLE_ARG = new Set([0x81, 0xa8, 0xad, 0xd3, 0xd5, 0xd9, 0xdb, 0xdc]);

export class Sh1107 {
  constructor(chip, spec) {
    this.width = spec.width;
    this.ram = new Uint8Array((spec.width * spec.height) / 8);
    this.page = 0;
    this.col = 0;
    this.on = false;
    this.args = 0;                 // argument bytes the last command still wants
    this.writes = 0;               // transfers addressed to the screen
    this.bytes = 0;
    this.mine = false;
    const bus = chip.rp.i2c[spec.i2c];
    bus.onConnect = (address, mode) => {
      // a write to the screen's address; anything else gets no answer (NACK)
      this.mine = address === spec.address && mode === 0;
      this.first = true;
      if (this.mine) this.writes++;
      bus.completeConnect(this.mine);
    };
    bus.onWriteByte = (value) => {
      if (this.mine) this.byte(value);
      bus.completeWrite(this.mine);
    };
    bus.onStop = () => {
      this.mine = false;
      bus.completeStop();
    };
  }

  byte(v) {
    this.bytes++;
    if (this.first) {              // the control byte: 0x40 data follows, 0x00 commands
      this.data = (v & 0x40) !== 0;
      this.first = false;
    } else if (this.data) {
      if (this.col < this.width) this.ram[this.page * this.width + this.col] = v;
      this.col++;
    } else if (this.args) {
      this.args--;
    } else if ((v & 0xf0) === 0xb0) {
      this.page = v & 0x0f;
    } else if (v < 0x10) {
      this.col = (this.col & 0xf0) | v;
    } else if (v < 0x18) {
      this.col = (this.col & 0x0f) | ((v & 7) << 4);
    } else if (v === 0xaf || v === 0xae) {
      this.on = v === 0xaf;
    } else if (SINGLE_ARG.has(v)) {
      this.args = 1;
    }
  }

  state() {
    return { ram: Buffer.from(this.ram).toString("hex"), on: this.on, writes: this.writes,
      bytes: this.bytes };
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

  /** [[us from now, value], ...] */
  schedule(changes) {
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
