# The search of inpHeXion and of Hex: the common MCTS (hexgames/ai.py), but
# a node is expanded on its second real visit. A child starts with the
# prior's visits (PRIOR_VISITS), and the common test counts those too: with
# move priors every iteration would then expand a whole line of new nodes
# down to the end of the game or of the memory (on an empty 7x7 Hex board
# the first iteration alone took some 0.8 s of chip time and 1200 nodes), and
# the children one level down, never expanded, would never be checked for
# an enemy reply that wins at once.
from hexgames.ai import Search as _Search


class Search(_Search):
    def start(self, game):
        _Search.start(self, game)
        self.EXPAND_AT = self.prior_visits + 2
