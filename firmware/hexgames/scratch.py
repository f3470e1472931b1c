# The position a search starts from, and a scratch game that each step of
# the search restores from it in place: copying the root's state into
# preallocated buffers allocates nothing, where a copy() per playout would.
# Shared by the MCTS (ai.py) and the beginner (greedy.py).
#
# A restore runs once per iteration and once per move tried near the root,
# so it is planned once per search: the pairs of buffers to copy (one
# memcpy each) and the names of the plain values. A game may name its
# state in STATE (the buffers its moves change and the values they set);
# without it every attribute of the game is taken, tables included.
from hexgames.board import zeros
from hexgames.game import _ALL, _BUFFERS, buffers


class Scratch:
    """A copy of the position searched from (root) and a scratch game that
    each iteration restores from it in place, so no iteration allocates."""

    def prepare(self, game):
        if self.buf is None or len(self.buf) < game.max_moves:
            self.buf = None
            self.buf = zeros("i", game.max_moves)
            self.prior = bytearray(game.max_moves)
        # the root's moves in buf
        self.choices = game.moves_into(self.buf) if game.to_move else 0
        state = getattr(game, "STATE", None)
        # A game that names its state is searched again, a move later, in
        # the copies of the last search, made the new position in place:
        # two copies a move less of garbage to scatter the heap.
        if not (state and _take(self.root, game, state) and _take(self.scratch, game, state)):
            self.root = self.scratch = None
            self.root = game.copy()
            self.scratch = game.copy()
            self._plan(state or self.root.state_names())
        self.restore()
        self.priors = getattr(game, "priors_into", None) is not None
        self.playouts = 0

    def _plan(self, names):
        root, g = self.root, self.scratch
        pairs = []
        plain = []
        for k in names:
            v = getattr(root, k)
            w = getattr(g, k)
            if isinstance(v, _BUFFERS):
                if w is not v:          # a table the copies share is skipped
                    pairs.append((w, v))
            elif buffers(v):
                for i in range(len(v)):
                    if w[i] is not v[i]:
                        pairs.append((w[i], v[i]))
            else:
                plain.append(k)
        self.pairs = tuple(pairs)
        self.plain = tuple(plain)

    def restore(self):
        """The scratch game at the root's position again."""
        for w, v in self.pairs:
            w[_ALL] = v
        g, root = self.scratch, self.root
        for k in self.plain:
            setattr(g, k, getattr(root, k))

    def after(self, m, m2=None):
        """The scratch game after move m (and m2) from the root; the winner
        if that ends the game, else 0."""
        self.restore()
        g = self.scratch
        g._apply(m)
        if m2 is not None and g.to_move:
            g._apply(m2)
        return 0 if g.to_move else g.result()[0]


_BASE = ("options", "_origin", "_hist")      # Game's own, besides a game's STATE


def _take(g, src, state):
    """Makes g, a copy of an earlier position of a game like src, src's
    position in place (the names of state and _BASE, as copy() takes them):
    True, or False where it cannot (no copy yet, another game or options)."""
    if g is None or type(g) is not type(src) or g.options != src.options:
        return False
    g.restore(src, _BASE)
    g.restore(src, state)
    return True
