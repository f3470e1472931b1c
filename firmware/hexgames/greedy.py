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
        self.replies = None

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
        # a game whose win must outlast the reply (Hexade's six) has no move
        # that ends it at once; it says after which moves a win waits for the
        # reply (pending): such a move wins if every reply leaves the game won
        self.outlast = getattr(game, "pending", None) is not None
        if self.outlast and (self.replies is None or len(self.replies) < game.max_moves):
            self.replies = None
            self.replies = zeros("i", game.max_moves)

    def solved(self):
        return self.won or self.playouts >= self.k

    def iterate(self):
        i = self.playouts
        mover = self.root.to_move
        m = self.buf[i]
        w = self.after(m)
        if not w and self.outlast and self._outlasts(m, mover):
            w = mover
        if w == mover:
            self.scores[i] = 1 << 29
            self.won = True
        elif w:
            self.scores[i] = -1
        else:
            self.scores[i] = (self.prior[i] if self.priors else 8) + self.rng.below(self.noise)
        self.playouts = i + 1

    def _outlasts(self, m, mover):
        """Does every reply to root move m leave the game won by mover?"""
        g = self.scratch                    # after m: self.after left it there
        if g.to_move != 3 - mover or g.pending() != mover:
            return False
        r = self.replies
        n = g.moves_into(r)
        for j in range(n):
            if self.after(m, r[j]) != mover:
                return False
        return n > 0

    def ranked(self):
        out = [(self.scores[i], self.rng.below(32768), self.buf[i]) for i in range(self.playouts)]
        out.sort()
        out.reverse()
        return [(sc, m) for sc, r, m in out]
