# The opponent's level 1: a beginner that looks one move ahead, no search.
from hexgames.board import zeros
from hexgames.scratch import Scratch
from hexgames.rng import Rng


class Greedy(Scratch):
    """Level 1, the beginner: looks one move ahead only. Takes a win in one,
    never plays a move that loses at once, and otherwise picks by the game's
    move priors (where it has them) with noise. One root move per iterate()."""
    NOISE = 12               # added to the 0..16 prior: a beginner's taste

    def __init__(self, seed=1, memory=0):
        self.rng = Rng(seed)
        self.root = None
        self.buf = None

    def start(self, game):
        # a game whose priors alone play about as well as its few iterations
        # at level 2 asks for a noisier beginner (BEGINNER_NOISE)
        self.noise = getattr(game, "BEGINNER_NOISE", self.NOISE)
        self.prepare(game)
        self.k = self.choices            # the root's moves are in buf
        if self.priors and self.k:
            game.priors_into(self.buf, self.k, self.prior)
        self.scores = zeros("i", max(1, self.k))
        self.won = False

    def solved(self):
        return self.won or self.playouts >= self.k

    def iterate(self):
        i = self.playouts
        mover = self.root.to_move
        w = self.after(self.buf[i])
        if w == mover:
            self.scores[i] = 1 << 29
            self.won = True
        elif w:
            self.scores[i] = -1
        else:
            self.scores[i] = (self.prior[i] if self.priors else 8) + self.rng.below(self.noise)
        self.playouts = i + 1

    def ranked(self):
        out = [(self.scores[i], self.rng.below(32768), self.buf[i]) for i in range(self.playouts)]
        out.sort()
        out.reverse()
        return [(sc, m) for sc, r, m in out]
