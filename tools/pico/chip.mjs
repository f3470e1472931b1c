// One emulated RP2040 (rp2040js) with what the stock emulator lacks for MicroPython:
// flash that can be erased and programmed (LittleFS), PIO clocked by the core's own
// cycles instead of the host's event loop, and a run loop that advances emulated time
// on its own, so a test's clock is the chip's clock and the run is deterministic.
import fs from "node:fs";
import { RP2040 } from "rp2040js";
import { fastStep } from "./thumb.mjs";

const CYCLE_NS = 8;                 // 125 MHz system clock
const FLASH_BASE = 0x10000000;
const UF2_MAGIC0 = 0x0a324655;
const UF2_NOT_MAIN_FLASH = 0x1;     // flag bit 0: the block is not for this flash
const BOOT2_BYTES = 256;            // boot stage 2: the first 256 bytes of flash,
const BOOT2_SRAM = 0x20041f00;      // run by the ROM from the top of SRAM
const CRC32_POLY = 0x04c11db7;      // its check: CRC-32, MSB first, no final inversion
const BKPT_ERASE = 0xbe01;          // BKPT #1 and #2 patched over the ROM's entries
const BKPT_PROGRAM = 0xbe02;

/** The boot ROM file (16 KiB, little-endian) as the 4096 words rp2040js wants. */
export function readBootrom(path) {
  const bytes = fs.readFileSync(path);
  if (bytes.length !== 16384) {
    throw new Error(`${path}: a boot ROM is 16384 bytes, this file has ${bytes.length}`);
  }
  return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + 16384));
}

/** Copies each UF2 block meant for main flash into `flash` (offset from 0x10000000). */
export function loadUF2(path, flash) {
  const data = fs.readFileSync(path);
  if (data.length === 0 || data.length % 512) {
    throw new Error(`${path}: not a UF2 file (size ${data.length} is not a multiple of 512)`);
  }
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  let blocks = 0;
  for (let at = 0; at < data.length; at += 512) {
    if (view.getUint32(at, true) !== UF2_MAGIC0) {
      throw new Error(`${path}: block at byte ${at} has no UF2 magic number`);
    }
    const flags = view.getUint32(at + 8, true);
    if (flags & UF2_NOT_MAIN_FLASH) continue;
    const addr = view.getUint32(at + 12, true);
    const size = view.getUint32(at + 16, true);
    const off = addr - FLASH_BASE;
    if (off < 0 || off + size > flash.length || size > 476) {
      throw new Error(`${path}: block at byte ${at} targets 0x${addr.toString(16)}, outside flash`);
    }
    flash.set(data.subarray(at + 32, at + 32 + size), off);
    blocks++;
  }
  return blocks;
}

/** Address of a boot ROM function from its two-letter code (ROM table at 0x14). */
function romFunction(rp, code) {
  const want = code.charCodeAt(0) | (code.charCodeAt(1) << 8);
  let at = rp.readUint16(0x14);
  for (;;) {
    const c = rp.readUint16(at);
    if (c === 0) throw new Error(`boot ROM has no function '${code}'`);
    if (c === want) return rp.readUint16(at + 2) & ~1;
    at += 4;
  }
}

/** The boot ROM's check of boot stage 2: CRC-32 of its first 252 bytes against the
 * little-endian word after them. */
export function boot2Fault(flash) {
  let c = 0xffffffff;
  for (let i = 0; i < BOOT2_BYTES - 4; i++) {
    c ^= flash[i] << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ CRC32_POLY : c << 1;
  }
  const want = (flash[252] | (flash[253] << 8) | (flash[254] << 16) | (flash[255] << 24)) >>> 0;
  if ((c >>> 0) === want) return null;
  return `boot stage 2 fails the boot ROM's check (CRC-32 0x${(c >>> 0).toString(16)}, ` +
    `stored 0x${want.toString(16)}): a real RP2040 would not run this image but wait ` +
    "as a USB drive";
}

function patchHalfword(bootrom, addr, value) {
  const word = addr >>> 2;
  const shift = (addr & 2) * 8;
  bootrom[word] = (bootrom[word] & ~(0xffff << shift)) | (value << shift);
}

// Unmodelled registers are expected (warnings to stderr only with PICO_DEBUG=1);
// an error (e.g. an unaligned access) stops the run with its message.
const debug = process.env.PICO_DEBUG === "1";
const slowCore = process.env.PICO_SLOW_CORE === "1";
const quietLogger = {
  debug() {},
  info() {},
  warn(who, msg) {
    if (debug) process.stderr.write(`[${who}] ${msg}\n`);
  },
  error(who, msg) {
    throw new Error(`[${who}] ${msg}`);
  },
};

// One PIO clock cycle of a block: each enabled state machine executes (rp2040js's
// own RPPIO.step() would also step the disabled ones).
function stepBlock(pio) {
  for (const sm of pio.machines) if (sm.enabled) sm.step();
  pio.checkChangedPins();
}

// The inter-core FIFO (SIO 0x50 status, 0x54 write, 0x58 read) is not modelled by
// rp2040js, which answers 0xffffffff and warns on the console at every access (flash
// writes make many). Same answers here, without the noise. (Answering "empty, room
// to write" instead made MicroPython's flash writes hang: it is left as it was.)
const FIFO_ST = 0x50;
const FIFO_WR = 0x54;
const FIFO_RD = 0x58;
const UNMODELLED = 0xffffffff;

function quietFifo(sio) {
  const read = sio.readUint32.bind(sio);
  const write = sio.writeUint32.bind(sio);
  sio.readUint32 = (offset) =>
    offset === FIFO_ST || offset === FIFO_RD ? UNMODELLED : read(offset);
  sio.writeUint32 = (offset, value) => {
    if (offset !== FIFO_WR) write(offset, value);
  };
}

export class Chip {
  /** bootrom: Uint32Array(4096); flash: Uint8Array image (kept, shared: a power
   * cycle passes the same array to a new Chip, so saved files survive). */
  constructor(bootrom, flash) {
    const rp = new RP2040();
    rp.logger = quietLogger;
    rp.loadBootrom(bootrom);                // resets the core (and fills flash with 0xff)
    // A NOR flash ignores the address bits above its size: a 2 MB chip shows its
    // contents again every 2 MB of the 16 MB window, which rp2040js would leave blank.
    for (let at = 0; at + flash.length <= rp.flash.length; at += flash.length) rp.flash.set(flash, at);
    this.flash = flash;
    this.rp = rp;
    this.fastStep = fastStep(rp);
    this.clock = rp.clock;
    this.pios = rp.pio;
    // PIO events: writes to either block, and the ends of a machine's wait (a FIFO
    // entry, a pin or an IRQ it waited for: rp2040js checks them in checkWait()).
    // Only these can give a stalled machine work: see run().
    this.pioEvents = 0;
    for (const pio of this.pios) {
      pio.run = () => {};                   // no free-running host timer
      const write = pio.writeUint32.bind(pio);
      pio.writeUint32 = (offset, value) => {
        this.pioEvents++;
        write(offset, value);
      };
      for (const sm of pio.machines) {
        const check = sm.checkWait.bind(sm);
        sm.checkWait = () => {
          if (!sm.waiting) return;
          check();
          if (!sm.waiting) this.pioEvents++;
        };
      }
    }
    this.erase = romFunction(rp, "RE");
    this.program = romFunction(rp, "RP");
    patchHalfword(rp.bootrom, this.erase, BKPT_ERASE);
    patchHalfword(rp.bootrom, this.program, BKPT_PROGRAM);
    rp.onBreak = (code) => this.onBreak(code);
    quietFifo(rp.sio);
    // machine.reset() and the watchdog end the run; the owner starts a new chip on
    // the same flash (rp2040js has no reset of its own that keeps the peripherals sane).
    this.resetRequested = false;
    const wd = rp.peripherals[0x40058];
    wd.onWatchdogTrigger = () => {
      // rp2040js re-arms a timed-out watchdog (counting down, target 0) with a
      // delay of 0 ns, and its clock then fires it forever at the same instant:
      // the chip is being reset, so its watchdog stops here.
      wd.alarm.enable = false;
      wd.timer.enable = false;
      this.resetRequested = true;
      this.stopFlag = true;
    };
    this.stopFlag = false;
    this.fault = null;
    // Power cuts for save tests: every erase/program call is counted and logged;
    // cutAt = {op, bytes}: the op-th call (counting from 0 at power-up) does only
    // its first `bytes` bytes, then the power goes (poweredOff: the chip runs no more).
    this.flashOps = 0;
    this.flashLog = [];                      // [kind "E"|"P", offset, bytes, t_ns]
    this.cutAt = null;
    this.poweredOff = false;
    this.pioSteps = 0;                       // PIO clock: one step per system cycle
    this.busyCycles = 0;                     // cycles the core ran (not asleep in WFI)
    // The boot ROM's flash boot, as the chip does it: boot stage 2 checked, copied to
    // the top of SRAM and run there with LR = 0, so that it goes on into the image's
    // vector table (rp2040js's own ROM path does not get that far).
    this.fault = boot2Fault(flash);
    for (let i = 0; i < BOOT2_BYTES; i++) rp.writeUint8(BOOT2_SRAM + i, flash[i]);
    rp.core.LR = 0;
    rp.core.PC = BOOT2_SRAM;
  }

  // The ROM's flash_range_erase(offset, count, block_size, cmd) and
  // flash_range_program(offset, data, count), done on the image, then return to LR.
  onBreak(code) {
    const core = this.rp.core;
    const r = core.registers;
    const pc = (core.PC - 2) >>> 0;
    if ((code === 1 && pc === this.erase) || (code === 2 && pc === this.program)) {
      const erase = code === 1;
      const size = erase ? r[1] : r[2];
      this.flashLog.push([erase ? "E" : "P", r[0], size, this.clock.nanos]);
      const cut = this.cutAt && this.cutAt.op === this.flashOps;
      this.flashOps++;
      const n = cut ? Math.min(size, this.cutAt.bytes) : size;
      this.checkRange(r[0], size);
      if (erase) this.eraseRange(r[0], n);
      else this.programRange(r[0], r[1], n);
      if (cut) {
        // The supply fails during this call: what is done stays, nothing runs after.
        this.poweredOff = true;
        this.stopFlag = true;
        return;
      }
    } else {
      this.fault = `breakpoint ${code} at 0x${pc.toString(16)}`;
      this.stopFlag = true;
      return;
    }
    core.PC = core.LR & ~1;
  }

  eraseRange(offset, count) {
    this.flash.fill(0xff, offset, offset + count);
    this.mirror(offset, count);
  }

  programRange(offset, from, count) {
    for (let i = 0; i < count; i++) {
      // NOR flash programming only clears bits
      this.flash[offset + i] &= this.rp.readUint8(from + i);
    }
    this.mirror(offset, count);
  }

  /** The bytes changed, wherever the chip sees them in its 16 MB window. */
  mirror(offset, count) {
    const part = this.flash.subarray(offset, offset + count);
    for (let at = offset; at + count <= this.rp.flash.length; at += this.flash.length) {
      this.rp.flash.set(part, at);
    }
  }

  checkRange(offset, count) {
    if (offset + count > this.flash.length) {
      this.fault = `flash write past the end: offset 0x${offset.toString(16)} + ${count}`;
      this.stopFlag = true;
    }
  }

  get nanos() {
    return this.clock.nanos;
  }

  /** Whether a PIO state machine has work: an enabled one that is not stalled.
   * Stalls end on events (FIFO writes, pin and IRQ changes) that rp2040js handles
   * at once, so a stalled machine needs no stepping. */
  pioBusy() {
    for (const pio of this.pios) {
      if (pio.stopped) continue;
      for (const sm of pio.machines) if (sm.enabled && !sm.waiting) return true;
    }
    return false;
  }

  stepPio(cycles) {
    const [p0, p1] = this.pios;
    for (let c = 0; c < cycles; c++) {
      this.pioSteps++;               // counted per step: edge timestamps use it
      if (!p0.stopped) stepBlock(p0);
      if (!p1.stopped) stepBlock(p1);
    }
  }

  /** Runs until `untilNanos` of emulated time or until stopFlag is raised (by a
   * listener, e.g. serial output that a caller waits for). Returns cycles run. */
  run(untilNanos) {
    const { rp, clock } = this;
    const core = rp.core;
    const pios = this.pios;
    // rp2040js's own step where the XIP cache model wraps the memory reads to count
    // them (or when asked, to compare), else the faster one (thumb.mjs)
    const step = slowCore || Object.hasOwn(rp, "readUint16")
      ? () => core.executeInstruction() : this.fastStep;
    let cycles = 0;
    this.stopFlag = false;
    if (this.fault) return 0;             // a chip that cannot start runs no more
    while (clock.nanosCounter < untilNanos && !this.stopFlag && !this.poweredOff) {
      const pioOn = !pios[0].stopped || !pios[1].stopped;
      if (core.waiting) {
        if (pioOn && this.pioBusy()) {
          clock.tick(CYCLE_NS);
          this.stepPio(1);
          cycles++;
          continue;
        }
        // Asleep (WFI/WFE): jump to the next timer alarm, or to the deadline.
        let skip = clock.nanosToNextAlarm;
        const left = untilNanos - clock.nanosCounter;
        if (skip <= 0 || skip > left) skip = left;
        clock.tick(skip);
        cycles += skip / CYCLE_NS;
      } else if (!pioOn || !this.pioBusy()) {
        // The common case, kept tight: the core runs, with no PIO block on or the
        // blocks stalled (the LED chain between frames), and the clock's tick() (its
        // alarm list) only when an alarm falls due. Only tick() and this loop move
        // the clock: its time is kept in a local. The loop leaves on a PIO event (a
        // block is started by a write to it, a stalled machine woken by a write or at
        // the end of its wait), and steps the machines for the instruction that
        // caused it, as the loop below would have. (A power cut raises stopFlag too.)
        const events = this.pioEvents;
        let now = clock.nanosCounter;
        let busy = 0;
        let n = 0;
        do {
          n = step();
          now += n * CYCLE_NS;
          const a = clock.nextAlarm;
          if (a !== null && a.nanos <= now) {
            clock.tick(n * CYCLE_NS);
            now = clock.nanosCounter;
          } else {
            clock.nanosCounter = now;
          }
          busy += n;
        } while (now < untilNanos && !this.stopFlag && !core.waiting && this.pioEvents === events);
        this.busyCycles += busy;
        cycles += busy;
        if (!pioOn) continue;
        if (this.pioEvents !== events && this.pioBusy()) {
          this.pioSteps += busy - n;
          this.stepPio(n);
        } else {
          this.pioSteps += busy;
        }
      } else {
        const n = step();
        clock.tick(n * CYCLE_NS);
        this.busyCycles += n;
        // A block that is on but stalled costs nothing: stepping it would halve
        // the emulator's speed.
        if (this.pioBusy()) this.stepPio(n);
        else this.pioSteps += n;
        cycles += n;
      }
    }
    return cycles;
  }
}
