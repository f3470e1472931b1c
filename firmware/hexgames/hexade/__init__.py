# Hexade (rules/hexade.md): `rules` holds the game and its hot path, `tables`
# the padded board and six tables built once, `position` set-up from JSON,
# `knowledge` the opponent's priors and evaluation, `search` its narrowed MCTS.
from hexgames.hexade.rules import Hexade as GAME
