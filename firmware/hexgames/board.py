# Board shapes: cell numbering, names, coordinates and neighbour tables.
# A shape is built once per (kind, size) and cached; games share it.
from array import array
from micropython import const

OFF = const(255)       # "off board" in the 8-bit neighbour table
OFF16 = const(65535)   # the same in the 16-bit table (boards of more than 254 cells)

# Direction order of every neighbour table: E, NE, NW, W, SW, SE.
# Opposite directions are 3 apart: d and (d + 3) % 6.
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_cache = {}


class _Zeros:
    """n zeros that take no room: a length, and an iterator over nothing stored."""

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __iter__(self):
        for _ in range(self.n):
            yield 0


def zeros(code, n):
    """array(code) of n zeros, allocated once. array(code, bytes(size * n)) builds
    a bytes object of the same size first, so a buffer made late in a fragmented
    heap needs two free blocks of its size, not one; MicroPython sizes an array
    from len() of its initializer, then fills it item by item."""
    return array(code, _Zeros(n))


class Shape:
    """Cells 0..n-1 in reading order (row 1 left to right, then row 2, ...).
    Names and look-ups are computed from the coordinates rather than kept in
    dicts: a base-10 board then costs a few KB on the chip instead of tens."""

    def __init__(self, kind, size, coords, name_origin):
        self.kind = kind          # "hexhex" or "rhombus"
        self.size = size          # base for hexhex, side for rhombus
        n = len(coords)
        self.n = n
        self.off = OFF if n < 255 else OFF16
        self._oq, self._or = name_origin
        self._q = array("b", [c[0] for c in coords])
        self._r = array("b", [c[1] for c in coords])
        # the first cell of each row and its q, for at(q, r)
        rows = 1 + coords[-1][1] - coords[0][1]
        self._row0 = zeros("H", rows)
        self._rowq = zeros("b", rows)
        for i in range(n - 1, -1, -1):
            k = coords[i][1] - coords[0][1]
            self._row0[k] = i
            self._rowq[k] = coords[i][0]
        # One flat table: nbr[6*i + d] is the neighbour of i in direction d, or off.
        nbr = bytearray(6 * n) if self.off == OFF else zeros("H", 6 * n)
        for i in range(n):
            q, r = coords[i]
            for d in range(6):
                j = self.at(q + DIRS[d][0], r + DIRS[d][1])
                nbr[6 * i + d] = self.off if j < 0 else j
        self.nbr = bytes(nbr) if self.off == OFF else nbr
        # adj[i]: the on-board neighbours of i; iterating it is the fastest
        # neighbour loop on MicroPython (no bounds test, no allocation). One
        # flat table, and per cell a bytes object or, past 254 cells, a
        # memoryview into it: no temporary lists, so the heap stays in one piece.
        off = self.off
        count = 0
        for v in self.nbr:
            count += v != off
        flat = bytearray(count) if off == OFF else zeros("H", count)
        k = 0
        for v in self.nbr:
            if v != off:
                flat[k] = v
                k += 1
        adj = []
        k = 0
        view = memoryview(flat)
        for i in range(n):
            d = 0
            for j in range(6 * i, 6 * i + 6):
                d += nbr[j] != off
            adj.append(bytes(flat[k:k + d]) if off == OFF else view[k:k + d])
            k += d
        self.adj = tuple(adj)

    def name(self, i):
        return _LETTERS[self._q[i] - self._oq] + str(self._r[i] - self._or + 1)

    def index(self, name):
        """Cell number of a name such as "d4"; ValueError naming the text if none."""
        i = self.find(name)
        if i < 0:
            raise ValueError("%r is not a cell of this board" % (name,))
        return i

    def find(self, name):
        """Cell number of a name, or -1."""
        if not isinstance(name, str) or len(name) < 2:
            return -1
        q = _LETTERS.find(name[0])
        row = name[1:]
        if q < 0 or not row.isdigit() or row[0] == "0":
            return -1
        return self.at(q + self._oq, int(row) - 1 + self._or)

    def coord(self, i):
        return (self._q[i], self._r[i])

    def at(self, q, r):
        """Cell at axial (q, r), or -1 off the board."""
        k = r - self._r[0]
        if not 0 <= k < len(self._row0):
            return -1
        i = self._row0[k] + q - self._rowq[k]
        if q < self._rowq[k] or i >= self.n or self._r[i] != r:
            return -1
        return i

    def neighbours(self, i):
        nbr = self.nbr
        off = self.off
        return [nbr[6 * i + d] for d in range(6) if nbr[6 * i + d] != off]

    def degree(self, i):
        return len(self.neighbours(i))

    def distance(self, a, b):
        dq = self._q[a] - self._q[b]
        dr = self._r[a] - self._r[b]
        return max(abs(dq), abs(dr), abs(dq + dr))


def hexhex(base):
    """Hexagon of `base` cells a side, centred on (0, 0)."""
    key = ("hexhex", base)
    s = _cache.get(key)
    if s is None:
        if not 2 <= base <= 13:
            raise ValueError("hexhex base must be 2..13, not %r" % (base,))
        R = base - 1
        coords = []
        for r in range(-R, R + 1):
            for q in range(-R, R + 1):
                if abs(q + r) <= R:
                    coords.append((q, r))
        s = _cache[key] = Shape("hexhex", base, coords, (-R, -R))
    return s


def rhombus(size):
    """Rhombus of size x size cells, a1 top-left."""
    key = ("rhombus", size)
    s = _cache.get(key)
    if s is None:
        if not 2 <= size <= 26:
            raise ValueError("rhombus size must be 2..26, not %r" % (size,))
        coords = [(q, r) for r in range(size) for q in range(size)]
        s = _cache[key] = Shape("rhombus", size, coords, (0, 0))
    return s
