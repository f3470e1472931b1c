# XiaGo's board bookkeeping (a placement, the legal placements and neutral
# steps, the count, the superko table's rehash): kernels.py as native code,
# twins.py as plain Python (hexgames/native.py).
