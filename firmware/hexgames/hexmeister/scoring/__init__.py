# The evaluation and the move scorer: kernels.py (native code) and twins.py.
