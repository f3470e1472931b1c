# XiaGo's superko table (rules section 6, decisions D6 and D7): the positions
# at the end of every turn, as hashes, in open addressing.
#   t1[i]   h1 of a position, or -1 for a free slot; t2[i] the low 16 bits
#           of its h2: 46 bits in all, so a false match has odds of 2**-46
#           per position stored
#   minemp  the fewest vacant cells among the positions stored: a position
#           with fewer vacant cells is new for sure, and needs no look-up
# The table stays at most 3/4 full, with room for a playout (map.reserve)
# so that a playout of ordinary length never grows it; when it grows, it
# grows in place (_grow).
from array import array
from hexgames.board import zeros
from hexgames.game import Game
from hexgames.native import pick

K = pick("xiago.groups.kernels", "xiago.groups.twins")     # the rehash: a kernel, or its twin

_FREE = b"\xff\xff\xff\xff"     # -1 in an array("i")


class Superko(Game):
    def _clear_seen(self, cap=64):
        # At most 3/4 full, with room for a playout: cap * 3/4 >= reserve.
        while 3 * cap < 4 * (self.map.reserve + 1):
            cap *= 2
        self.t1 = array("i", _FREE * cap)
        self.t2 = zeros("H", cap)
        self.tmask = cap - 1
        self.tcount = 0
        self.minemp = 0x3FFF

    def _grow(self):
        """Double the table in place (an allocation, outside every hot path
        in practice). The arrays stay the same objects, so that a search,
        which restores its scratch game into the buffers it holds (STATE in
        rules.py), never loses track of them: restoring the root's smaller
        table shrinks them back."""
        t1, t2, cap = self.t1, self.t2, self.tmask + 1
        old1, old2 = t1[:], t2[:]
        t1.extend(old1)             # twice the length, the same objects
        t2.extend(old2)
        K.rehash(t1, t2, old1, old2, cap)
        self.tmask = 2 * cap - 1

    def _insert(self, h1, h2):
        t1, mask = self.t1, self.tmask
        i = h1 & mask
        while t1[i] >= 0:
            i = (i + 1) & mask
        t1[i] = h1
        self.t2[i] = h2 & 0xFFFF

    def _record(self):
        """Remember the position at the end of a turn."""
        if 4 * (self.tcount + 1 + self.map.reserve) > 3 * (self.tmask + 1):
            self._grow()
        self._insert(self.h1, self.h2)
        self.tcount += 1
        if self.nemp < self.minemp:
            self.minemp = self.nemp

    def _seen(self, h1, h2):
        t1, mask = self.t1, self.tmask
        i = h1 & mask
        while True:
            v = t1[i]
            if v == h1:
                if self.t2[i] == h2 & 0xFFFF:
                    return True
            elif v < 0:
                return False
            i = (i + 1) & mask
