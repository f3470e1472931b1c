// The emulated board, driven over stdin/stdout with JSON lines (tools/pico/chip.py is
// the client). Each request is one object with "op"; each reply one object, with
// "error" when the request failed. Bytes travel as latin-1 strings (one char a byte).
//   boot {bootrom, uf2 | image, flash_size, board}
//                                             fresh flash from a .uf2 (or a whole flash
//                                             image saved by dump), chip started
//   restart {}                                power cycle: a new chip, same flash
//   run {us, until?, nbytes?}                 run up to `us` emulated microseconds, or
//                                             until the unread serial output contains
//                                             `until` / holds `nbytes`; replies with
//                                             that output {out, found, t}
//   send {data}                               bytes for the chip's USB serial input
//   keys {down: [slot, ...]}   adc {ch, value}   drive {pin, level}
//   schedule {changes: [[us from now, [slot, ...]], ...]}
//                                             keys held from those moments on (bounce)
//   mux {settle_ns?, strap_closed?}           the key muxes' lines: settling time after
//                                             an address change, the revision strap
//   mux_log {stop?}                           times (ns) of address changes and input
//                                             reads since the last ask (logs from then)
//   frames {}  tones {}                       decoded LED frames / tone changes since
//                                             the last ask
//   save {name} / load {name}                 keep / restore the flash image in memory
//                                             (load power-cycles the chip)
//   dump {path}                               write the flash image to a file
//   cut {after, bytes}                        power fails during the flash erase/program
//                                             call `after` calls from now, once `bytes`
//                                             of it are done (the chip then stays off
//                                             until restart/load; run replies off: true)
//   flash_ops {}                              flash calls so far on this chip and the
//                                             log of those since the last ask
//   stats {}                                  emulated time, cycles (all, and those the
//                                             core was awake), wall time
//   xip {}                                    count the XIP cache's hits and misses
//                                             (parts.mjs XipCache; slows the emulator),
//                                             from now on, across power cycles
//   xip_counts {}                             {hits, misses} since the last ask
// Emulated time counts on across power cycles. When the firmware resets the chip
// (machine.reset(), the watchdog) a new chip starts on the same flash by itself.
import fs from "node:fs";
import readline from "node:readline";
import { Chip, loadUF2, readBootrom } from "./chip.mjs";
import { attach } from "./board.mjs";
import { XipCache } from "./parts.mjs";
import { Serial } from "./usb.mjs";

let bootrom = null;
let board = {};
let flash = null;
let chip = null;
let serial = null;
let parts = {};
let unread = "";           // serial output not yet handed to the client
let until = null;
let nbytes = -1;
let wallMs = 0;            // wall time spent running the core
let totalCycles = 0;
let busyBefore = 0;        // cycles the core ran on the chips before this one
const snapshots = new Map();

let xip = null;             // the XIP cache counted on every new chip, when asked
let xipCounts = { hits: 0, misses: 0 };
let epochNs = 0;           // emulated time of the chips before this one
let resets = 0;            // resets by the firmware itself (machine.reset, watchdog)

function now() {
  return (epochNs + chip.nanos) / 1000;
}

function start(keepOutput = false) {
  if (chip) {
    epochNs += chip.nanos;
    busyBefore += chip.busyCycles;
  }
  chip = new Chip(bootrom, flash);
  serial = new Serial(chip.rp);
  if (!keepOutput) unread = "";
  serial.onData = (buf) => {
    const from = Math.max(0, unread.length - (until ? until.length : 0));
    for (const b of buf) unread += String.fromCharCode(b);
    if ((until && unread.indexOf(until, from) >= 0) || (nbytes >= 0 && unread.length >= nbytes)) {
      chip.stopFlag = true;
    }
  };
  parts = attach(chip, board);
  if (xip) {
    const old = xip.take();
    xipCounts.hits += old.hits;
    xipCounts.misses += old.misses;
    xip = new XipCache(chip);
  }
}

function take(n) {
  const out = unread.slice(0, n);
  unread = unread.slice(n);
  return out;
}

function run(req) {
  until = req.until || null;
  nbytes = req.nbytes == null ? -1 : req.nbytes;
  const done = () => {
    if (until) return unread.indexOf(until) >= 0;
    return nbytes >= 0 && unread.length >= nbytes;
  };
  const end = epochNs + chip.nanos + req.us * 1000;
  while (!done() && epochNs + chip.nanos < end) {
    const t0 = Date.now();
    totalCycles += chip.run(end - epochNs);
    wallMs += Date.now() - t0;
    if (chip.fault || chip.poweredOff) break;
    if (chip.resetRequested) {
      // What a Pico does: the chip restarts on the same flash, USB enumerates again.
      resets++;
      start(true);
    }
  }
  const found = done();
  let out;
  if (!found) out = take(unread.length);
  else if (until) out = take(unread.indexOf(until) + until.length);
  else if (nbytes >= 0) out = take(nbytes);
  until = null;
  nbytes = -1;
  return { out, found, t: now(), fault: chip.fault, resets, off: chip.poweredOff };
}

function need(req, ...keys) {
  for (const k of keys) {
    if (req[k] == null) throw new Error(`request '${req.op}' needs '${k}'`);
  }
}

const ops = {
  boot(req) {
    need(req, "bootrom");
    if (!req.uf2 === !req.image) throw new Error("'boot' needs one of 'uf2' and 'image'");
    bootrom = readBootrom(req.bootrom);
    flash = new Uint8Array(req.flash_size || 2 * 1024 * 1024).fill(0xff);
    board = req.board || {};
    let blocks = 0;
    if (req.uf2) {
      blocks = loadUF2(req.uf2, flash);
    } else {
      const image = fs.readFileSync(req.image);
      if (image.length > flash.length) {
        throw new Error(`${req.image}: ${image.length} bytes, more than the ${flash.length} of flash`);
      }
      flash.set(image);
    }
    start();
    return { blocks };
  },
  restart() {
    start();
    return {};
  },
  run(req) {
    need(req, "us");
    return run(req);
  },
  send(req) {
    need(req, "data");
    serial.write(Buffer.from(req.data, "latin1"));
    return {};
  },
  // The board's state is kept in its description, so a chip started afresh (power
  // cycle, reset) sees the same keys held and the same voltages.
  keys(req) {
    board.held = req.down || [];
    if (parts.keys) parts.keys.set(board.held);
    return {};
  },
  schedule(req) {
    need(req, "changes");
    if (!parts.keys) throw new Error("this board has no key muxes");
    parts.keys.schedule(req.changes);
    // a power cycle drops what is still to come; the last state is the board's
    if (req.changes.length) board.held = req.changes[req.changes.length - 1][1];
    return {};
  },
  // The muxes' lines: settle_ns after an address change, the revision strap closed
  // or open; kept in the description, so a power cycle keeps them.
  mux(req) {
    if (!parts.keys) throw new Error("this board has no key muxes");
    for (const k of ["settle_ns", "strap_closed"]) if (req[k] != null) board.keys[k] = req[k];
    parts.keys.configure(req);
    return {};
  },
  mux_log(req) {
    if (!parts.keys) throw new Error("this board has no key muxes");
    return parts.keys.takeLog(!!req.stop);
  },
  adc(req) {
    need(req, "ch", "value");
    board.adc = { ...board.adc, [req.ch]: req.value };
    chip.rp.adc.channelValues[req.ch] = req.value;
    return {};
  },
  drive(req) {
    need(req, "pin", "level");
    board.drive = { ...board.drive, [req.pin]: req.level };
    chip.rp.gpio[req.pin].setInputValue(!!req.level);
    return {};
  },
  // Inputs on a timetable (a knob's contacts): [[us from now, {pin: level}], ...]; the
  // last levels are the board's, as for drive.
  pins(req) {
    need(req, "changes");
    parts.plan.schedule(req.changes);
    for (const [, levels] of req.changes) board.drive = { ...board.drive, ...levels };
    return {};
  },
  screen() {
    if (!parts.oled) throw new Error("this board has no screen");
    return parts.oled.state();
  },
  frames() {
    return { frames: parts.leds ? parts.leds.take() : [] };
  },
  tones() {
    return { now: parts.tone ? parts.tone.hz() : null, history: parts.tone ? parts.tone.take() : [] };
  },
  save(req) {
    need(req, "name");
    snapshots.set(req.name, flash.slice());
    return {};
  },
  load(req) {
    need(req, "name");
    const image = snapshots.get(req.name);
    if (!image) throw new Error(`no flash snapshot named '${req.name}'`);
    flash.set(image);
    start();
    return {};
  },
  dump(req) {
    need(req, "path");
    fs.writeFileSync(req.path, flash);
    return {};
  },
  cut(req) {
    need(req, "after", "bytes");
    chip.cutAt = req.after < 0 ? null : { op: chip.flashOps + req.after, bytes: req.bytes };
    return {};
  },
  flash_ops() {
    const log = chip.flashLog;
    chip.flashLog = [];
    return { ops: chip.flashOps, log: log.map(([k, o, n, t]) => [k, o, n, Math.round(t / 1000)]) };
  },
  xip() {
    if (!xip) xip = new XipCache(chip);
    xip.take();
    xipCounts = { hits: 0, misses: 0 };
    return {};
  },
  xip_counts() {
    const now = xip ? xip.take() : { hits: 0, misses: 0 };
    const counts = { hits: xipCounts.hits + now.hits, misses: xipCounts.misses + now.misses };
    xipCounts = { hits: 0, misses: 0 };
    return counts;
  },
  stats() {
    return {
      t: now(), cycles: totalCycles, busy: busyBefore + chip.busyCycles, wall_ms: wallMs,
      pio_steps: chip.pioSteps, resets,
    };
  },
};

const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  let reply;
  try {
    const req = JSON.parse(line);
    if (req.op === "quit") break;
    const op = ops[req.op];
    if (!op) throw new Error(`unknown request '${req.op}'`);
    if (!chip && req.op !== "boot") throw new Error(`'${req.op}' before 'boot'`);
    reply = op(req);
  } catch (e) {
    reply = { error: String(e && e.message ? e.message : e) };
  }
  // ASCII only on the wire: bytes 0x80-0xff of serial data as \u escapes, not UTF-8.
  const text = JSON.stringify(reply).replace(/[\u007f-\uffff]/g,
    (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  process.stdout.write(text + "\n");
}
process.exit(0);
