"""Simple computer players for the simulator (the on-chip AI is a later piece).

random  -- any legal move
mc      -- flat Monte Carlo: each legal move gets an equal share of random
           playouts; the move with the best average result for the mover wins.
"""
from hexgames.rng import Rng


class RandomPlayer:
    name = "random"

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def choose(self, game):
        ms = game.moves()
        return ms[self.rng.below(len(ms))]


class FlatMonteCarlo:
    name = "mc"
    playouts = 600           # the whole budget of one move
    min_each = 4             # even with many moves, every move gets a few playouts
    max_plies = 400          # a cut-off playout counts as a draw

    def __init__(self, seed=1, playouts=None):
        self.seed = seed
        if playouts:
            self.playouts = playouts

    def choose(self, game):
        ms = game.moves()
        if len(ms) == 1:
            return ms[0]
        me = game.to_move
        each = max(self.min_each, self.playouts // len(ms))
        best, best_score = ms[0], -1
        for m in ms:
            after = game.copy()
            after.play(m)
            score = 0
            for _ in range(each):
                self.seed += 1
                r = after.copy().playout(self.seed, self.max_plies)
                if r is None or r[0] == 0:
                    score += 1
                elif r[0] == me:
                    score += 2
            if score > best_score:
                best, best_score = m, score
        return best


PLAYERS = {"random": RandomPlayer, "mc": FlatMonteCarlo}
