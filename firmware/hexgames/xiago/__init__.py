# XiaGo (rules/xiago.md): `rules` holds the game and the count, `stones` the
# groups, liberties and captures, `ko` the superko table, `tables` per-base
# tables built once, `playout` the playout policy, `knowledge` the opponent's
# priors and evaluation, `search` its narrowed MCTS. The hot loops are native
# kernels with plain-Python twins (hexgames/native.py): the playout in
# `kernels`/`twins`, the board's bookkeeping (a placement, the legal moves,
# the count) in `groups/`, the opponent's reading (liberties, evaluation,
# priors) in `scan/`.
from hexgames.xiago.rules import XiaGo as GAME
