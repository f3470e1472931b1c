# A step, its taking back, the playout: kernels.py (native code) and twins.py.
