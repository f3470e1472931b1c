# Allocation audit, run on the 32-bit MicroPython WebAssembly build:
#   node tools/wasm/run.mjs tools/vm/alloc_audit.py
# Its GC runs only between calls into the VM, so gc.mem_alloc() before and after
# a piece of code inside this one script counts every byte that code allocates.
# Prints one line per game: bytes per playout move, per playout (a call's own cost,
# whatever its length) and per moves_into call.
import gc
from array import array
import hexgames
from hexgames.rng import Rng


def alloc(fn, *args):
    gc.collect()
    before = gc.mem_alloc()
    fn(*args)
    return gc.mem_alloc() - before


def midgame(g, plies, seed):
    rng = Rng(seed)
    for _ in range(plies):
        ms = g.moves()
        if not g.to_move or not ms:
            break
        g.play(ms[rng.below(len(ms))])
    return g


def audit(name):
    g = hexgames.new(name)
    buf = array("i", bytes(4 * g.max_moves))
    g.moves_into(buf)
    g.copy().playout(1, 1000)                 # warm-up: tables, caches, interned names
    worst_list = 0
    for plies in (0, 6, 12):
        pos = midgame(hexgames.new(name), plies, 7)
        pos.moves_into(buf)
        worst_list = max(worst_list, alloc(pos.moves_into, buf))
    short, long_ = 2, 12
    for seed in range(3, 40):
        a, b = g.copy(), g.copy()
        sa = alloc(a.playout, seed, short)
        sb = alloc(b.playout, seed, long_)
        if a.result() is None and b.result() is None:
            break
    per_move = (sb - sa) / (long_ - short)
    per_call = sa - short * per_move
    print("%s playout_bytes_per_move=%d playout_bytes=%d moves_into_bytes=%d"
          % (name, per_move, per_call, worst_list))


for name in hexgames.GAMES:
    audit(name)
