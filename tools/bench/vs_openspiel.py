"""The board's opponent against OpenSpiel's MCTS, in any of our games.

OpenSpiel is an optional dependency (PyPI `open_spiel`, ~300 MB):
  .venv/bin/pip install open_spiel==2.0.2
  .venv/bin/python tools/bench/vs_openspiel.py hexgo --sims 1000 --games 100
  .venv/bin/python tools/bench/vs_openspiel.py hexade --opt base=7 --ours 1000

OpenSpiel's MCTSBot (UCT c=2, one random rollout a simulation, the solver on)
searches our own rules through tools/bench/spiel_game.py: it knows only our
Game interface. Ours plays as the board does: a level (default 5) at its
game's CHIP_RATE iterations a move, no clock; --ours N gives its search N
iterations instead (N = --sims: equal budgets). In XiaGo and Hexmeister
OpenSpiel's rollouts are cut (--cut, default the game's PLAYOUT_PLIES, as our
search cuts its playouts) and scored by the game's own evaluation (--score
eval) or as a draw (--score draw). Colours alternate: game k is seeded
1000 + k and ours moves first in the even ones.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spiel_game  # noqa: E402  (puts the firmware on the path)
import hexgames  # noqa: E402
from host_sim.match import Searcher, summary  # noqa: E402


def play(name, options, sims, ours_first, seed, level=5, playouts=None, cut=None, score="eval"):
    """One game; returns the winner as seen by us: 1 won, 0 drawn, -1 lost."""
    game = spiel_game.load(name, **options)
    state = game.new_initial_state()
    g = spiel_game.engine(state)
    if cut is None:
        cut = getattr(g, "PLAYOUT_PLIES", 0)
    theirs = spiel_game.mcts_bot(game, sims, seed, cut, score)
    ours = Searcher(level, seed, playouts)
    our_side = 1 if ours_first else 2
    while g.to_move:
        if g.to_move == our_side:
            state.apply_action(ours.choose(g.copy()))
        else:
            state.apply_action(theirs.step(state))
    w = g.result()[0]
    return 0 if w == 0 else 1 if w == our_side else -1


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
    ap.add_argument("game", choices=hexgames.GAMES)
    ap.add_argument("--opt", action="append", help="a game option, NAME=VALUE (e.g. base=7)")
    ap.add_argument("--sims", type=int, default=1000, help="OpenSpiel's simulations a move")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--level", type=int, default=5)
    ap.add_argument("--ours", type=int, help="our iterations a move (default: the level's)")
    ap.add_argument("--cut", type=int, help="OpenSpiel's rollout cut in plies (0: none)")
    ap.add_argument("--score", default="eval", choices=("eval", "draw"))
    ap.add_argument("--first", type=int, default=0, help="the first game's number")
    args = ap.parse_args(argv)
    opts = options(args.opt)
    w = d = l = 0
    for k in range(args.first, args.first + args.games):
        r = play(args.game, opts, args.sims, k % 2 == 0, 1000 + k, args.level, args.ours,
                 args.cut, args.score)
        w, d, l = w + (r > 0), d + (r == 0), l + (r < 0)
        print("game %d: %s" % (k, "won" if r > 0 else "drawn" if r == 0 else "lost"), flush=True)
    score, lo, hi, elo = summary(w, d, l)
    g = hexgames.new(args.game, **opts)
    ours = args.ours or "L%d" % args.level
    print("%s %s: Honeycomb %s vs OpenSpiel MCTS %d: +%d =%d -%d, score %.3f (95%% %.3f-%.3f),"
          " Elo %+.0f" % (args.game, opts or "", ours, args.sims, w, d, l, score, lo, hi, elo))
    return g


if __name__ == "__main__":
    main()
