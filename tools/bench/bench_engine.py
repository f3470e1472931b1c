# Engine speed, on whatever VM runs it (CPython or MicroPython), from the root:
#   python tools/bench/bench_engine.py          python -m micropython_unix tools/bench/bench_engine.py
# One line per configuration: playouts/s from the start position (copy() +
# playout()), microseconds per moves_into() at the start and in
# tools/bench/positions/<game>.json, and the level-5 search's iterations/s
# from the start (Hexmeister: work units), as the opponent runs them.
import sys

sys.path[:0] = ["firmware", "host_sim/compat"]
import time
from array import array
import hexgames

CONFIGS = (("hexgo", {}), ("hexade", {"base": 7}), ("hexade", {"base": 10}),
           ("xiago", {"base": 4}), ("xiago", {"base": 6}), ("inphexion", {}),
           ("hexmeister", {}), ("hex", {}))
SECONDS = 1.0
MAX_PLIES = 1000

try:
    ticks, diff = time.ticks_ms, time.ticks_diff
except AttributeError:
    def ticks():
        return int(time.perf_counter() * 1000)

    def diff(a, b):
        return a - b


def playouts(g):
    n = 0
    start = ticks()
    while diff(ticks(), start) < SECONDS * 1000:
        g.copy().playout(n + 1, MAX_PLIES)
        n += 1
    return n * 1000 // max(diff(ticks(), start), 1)


def moves_into_us(g):
    buf = array("i", bytes(4 * g.max_moves))
    n = 0
    start = ticks()
    while diff(ticks(), start) < SECONDS * 500:
        for _ in range(20):
            g.moves_into(buf)
        n += 20
    return diff(ticks(), start) * 1000 // n


def search_its(g):
    from hexgames.ai import Player
    p = Player(5, seed=1, memory=32 * 1024)
    p.start(g)
    s = p.search
    n = 0
    start = ticks()
    while diff(ticks(), start) < SECONDS * 1000 and not s.solved():
        s.iterate()
        n += 1
    return s.playouts * 1000 // max(diff(ticks(), start), 1)


def bench_position(name):
    try:
        with open("tools/bench/positions/%s.json" % name) as f:
            return hexgames.load(f.read())
    except OSError:
        return None


def main(only):
    import gc
    g = mid = None
    for name, opts in CONFIGS:
        if name not in hexgames.GAMES or (only and name not in only):
            continue
        g = mid = None          # the last configuration's games and search go first:
        gc.collect()            # two of them at once outgrew 240 KB on the unix port
        g = hexgames.new(name, **opts)
        rate = playouts(g)
        label = name + "".join(" %s=%s" % (k, opts[k]) for k in opts)
        line = "%s | playouts/s=%d | moves_into_us=%d | search_its/s=%d" % (
            label, rate, moves_into_us(g), search_its(g))
        mid = bench_position(name)
        if mid is not None and mid.options == g.options:
            us = moves_into_us(mid)
            line += " | midgame_moves_into_us=%d | midgame_movegen/s=%d" % (us, 1000000 // max(us, 1))
        print(line)


main(sys.argv[1:])
