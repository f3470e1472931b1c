"""Key bounce and ghosting on the emulated board:

    python -m tools.pico.bounce --presses 1000

The host schedules key changes on the chip's clock (tools/pico/board.mjs): every
press chatters for up to 10 ms before it settles, and so does every release; one
press in eight is held through many frames (past the scan's HOLD time); one in ten
is a chord of two keys pressed together; some come while the chip is busy for
hundreds of milliseconds as the opponent's search is (playouts in Python, no
frame), and the rest during frames that write the whole LED chain every 40 ms.
On the chip the board's own driver (device/keyscan.py, its timer scanning every
8 ms) turns that into events, which a frame loop drains as the app does.

Expected: for every key, one PRESS per press and one RELEASE per release, in the
order pressed (a chord's two in either order); a HOLD only for a key held past the
hold time, once. Prints the counts; exit status 1 on any lost or doubled event.
"""
import argparse
import ast
import binascii
import random
import sys
import time

from tools.pico.rig import app_chip

BOUNCE_MS = 10
LEAD_MS = 3000              # the script's imports and set-up, before the first change
HOLD_MS = 800               # device.keyscan: 100 scans of 8 ms
PRESS, RELEASE, HOLD = 1, 2, 3

SCRIPT = """
import time, gc, binascii
from array import array
from app import layout as _L
from device import board as _B
import hexgames
lay = _L.load('pocket')
b = _B.build(lay)
k = b.keys
leds = b.leds
keys = %(keys)r
print('KEYS', [lay.fn_key(c) if c.isupper() else lay.find(c) for c in keys])
busy = %(busy)r
ev = array('H')
g = hexgames.new('hexade')
k.start()
t0 = time.ticks_ms()
f = 0
while True:
    now = time.ticks_diff(time.ticks_ms(), t0)
    if now >= %(end)d:
        break
    e = k.poll()
    while e >= 0:
        ev.append(e)
        e = k.poll()
    if busy and busy[0][0] <= now:
        s, t = busy.pop(0)
        n = 0
        while time.ticks_diff(time.ticks_ms(), t0) < t:
            g.copy().playout(n, 40)
            n += 1
        continue
    f += 1
    leds.fill(((f * 7) & 63, (f * 3) & 63, f & 63))
    leds.write()
    left = 40 - time.ticks_diff(time.ticks_ms(), t0) + now
    if left > 0:
        time.sleep_ms(left)
k.stop()
print('LOST', k.lost, 'FRAMES', f)
print('EV', binascii.hexlify(ev).decode())
"""


def plan(presses, seed=19, cells=None):
    """(changes [(ms, [keys held])], presses [(t_ms, keys, held_ms)], busy windows
    [(start_ms, end_ms)] from the script's start, end_ms)."""
    rng = random.Random(seed)
    keys = list(cells)
    held = set()
    edges = []                 # (t, key, closed)
    made = []
    t = LEAD_MS
    busy = []
    next_busy = t + 2000
    for i in range(presses):
        chord = rng.random() < 0.1
        ks = rng.sample(keys, 2) if chord else [rng.choice(keys)]
        hold = rng.uniform(900, 1500) if rng.random() < 0.125 else rng.uniform(40, 150)
        for k in ks:
            bounce(edges, k, t, True, rng)
            bounce(edges, k, t + BOUNCE_MS + hold, False, rng)
        made.append((t, ks, hold))
        t += 2 * BOUNCE_MS + hold + rng.uniform(25, 80)
        if t >= next_busy:
            # the opponent thinks for 300-700 ms: the presses go on meanwhile
            busy.append((int(t), int(t + rng.uniform(300, 700))))
            next_busy = t + rng.uniform(1500, 3000)
    edges.sort(key=lambda e: e[0])
    changes = []
    for at, k, closed in edges:
        (held.add if closed else held.discard)(k)
        changes.append((at, sorted(held)))
    return changes, made, busy, int(t + 500)


def bounce(edges, key, t, closed, rng):
    """The contact ends `closed` at t + BOUNCE_MS, flipping one to six times before."""
    state = closed
    for f in sorted(rng.uniform(0, BOUNCE_MS) for _ in range(1 + rng.randrange(6))):
        edges.append((t + f, key, state))
        state = not state
    edges.append((t + BOUNCE_MS, key, closed))


def run(chip, presses, seed=19):
    """Runs the plan on the chip: a dict of counts and a list of faults found."""
    cells = chip.desc["cells"][:] + list(chip.desc["fn"])
    changes, made, busy, end = plan(presses, seed, cells)
    chip.restore("firmware")
    names = sorted({k for _, ks, _ in made for k in ks})
    chip.schedule([(int(ms * 1000), held) for ms, held in changes])
    t0 = chip.us
    out = chip.exec(SCRIPT % {"keys": names, "busy": busy, "end": end},
                    budget_s=end / 1000 + 30)
    lines = {ln.split(" ", 1)[0]: ln.split(" ", 1)[1] for ln in out.strip().splitlines()}
    index = dict(zip(names, ast.literal_eval(lines["KEYS"])))
    lost, frames = int(lines["LOST"].split()[0]), int(lines["LOST"].split()[2])
    raw = binascii.unhexlify(lines["EV"])
    events = [int.from_bytes(raw[i:i + 2], "little") for i in range(0, len(raw), 2)]
    return check(made, events, index, lost) | {
        "frames": frames, "busy": len(busy), "emulated_s": (chip.us - t0) / 1e6,
        "transitions": len(changes)}


def check(made, events, index, lost):
    faults = []
    presses = [e >> 2 for e in events if e & 3 == PRESS]
    want = []
    for _, ks, _ in made:
        want.append(sorted(index[k] for k in ks))
    got = []
    at = 0
    for group in want:
        got.append(sorted(presses[at:at + len(group)]))
        at += len(group)
    if got != want or at != len(presses):
        n = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), len(want))
        faults.append("presses differ from press %d: got %r, want %r (%d presses seen, %d made)"
                      % (n, got[n:n + 3], want[n:n + 3], len(presses), at))
    count = {}
    for e in events:
        count.setdefault(e >> 2, [0, 0, 0, 0])[e & 3] += 1
    made_n = {}
    long_n = {}
    for _, ks, hold in made:
        for k in ks:
            made_n[index[k]] = made_n.get(index[k], 0) + 1
            if hold > HOLD_MS + 100:
                long_n[index[k]] = long_n.get(index[k], 0) + 1
    for k, n in made_n.items():
        c = count.get(k, [0, 0, 0, 0])
        if c[PRESS] != n or c[RELEASE] != n:
            faults.append("key %d: %d presses made, %d PRESS, %d RELEASE" % (k, n, c[PRESS], c[RELEASE]))
        if not long_n.get(k, 0) <= c[HOLD] <= n:
            faults.append("key %d: %d HOLD for %d long holds" % (k, c[HOLD], long_n.get(k, 0)))
    if lost:
        faults.append("%d events lost on a full ring" % lost)
    n_press = sum(len(ks) for _, ks, _ in made)
    return {"presses": n_press, "seen": len(presses), "faults": faults,
            "chords": sum(len(ks) > 1 for _, ks, _ in made),
            "long": sum(h > HOLD_MS + 100 for _, _, h in made),
            "holds": sum(c[HOLD] for c in count.values())}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--presses", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--batch", type=int, default=250, help="presses per chip script")
    a = ap.parse_args(argv)
    if a.presses < 1 or a.batch < 1:
        ap.error("--presses and --batch must be at least 1")
    t0 = time.time()
    chip = app_chip()
    tot = {"presses": 0, "seen": 0, "chords": 0, "long": 0, "holds": 0, "frames": 0,
           "busy": 0, "emulated_s": 0, "transitions": 0}
    faults = []
    try:
        left = a.presses
        k = 0
        while left > 0:
            r = run(chip, min(a.batch, left), a.seed + k)
            for key in tot:
                tot[key] += r[key]
            faults += r["faults"]
            left -= a.batch
            k += 1
    finally:
        chip.close()
    print("%(presses)d key presses (%(chords)d chords, %(long)d held past the hold time), "
          "%(transitions)d contact changes, %(busy)d busy spells, %(frames)d LED frames, "
          "%(emulated_s).1f emulated s: %(seen)d PRESS events, %(holds)d HOLD" % tot)
    print("lost or doubled: %d; %.0f s wall" % (len(faults), time.time() - t0))
    for f in faults[:10]:
        print("  ", f)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
