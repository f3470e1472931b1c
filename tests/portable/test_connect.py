# Edge-to-edge links (hexgames/connect.py, shared by Hex and inpHeXion) against a
# plain flood over the board's neighbours: X (1) links the top row to the bottom
# one, O (2) the left column to the right one; other values link nothing.
from hexgames.board import rhombus
from hexgames.connect import Links, BOTH, ALL
from hexgames.rng import Rng
from kit import scaled


def edge_bits(b, v, i):
    q, r = b.coord(i)
    x = r if v == 1 else q
    return (1 if x == 0 else 0) | (2 if x == b.size - 1 else 0)


def group(b, cell, start):
    v = cell[start]
    seen = [start]
    for i in seen:
        for j in b.adj[i]:
            if cell[j] == v and j not in seen:
                seen.append(j)
    return sorted(seen)


def bits(b, cell, g):
    got = 0
    for i in g:
        got |= edge_bits(b, cell[i], i)
    return got


def random_cells(rng, n, fill):
    cell = bytearray(n)
    for i in range(n):
        if rng.below(100) < fill:
            cell[i] = (1, 2, 1, 2, 3)[rng.below(5)]       # 3: a Neutral Disc
    return cell


def test_groups_and_links_match_a_flood():
    rng = Rng(4)
    for size in (2, 3, 5, 7, 11):
        b = rhombus(size)
        L = Links(size)
        for fill in (30, 50, 70, 90):
            for _ in range(scaled(8, 2)):
                cell = random_cells(rng, b.n, fill)
                before = bytes(cell)
                for v in (1, 2):
                    chain = []
                    for s in L.first[v]:
                        if cell[s] == v and bits(b, cell, group(b, cell, s)) == BOTH:
                            chain = group(b, cell, s)
                            break
                    assert L.connected(cell, v) == bool(chain)
                    assert L.chain(cell, v) == chain
                for i in range(b.n):
                    if cell[i] not in (1, 2):
                        continue
                    g = group(b, cell, i)
                    want = bits(b, cell, g)
                    assert L.reach(cell, i, ALL) == want
                    assert sorted(L.queue[:L.seen]) == g
                    got = L.reach(cell, i)
                    assert got == want or (got == BOTH and want == BOTH)
                    assert L.linked(cell, i) == (want == BOTH)
                assert bytes(cell) == before         # every mark taken back


def test_a_new_disc_links_exactly_when_a_flood_says_so():
    # discs put one by one, as in a game, until one links: new_link's arc
    # shortcut must never hide a link, nor report one
    rng = Rng(9)
    for size in (3, 5, 8, 11):
        b = rhombus(size)
        L = Links(size)
        for _ in range(scaled(30, 6)):
            cell = bytearray(b.n)
            order = list(range(b.n))
            for k in range(b.n - 1, 0, -1):
                j = rng.below(k + 1)
                order[k], order[j] = order[j], order[k]
            for k, i in enumerate(order):
                v = (1, 2, 3)[rng.below(3)] if k % 7 == 6 else 1 + k % 2
                cell[i] = v
                if v == 3:
                    continue
                want = bits(b, cell, group(b, cell, i)) == BOTH
                assert L.new_link(cell, i) == want, (size, k)
                if want:
                    break


def test_the_arc_table_says_when_neighbours_touch_in_one_chain():
    for size in (2, 4, 7):
        b = rhombus(size)
        L = Links(size)
        for i in range(b.n):
            nb = b.adj[i]
            k = len(nb)
            for m in range(1 << k):
                picked = [nb[x] for x in range(k) if m >> (k - 1 - x) & 1]
                one = 1
                if picked:
                    seen = [picked[0]]
                    for x in seen:
                        for y in picked:
                            if y in b.adj[x] and y not in seen:
                                seen.append(y)
                    one = 1 if len(seen) == len(picked) else 0
                assert L.arc[m + L.arc_at[i]] == one, (size, i, m)


def bridges_of(b, p, c):
    """The bridges a disc on c breaks into, from the definition: s and t both
    beside c and m, m beside c (s, m, t); or s above two cells c, m of p's own
    edge (s, m, s)."""
    out = []
    for m in b.adj[c]:
        common = [x for x in b.adj[c] if x in b.adj[m]]
        if len(common) == 2:
            out.append((min(common), m, max(common)))
        elif len(common) == 1 and edge_bits(b, p, c) and edge_bits(b, p, m) == edge_bits(b, p, c):
            out.append((common[0], m, common[0]))
    return sorted(out)


def test_bridge_tables_hold_every_bridge_and_nothing_else():
    for size in (2, 3, 5, 9):
        b = rhombus(size)
        L = Links(size)
        L.bridges()
        for p in (1, 2):
            tri = L.bridge[p]
            at = L.bridge_at[p]
            for c in range(b.n):
                got = []
                for k in range(at[c], at[c + 1], 3):
                    s, m, t = tri[k], tri[k + 1], tri[k + 2]
                    got.append((min(s, t), m, max(s, t)))
                assert sorted(got) == bridges_of(b, p, c), (size, p, b.name(c))
