# The one PRNG of the engine: integer-only, identical on MicroPython and CPython.
# Two multiply-with-carry generators in base 2**15. Each state stays below
# 2**30, so on the chip every step works on unboxed small ints and allocates
# nothing. Each multiplier a makes a*2**15 - 1 a safe prime, so each generator
# has a period near 2**29 and the pair one near 2**58.
from micropython import const

_A1 = const(32760)
_A2 = const(32730)
_M15 = const(0x7FFF)


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed = abs(int(seed)) % 1000000007
        x1 = 1 + seed % 1000003
        x2 = 1 + (seed // 1000003 + 7919 * (seed % 7)) % 999983
        for _ in range(4):              # bits15() four times, inline: every playout seeds
            x1 = _A1 * (x1 & _M15) + (x1 >> 15)
            x2 = _A2 * (x2 & _M15) + (x2 >> 15)
        self.x1 = x1
        self.x2 = x2

    def bits15(self):
        """Next 15 random bits."""
        x1 = self.x1
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
        x2 = self.x2
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
        self.x1 = x1
        self.x2 = x2
        return (x1 ^ x2) & _M15

    def below(self, n):
        """Uniform-enough int in 0..n-1, for 1 <= n <= 32768."""
        return (self.bits15() * n) >> 15

    def bits30(self):
        return (self.bits15() << 15) | self.bits15()
