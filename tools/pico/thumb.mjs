// A faster instruction step for rp2040js's Cortex-M0+ core. rp2040js decodes each
// instruction by a chain of some 95 tests in the manual's alphabetical order, so a
// load or a move (most of what MicroPython runs) walks past 30 to 60 of them. Here
// the top five bits pick the instruction by a jump table. Each instruction below does
// what rp2040js's executeInstruction does with it: the same results, flags, memory
// calls and cycle counts (its own quirks included, so emulated time is unchanged to the
// cycle). Only core.cycles, a count that nothing reads, is not kept. thumb_check.mjs
// runs both on every opcode and compares the state (tests/test_pico_thumb.py).
// Anything else, and every instruction while an interrupt is pending, goes to rp2040js.
const BOOTROM_END = 0x4000;
const FLASH = 0x10000000;
const RAM = 0x20000000;
const APB = 0x40000000;
const SIO = 0xd0000000;
const SIGN = 0x80000000;

/** step(): one instruction on rp's core, as core.executeInstruction(); returns its
 * cycles. Valid while rp's memory methods are rp2040js's own (the XIP cache model
 * wraps them to count reads: use executeInstruction then). */
export function fastStep(rp) {
  const core = rp.core;
  const r = core.registers;
  const bootrom = rp.bootrom;
  const ram = rp.sram;
  const ramView = rp.sramView;
  const ramEnd = RAM + ram.length;
  const flashView = rp.flashView;
  const flashEnd = FLASH + rp.flash.length;

  // rp2040js's cyclesIO: the extra cycles of an access, by bus
  function io(a, write) {
    a >>>= 0;
    if (a >= SIO && a < SIO + 0x10000000) return 0;
    if (a >= APB && a < APB + 0x10000000) return write ? 4 : 3;
    return 1;
  }
  // SRAM (most accesses) directly, as rp2040js's RP2040 methods would; else through
  // them. Its 32-bit methods wrap the address to 32 bits first, its 8- and 16-bit
  // ones test the sum as it is (an unaligned access past 4 GB reads another halfword):
  // so do these.
  function load32(a) {
    a >>>= 0;
    if (a >= RAM && a + 3 < ramEnd && !(a & 3)) return ramView.getUint32(a - RAM, true);
    return rp.readUint32(a);
  }
  function load16(a) {
    if (a >= RAM && a + 1 < ramEnd) return ramView.getUint16(a - RAM, true);
    if (a >= FLASH && a + 1 < flashEnd) return flashView.getUint16(a - FLASH, true);
    return rp.readUint16(a);
  }
  function load8(a) {
    if (a >= RAM && a < ramEnd) return ram[a - RAM];
    return rp.readUint8(a);
  }
  function store32(a, v) {
    a >>>= 0;
    if (a >= RAM && a + 3 < ramEnd) ramView.setUint32(a - RAM, v, true);
    else rp.writeUint32(a, v);
  }
  function store16(a, v) {
    if (a >= RAM && a + 1 < ramEnd) ramView.setUint16(a - RAM, v, true);
    else rp.writeUint16(a, v);
  }
  function store8(a, v) {
    if (a >= RAM && a < ramEnd) ram[a - RAM] = v;
    else rp.writeUint8(a, v);
  }
  function fetch(pc) {
    if (pc >= FLASH && pc + 1 < flashEnd) return flashView.getUint16(pc - FLASH, true);
    if (pc >= RAM && pc + 1 < ramEnd) return ramView.getUint16(pc - RAM, true);
    if (pc >= 0 && pc < BOOTROM_END) return (bootrom[pc >>> 2] >>> ((pc & 2) << 3)) & 0xffff;
    return -1;
  }
  function nz(v) {
    core.N = !!(v & SIGN);
    core.Z = v === 0;
  }

  return function step() {
    if (core.interruptsUpdated) return core.executeInstruction();
    const at = r[15];
    const pc = at & ~1;
    const op = fetch(pc);
    if (op < 0) return core.executeInstruction();
    const next = at + 2;
    r[15] = next;                   // as in rp2040js: PC moves on before the instruction
    let n = 1;
    switch (op >>> 11) {
      case 0: {                                         // LSLS (immediate), MOVS
        const k = (op >> 6) & 31;
        const v = r[(op >> 3) & 7];
        const res = v << k;
        r[op & 7] = res;
        nz(res);
        if (k) core.C = !!(v & (1 << (32 - k)));
        break;
      }
      case 1: {                                         // LSRS (immediate)
        const k = (op >> 6) & 31;
        const v = r[(op >> 3) & 7];
        const res = k ? v >>> k : 0;
        r[op & 7] = res;
        nz(res);
        core.C = !!((v >>> (k ? k - 1 : 31)) & 1);
        break;
      }
      case 2: {                                         // ASRS (immediate)
        const k = (op >> 6) & 31 || 32;
        const v = r[(op >> 3) & 7];
        const res = k < 32 ? v >> k : (v & SIGN) >> 31;
        r[op & 7] = res;
        nz(res);
        core.C = !!(v & (1 << (k - 1)));
        break;
      }
      case 3: {                                         // ADDS, SUBS (register, imm3)
        const a = r[(op >> 3) & 7];
        const b = op & 0x400 ? (op >> 6) & 7 : r[(op >> 6) & 7];
        r[op & 7] = op & 0x200 ? core.substractUpdateFlags(a, b) : core.addUpdateFlags(a, b);
        break;
      }
      case 4: {                                         // MOVS (immediate)
        const v = op & 0xff;
        r[(op >> 8) & 7] = v;
        core.N = false;
        core.Z = v === 0;
        break;
      }
      case 5:                                           // CMP (immediate)
        core.substractUpdateFlags(r[(op >> 8) & 7], op & 0xff);
        break;
      case 6: {                                         // ADDS (imm8)
        const d = (op >> 8) & 7;
        r[d] = core.addUpdateFlags(r[d], op & 0xff);
        break;
      }
      case 7: {                                         // SUBS (imm8)
        const d = (op >> 8) & 7;
        r[d] = core.substractUpdateFlags(r[d], op & 0xff);
        break;
      }
      case 8:
        n = op & 0x400 ? special(op, next) : alu(op);
        if (n < 0) return slow(at);
        break;
      case 9: {                                         // LDR (literal)
        const a = ((next + 2) & 0xfffffffc) + ((op & 0xff) << 2);
        n += io(a, false);
        r[(op >> 8) & 7] = load32(a);
        break;
      }
      case 10:
      case 11: {                                        // loads and stores (register)
        const a = r[(op >> 6) & 7] + r[(op >> 3) & 7];
        const t = op & 7;
        const kind = (op >> 9) & 7;
        n += io(a, kind < 3);
        switch (kind) {
          case 0: store32(a, r[t]); break;
          case 1: store16(a, r[t]); break;
          case 2: store8(a, r[t]); break;
          case 3: r[t] = (load8(a) << 24) >> 24; break;
          case 4: r[t] = load32(a); break;
          case 5: r[t] = load16(a); break;
          case 6: r[t] = load8(a); break;
          default: r[t] = (load16(a) << 16) >> 16;
        }
        break;
      }
      case 12: {                                        // STR (immediate)
        const a = r[(op >> 3) & 7] + (((op >> 6) & 31) << 2);
        n += io(a, true);
        store32(a, r[op & 7]);
        break;
      }
      case 13: {                                        // LDR (immediate)
        const a = r[(op >> 3) & 7] + (((op >> 6) & 31) << 2);
        n += io(a, false);
        r[op & 7] = load32(a);
        break;
      }
      case 14: {                                        // STRB (immediate)
        const a = r[(op >> 3) & 7] + ((op >> 6) & 31);
        n += io(a, true);
        store8(a, r[op & 7]);
        break;
      }
      case 15: {                                        // LDRB (immediate)
        const a = r[(op >> 3) & 7] + ((op >> 6) & 31);
        n += io(a, false);
        r[op & 7] = load8(a);
        break;
      }
      case 16: {                                        // STRH (immediate)
        const a = r[(op >> 3) & 7] + (((op >> 6) & 31) << 1);
        n += io(a, true);
        store16(a, r[op & 7]);
        break;
      }
      case 17: {                                        // LDRH (immediate)
        const a = r[(op >> 3) & 7] + (((op >> 6) & 31) << 1);
        n += io(a, false);
        r[op & 7] = load16(a);
        break;
      }
      case 18: {                                        // STR (SP + imm8)
        const a = r[13] + ((op & 0xff) << 2);
        n += io(a, true);
        store32(a, r[(op >> 8) & 7]);
        break;
      }
      case 19: {                                        // LDR (SP + imm8)
        const a = r[13] + ((op & 0xff) << 2);
        n += io(a, false);
        r[(op >> 8) & 7] = load32(a);
        break;
      }
      case 20:                                          // ADR
        r[(op >> 8) & 7] = (pc & 0xfffffffc) + 4 + ((op & 0xff) << 2);
        break;
      case 21:                                          // ADD (SP + imm8)
        r[(op >> 8) & 7] = r[13] + ((op & 0xff) << 2);
        break;
      case 22:
      case 23:
        n = misc(op);
        if (n < 0) return slow(at);
        break;
      case 24:                                          // STMIA
      case 25: {                                        // LDMIA
        const b = (op >> 8) & 7;
        let a = r[b];
        for (let i = 0; i < 8; i++) {
          if (op & (1 << i)) {
            if (op & 0x800) r[i] = load32(a);
            else store32(a, r[i]);
            a += 4;
            n++;
          }
        }
        if (!(op & (1 << b))) r[b] = a;
        break;
      }
      case 26:
      case 27: {                                        // B<cond> (not UDF, SVC)
        const cond = (op >> 8) & 15;
        if (cond >= 14) return slow(at);
        if (core.checkCondition(cond)) {
          r[15] = next + 2 + (((op & 0xff) << 24) >> 23);
          n = 2;
        }
        break;
      }
      case 28:                                          // B
        r[15] = next + 2 + (((op & 0x7ff) << 21) >> 20);
        n = 2;
        break;
      case 30: {                                        // BL, MSR, MRS, barriers
        const op2 = fetch(pc + 2);
        if (op2 < 0) return slow(at);
        if ((op2 & 0xd000) !== 0xd000) {
          n = system(op, op2);
          if (n < 0) return slow(at);
          r[15] += 2;                                 // after MRS, as in rp2040js
          break;
        }
        const s = (op >> 10) & 1;
        const i1 = 1 - (s ^ ((op2 >> 13) & 1));
        const i2 = 1 - (s ^ ((op2 >> 11) & 1));
        const off = ((s ? 0xff : 0) << 24) | (i1 << 23) | (i2 << 22) | ((op & 0x3ff) << 12) |
          ((op2 & 0x7ff) << 1);
        r[14] = (next + 2) | 1;
        r[15] = next + 2 + off;
        core.blTaken(core, false);
        return 3;
      }
      default:
        return slow(at);
    }
    return n;
  };

  // An instruction left to rp2040js, from where it started
  function slow(at) {
    r[15] = at;
    return core.executeInstruction();
  }

  // Data processing on r0-r7 (010000 oooo mmm ddd): cycles, or -1 for rp2040js
  function alu(op) {
    const m = (op >> 3) & 7;
    const d = op & 7;
    switch ((op >> 6) & 15) {
      case 0: { const v = r[d] & r[m]; r[d] = v; nz(v); return 1; }              // ANDS
      case 1: { const v = r[m] ^ r[d]; r[d] = v; nz(v); return 1; }              // EORS
      case 2: {                                                                   // LSLS
        const v = r[d];
        const k = r[m] & 0xff;
        const res = k >= 32 ? 0 : v << k;
        r[d] = res;
        nz(res);
        if (k) core.C = !!(v & (1 << (32 - k)));
        return 1;
      }
      case 3: {                                                                   // LSRS
        const k = r[m] & 0xff;
        const v = r[d];
        const res = k < 32 ? v >>> k : 0;
        r[d] = res;
        nz(res);
        core.C = k <= 32 ? !!((v >>> (k - 1)) & 1) : false;
        return 1;
      }
      case 5: r[d] = core.addUpdateFlags(r[m], r[d] + (core.C ? 1 : 0)); return 1;     // ADCS
      case 8: nz(r[d] & r[m]); return 1;                                               // TST
      case 9: r[d] = core.substractUpdateFlags(0, r[m]); return 1;                    // RSBS
      case 10: core.substractUpdateFlags(r[d], r[m]); return 1;                       // CMP
      case 11: core.addUpdateFlags(r[d], r[m]); return 1;                             // CMN
      case 12: { const v = r[d] | r[m]; r[d] = v; nz(v); return 1; }             // ORRS
      case 13: { const v = Math.imul(r[m], r[d]); r[d] = v; nz(v); return 1; }    // MULS
      case 14: { const v = r[d] & ~r[m]; r[d] = v; nz(v); return 1; }            // BICS
      case 15: { const v = ~r[m]; r[d] = v; nz(v); return 1; }                   // MVNS
      case 4: {                                                                   // ASRS
        const v = r[d];
        const k = (r[m] & 0xff) < 32 ? r[m] & 0xff : 32;
        const res = k < 32 ? v >> k : (v & SIGN) >> 31;
        r[d] = res;
        nz(res);
        core.C = !!(v & (1 << (k - 1)));
        return 1;
      }
      case 6: r[d] = core.substractUpdateFlags(r[d], r[m] + (1 - (core.C ? 1 : 0))); return 1;  // SBCS
      default: return -1;                                                         // RORS
    }
  }

  // High registers and branches (010001 oo ...), PC already moved on to `next`:
  // cycles, or -1 for rp2040js
  function special(op, next) {
    const m = (op >> 3) & 15;
    switch ((op >> 8) & 3) {
      case 0: {                                         // ADD (register)
        const d = ((op & 0x80) >> 4) | (op & 7);
        const res = (d === 15 ? next + 2 : r[d]) + (m === 15 ? next + 2 : r[m]);
        if (d === 15) { r[15] = res & ~1; return 2; }
        r[d] = d === 13 ? res & ~3 : res;
        return 1;
      }
      case 1:                                           // CMP (register, high)
        core.substractUpdateFlags(r[((op >> 4) & 8) | (op & 7)], r[m]);
        return 1;
      case 2: {                                         // MOV (register)
        const d = ((op >> 4) & 8) | (op & 7);
        const v = m === 15 ? next + 2 : r[m];
        if (d === 15) { r[15] = v & ~1; return 2; }
        r[d] = d === 13 ? v & ~3 : v;
        return 1;
      }
      default:
        if (op & 7) return -1;
        if (op & 0x80) {                                // BLX
          r[14] = next | 1;
          r[15] = r[m] & ~1;
          core.blTaken(core, true);
        } else {                                        // BX (an exception return too)
          core.BXWritePC(r[m]);
        }
        return 2;
    }
  }

  // 1011 ...: SP adjust, extends, PUSH and POP: cycles, or -1 for rp2040js
  function misc(op) {
    switch (op >> 8) {
      case 0xb0: {                                      // ADD, SUB (SP, imm7)
        const k = (op & 0x7f) << 2;
        r[13] = (op & 0x80 ? r[13] - k : r[13] + k) & ~3;
        return 1;
      }
      case 0xb2: {                                      // SXTH, SXTB, UXTH, UXTB
        const v = r[(op >> 3) & 7];
        const d = op & 7;
        switch ((op >> 6) & 3) {
          case 0: r[d] = (v << 16) >> 16; break;
          case 1: r[d] = (v << 24) >> 24; break;
          case 2: r[d] = v & 0xffff; break;
          default: r[d] = v & 0xff;
        }
        return 1;
      }
      case 0xb4:
      case 0xb5: {                                      // PUSH (storing LR costs no
        let count = 0;                                  // cycle, as in rp2040js)
        for (let i = 0; i <= 8; i++) if (op & (1 << i)) count++;
        let a = r[13] - 4 * count;
        let n = 1;
        for (let i = 0; i <= 7; i++) {
          if (op & (1 << i)) {
            store32(a, r[i]);
            n++;
            a += 4;
          }
        }
        if (op & 0x100) store32(a, r[14]);
        r[13] = (r[13] - 4 * count) & ~3;
        return n;
      }
      case 0xbc:
      case 0xbd: {                                      // POP
        let a = r[13];
        let n = 1;
        for (let i = 0; i <= 7; i++) {
          if (op & (1 << i)) {
            r[i] = load32(a);
            a += 4;
            n++;
          }
        }
        if (op & 0x100) {
          r[13] = (a + 4) & ~3;
          core.BXWritePC(load32(a));
          return n + 2;
        }
        r[13] = a & ~3;
        return n;
      }
      case 0xb6:
        if (op === 0xb672) {                            // CPSID i
          core.PM = true;
          return 1;
        }
        if (op === 0xb662) {                            // CPSIE i
          core.PM = false;
          core.interruptsUpdated = true;
          return 1;
        }
        return -1;
      case 0xba: {                                      // REV, REV16, REVSH
        const v = r[(op >> 3) & 7];
        const d = op & 7;
        switch ((op >> 6) & 3) {
          case 0:
            r[d] = ((v & 0xff) << 24) | (((v >> 8) & 0xff) << 16) | (((v >> 16) & 0xff) << 8) |
              ((v >> 24) & 0xff);
            return 1;
          case 1:
            r[d] = (((v >> 16) & 0xff) << 24) | (((v >> 24) & 0xff) << 16) | ((v & 0xff) << 8) |
              ((v >> 8) & 0xff);
            return 1;
          case 3:
            r[d] = ((((v & 0xff) << 8) | ((v >> 8) & 0xff)) << 16) >> 16;
            return 1;
          default:
            return -1;
        }
      }
      default:
        return -1;
    }
  }

  // 32-bit instructions other than BL: cycles, or -1 for rp2040js
  function system(op, op2) {
    if (op === 0xf3bf) {                                // DMB, DSB, ISB
      const kind = op2 & 0xfff0;
      return kind === 0x8f50 || kind === 0x8f40 || kind === 0x8f60 ? 3 : -1;
    }
    if (op === 0xf3ef && op2 >> 12 === 8) {             // MRS
      r[(op2 >> 8) & 15] = core.readSpecialRegister(op2 & 0xff);
      return 3;
    }
    if (op >> 4 === 0xf38 && op2 >> 8 === 0x88) {       // MSR
      core.writeSpecialRegister(op2 & 0xff, r[op & 15]);
      return 3;
    }
    return -1;
  }
}
