"""Tune a game's opponent by matches on the PC: a coordinate search of its knobs.

  .venv/bin/python tools/bench/tune.py GAME [--opt base=7] [--level 5] [--pairs 50]
      [--judge self|openspiel|both] [--sims 1000] [--games 50] [--step 50]
      [--rounds 1] [--keep 0.55] [--gain 0.05] [--workers N | --ray ADDRESS]
      [--out tuned.json] KNOB ...

A knob is a whole number the engine reads at run time on CPython (the twins):
  Search.NAME         the game's search engine's class attribute (C, EXPAND_AT, ...)
  Game.NAME           the game's class attribute (PRIOR_VISITS, PLAYOUT_PLIES, ...)
  MODULE:NAME[:I]     a module's constant, or item I of its table (priors, weights:
                      hexgames.hexmeister.evaluation:EVT:45)
Without knobs: the search's constants the game has (Search.C, EXPAND_AT, ...).

For each knob in turn the value is moved up and down by --step percent (at
least 1), and the trial table is judged:
  self       level --level with the trial table against itself with the current
             one: --pairs pairs of games from openings of --openings random
             plies, both colours; kept at a score of at least --keep
  openspiel  both tables' level against OpenSpiel's MCTS at --sims simulations
             (tools/bench/vs_openspiel.py), the same --games seeded games each;
             kept when the trial scores at least --gain more
  both       kept when both say so
The first change kept ends the knob's turn. Every game is a task of the pool
(host_sim/pool.py): its task carries both tables and resets every knob before
it plays, so the result is the same on any worker. Prints every match and the
table it ends with, writes it (JSON) to --out. The result is a proposal: a
kept value goes into the source, where the chip's kernels compile constants
in, into the kernels too, and is confirmed with strength.py.
"""
import argparse
import importlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
import host_sim  # noqa: E402,F401
import hexgames  # noqa: E402
from hexgames.ai import Player  # noqa: E402
from host_sim import pool  # noqa: E402
from host_sim.match import play_one, score_so_far, tally  # noqa: E402

SEARCH_KNOBS = ("C", "EXPAND_AT", "C_RAVE", "SURE", "SCAN_DEPTH")


def _target(name, options, knob):
    """(object, attribute or None, item or None) that a knob names."""
    if ":" in knob:
        module, _, rest = knob.partition(":")
        attr, _, item = rest.partition(":")
        return importlib.import_module(module), attr, int(item) if item else None
    kind, _, attr = knob.partition(".")
    g = hexgames.new(name, **options)
    if kind == "Game":
        return type(g), attr, None
    if kind == "Search":
        return Player(5)._engine(g), attr, None
    raise ValueError("a knob is Search.NAME, Game.NAME or MODULE:NAME[:I], not %r" % (knob,))


def read(name, options, knob):
    try:
        obj, attr, item = _target(name, options, knob)
        v = getattr(obj, attr)
        v = v if item is None else v[item]
    except (ImportError, AttributeError, IndexError, TypeError) as e:
        raise ValueError("%s has no knob %r (%s)" % (name, knob, e))
    if type(v) is not int:
        raise ValueError("knob %r is %r: only whole numbers are tuned" % (knob, v))
    return v


def write(name, options, knob, value):
    obj, attr, item = _target(name, options, knob)
    if item is None:
        setattr(obj, attr, value)
    else:
        getattr(obj, attr)[item] = value


def write_all(name, options, table):
    for k, v in table.items():
        write(name, options, k, v)


class Tuned:
    """A level of the opponent with its own table of knobs, set before each of its
    moves (two players in one process share the classes and modules)."""

    def __init__(self, name, options, level, seed, table):
        self.name, self.options, self.table = name, options, table
        self.player = Player(level, seed)

    def choose(self, game):
        write_all(self.name, self.options, self.table)
        p = self.player
        p.start(game)
        p.think()
        return p.best()


def play(task):
    """One game of a judgement (a pool's task); A's result, 1 won, 0 drawn, -1 lost.
    ("self", name, options, level, base, a, b, seed, i, a_side, openings) or
    ("openspiel", name, options, level, base, a, sims, seed, a_first)."""
    kind, name, options, level, base = task[:5]
    write_all(name, options, base)          # whatever a game before left in this process
    try:
        if kind == "self":
            return _self(name, options, level, *task[5:]), None
        return _spiel(name, options, level, base, *task[5:]), None
    finally:
        write_all(name, options, base)


def _self(name, options, level, a, b, seed, i, a_side, openings):
    players = {a_side: Tuned(name, options, level, seed + 2 * i, a),
               3 - a_side: Tuned(name, options, level, seed + 2 * i + 1, b)}
    r = play_one(name, options, players, seed * 7919 + i, openings).result()[0]
    return 0 if r == 0 else 1 if r == a_side else -1


def _spiel(name, options, level, base, a, sims, seed, a_first):
    import spiel_game          # OpenSpiel: only this judge needs it
    game = spiel_game.load(name, **options)
    state = game.new_initial_state()
    g = spiel_game.engine(state)
    theirs = spiel_game.mcts_bot(game, sims, seed, getattr(g, "PLAYOUT_PLIES", 0))
    ours = Tuned(name, options, level, seed, a)
    side = 1 if a_first else 2
    while not state.is_terminal():
        if g.to_move == side:
            state.apply_action(ours.choose(g.copy()))
        else:
            # OpenSpiel's rollouts are judged by the game's evaluation as it stands
            write_all(name, options, base)
            state.apply_action(theirs.step(state))
    return int(state.returns()[side - 1])


def judge(tasks, args):
    """A's score (draws half), w, d, l over the tasks, on the pool."""
    w, d, l = tally(list(pool.imap(play, tasks, args.workers, args.ray, score_so_far)))
    return (w + 0.5 * d) / (w + d + l), w, d, l


def self_tasks(args, base, a, b, seed):
    return [("self", args.game, args.options, args.level, base, a, b, seed, i, a_side,
             args.openings) for i in range(args.pairs) for a_side in (1, 2)]


def spiel_tasks(args, base, a):
    return [("openspiel", args.game, args.options, args.level, base, a, args.sims,
             1000 + k, k % 2 == 0) for k in range(args.games)]


def parser(doc=__doc__, game=True):
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    if game:
        ap.add_argument("game", choices=hexgames.GAMES)
    ap.add_argument("--opt", action="append", help="a game option, NAME=VALUE (e.g. base=7)")
    ap.add_argument("--level", type=int, default=5)
    ap.add_argument("--judge", default="self", choices=("self", "openspiel", "both"))
    ap.add_argument("--pairs", type=int, default=50, help="self: pairs of games a trial")
    ap.add_argument("--openings", type=int, default=8, help="self: random plies before the levels play")
    ap.add_argument("--sims", type=int, default=1000, help="openspiel: its simulations a move")
    ap.add_argument("--games", type=int, default=50, help="openspiel: games a table")
    ap.add_argument("--step", type=int, default=50, help="percent a knob is moved by")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--keep", type=float, default=0.55, help="self: score a change needs")
    ap.add_argument("--gain", type=float, default=0.05, help="openspiel: score it must add")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, help="games played at once (default: one per core)")
    ap.add_argument("--ray", metavar="ADDRESS", help="play on a Ray cluster: address, auto, local")
    ap.add_argument("--out", default="tuned.json")
    ap.add_argument("knobs", nargs="*")
    return ap


def tune(args, knobs, say=print):
    """The coordinate search; returns (start table, tuned table)."""
    from vs_openspiel import options
    args.options = options(args.opt)
    table = dict((k, read(args.game, args.options, k)) for k in knobs)
    start = dict(table)
    say("start: " + json.dumps(table))
    seed = args.seed
    theirs = {}           # a table's score against OpenSpiel, kept while it is current

    def vs_spiel(t):
        key = json.dumps(t, sort_keys=True)
        if key not in theirs:
            theirs[key] = judge(spiel_tasks(args, start, t), args)
        return theirs[key]

    for rnd in range(args.rounds):
        for k in knobs:
            v = table[k]
            delta = max(1, abs(v) * args.step // 100)
            for nv in (v + delta, v - delta):
                trial = dict(table)
                trial[k] = nv
                said, kept = [], True
                if args.judge in ("self", "both"):
                    sc, w, d, l = judge(self_tasks(args, start, trial, table, seed), args)
                    seed += 1000
                    kept = sc >= args.keep
                    said.append("against the table +%d =%d -%d, %.3f" % (w, d, l, sc))
                if args.judge in ("openspiel", "both"):
                    now, new = vs_spiel(table)[0], vs_spiel(trial)
                    kept = kept and new[0] >= now + args.gain
                    said.append("against OpenSpiel +%d =%d -%d, %.3f (the table %.3f)"
                                % (new[1:] + (new[0], now)))
                say("round %d %s %d -> %d: %s%s" % (rnd + 1, k, v, nv, "; ".join(said),
                                                     " kept" if kept else ""))
                if kept:
                    table = trial
                    break
    say("end: " + json.dumps(table))
    if table != start and args.judge != "openspiel":
        # the gain: the tuned table against the one it started from
        sc, w, d, l = judge(self_tasks(args, start, table, start, seed), args)
        say("tuned against start: +%d =%d -%d, %.3f" % (w, d, l, sc))
    with open(args.out, "w") as f:
        json.dump({"game": args.game, "options": args.options, "level": args.level,
                   "judge": args.judge, "start": start, "tuned": table}, f, indent=1)
    return start, table


def main(argv=None):
    args = parser().parse_intermixed_args(argv)
    knobs = args.knobs
    if not knobs:
        opts = {}
        engine = _target(args.game, opts, "Search.C")[0]
        knobs = ["Search." + k for k in SEARCH_KNOBS if type(getattr(engine, k, None)) is int]
        if not knobs:
            raise SystemExit("error: %s's search has none of %s: name its knobs"
                             % (args.game, ", ".join(SEARCH_KNOBS)))
    try:
        return tune(args, knobs)
    except ValueError as e:
        raise SystemExit("error: %s" % e)


if __name__ == "__main__":
    main()
