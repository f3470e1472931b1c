# The XIP cache model of the emulated chip (tools/pico/parts.mjs XipCache), which
# tools/pico/xip.py prices into the time a real RP2040 waits for its flash: fed
# addresses directly through a stand-in for rp2040js's read functions, it must behave
# as the RP2040 datasheet's cache does (16 KiB, two ways, 8-byte lines, the older way
# replaced; the no-allocate alias looks up without filling, the uncached ones always
# go to the flash).
import json
import os
import shutil
import subprocess

from needs import need

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PARTS = os.path.join(ROOT, "tools", "pico", "parts.mjs")

need("node", shutil.which("node") is None and "node is missing: the emulated chip's parts run on Node.js",
     module=True)

SCRIPT = """
import fs from "node:fs";
import { XipCache } from %s;
const rp = { readUint8: () => 0, readUint16: () => 0, readUint32: () => 0 };
const cache = new XipCache({ rp });
const out = [];
for (const [reads, width] of JSON.parse(fs.readFileSync(0, "utf8"))) {
  for (const a of reads) rp["readUint" + width](a);
  out.push(cache.take());
}
console.log(JSON.stringify(out));
"""


def counts(*passes):
    """[(hits, misses)] of each pass of [addresses] (32-bit reads) on one cache."""
    plan = [[list(p), 32] for p in passes]
    out = subprocess.run(["node", "--input-type=module", "-e",
                          SCRIPT % json.dumps("file://" + PARTS)], input=json.dumps(plan),
                         capture_output=True, text=True, check=True).stdout
    return [(c["hits"], c["misses"]) for c in json.loads(out)]


def span(start, nbytes, step=4):
    return range(start, start + nbytes, step)


def test_16_kib_stays_and_32_kib_does_not():
    base = 0x10010000
    small = span(base, 16 * 1024)
    # 8-byte lines: the first pass misses once a line, the second finds everything
    assert counts(small, small) == [(2048, 2048), (4096, 0)]
    big = span(base, 32 * 1024)
    # twice the cache, read in order: every line is gone before it comes round again
    assert counts(big, big) == [(4096, 4096), (4096, 4096)]


def test_two_ways_a_set_and_the_older_one_goes():
    a, b, c = 0x10000000, 0x10002000, 0x10004000        # one set, three tags
    assert counts([a, b], [a, b]) == [(0, 2), (2, 0)]    # two fit
    # a, b in; a used again; c replaces b (the older), so a hits and b misses
    assert counts([a, b], [a], [c], [a], [b]) == [(0, 2), (1, 0), (0, 1), (1, 0), (0, 1)]


def test_the_aliases_without_allocation_or_cache():
    line = 0x00020000
    no_alloc, no_cache = 0x11000000 + line, 0x13000000 + line
    assert counts([no_alloc], [no_alloc]) == [(0, 1), (0, 1)]     # never filled
    assert counts([0x10000000 + line], [no_alloc]) == [(0, 1), (1, 0)]   # but looked up
    assert counts([0x10000000 + line], [no_cache]) == [(0, 1), (0, 1)]   # never looked up
    assert counts([0x20000000, 0x20000004]) == [(0, 0)]          # SRAM is no flash
