"""Hex 7x7: the opponent's search against OpenSpiel's MCTS at equal simulations.

OpenSpiel is an optional, test-only dependency (PyPI `open_spiel`, ~300 MB):
  python -m venv /tmp/os && /tmp/os/bin/pip install open_spiel==2.0.2
  /tmp/os/bin/python tools/vs_openspiel.py --sims 200 --games 40
OpenSpiel's bot uses random rollouts; ours is the whole search as the top
level plays it (Hex's playouts, priors and RAVE). OpenSpiel's hex has the same numbering as
ours (action = row * size + column) and its first player also joins top and
bottom, so moves pass through unchanged.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
import host_sim  # noqa: E402,F401
import hexgames  # noqa: E402
from host_sim.match import Searcher, summary  # noqa: E402

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402


def play(size, sims, ours_first, seed):
    game = pyspiel.load_game("hex(num_rows=%d,num_cols=%d)" % (size, size))
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    theirs = mcts.MCTSBot(game, 2.0, sims, mcts.RandomRolloutEvaluator(1, rng), random_state=rng,
                          solve=True)
    ours = Searcher(5, seed, sims)
    g = hexgames.new("hex", size=size)
    our_side = 1 if ours_first else 2
    while g.to_move:
        if g.to_move == our_side:
            m = ours.choose(g)
        else:
            m = theirs.step(state)
        g.play(m)
        state.apply_action(m)
    assert state.is_terminal()
    winner = g.result()[0]
    assert state.returns()[winner - 1] == 1.0, "the two engines disagree on the winner"
    return winner == our_side


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=7)
    ap.add_argument("--sims", type=int, default=200)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--c", type=int, help="our exploration constant x 1024 (default: Search.C)")
    args = ap.parse_args()
    if args.c:
        from hexgames.ai import Search
        Search.C = args.c
    wins = 0
    for k in range(args.games):
        wins += play(args.size, args.sims, k % 2 == 0, 1000 + k)
    score, lo, hi, elo = summary(wins, 0, args.games - wins)
    print("hex %dx%d, %d simulations each: Honeycomb L5 search vs OpenSpiel MCTS: +%d -%d, "
          "score %.3f (95%% %.3f-%.3f), Elo %+.0f" % (args.size, args.size, args.sims, wins,
                                                      args.games - wins, score, lo, hi, elo))


if __name__ == "__main__":
    main()
