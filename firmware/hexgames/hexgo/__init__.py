# HexGo (rules/hexgo.md): the rules and the playout in one module, `rules`.
from hexgames.hexgo.rules import HexGo as GAME
