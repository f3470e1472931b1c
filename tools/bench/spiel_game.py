"""Our rules as an OpenSpiel game, so that OpenSpiel's own search plays them.

OpenSpiel's MCTS then searches our CPython engine through the Game interface
only (moves, play, copy, to_move, result): it knows nothing of our search.

  game = spiel_game.load("hexgo")                  # pyspiel.Game
  bot = spiel_game.mcts_bot(game, 1000, seed)      # OpenSpiel's MCTSBot
  spiel_game.engine(state)                         # our Game inside a state

An action is our move number as it is (the engines' moves are small integers,
some of them packed: from and to, a cell and a direction), so a move passes
between the two without translation.

Long games: OpenSpiel's random rollouts play to the end of the game, which in
XiaGo and Hexmeister takes hundreds of random plies. Rollouts may be cut after
`cut` plies (our own search cuts its playouts at PLAYOUT_PLIES there) and the
position there scored by the game's own evaluation ("eval": the same judge our
search uses, so the cut helps OpenSpiel as much as us) or as a draw ("draw").
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
import host_sim  # noqa: E402,F401  (puts firmware/ on the path)
import hexgames  # noqa: E402

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

_ACTIONS = 1 << 22        # above every game's largest move number (XiaGo's: 2**21)
_LENGTH = 2000            # plies: above every game's longest (Hexmeister's turn limit)


def _name(game, options):
    return "honeycomb_" + game + "".join("_%s_%s" % kv for kv in sorted(options.items()))


class _Held:
    """Our game inside a state. OpenSpiel clones a Python state by deep-copying
    its attributes; this one copies with the engine's own copy() instead (the
    game's tables stay shared, and some hold memoryviews, which deepcopy refuses)."""

    def __init__(self, g):
        self.g = g

    def __deepcopy__(self, memo):
        return _Held(self.g.copy())


class State(pyspiel.State):
    """An OpenSpiel state holding one of our games."""

    def __init__(self, spiel, g):
        super().__init__(spiel)
        self.held = _Held(g)

    @property
    def g(self):
        return self.held.g

    def current_player(self):
        if self.g.to_move == 0:
            return pyspiel.PlayerId.TERMINAL
        return self.g.to_move - 1

    def _legal_actions(self, player):
        return sorted(self.g.moves()) if self.g.to_move == player + 1 else []

    def _apply_action(self, action):
        self.g.play(int(action))

    def _action_to_string(self, player, action):
        return str(action)

    def is_terminal(self):
        return self.g.to_move == 0

    def returns(self):
        if self.g.to_move:
            return [0.0, 0.0]
        w = self.g.result()[0]
        return [0.0, 0.0] if w == 0 else [1.0, -1.0] if w == 1 else [-1.0, 1.0]

    def __str__(self):
        return " ".join(str(m) for m in self.g.history())


class Game(pyspiel.Game):
    def __init__(self, game, options, params=None):
        self.game, self.options = game, dict(options)
        g = hexgames.new(game, **self.options)
        kind = pyspiel.GameType(
            short_name=_name(game, self.options), long_name="Honeycomb " + game,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2, min_num_players=2,
            provides_information_state_string=False, provides_information_state_tensor=False,
            provides_observation_string=False, provides_observation_tensor=False,
            parameter_specification={})
        info = pyspiel.GameInfo(num_distinct_actions=_ACTIONS, max_chance_outcomes=0,
                                num_players=2, min_utility=-1.0, max_utility=1.0,
                                utility_sum=0.0, max_game_length=_LENGTH)
        super().__init__(kind, info, params or {})
        self.first = g

    def new_initial_state(self):
        return State(self, self.first.copy())


def load(game, **options):
    """One of our games (with its options) as a pyspiel.Game."""
    return Game(game, options)


def engine(state):
    """Our game inside an OpenSpiel state."""
    return state.g


class CutRollouts(mcts.Evaluator):
    """OpenSpiel's random rollout, cut after `cut` plies and scored there by
    the game's evaluate() ("eval") or as a draw ("draw"). Uncut it is
    exactly mcts.RandomRolloutEvaluator(1, rng)."""

    def __init__(self, rng, cut=0, score="eval"):
        if score not in ("eval", "draw"):
            raise ValueError("a cut rollout is scored by 'eval' or 'draw', not %r" % (score,))
        self.rng, self.cut, self.score = rng, cut, score
        self.plain = mcts.RandomRolloutEvaluator(1, rng)

    def evaluate(self, state):
        if not self.cut:
            return self.plain.evaluate(state)
        g = state.g.copy()
        n = 0
        while g.to_move and n < self.cut:
            g.play(int(self.rng.choice(sorted(g.moves()))))
            n += 1
        if g.to_move == 0:
            w = g.result()[0]
        elif self.score == "eval" and getattr(g, "evaluate", None) is not None:
            w = g.evaluate()
        else:
            w = 0
        return np.array([0.0, 0.0] if w == 0 else [1.0, -1.0] if w == 1 else [-1.0, 1.0])

    def prior(self, state):
        return self.plain.prior(state)


def mcts_bot(game, sims, seed, cut=0, score="eval", c=2.0):
    """OpenSpiel's textbook MCTS: UCT with exploration c, one random rollout a
    simulation, the solver on."""
    rng = np.random.RandomState(seed)
    return mcts.MCTSBot(game, c, sims, CutRollouts(rng, cut, score), random_state=rng, solve=True)
