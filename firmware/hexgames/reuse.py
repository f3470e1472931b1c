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
        old root's, after the moves played since; None if there is none, or
        it was never expanded. Called before prepare() moves the root.
        (Before the first search the root is None, whose type is no game's;
        a finished game's node is never expanded.)"""
        old, t = self.root, self.tree
        if type(old) is not type(game) or old.options != game.options or old._origin != game._origin:
            return None
        h, h0 = game._hist, old._hist
        n = len(h0)
        if len(h) < n:
            return None
        for i in range(n):
            if h[i] != h0[i]:
                return None
        v = 0
        for i in range(n, len(h)):
            v = self._child(v, h[i])
            if not v:
                return None
        return v if t.kids[v] else None

    def _child(self, v, m):
        """v's child for move m, or 0 (the root, nobody's child: m was not
        listed, or v not expanded)."""
        t = self.tree
        f = t.first[v]
        for c in range(f, f + t.kids[v]):
            if t.move[c] == m:
                return c
        return 0

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
        if depth:
            self._back(t.move[v])
        else:
            self.restore()
        f = t.first[v]
        buf = self.buf
        for i in range(t.kids[v]):
            buf[i] = t.move[f + i]
        self._scan(v, depth, 0)
