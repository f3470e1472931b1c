"""Simple computer players for the simulator: the baselines the opponent is measured against.

random  -- any legal move
mc      -- flat Monte Carlo: each legal move gets an equal share of playouts
           (the game's own policy, cut off and judged where the game says so,
           as in the opponent's search); the move with the best average result
           for the mover wins.
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
    playouts = 600           # the whole budget of one move, shared round-robin
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
        # the same playouts as the search's: cut off at PLAYOUT_PLIES and
        # judged by evaluate() in games whose random games run long
        plies = getattr(game, "PLAYOUT_PLIES", self.max_plies)
        judge = getattr(game, "evaluate", None) is not None
        # exactly `playouts` playouts: the first (playouts % k) moves get one
        # more; with fewer playouts than moves the last moves get none
        k = len(ms)
        best, best_rate = ms[0], -1
        for i in range(min(k, self.playouts)):
            each = self.playouts // k + (1 if i < self.playouts % k else 0)
            after = game.copy()
            after.play(ms[i])
            score = 0
            for _ in range(each):
                self.seed += 1
                g = after.copy()
                r = g.playout(self.seed, plies)
                w = r[0] if r else g.evaluate() if judge else 0
                if w == 0:
                    score += 1
                elif w == me:
                    score += 2
            if score * 1000 // each > best_rate:
                best, best_rate = ms[i], score * 1000 // each
        return best

