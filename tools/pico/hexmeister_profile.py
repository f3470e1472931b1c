"""Where Hexmeister's level-5 moves spend their time, on the emulated RP2040.

    python tools/pico/hexmeister_profile.py [--image frozen|mpy] [--moves 4] [--position]

A benchmark, not a test: tools/pico/chip_profile.py times the parts of an MCTS iteration,
which Hexmeister's own search (hexmeister/search.py) does not have. This powers the chip
up once (tools/pico/chipbench.py's images), plays `moves` level-5 moves of a seeded game (from
the start, or with --position from tools/bench/positions/hexmeister.json), each
followed by three random plies, without a clock (CHIP_RATE work units a move), and
times on the chip's clock every call of the search's steps (start, _root, _judge_next,
_verify, _deepen, _pick), of the line's (_do, _undo, _chain, _judge), of the evaluation
(look, value, prepare), of move generation (gen as the search calls it), of the move
scorer's selection (best) and of the game's _apply and _count_position. Parts are
inclusive (value holds look); each timing wrapper adds about 0.1 ms a call. Outside the
app's loop the chip runs the search about a third faster than in it (the app's timers
and its heap), so compare the shares, not the totals, with tools/pico/chipbench.py.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tools", "build"), os.path.join(ROOT, "tools", "pico")]
import chipbench            # noqa: E402

SCRIPT = """
import gc, time
import hexgames
from hexgames.ai import Player
from hexgames.rng import Rng
from hexgames.hexmeister import search as S, evaluation as EV, line as LN, rules as RU
T = {}
C = {}
def wrap(owner, name, key=None):
    f = getattr(owner, name)
    key = key or name
    def w(*a):
        t0 = time.ticks_us()
        r = f(*a)
        T[key] = T.get(key, 0) + time.ticks_diff(time.ticks_us(), t0)
        C[key] = C.get(key, 0) + 1
        return r
    setattr(owner, name, w)
wrap(S, "gen", "gen (search)")
wrap(S, "best")
for n in ("look", "value", "prepare"):
    wrap(EV, n)
for n in ("_do", "_undo", "_chain", "_judge"):
    wrap(LN.Line, n)
for n in ("start", "_root", "_judge_next", "_verify", "_deepen", "_pick"):
    wrap(S.Search, n)
for n in ("_apply", "_count_position"):
    wrap(RU.Hexmeister, n)
def run(moves, pos):
    g = hexgames.load(pos) if pos else hexgames.new("hexmeister")
    rng = Rng(4)
    spent = []
    for _ in range(moves):
        if not g.to_move:
            break
        p = Player(5, seed=1)
        gc.collect()
        t0 = time.ticks_us()
        p.start(g)
        p.think()
        spent.append(time.ticks_diff(time.ticks_us(), t0))
        g.play(p.best())
        for _ in range(3):
            if g.to_move:
                ms = g.moves()
                g.play(ms[rng.below(len(ms))])
    print("PROF", ",".join([str(u) for u in spent]),
          " ".join(["%s=%d/%d" % (k.replace(" ", "_"), T[k], C[k]) for k in T]))
"""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--image", choices=("frozen", "mpy"), default="frozen")
    ap.add_argument("--moves", type=int, default=4)
    ap.add_argument("--position", action="store_true",
                    help="start from tools/bench/positions/hexmeister.json")
    a = ap.parse_args(argv)
    why = chipbench.missing()
    if why:
        sys.exit("cannot run the emulated chip: " + why)
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    sys.path.insert(1, os.path.join(ROOT, "host_sim", "compat"))
    pos = chipbench.position("hexmeister", {}) if a.position else None
    chip = chipbench.chip_with(a.image)
    try:
        chipbench.fresh(chip, a.image)
        out, err, _ = chip.run(SCRIPT + "\nrun(%d, %r)\n" % (a.moves, pos),
                               budget_s=60 + 10 * a.moves)
    finally:
        chip.close()
    if err:
        sys.exit("the chip raised:\n" + err.strip())
    line = [ln for ln in out.splitlines() if ln.startswith("PROF")][0].split()
    spent = [int(u) for u in line[1].split(",") if u]
    total = max(1, sum(spent))
    print("%s image, level 5 without a clock: %d moves, %s ms" % (
        a.image, len(spent), ", ".join(["%d" % (u // 1000) for u in spent])))
    rows = []
    for cell in line[2:]:
        k, v = cell.split("=")
        us, calls = v.split("/")
        rows.append((int(us), int(calls), k.replace("_(", " (")))
    for us, calls, k in sorted(rows, reverse=True):
        print("  %-16s %8.1f ms %5.1f%%  %6d calls %7d us a call" % (
            k, us / 1000, 100 * us / total, calls, us // max(1, calls)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
