# XiaGo's reading of a position for the opponent (liberty counts, the
# evaluation, priors): kernels.py as native code, twins.py as plain Python
# (hexgames/native.py).
