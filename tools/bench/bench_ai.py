# The opponent's speed and memory on whatever VM runs it, from the root:
#   python -m micropython_unix -X heapsize=240k tools/bench/bench_ai.py [GAME ...]
# For each game at its pocket-board size, the top level (5) decides moves in
# a few positions of a seeded game against a clock that runs 100x faster than
# this VM's: what the chip would do in its time budget (DESIGN.md section 5).
# Prints the chip-estimated ms per move (median, p95), playouts per move and
# the heap in use while searching (game + tree; modules excluded).
# The chip is really 2-7x slower than that estimate: tools/pico/chipbench.py measures
# on the emulated RP2040, and tools/pico/chip_rate.py sets CHIP_RATE from it.
import sys

sys.path[:0] = ["firmware", "host_sim/compat"]
import gc
import time
import hexgames
from hexgames.ai import Player
from hexgames.rng import Rng

POCKET = (("hexgo", {}), ("hexade", {"base": 7}), ("xiago", {"base": 6}),
          ("inphexion", {}), ("hexmeister", {}), ("hex", {}))
CHIP = 100          # the chip is about 100x slower than the unix port
MOVES = 8
KEEP = ("ai", "tree", "rng", "board", "game", "greedy")     # modules every game shares


class ChipClock:
    """ms as the chip would count them: this VM's time x CHIP."""
    def __init__(self):
        try:
            self.now, self.diff = time.ticks_ms, time.ticks_diff
            self.us = time.ticks_us
        except AttributeError:
            self.now = lambda: int(time.perf_counter() * 1000)
            self.diff = lambda a, b: a - b
            self.us = lambda: int(time.perf_counter() * 1000000)
        self.t0 = self.us()

    def ticks_ms(self):
        return (self.us() - self.t0) * CHIP // 1000

    def ticks_diff(self, a, b):
        return a - b


def bench(name, opts):
    gc.collect()
    base = gc.mem_alloc()
    g = hexgames.new(name, **opts)
    p = Player(5, seed=1)
    rng = Rng(4)
    clock = ChipClock()
    times, playouts, peak = [], [], 0
    while g.to_move and len(times) < MOVES:
        t0 = clock.ticks_ms()
        p.start(g, clock)
        while not p.think(20, clock):
            pass
        times.append(clock.ticks_ms() - t0)
        playouts.append(p.search.playouts)
        gc.collect()
        peak = max(peak, gc.mem_alloc() - base)
        m = p.best()
        g.play(m)
        for _ in range(3):                 # skip ahead: a few random plies
            if g.to_move:
                ms = g.moves()
                g.play(ms[rng.below(len(ms))])
    times.sort()
    playouts.sort()
    label = name + "".join(" %s=%s" % (k, opts[k]) for k in opts)
    print("%s | chip_ms_median=%d | chip_ms_p95=%d | playouts_median=%d | heap_kb=%d"
          % (label, times[len(times) // 2], times[(len(times) * 95) // 100],
             playouts[len(playouts) // 2], peak // 1024))


for name, opts in POCKET:
    if name in hexgames.GAMES and (len(sys.argv) < 2 or name in sys.argv[1:]):
        bench(name, opts)
        # the board plays one game at a time: forget this one's modules, or
        # the next game's tree may not find room in a fragmented heap
        for mod in list(sys.modules):
            short = mod[9:]
            if mod.startswith("hexgames.") and short not in KEEP:
                sys.modules.pop(mod)
                if short in dir(hexgames):
                    delattr(hexgames, short)
        hexgames.board._cache.clear()
        gc.collect()
