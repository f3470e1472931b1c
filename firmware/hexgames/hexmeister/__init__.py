# Hexmeister (rules/hexmeister.md): `rules` holds the game, `tables` the
# board map built once, `moves` move generation, `position` refusals, set-up
# and info(), `evaluation` the opponent's knowledge, `search` its two-turn
# search, `line` the steps it makes and takes back. The hot loops run as
# native code with plain-Python twins (hexgames/native.py): `kernels` and
# `twins` move generation, `steps/` a step, its taking back and the
# playout, `scoring/` the evaluation and the move scorer.
from hexgames.hexmeister.rules import Hexmeister as GAME
