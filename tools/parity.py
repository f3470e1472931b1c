# Parity check: the same seeded random games on every VM give the same text.
# Run with any VM from the repository root, e.g.
#   python -m micropython_unix tools/parity.py   |   python tools/parity.py
# tests/test_vms.py runs it on CPython, the unix port and the WebAssembly
# build and compares the outputs line by line.
import sys

sys.path[:0] = ["firmware", "host_sim/compat"]
import hexgames
from hexgames.rng import Rng

GAMES_EACH = 4
MAX_PLIES = 160


def main():
    for name in hexgames.GAMES:
        for seed in range(GAMES_EACH):
            g = hexgames.new(name)
            rng = Rng(seed)
            while g.to_move and len(g.history()) < MAX_PLIES:
                ms = g.moves()
                g.play(ms[rng.below(len(ms))])
            print(g.record())
            print(g.dump())
            print(name, seed, "result", g.result())
            p = hexgames.new(name)
            print(name, seed, "playout", p.playout(seed, 400), p.dump())


main()
