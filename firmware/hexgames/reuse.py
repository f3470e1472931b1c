# The search goes on from the last one. Between two moves of a player the
# opponent has replied, and the last search has already read below that
# reply: its subtree is most of what a move's search adds to a root it
# would otherwise start from nothing (level 5 keeps 7-13% of a move's
# visits; docs/speed-and-strength.md). The subtree is found by the game's
# history, which must go on from the last root's, so an undo, a new game
# or a loaded position starts a new tree; a line the last search never
# expanded does too. A mixin of ai.Search: its tree, copies and scans.


class Reuse:

    def _reached(self, game):
        """The node of the last search's tree that game's position is: the
        old root's, after the moves played since; -1 if there is none, or
        it was never expanded. Called before prepare() moves the root."""
        old, t = self.root, self.tree
        if old is None or t.used == 0 or not game.to_move or type(old) is not type(game):
            return -1
        if old.options != game.options or old._origin != game._origin:
            return -1
        h, h0 = game._hist, old._hist
        n = len(h0)
        if len(h) < n:
            return -1
        for i in range(n):
            if h[i] != h0[i]:
                return -1
        v = 0
        for i in range(n, len(h)):
            v = self._child(v, h[i])
            if v < 0:
                return -1
        return v if t.kids[v] else -1

    def _child(self, v, m):
        """v's child for move m, or -1 (not expanded, or m not listed)."""
        t = self.tree
        f = t.first[v]
        for c in range(f, f + t.kids[v]):
            if t.move[c] == m:
                return c
        return -1

    def _go_on(self, r, keep):
        """Node r the root, its subtree kept and the rest freed by the
        kernel keep; returns the nodes kept. Its nodes near the root were
        deeper than the scan looks when they were expanded: scanned now."""
        t = self.tree
        t.used = keep(r, t.used, t.move, t.first, t.visits, t.wins, t.kids, t.amaf_n,
                      t.amaf_w, t.who, t.proven, t.born)
        self._rescan(0, 0)
        for c in range(t.first[0], t.first[0] + t.kids[0]):
            if t.kids[c]:
                self._rescan(c, 1)
                self._prove(c)
        self.restore()
        self._prove(0)
        return t.used

    def _rescan(self, v, depth):
        """Kept node v scanned for moves that end the game as its expansion
        would be (ai.Search._scan), its children's moves listed in buf."""
        t = self.tree
        self._back(t.move[v] if depth else -1)
        f = t.first[v]
        buf = self.buf
        for i in range(t.kids[v]):
            buf[i] = t.move[f + i]
        self._scan(v, depth, 0)
