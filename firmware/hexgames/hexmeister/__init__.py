# Hexmeister (rules/hexmeister.md): `rules` holds the game, `tables` the
# board map built once, `moves` move generation, `position` refusals, set-up
# and info(), `evaluation` the opponent's knowledge, `search` its two-turn search.
from hexgames.hexmeister.rules import Hexmeister as GAME
