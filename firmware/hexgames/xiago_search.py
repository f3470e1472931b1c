# XiaGo's search: the common MCTS (hexgames/ai.py) with three changes.
# 1. A node is expanded on its second real visit. A child starts with the
#    prior's visits (PRIOR_VISITS), and the common test counts those too:
#    every iteration would then expand a whole line of new nodes down to
#    the end of the memory, and the tree would stop growing after one.
# 2. A node lists only the moves its priors rate above a plain neutral
#    step (xiago_know.moves_into): placements that are not self-ataris or
#    own eyes, neutral steps that capture, atari or save, and always the
#    pass. On base 6 that is some 70 children instead of 190, the tree's
#    memory holds more nodes, the few playouts a second on the chip go to
#    moves worth trying, and an expansion checks only those neutral steps.
# 3. Only a pass ends a XiaGo game, so the look for decisive moves near the
#    root plays out the pass child alone, and one level down only after a
#    pass: the common scan plays every child of ~190, which on the chip
#    costs more than the whole second of search.
from micropython import const
from hexgames import xiago_know
from hexgames.ai import Search as _Search

_UNEXPANDED = const(-1)     # as in ai.py
_WIN = const(1)
_LOSS = const(2)
_PASS = const(2 << 20)      # as in xiago.py


class Search(_Search):
    def start(self, game):
        _Search.start(self, game)
        self.EXPAND_AT = self.prior_visits + 2

    def _expand(self, v, g, depth):
        t = self.tree
        buf, prior = self.buf, self.prior
        k = xiago_know.moves_into(g, buf, prior)
        f = t.used
        if f + k > t.size:
            return False
        mover = g.to_move
        pv = self.prior_visits
        for i in range(k):
            c = f + i
            t.move[c] = buf[i]
            t.first[c] = _UNEXPANDED
            t.kids[c] = t.proven[c] = t.amaf_n[c] = t.amaf_w[c] = 0
            t.visits[c] = pv
            t.wins[c] = (prior[i] * pv) >> 3
            t.who[c] = mover
        t.first[v] = f
        t.kids[v] = k
        t.used = f + k
        if depth <= self.SCAN_DEPTH:
            self._scan(v, depth)
        return True

    def _scan(self, v, depth):
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
                g = self.scratch
                g.restore(self.root, self.names)
                if m >= 0:
                    g._apply(m)
