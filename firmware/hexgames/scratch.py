# The position a search starts from, and a scratch game that each step of
# the search restores from it in place: copying the attributes the game names
# (state_names) into preallocated buffers allocates nothing, where a copy()
# per playout would. Shared by the MCTS (ai.py) and the beginner (greedy.py).
from hexgames.board import zeros


class Scratch:
    """A copy of the position searched from (root) and a scratch game that
    each iteration restores from it in place, so no iteration allocates."""

    def prepare(self, game):
        self.root = game.copy()
        self.scratch = game.copy()
        if self.buf is None or len(self.buf) < game.max_moves:
            self.buf = None
            self.buf = zeros("i", game.max_moves)
            self.prior = bytearray(game.max_moves)
        # the root's moves in buf; attribute names are taken after one step
        # too, in case a game sets some only when playing
        self.choices = game.moves_into(self.buf) if game.to_move else 0
        if self.choices:
            self.scratch._apply(self.buf[0])
        names = list(self.root.state_names())
        for k in self.scratch.state_names():
            if k not in names:
                names.append(k)
        self.names = tuple(names)
        self.priors = getattr(game, "priors_into", None) is not None
        self.playouts = 0

    def after(self, m, m2=-1):
        """The scratch game after move m (and m2) from the root; the winner
        if that ends the game, else 0."""
        g = self.scratch
        g.restore(self.root, self.names)
        g._apply(m)
        if m2 >= 0 and g.to_move:
            g._apply(m2)
        return g.result()[0] if g.to_move == 0 else 0
