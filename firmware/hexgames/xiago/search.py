# XiaGo's search: the common MCTS (hexgames/ai.py) with three changes.
# 1. A node lists only the moves its priors rate above a plain neutral
#    step (knowledge.moves_into): placements that are not self-ataris or
#    own eyes, neutral steps that capture, atari or save, and always the
#    pass. On base 6 that is some 70 children instead of 190, the tree's
#    memory holds more nodes, the few playouts a second on the chip go to
#    moves worth trying, and an expansion checks only those neutral steps.
# 2. Only a pass ends a XiaGo game, so the look for decisive moves near the
#    root plays out the pass child alone, and one level down only after a
#    pass: the common scan plays every child of ~190, which on the chip
#    costs more than the whole second of search.
# 3. Few iterations: 2 at level 2, 22 at level 5. So a capture or an escape
#    (a prior of SURE and more) starts with twice the prior's visits, which
#    keeps plain moves out of the weaker levels' sample of the most visited.
from micropython import const
from hexgames.xiago import knowledge
from hexgames.ai import Search as _Search

_WIN = const(1)             # as in ai.py
_LOSS = const(2)
_PASS = const(2 << 20)      # as in rules.py


class Search(_Search):
    SURE = 14

    def _children(self, g):
        return knowledge.moves_into(g, self.buf, self.prior)

    def _scan(self, v, depth, s=0):
        """Prove the pass child of v if it ends the game: at the root, and
        one level down after a pass. Leaves the scratch game at v."""
        t = self.tree
        m = -1
        if depth == 1:
            m = t.move[v]
            if m != _PASS:
                return
        for c in range(t.first[v], t.first[v] + t.kids[v]):
            if t.move[c] == _PASS:
                w = self.after(m, _PASS) if m >= 0 else self.after(_PASS)
                if w:
                    t.proven[c] = _WIN if w == t.who[c] else _LOSS
                self._back(m)
