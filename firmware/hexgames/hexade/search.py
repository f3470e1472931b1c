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

_WIDTH = const(5)


class Search(_Search):
    WIDTH = _WIDTH
    EXPAND_AT = 3

    def __init__(self, seed=1, memory=32 * 1024):
        _Search.__init__(self, seed, memory)
        self.count = zeros("H", 17)      # moves per prior value

    def _children(self, g):
        k = g.moves_into(self.buf)
        g.priors_into(self.buf, k, self.prior)
        return self._best(k) if k > self.WIDTH else k

    def _best(self, k):
        """Move the WIDTH moves of the highest priors to the front of buf
        and prior; those tied at the lowest prior kept are a random choice
        among the ties (selection sampling). Returns how many are kept."""
        buf, prior, count = self.buf, self.prior, self.count
        for i in range(17):
            count[i] = 0
        for i in range(k):
            count[prior[i]] += 1
        low = 16
        n = count[16]
        while n < self.WIDTH and low > 0:
            low -= 1
            n += count[low]
        ties = count[low]
        room = self.WIDTH - (n - ties)      # places for the moves of prior low
        below = self.rng.below
        w = 0
        for i in range(k):                  # every swap brings a visited move to i
            p = prior[i]
            if p < low:
                continue
            if p == low:
                take = below(ties) < room
                ties -= 1
                if not take:
                    continue
                room -= 1
            m = buf[i]
            buf[i] = buf[w]
            buf[w] = m
            prior[i] = prior[w]
            prior[w] = p
            w += 1
        return w
