# Edge-to-edge links on a rhombus board, the Hex convention shared by
# inpHeXion and Hex: X (1) links row 1 to the last row, O (2) links column a
# to the last column. Cells hold 0 (empty), 1 (X), 2 (O) or other values
# below 16 that link nothing (the Neutral Disc, a wall).
#
# A link test is a flood fill over one colour from one cell. It allocates
# nothing: the queue is a buffer made once per board, and visited cells are
# marked in the caller's own cell array (value + 16) and restored before
# returning, so "same colour, not yet visited" is a single comparison.
#
# new_link() skips most fills after a move: if no group of a colour linked
# before, and the only change to that colour was a new disc on `start` (plus
# discs taken away), then a disc off its colour's edges whose own-colour
# neighbours form one unbroken arc around it only extends one old group,
# which did not link: so nothing links now either. A game that keeps the
# sum of weight[colour][i] over its discs (1 per disc on the first edge, 64
# per disc on the second) can also skip every fill while one edge is bare.
from array import array
from micropython import const
from hexgames.board import rhombus, DIRS, zeros

BOTH = const(3)     # edge bits: 1 = the colour's first edge, 2 = its second
ALL = const(4)      # a stop value never reached: fill the whole group
_MARK = const(16)


class Links:
    def __init__(self, size):
        b = rhombus(size)
        n = b.n
        self.adj = b.adj
        rows = bytearray(n)
        cols = bytearray(n)
        for i in range(n):
            q, r = b.coord(i)
            rows[i] = (1 if r == 0 else 0) | (2 if r == size - 1 else 0)
            cols[i] = (1 if q == 0 else 0) | (2 if q == size - 1 else 0)
        # edge[colour][cell]: the bits of that colour's edges the cell lies on
        self.edge = (b"", bytes(rows), bytes(cols))
        self.weight = (b"", bytes([(b & 1) + (b & 2) * 32 for b in rows]),
                       bytes([(b & 1) + (b & 2) * 32 for b in cols]))
        # first[colour]: the cells of that colour's first edge, seeds of a full test
        self.first = (b"", bytes(range(size)), bytes(range(0, n, size)))
        self.queue = bytearray(n)
        self.seen = 0
        # for the kernels' group labelling: a group number per cell, edge bits per group
        self.label = bytearray(n)
        self.bits = bytearray(n + 1)
        self.board = b
        self.bridge = None
        # The arc shortcut: with m the bits of i's own-colour neighbours in
        # adj[i] order (the first one in the highest bit), arc[m + arc_at[i]]
        # is 1 when they touch one another in a chain (at most one arc). One
        # small table per shape of neighbourhood (inside, each edge, corner).
        arc = bytearray()
        arc_at = bytearray(n)
        tables = {}
        for i in range(n):
            nb = b.adj[i]
            k = len(nb)
            touch = [[nb[y] in b.adj[nb[x]] for y in range(k)] for x in range(k)]
            key = repr(touch)
            if key not in tables:
                tables[key] = len(arc)
                for m in range(1 << k):
                    arc.append(_one_chain([x for x in range(k) if m >> (k - 1 - x) & 1], touch))
            arc_at[i] = tables[key]
        self.arc = bytes(arc)
        self.arc_at = bytes(arc_at)

    def bridges(self):
        """The bridge tables, built on first use. For colour p and cell c,
        with a = bridge_at[p], the triples (s, m, t) in
        bridge[p][a[c]:a[c + 1]] say: with p's discs on s and t and m empty,
        a disc of the opponent on c breaks into the bridge s-t, and p keeps
        it by taking m. A bridge to p's own edge (two empty edge cells under
        a disc) has t = s."""
        if self.bridge:
            return
        b = self.board
        size = b.size
        self.bridge = [b""]
        self.bridge_at = [b""]
        for p in (1, 2):
            tri = bytearray()
            at = zeros("H", b.n + 1)
            for c in range(b.n):
                at[c] = len(tri)
                q, r = b.coord(c)
                for d in range(6):
                    got = []
                    for k in range(3):
                        dq, dr = DIRS[(d + k) % 6]
                        x, y = q + dq, r + dr
                        if 0 <= x < size and 0 <= y < size:
                            got.append(b.at(x, y))
                        elif (y if p == 1 else x) in (-1, size) and 0 <= (x if p == 1 else y) < size:
                            got.append(-1)      # beyond p's own edge
                        else:
                            got.append(-2)
                    s, m, t = got
                    if m < 0 or s == -2 or t == -2 or s == t == -1:
                        continue
                    tri.append(s if s >= 0 else t)
                    tri.append(m)
                    tri.append(t if t >= 0 else s)
            at[b.n] = len(tri)
            self.bridge.append(bytes(tri))
            self.bridge_at.append(at)

    def reach(self, cell, start, stop=BOTH):
        """Edge bits touched by the group of the X or O disc on `start`.
        Stops as soon as it has `stop` (BOTH: a link); with ALL it fills the
        whole group, whose cells are then self.queue[:self.seen]."""
        v = cell[start]
        ed = self.edge[v]
        adj = self.adj
        queue = self.queue
        got = ed[start]
        cell[start] = v + _MARK
        queue[0] = start
        head = 0
        tail = 1
        while head < tail and got != stop:
            for j in adj[queue[head]]:
                if cell[j] == v:
                    cell[j] = v + _MARK
                    queue[tail] = j
                    tail += 1
                    got |= ed[j]
            head += 1
        for k in range(tail):
            cell[queue[k]] = v
        self.seen = tail
        return got

    def new_link(self, cell, start):
        """Whether the disc just put on `start` links its colour's edges,
        given that no group of its colour linked before (see the top)."""
        v = cell[start]
        if not self.edge[v][start]:
            m = 0
            for j in self.adj[start]:
                m += m + (cell[j] == v)
            if self.arc[m + self.arc_at[start]]:
                return False
        return self.reach(cell, start) == BOTH

    def linked(self, cell, start):
        """True when the disc on `start` belongs to a group linking its colour's edges."""
        return self.reach(cell, start) == BOTH

    def connected(self, cell, colour):
        """True when some group of `colour` (1 or 2) links its two edges."""
        for s in self.first[colour]:
            if cell[s] == colour and self.reach(cell, s) == BOTH:
                return True
        return False

    def chain(self, cell, colour):
        """The cells of a group of `colour` linking its edges, in reading
        order, or [] (allocates: for displays and tests, not for playouts)."""
        for s in self.first[colour]:
            if cell[s] == colour and self.reach(cell, s, ALL) == BOTH:
                group = list(self.queue[:self.seen])
                group.sort()
                return group
        return []


def _one_chain(picked, touch):
    """Whether the picked neighbours (indices) form one chain through touch[x][y]."""
    if not picked:
        return 1
    seen = [picked[0]]
    for x in seen:
        for y in picked:
            if touch[x][y] and y not in seen:
                seen.append(y)
    return 1 if len(seen) == len(picked) else 0
