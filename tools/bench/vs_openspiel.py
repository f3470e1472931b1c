"""Hex 7x7: the board's level 5 against OpenSpiel's MCTS.

OpenSpiel is an optional, test-only dependency (PyPI `open_spiel`, ~300 MB):
  python -m venv /tmp/os && /tmp/os/bin/pip install open_spiel==2.0.2
  /tmp/os/bin/python tools/bench/vs_openspiel.py --sims 1000 --games 100
Ours plays exactly as the board does: level 5, its CHIP_RATE iterations a
move, no clock (--ours N: the same search at N playouts instead, e.g. equal
simulations). OpenSpiel's bot uses random rollouts, exploration 2 and its
solver. OpenSpiel's hex has the same numbering as ours (action = row * size
+ column) and its first player also joins top and bottom, so moves pass
through unchanged. Colours alternate, game k from seed 1000 + k.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
import host_sim  # noqa: E402,F401
import hexgames  # noqa: E402
from host_sim.match import Searcher, summary  # noqa: E402

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402


def play(size, sims, ours_first, seed, playouts=None):
    game = pyspiel.load_game("hex(num_rows=%d,num_cols=%d)" % (size, size))
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    theirs = mcts.MCTSBot(game, 2.0, sims, mcts.RandomRolloutEvaluator(1, rng), random_state=rng,
                          solve=True)
    ours = Searcher(5, seed, playouts)
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
    ap.add_argument("--ours", type=int, help="our playouts a move (default: level 5's CHIP_RATE)")
    ap.add_argument("--c", type=int, help="our exploration constant x 1024 (default: Search.C)")
    args = ap.parse_args()
    if args.c:
        from hexgames.ai import Search
        Search.C = args.c
    wins = 0
    for k in range(args.games):
        wins += play(args.size, args.sims, k % 2 == 0, 1000 + k, args.ours)
    score, lo, hi, elo = summary(wins, 0, args.games - wins)
    ours = args.ours or hexgames.new("hex", size=args.size).CHIP_RATE
    print("hex %dx%d: Honeycomb level 5 (%d playouts a move) vs OpenSpiel MCTS (%d simulations):"
          " +%d -%d, score %.3f (95%% %.3f-%.3f), Elo %+.0f"
          % (args.size, args.size, ours, args.sims, wins, args.games - wins, score, lo, hi, elo))


if __name__ == "__main__":
    main()
