# Parity check: the same seeded random games on every VM give the same text.
# Run with any VM from the repository root, e.g.
#   python -m micropython_unix tools/vm/parity.py [GAME ...]  |  python tools/vm/parity.py
# tests/test_vms.py runs it on CPython, the unix port and the WebAssembly
# build and compares the outputs line by line.
# With --firmware DIR the engine comes from DIR (e.g. compiled by mpy-cross).
import sys

_at = sys.argv.index("--firmware") + 1 if "--firmware" in sys.argv else 0
sys.path[:0] = [sys.argv[_at] if _at else "firmware", "host_sim/compat"]
import hexgames
from hexgames.ai import Player
from hexgames.rng import Rng

GAMES_EACH = 4
MAX_PLIES = 160


def main():
    names = [a for a in sys.argv[1:] if a in hexgames.GAMES] or hexgames.GAMES
    for name in names:
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
        # the opponent: same seed and playout budget, same move on every VM
        ai = Player(3, seed=5, memory=12 * 1024)
        ai.start(hexgames.new(name))
        ai.think()
        print(name, "ai move", ai.best(), ai.search.playouts, ai.search.tree.used)
        # and the top level in a middle game, where searches go deepest
        g = hexgames.new(name)
        rng = Rng(7)
        while g.to_move and len(g.history()) < 30:
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])
        if g.to_move:
            ai = Player(5, seed=5, memory=12 * 1024)
            ai.start(g)
            ai.think()
            print(name, "top level move", ai.best(), ai.search.playouts, ai.search.tree.used)


main()
