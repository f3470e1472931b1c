# XiaGo (rules/xiago.md): `rules` holds the game and the count, `stones` the
# groups, liberties and captures, `ko` the superko table, `tables` per-base
# tables built once, `playout` the playout policy, `knowledge` the opponent's
# priors and evaluation, `search` its narrowed MCTS.
from hexgames.xiago.rules import XiaGo as GAME
