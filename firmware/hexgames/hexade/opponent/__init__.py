# Hexade's move list, priors and the search's kept moves: kernels.py (native)
# and twins.py (plain Python), picked by hexgames.native.
