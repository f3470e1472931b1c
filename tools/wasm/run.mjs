// Run a Python file on the official MicroPython WebAssembly build (32-bit, like
// the chip) under Node:
//   node tools/wasm/run.mjs [--steps] [--dir DIR ...] SCRIPT.py [ARG ...]
// Each DIR (default: firmware; its .py, .mpy and .json files) is copied into the
// VM's file system and put on sys.path; sys.argv is [SCRIPT.py, ARG ...]. Prints
// what the script prints; exit 1 if it raises.
// --steps: the script defines step() -> True while there is more to do; it is
// called again and again, each time in a call of its own after a garbage
// collection, until it returns False. Why: this VM collects garbage only between
// calls (it cannot scan its own stack), so inside a step gc.mem_alloc() grows by
// exactly what the step allocates, and at its start it is the live heap.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

const argv = process.argv.slice(2);
const dirs = [];
let steps = false;
for (;;) {
  if (argv[0] === "--steps") {
    steps = true;
    argv.splice(0, 1);
  } else if (argv[0] === "--dir" && argv.length > 1) {
    dirs.push(argv[1]);
    argv.splice(0, 2);
  } else {
    break;
  }
}
const [script, ...args] = argv;
if (!script) {
  console.error("usage: node tools/wasm/run.mjs [--steps] [--dir DIR ...] SCRIPT.py [ARG ...]");
  process.exit(2);
}
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
  heapsize: 8 * 1024 * 1024,
});

function copyTree(src, dst) {
  mp.FS.mkdirTree(dst);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, entry.name);
    const to = dst + "/" + entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") copyTree(from, to);
    } else if (/\.(py|mpy|json)$/.test(entry.name)) {
      mp.FS.writeFile(to, fs.readFileSync(from));
    }
  }
}

const roots = dirs.length ? dirs : ["firmware"];
const inVm = roots.map((d, k) => "/d" + k);
roots.forEach((d, k) => copyTree(d, inVm[k]));
try {
  const paths = inVm.map((d) => JSON.stringify(d)).join(", ");
  const pyArgv = [script, ...args].map((a) => JSON.stringify(a)).join(", ");
  mp.runPython(`import sys, gc\nsys.path[:0] = [${paths}]\nsys.argv[:] = [${pyArgv}]\n`);
  mp.runPython(fs.readFileSync(script, "utf8"));
  while (steps) {
    mp.runPython("gc.collect()");
    mp.runPython("_more = step()");
    if (!mp.globals.get("_more")) break;
  }
} catch (err) {
  process.stderr.write(String(err.message || err) + "\n");
  process.exit(1);
}
