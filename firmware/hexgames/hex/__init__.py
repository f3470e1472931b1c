# Hex, the referee game (engine README): the rules and the playout, `rules`.
from hexgames.hex.rules import Hex as GAME
