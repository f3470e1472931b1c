// thumb.mjs against rp2040js: every 16-bit opcode (and the 32-bit ones with second
// halves of each kind) from random states on two chips, one stepped by rp2040js's
// executeInstruction, the other by fastStep; after each step the registers, flags,
// cycles, the core's other state and all of SRAM must agree.
//   node tools/pico/thumb_check.mjs [trials per opcode, default 3] [seed] [module]
// Prints "thumb: N steps agree" or the first difference (exit status 1). `module`, a
// file with fastStep in place of thumb.mjs, is how its test checks the check.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { RP2040 } from "rp2040js";

const { fastStep } = await import(process.argv[4]
  ? pathToFileURL(path.resolve(process.argv[4])).href : "./thumb.mjs");

const RAM = 0x20000000;
const FLASH = 0x10000000;
const CODE_RAM = 0x20038000;        // where opcodes go, away from the data area
const CODE_FLASH = 0x10040000;
const CODE_ROM = 0x3000;
// (not core.cycles: a count nothing reads, which fastStep leaves alone)
const FIELDS = ["N", "Z", "C", "V", "PM", "waiting", "interruptsUpdated",
  "SPSEL", "bankedSP", "currentMode", "IPSR", "pendingSVCall", "eventRegistered"];

console.warn = () => {};            // rp2040js's SIO warns of the random addresses
const trials = Number(process.argv[2] || 3);
let seed = Number(process.argv[3] || 1) >>> 0 || 1;
function rand() {                    // xorshift32
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed;
}

function chip() {
  const rp = new RP2040();
  rp.logger = {
    debug() {}, info() {}, warn() {},
    error(who, msg) { throw new Error(`[${who}] ${msg}`); },
  };
  return rp;
}
const A = chip();                    // rp2040js
const B = chip();                    // thumb.mjs
const fast = fastStep(B);
for (let i = 0; i < A.sram.length; i++) A.sram[i] = B.sram[i] = rand() & 0xff;

// Register values that reach each kind of address, plain numbers, and the edges of
// shift counts and of signed and unsigned arithmetic
const EDGES = [0, 1, 31, 32, 33, 255, 256, 0x7fffffff, 0x80000000, 0xffffffff];
function value() {
  const k = rand() % 12;
  if (k < 4) return ((RAM + (rand() % 0x30000)) & (k < 2 ? ~3 : ~0)) >>> 0;
  if (k < 6) return rand() % 64;
  if (k < 8) return rand();
  if (k < 9) return (0xffffffff - (rand() % 16)) >>> 0;
  if (k < 10) return FLASH + (rand() % 0x10000);
  return EDGES[rand() % EDGES.length];
}

function place(rp, at, op, op2) {
  if (at >= RAM) {
    rp.sramView.setUint16(at - RAM, op, true);
    rp.sramView.setUint16(at - RAM + 2, op2, true);
  } else if (at >= FLASH) {
    rp.flashView.setUint16(at - FLASH, op, true);
    rp.flashView.setUint16(at - FLASH + 2, op2, true);
  } else {
    for (const [a, v] of [[at, op], [at + 2, op2]]) {
      const shift = (a & 2) << 3;
      rp.bootrom[a >>> 2] = (rp.bootrom[a >>> 2] & ~(0xffff << shift)) | (v << shift);
    }
  }
}

function setState(at, op, op2) {
  const regs = [];
  for (let i = 0; i < 13; i++) regs.push(value());
  const sp = RAM + 0x30000 + 4 * (rand() % 0x800);
  const lr = value() | 1;
  const flags = rand();
  const handler = rand() % 10 === 0;
  for (const rp of [A, B]) {
    const c = rp.core;
    for (let i = 0; i < 13; i++) c.registers[i] = regs[i];
    c.registers[13] = sp;
    c.registers[14] = lr;
    c.registers[15] = at;
    c.N = !!(flags & 1);
    c.Z = !!(flags & 2);
    c.C = !!(flags & 4);
    c.V = !!(flags & 8);
    c.PM = !!(flags & 16);
    c.interruptsUpdated = false;
    c.waiting = false;
    c.currentMode = handler ? 1 : 0;
    c.IPSR = handler ? 16 : 0;
    place(rp, at, op, op2);
  }
}

function run(step) {
  try {
    return step();
  } catch (e) {
    return `error ${e.message}`;
  }
}

function differs() {
  const a = A.core;
  const b = B.core;
  for (let i = 0; i < 16; i++) {
    if (a.registers[i] !== b.registers[i]) {
      return `r${i} 0x${a.registers[i].toString(16)} != 0x${b.registers[i].toString(16)}`;
    }
  }
  for (const f of FIELDS) if (a[f] !== b[f]) return `${f} ${a[f]} != ${b[f]}`;
  if (Buffer.compare(A.sram, B.sram)) return "SRAM";
  return null;
}

const hex = (v) => "0x" + v.toString(16).padStart(4, "0");
// Second halves for the 32-bit opcodes: BL's, the barriers', MRS's and MSR's
// (special registers 0-20), and random ones
function secondHalves() {
  return [0xf800 | (rand() & 0x7ff), 0xd000 | (rand() & 0x2fff), 0x8f40 | (rand() & 0x3f),
    0x8f50, 0x8f60, 0x8000 | (rand() % 13 << 8) | (rand() % 21), 0x8800 | (rand() % 21),
    rand() & 0xffff];
}

let steps = 0;
for (let op = 0; op < 0x10000; op++) {
  const wide = op >> 11 >= 0b11101;
  for (let t = 0; t < trials; t++) {
    for (const op2 of wide ? secondHalves() : [rand() & 0xffff]) {
      const where = rand() % 4;
      const at = where === 0 ? CODE_FLASH : where === 1 ? CODE_ROM : CODE_RAM;
      setState(at + 2 * (rand() % 64), op, op2);
      const ra = run(() => A.core.executeInstruction());
      const rb = run(fast);
      const diff = ra !== rb ? `returned ${ra} != ${rb}` : differs();
      steps++;
      if (diff) {
        console.log(`thumb: opcode ${hex(op)} ${hex(op2)} at 0x${at.toString(16)}: ` +
          `rp2040js and fastStep differ: ${diff}`);
        process.exit(1);
      }
    }
  }
}
if (Buffer.compare(A.flash, B.flash)) {
  console.log("thumb: flash differs");
  process.exit(1);
}
console.log(`thumb: ${steps} steps agree`);
