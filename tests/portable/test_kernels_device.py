# The key scan's kernel against its twin (device/kernels.py, device/twins.py) on
# random scan states: the same channels for the slow path, the same readings kept,
# the same last writes to the address pins (a still timer: no settling wait). A buffer stands in for the chip's SIO
# block (the kernel takes its address as any buffer's); tests/test_chip.py scans the
# emulated board's real muxes with the kernel.
from array import array
from hexgames.rng import Rng
from kit import ON_CHIP, kernel_pair

K, T = kernel_pair("device.kernels", "device.twins")
_BASE = 0xD0000000


_TIMERAWL = 0x40054028


class Sio:
    """The SIO block's words as the twin addresses them (mem32-style), and the timer's
    TIMERAWL as the word `clock` holds (a buffer's word 0 for the kernel)."""
    def __init__(self, words, clock):
        self.words = words
        self.clock = clock

    def __getitem__(self, addr):
        if addr == _TIMERAWL:
            return self.clock[0]
        return self.words[(addr - _BASE) >> 2]

    def __setitem__(self, addr, v):
        self.words[(addr - _BASE) >> 2] = v


def _words(rng, n, hi):
    return array("I", [rng.below(hi) for _ in range(n)])


def test_scans_match_on_random_states():
    rng = Rng(3)
    seen = 0
    for trial in range(300 if ON_CHIP else 3000):
        muxes = 1 + rng.below(9)
        shift = rng.below(20)
        rmask = (1 << muxes) - 1
        gpio = rng.below(1 << 15) << 15 | rng.below(1 << 15)
        gpio &= 0x3FFFFFFF
        sets = _words(rng, 16, 1 << 12)
        # readings near the idle state (all high) so that changes, agreements and
        # held keys all come up
        stable = array("I", [rmask ^ (rng.below(rmask + 1) if rng.below(3) == 0 else 0)
                             for _ in range(16)])
        raw = array("I", [(gpio >> shift) & rmask if rng.below(2) else stable[a]
                          for a in range(16)])
        amask = rng.below(1 << 12)
        out = rng.below(1 << 12)
        force = array("I", [rng.below(rmask + 1) if rng.below(8) == 0 else 0
                            for _ in range(16)])
        got = []
        for mod in (K, T):
            # a still clock: no wait (ticks 0); the XOR word keeps the last flip written
            words = array("I", [0, gpio, 0, 0, out, 0, 0, 0])
            clock = array("I", [12345])
            r = array("I", raw)
            sio, tmr = (words, clock) if mod is K else (Sio(words, clock),) * 2
            todo = mod.scan(sio, tmr, sets, r, stable, force, amask, shift, rmask, 0)
            got.append((todo, bytes(r), bytes(words)))
        assert got[0] == got[1], (trial, muxes, shift, gpio)
        seen |= 1 if got[0][0] else 2
    assert seen == 3                            # both empty and busy scans came up
