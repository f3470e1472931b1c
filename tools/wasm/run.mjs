// Run a Python file on the official MicroPython WebAssembly build (32-bit, like
// the chip) under Node:  node tools/wasm/run.mjs [--dir DIR ...] SCRIPT.py [ARG ...]
// Each DIR (default: firmware) is copied into the VM's file system at /DIR and
// put on sys.path; sys.argv is [SCRIPT.py, ARG ...]. Prints what the script
// prints; exit 1 if it raises.
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
  console.error("usage: node tools/wasm/run.mjs [--dir DIR ...] SCRIPT.py [ARG ...]");
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
    } else if (entry.name.endsWith(".py") || entry.name.endsWith(".json")) {
      mp.FS.writeFile(to, fs.readFileSync(from));
    }
  }
}

const roots = dirs.length ? dirs : ["firmware"];
for (const dir of roots) copyTree(dir, "/" + dir);
const paths = roots.map((d) => JSON.stringify("/" + d)).join(", ");
try {
  const pyArgv = [script, ...args].map((a) => JSON.stringify(a)).join(", ");
  mp.runPython(`import sys\nsys.path[:0] = [${paths}]\nsys.argv[:] = [${pyArgv}]\n`);
  mp.runPython(fs.readFileSync(script, "utf8"));
} catch (err) {
  process.stderr.write(String(err.message || err) + "\n");
  process.exit(1);
}
