# The board shapes (hexgames/board.py) against what the rules files say of them: a
# hexhex of base b holds the (q, r) with max(|q|, |r|, |q + r|) <= b - 1, a rhombus
# of side s the 0 <= q, r < s; a cell is named by its letter (q from the left edge)
# and row (from the top); neighbours are the six axial offsets, in the order E, NE,
# NW, W, SW, SE; distance is the fewest steps between two cells (here: a flood).
from hexgames.board import hexhex, rhombus, DIRS
from kit import raises, scaled

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def cells_of(kind, size):
    """The shape's (q, r) in reading order, and the (q, r) of its name "a1"."""
    if kind == "hexhex":
        R = size - 1
        return [(q, r) for r in range(-R, R + 1) for q in range(-R, R + 1)
                if abs(q + r) <= R], (-R, -R)
    return [(q, r) for r in range(size) for q in range(size)], (0, 0)


def flood(s, a):
    """Steps from cell a to every cell, along s.adj."""
    far = {a: 0}
    todo = [a]
    while todo:
        nxt = []
        for i in todo:
            for j in s.adj[i]:
                if j not in far:
                    far[j] = far[i] + 1
                    nxt.append(j)
        todo = nxt
    return far


def check(s, kind, size):
    coords, (oq, orr) = cells_of(kind, size)
    where = {}
    for i, c in enumerate(coords):
        where[c] = i
    assert s.n == len(coords)
    for i, (q, r) in enumerate(coords):
        assert s.coord(i) == (q, r)
        name = LETTERS[q - oq] + str(r - orr + 1)
        assert s.name(i) == name and s.index(name) == i and s.find(name) == i
        want = [where[(q + dq, r + dr)] for dq, dr in DIRS if (q + dq, r + dr) in where]
        assert s.neighbours(i) == want, (kind, size, name)
        assert list(s.adj[i]) == want and s.degree(i) == len(want)
        for dq, dr in DIRS:
            assert s.at(q + dq, r + dr) == where.get((q + dq, r + dr), -1)
    # the cells around the shape are off it
    lo = min(c[1] for c in coords) - 2
    hi = max(c[1] for c in coords) + 2
    for r in range(lo, hi + 1):
        for q in range(lo - 2, hi + 3):
            assert s.at(q, r) == where.get((q, r), -1), (q, r)
    for a in (0, s.n // 2, s.n - 1, s.n // 3):
        far = flood(s, a)
        assert len(far) == s.n
        for b in range(s.n):
            assert s.distance(a, b) == s.distance(b, a) == far[b], (a, b)


def test_hexhex_boards_match_the_rules():
    for base in range(2, 14 if scaled(1, 0) else 8):
        check(hexhex(base), "hexhex", base)


def test_rhombus_boards_match_the_rules():
    for size in (2, 3, 7, 11, 26) if scaled(1, 0) else (2, 7, 11):
        check(rhombus(size), "rhombus", size)


def test_boards_past_254_cells_use_a_16_bit_table():
    # 8-bit tables mark "off the board" with 255, so from 255 cells on a cell's
    # number needs 16 bits: hexhex base 10 has 271 cells
    s = hexhex(10)
    assert s.n == 271 and s.off == 65535 and max(max(a) for a in s.adj) == 270
    assert hexhex(9).n == 217 and hexhex(9).off == 255


def test_sizes_out_of_range_are_refused_with_the_size_named():
    for base in (1, 14, 0, -3):
        assert raises(ValueError, hexhex, base) == "hexhex base must be 2..13, not %r" % (base,)
    for size in (1, 27, 0):
        assert raises(ValueError, rhombus, size) == "rhombus size must be 2..26, not %r" % (size,)


def test_names_that_are_not_cells_are_refused():
    s = hexhex(4)
    # "a04" and "d01" would be a4 and d1, cells of this board, but for the zero
    for name in ("", "a", "a0", "a01", "a04", "d01", "h1", "a8", "d", "4d", "A1", "a1 ", "z99", 5, None):
        assert s.find(name) == -1, name
    for name in ("a1", "g1", "a8"):
        if s.find(name) < 0:
            assert raises(ValueError, s.index, name) == "%r is not a cell of this board" % (name,)
    assert s.index("d1") == 0 and s.index("a4") == 15 and s.index("d7") == 36
