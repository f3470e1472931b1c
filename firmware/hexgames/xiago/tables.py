# XiaGo's per-base tables, built once per base and shared by every game and
# copy: the initial neutral cells, Zobrist keys, komi, the move-list bound
# and scratch buffers for flood fills (the engine runs one call at a time).
from array import array
from hexgames.board import hexhex, zeros
from hexgames.rng import Rng

_KEY_SEED = 0x51A60     # fixed: the same keys on every VM and in every game
_cache = {}


class Map:
    def __init__(self, base):
        R = base - 1
        n = self.n = 3 * base * R + 1
        # Rules section 3 (decision D1): a neutral piece on every cell whose
        # axial coordinates are both even.
        pieces = 0
        for q in range(-R + R % 2, R + 1, 2):
            for r in range(-R + R % 2, R + 1, 2):
                if abs(q + r) <= R:
                    pieces += 1
        free = n - pieces
        # Move-list bound: pass, a placement per free cell, and neutral
        # steps. A vacant cell is the landing cell of at most one piece per
        # direction, and a piece reaches at most the 6R cells of its lines.
        self.max_moves = 1 + free + min(6 * free, pieces * 6 * R)
        # The big buffers first: the board built next leaves the heap in
        # small pieces on base 10 (271 small neighbour arrays).
        self.movebuf = zeros("i", self.max_moves)
        z = zeros("i", 3 * n + 1)
        # Scratch for flood fills and for stones removed by a neutral move.
        self.mark = bytearray(n)
        self.stack = zeros("H", n)
        self.capbuf = zeros("H", n)
        # Distinct liberties of groups, by root (knowledge.py)
        self.lc = bytearray(n)
        self.l1 = zeros("H", n)
        self.l2 = zeros("H", n)
        # Values in and out of the native kernels (kernels.py), and the
        # culprit of a refused neutral step (a stone of the group it kills)
        self.io = zeros("i", 32)
        self.culprit = 0
        # The neighbour table as the kernels read it: nb[6*i + d] in the
        # board's direction order, 16 bits, and off the board n, a cell
        # past the board that holds a neutral piece (stones.py): the
        # kernels then never test for the edge.
        nb = zeros("H", 6 * n)
        b = self.board = hexhex(base)
        off = b.off
        for i in range(6 * n):
            v = b.nbr[i]
            nb[i] = n if v == off else v
        self.nb = nb
        neutral = [i for i in range(n) if b.coord(i)[0] % 2 == 0 and b.coord(i)[1] % 2 == 0]
        self.neutral = bytes(neutral) if n < 255 else array("H", neutral)
        # Komi in half points (2.5 on bases 4 and 6, 4.5 on 8 and 10): the
        # winner test stays in integers.
        self.komi2 = 5 if base <= 6 else 9
        self.komi = self.komi2 / 2
        # Two 30-bit Zobrist hashes, small ints on the chip: the key of piece
        # v (1 X, 2 O, 3 neutral) on cell i is z1[(v-1)*n + i] for h1 and
        # z2[(v-1)*n + i] = z1[(v-1)*n + i + 1] for h2. For any set S of
        # changes, S and S+1 differ, so with random keys the two hashes are
        # independent, for half the memory of two tables. The superko table
        # keeps h1 and 16 bits of h2: a false match has odds of 2**-46 per
        # position stored.
        rng = Rng(_KEY_SEED + base)
        for i in range(3 * n + 1):
            k = 0
            while not k:
                k = rng.bits30()
            z[i] = k
        self.z1 = z
        self.z2 = memoryview(z)[1:]
        # Superko table room kept free for a playout, so that the search's
        # playouts (the tree's path, then XiaGo.PLAYOUT_PLIES = 40 steps)
        # never grow (allocate) the table; a playout to the end of the game
        # may. Every copy the search makes holds a table: more room would
        # cost the chip's heap 1.5 KB a copy.
        self.reserve = 64


def get(base):
    """The tables of one base; only the last base asked for stays cached
    (the board plays one game at a time)."""
    m = _cache.get(base)
    if m is None:
        _cache.clear()
        m = _cache[base] = Map(base)
    return m
