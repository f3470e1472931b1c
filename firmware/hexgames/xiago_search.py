# XiaGo's search: the common MCTS (hexgames/ai.py) with four changes.
# 1. A node is expanded on its second real visit. The common search takes
#    PRIOR_VISITS off a node's visits for that; here a child starts with
#    once or twice those (see 4.), so amaf_n (no RAVE here) keeps each
#    child's own. (iterate() is the common one with that test changed.)
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
# 4. Few iterations: 3 at level 2, 26 at level 5. So a capture or an escape
#    (a prior of 14 and more) starts with twice the prior's visits, which
#    keeps plain moves out of the weaker levels' sample of the most visited;
#    and children are listed from a random starting point, because the
#    selection breaks ties by list order and the list is by cell: the first
#    iterations all went to the top rows of the board.
from micropython import const
from hexgames import xiago_know
from hexgames.ai import Search as _Search

_UNEXPANDED = const(-1)     # as in ai.py
_WIN = const(1)
_LOSS = const(2)
_PASS = const(2 << 20)      # as in xiago.py
_SURE = const(14)           # priors this high (captures, escapes) count twice


class Search(_Search):
    def iterate(self):
        # ai.Search.iterate, but a leaf is expanded on its second real
        # visit: amaf_n (no RAVE here) holds the visits its prior gave it.
        t = self.tree
        g = self.scratch
        g.restore(self.root, self.names)
        path = self.path
        v = 0
        depth = 0
        path[0] = 0
        while True:
            if t.proven[v] or g.to_move == 0:
                break
            if t.first[v] == _UNEXPANDED:
                if t.visits[v] - t.amaf_n[v] < 1 or not self._expand(v, g, depth):
                    break
            v = self._select(v)
            g._apply(t.move[v])
            depth += 1
            path[depth] = v
            if g.to_move == 0:
                w = g.result()[0]
                if w:
                    t.proven[v] = _WIN if w == t.who[v] else _LOSS
                break
        if t.proven[v]:
            winner = t.who[v] if t.proven[v] == _WIN else 3 - t.who[v]
        elif g.to_move:
            self.seed += 1
            r = g.playout(self.seed, self.max_plies)
            winner = r[0] if r else g.evaluate()
        else:
            winner = g.result()[0]
        self._backup(depth, winner)
        self.playouts += 1

    def _expand(self, v, g, depth):
        t = self.tree
        buf, prior = self.buf, self.prior
        k = xiago_know.moves_into(g, buf, prior)
        f = t.used
        if f + k > t.size:
            return False
        mover = g.to_move
        pv = self.prior_visits
        s = self.rng.below(k)       # children from a random start: see 4.
        for i in range(k):
            c = f + i
            j = i + s
            if j >= k:
                j -= k
            t.move[c] = buf[j]
            t.first[c] = _UNEXPANDED
            t.kids[c] = t.proven[c] = t.amaf_w[c] = 0
            n = pv if prior[j] < _SURE else 2 * pv
            t.visits[c] = t.amaf_n[c] = n
            t.wins[c] = (prior[j] * n) >> 3
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
