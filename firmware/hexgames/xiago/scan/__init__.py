# XiaGo's scans of a position (liberties, move lists, priors, the count):
# kernels.py as native code, twins.py as plain Python (hexgames/native.py).
