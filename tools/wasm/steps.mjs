// Run a Python script on the MicroPython WebAssembly build (32-bit, like the chip)
// one step per call into the VM, with a garbage collection between steps:
//   node tools/wasm/steps.mjs [--dir DIR ...] SCRIPT.py [ARG ...]
// The script defines step() -> True while there is more to do; it is called
// again and again, each time in a call of its own, until it returns False.
// Why: this VM collects garbage only between calls (it cannot scan its own
// stack), so inside a step gc.mem_alloc() grows by exactly what the step
// allocates, and at the start of a step it is the live heap after a full
// collection. Each DIR (copied with its .py, .mpy and .json files to /DIR) goes
// on sys.path; sys.argv is [SCRIPT.py, ARG ...]. Exit 1 if the script raises.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";

const argv = process.argv.slice(2);
const dirs = [];
while (argv[0] === "--dir" && argv.length > 1) {
  dirs.push(argv[1]);
  argv.splice(0, 2);
}
const [script, ...args] = argv;
if (!script) {
  console.error("usage: node tools/wasm/steps.mjs [--dir DIR ...] SCRIPT.py [ARG ...]");
  process.exit(2);
}
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
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

const inVm = dirs.map((d, k) => "/d" + k);
dirs.forEach((d, k) => copyTree(d, inVm[k]));
try {
  const paths = inVm.map((d) => JSON.stringify(d)).join(", ");
  const pyArgv = [script, ...args].map((a) => JSON.stringify(a)).join(", ");
  mp.runPython(`import sys, gc\nsys.path[:0] = [${paths}]\nsys.argv[:] = [${pyArgv}]\n`);
  mp.runPython(fs.readFileSync(script, "utf8"));
  for (;;) {
    mp.runPython("gc.collect()");
    mp.runPython("_more = step()");
    if (!mp.globals.get("_more")) break;
  }
} catch (err) {
  process.stderr.write(String(err.message || err) + "\n");
  process.exit(1);
}
