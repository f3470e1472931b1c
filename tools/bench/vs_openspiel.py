"""The board's opponent against OpenSpiel's MCTS, in any of our games.

OpenSpiel is an optional dependency (PyPI `open_spiel`, ~300 MB):
  .venv/bin/pip install -r requirements-openspiel.txt     (make test and make strength do)
  .venv/bin/python tools/bench/vs_openspiel.py [GAME ...] [--sims 1000] [--games 100]
  .venv/bin/python tools/bench/vs_openspiel.py hexade --opt base=7 --ours 1000

Without GAME, every game; without --opt, every board size the pocket board
offers and the official one (hexgames' default). For each, --games games
(colours alternate: game k is seeded 1000 + k and ours moves first in the
even ones), then our wins/draws/losses, as X and as O, and the score with a
95% interval. The games run side by side (host_sim/pool.py: --workers, one
per core by default, or --ray ADDRESS on a Ray cluster); a game's seed fixes it.

OpenSpiel's MCTSBot (UCT c=2, one random rollout a simulation, the solver on)
searches our own rules through tools/bench/spiel_game.py: it knows only our
Game interface. Ours plays as the board does: a level (default 5) at its
game's CHIP_RATE iterations a move, no clock; --ours N gives its search N
iterations instead (N = --sims: equal budgets). In XiaGo and Hexmeister
OpenSpiel's rollouts are cut (--cut, default the game's PLAYOUT_PLIES, as our
search cuts its playouts) and scored by the game's own evaluation (--score
eval) or as a draw (--score draw).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spiel_game  # noqa: E402  (puts the firmware on the path)
import hexgames  # noqa: E402
from host_sim import pool  # noqa: E402
from host_sim.match import Searcher, summary, score_so_far, tally  # noqa: E402


def play(name, options, sims, ours_first, seed, level=5, playouts=None, cut=None, score="eval"):
    """One game: (our result as OpenSpiel's state scores it: 1 won, 0 drawn,
    -1 lost; our engine's record of the game)."""
    game = spiel_game.load(name, **options)
    state = game.new_initial_state()
    g = spiel_game.engine(state)
    if cut is None:
        cut = getattr(g, "PLAYOUT_PLIES", 0)
    theirs = spiel_game.mcts_bot(game, sims, seed, cut, score)
    ours = Searcher(level, seed, playouts)
    our_side = 1 if ours_first else 2
    while not state.is_terminal():
        if g.to_move == our_side:
            state.apply_action(ours.choose(g.copy()))
        else:
            state.apply_action(theirs.step(state))
    return int(state.returns()[our_side - 1]), g.record()


def game(task):
    """play(*task): one game as a pool's task."""
    return play(*task)


def boards(name):
    """The options of each board size of a game: those the pocket board
    offers (app/games.py) and the official one, smallest first."""
    from app import games, layout
    _, key, _, _ = games.spec(name)
    if key is None:
        return [{}]
    official = [d for k, d, _ in hexgames.new(name).OPTIONS if k == key][0]
    sizes = sorted(set(games.sizes(layout.load("pocket"), name)) | {official})
    return [{key: s} for s in sizes]


def tasks(name, opts, sims, games, first=0, level=5, playouts=None, cut=None, score="eval"):
    if type(games) is not int or games < 1:
        raise ValueError("--games must be a whole number of at least 1, not %r" % (games,))
    hexgames.new(name, **opts)            # bad options are refused here, not in a worker
    return [(name, opts, sims, k % 2 == 0, 1000 + k, level, playouts, cut, score)
            for k in range(first, first + games)]


def line(name, opts, ours, sims, ts, results):
    """A match's summary: ours against OpenSpiel, as X, as O and in all."""
    w, d, l = tally(results)
    score, lo, hi, elo = summary(w, d, l)
    x = tally([r for t, r in zip(ts, results) if t[3]])
    o = tally([r for t, r in zip(ts, results) if not t[3]])
    size = " ".join("%s=%s" % kv for kv in opts.items())
    return ("%s %s: Honeycomb %s vs OpenSpiel MCTS %d: +%d =%d -%d (as X +%d =%d -%d, as O"
            " +%d =%d -%d), score %.3f (95%% %.3f-%.3f), Elo %+.0f"
            % ((name, size, ours, sims, w, d, l) + x + o + (score, lo, hi, elo)))


def options(pairs):
    out = {}
    for p in pairs or ():
        k, eq, v = p.partition("=")
        if not eq:
            raise SystemExit("--opt takes NAME=VALUE, not %r" % p)
        out[k] = v == "true" if v in ("true", "false") else int(v)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("names", metavar="GAME", nargs="*", help="default: every game")
    ap.add_argument("--opt", action="append",
                    help="a game option, NAME=VALUE (e.g. base=7); default: each board size")
    ap.add_argument("--sims", type=int, default=1000, help="OpenSpiel's simulations a move")
    ap.add_argument("--games", type=int, default=10, help="games a board size")
    ap.add_argument("--level", type=int, default=5)
    ap.add_argument("--ours", type=int, help="our iterations a move (default: the level's)")
    ap.add_argument("--cut", type=int, help="OpenSpiel's rollout cut in plies (0: none)")
    ap.add_argument("--score", default="eval", choices=("eval", "draw"))
    ap.add_argument("--first", type=int, default=0, help="the first game's number")
    ap.add_argument("--workers", type=int, help="games played at once (default: one per core)")
    ap.add_argument("--ray", metavar="ADDRESS", help="play on a Ray cluster: address, auto, local")
    args = ap.parse_args(argv)
    opts = options(args.opt)
    for name in args.names:
        if name not in hexgames.GAMES:
            ap.error("unknown game %r (%s)" % (name, ", ".join(hexgames.GAMES)))
    matches = []
    for name in args.names or hexgames.GAMES:
        for o in [opts] if opts else boards(name):
            try:
                matches.append((name, o, tasks(name, o, args.sims, args.games, args.first,
                                               args.level, args.ours, args.cut, args.score)))
            except ValueError as e:
                raise SystemExit("error: %s %s: %s" % (name, o, e))
    flat = [t for _, _, ts in matches for t in ts]
    results = list(pool.imap(game, flat, args.workers, args.ray, score_so_far))
    ours = "L%d" % args.level + (" at %d" % args.ours if args.ours else "")
    out = []
    for name, o, ts in matches:
        mine, results = results[:len(ts)], results[len(ts):]
        out.append(line(name, o, ours, args.sims, ts, mine))
        print(out[-1], flush=True)
    return out


if __name__ == "__main__":
    main()
