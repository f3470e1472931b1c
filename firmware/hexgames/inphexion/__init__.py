# inpHeXion (rules/inphexion.md): `rules` holds the game and its pushes,
# `steps` the rarer steps of a turn (placement, relocation, swap) and the move
# list, `notation` moves, positions and info() as text.
from hexgames.inphexion.rules import InpHeXion as GAME
