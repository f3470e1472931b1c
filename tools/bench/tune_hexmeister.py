"""Tune Hexmeister's opponent by matches on the PC: a coordinate search.

  .venv/bin/python tools/bench/tune_hexmeister.py [--level 5] [--pairs 50]
      [--openings 8] [--step 50] [--rounds 1] [--keep 0.55] [--out tuned.json]
      [KNOB ...]

A knob is a number the engine reads at run time on CPython (the twins):
`EVT:i` (evaluation.EVT[i], the weights; offsets in scoring/twins.py E_*),
`twins:NAME` (a constant of scoring/twins.py such as _BESIEGE1) or
`search:NAME` (a constant of search.py such as EXTEND). Without knobs it
tunes the scorer's siege constants and the siege and attack weights.

For each knob in turn, the value moved up and down by --step percent (at
least 1) plays the current table at the same level: --pairs pairs of games,
each opening of --openings random plies played with both colours (more
plies than the strength table's 2, so that two near-deterministic searches
do not replay the same few games). A move is kept when it scores at least
--keep (draws count half). Prints every match and the table it ends with,
and writes it (JSON) to --out. The result is a proposal: a kept value goes
into evaluation.EVT, or into twins.py AND kernels.py alike (the chip's
kernels compile their constants in), and is confirmed with strength.py.
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
import host_sim  # noqa: E402,F401
import hexgames  # noqa: E402
from hexgames.ai import Player  # noqa: E402
from hexgames.rng import Rng  # noqa: E402
from hexgames.hexmeister import evaluation, search  # noqa: E402
from hexgames.hexmeister.scoring import twins  # noqa: E402

DEFAULT = ["twins:_BESIEGE1", "twins:_BESIEGE2", "EVT:45", "EVT:46", "EVT:52", "EVT:53"]
MODULES = {"twins": twins, "search": search}


def read(knob):
    kind, _, name = knob.partition(":")
    if kind == "EVT":
        return evaluation.EVT[int(name)]
    return getattr(MODULES[kind], name)


def write(knob, value):
    kind, _, name = knob.partition(":")
    if kind == "EVT":
        evaluation.EVT[int(name)] = value
    else:
        setattr(MODULES[kind], name, value)


class Tuned:
    """A level of the opponent that plays with its own table of knobs: set
    before each of its moves (the two players share the modules)."""

    def __init__(self, level, seed, table):
        self.player = Player(level, seed)
        self.table = table

    def choose(self, game):
        for k, v in self.table.items():
            write(k, v)
        p = self.player
        p.start(game)
        p.think()
        return p.best()


def match(level, a, b, pairs, openings, seed=1):
    """Table a against table b at one level: a's score (draws half), w, d, l."""
    w = d = l = 0
    for i in range(pairs):
        for a_side in (1, 2):
            pa = Tuned(level, seed + 2 * i, a)
            pb = Tuned(level, seed + 2 * i + 1, b)
            players = {a_side: pa, 3 - a_side: pb}
            g = hexgames.new("hexmeister")
            rng = Rng(seed * 7919 + i)
            for _ in range(openings):
                if g.to_move:
                    ms = g.moves()
                    g.play(ms[rng.below(len(ms))])
            while g.to_move:
                g.play(players[g.to_move].choose(g))
            r = g.result()[0]
            if r == a_side:
                w += 1
            elif r == 0:
                d += 1
            else:
                l += 1
    return (w + 0.5 * d) / (w + d + l), w, d, l


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", type=int, default=5)
    ap.add_argument("--pairs", type=int, default=50)
    ap.add_argument("--openings", type=int, default=8, help="random plies before the levels play")
    ap.add_argument("--step", type=int, default=50, help="percent a knob is moved by")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--keep", type=float, default=0.55, help="score a change needs to be kept")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="tuned_hexmeister.json")
    ap.add_argument("knobs", nargs="*")
    args = ap.parse_args(argv)
    knobs = args.knobs or DEFAULT
    table = dict((k, read(k)) for k in knobs)
    start = dict(table)
    print("start:", json.dumps(table), flush=True)
    seed = args.seed
    for rnd in range(args.rounds):
        for k in knobs:
            v = table[k]
            delta = max(1, abs(v) * args.step // 100)
            for nv in (v + delta, v - delta):
                trial = dict(table)
                trial[k] = nv
                sc, w, d, l = match(args.level, trial, table, args.pairs, args.openings, seed)
                seed += 1000
                kept = sc >= args.keep
                print("round %d %s %d -> %d: +%d =%d -%d, %.3f%s" % (
                    rnd + 1, k, v, nv, w, d, l, sc, " kept" if kept else ""), flush=True)
                if kept:
                    table = trial
                    break
    for k, v in start.items():
        write(k, v)
    print("end:", json.dumps(table), flush=True)
    with open(args.out, "w") as f:
        json.dump({"level": args.level, "start": start, "tuned": table}, f, indent=1)
    if table != start:
        # the gain: the tuned table against the one it started from
        sc, w, d, l = match(args.level, table, start, args.pairs, args.openings, seed)
        print("tuned against start: +%d =%d -%d, %.3f" % (w, d, l, sc), flush=True)


if __name__ == "__main__":
    main()
