# Hexade's search: the common MCTS (hexgames/ai.py) with three changes.
# 1. A node keeps only its WIDTH best moves by the priors (knowledge): at
#    the chip's few dozen iterations a move, reading the few moves that make
#    or stop sixes deeper beats spreading the visits. Base 7, 48 iterations a
#    move, 100 games each: width 5 beat 8 by 60%, 8 beat 12 by 60%, 12 beat
#    24 by 67%, 5 beat 3 by 55%, and width 5 at 26 iterations beat 24 at 48
#    by 58%.
# 2. A cheaper look for wins in one. A Hexade move never wins at once (a six
#    must outlast the reply), so the only moves that end the game are those
#    after the opponent made a six (the move fails to capture it) or that
#    fill the last cell; elsewhere the game's ends_into says at once that no
#    move does, where playing out every reply would cost a restore each.
# 3. A node is expanded on its third real visit (EXPAND_AT).
from hexgames.board import zeros
from micropython import const
from hexgames.ai import Search as _Search
from hexgames.native import pick

# the choice of the kept moves: a native kernel where the VM has one, else
# its plain-Python twin
K = pick("hexade.opponent.kernels", "hexade.opponent.twins")

_WIDTH = const(5)


class Search(_Search):
    WIDTH = _WIDTH
    EXPAND_AT = 3

    def __init__(self, seed=1, memory=32 * 1024):
        _Search.__init__(self, seed, memory)
        self.count = zeros("H", 17)      # moves per prior value
        self.draws = zeros("i", 2)       # the generator's state, for K.best

    def _children(self, g):
        k = g.moves_into(self.buf)
        g.priors_into(self.buf, k, self.prior)
        return self._best(k) if k > self.WIDTH else k

    def _best(self, k):
        """Move the WIDTH moves of the highest priors to the front of buf
        and prior; those tied at the lowest prior kept are a random choice
        among the ties (selection sampling, from the search's generator).
        Returns how many are kept (twins.best)."""
        rng, draws = self.rng, self.draws
        draws[0] = rng.x1
        draws[1] = rng.x2
        w = K.best(self.buf, self.prior, k, self.WIDTH, self.count, draws)
        rng.x1 = draws[0]
        rng.x2 = draws[1]
        return w
