# XiaGo's board mechanics: groups, liberties, captures (neutral slides in
# slides.py), on top of the superko table of ko.py; rules.py builds the rules.
#
# State is incremental, so a placement only looks at its neighbours:
#   cell[i]   0 vacant, 1 X, 2 O, 3 neutral; cell[n] is 3, off the board
#             (tables.py: nb)
#   head[i]   root of the group of stone i; a group's stones form a ring in nxt[]
#   libs[r]   pseudo-liberties of group r: (stone, vacant neighbour) pairs.
#             Exactly 0 when the group has no liberty, which is all the
#             rules ask (captures and suicide), and cheap to keep up.
#   size[r]   stones of group r (a merge relabels the smaller group)
#   emp[:nemp], epos[i]   the vacant cells, and each one's index there
#   h1, h2    two 30-bit Zobrist hashes of the position (neutral pieces too)
#   t1, t2    the superko table (ko.py)
from hexgames.board import zeros
from micropython import const
from hexgames.native import pick
from hexgames.xiago import slides, tables
from hexgames.xiago.legal import check_place
from hexgames.xiago.ko import Superko

# a placement, the move list's tests, the count: native kernels where the VM
# has them, else their twins (groups/)
K = pick("xiago.groups.kernels", "xiago.groups.twins")

_N = const(3)           # cell value of a neutral piece
# io, the kernels' values (twins.py)
_IO_N = const(0)
_IO_TMASK = const(1)
_IO_MINEMP = const(3)
_IO_H1 = const(4)
_IO_H2 = const(5)
_IO_NEMP = const(6)


class Stones(Superko):
    def _init(self):
        m = tables.get(self.options["base"])
        self.map = m
        self.board = m.board
        self.n = n = m.n
        self.adj = m.board.adj
        self.max_moves = m.max_moves
        self.z1 = m.z1
        self.z2 = m.z2
        self.cell = bytearray(n + 1)
        self.cell[n] = _N           # past the board: where the kernels' nb leads off it
        self.head = zeros("H", n)
        self.nxt = zeros("H", n)
        self.size = zeros("H", n)
        self.libs = zeros("H", n)
        self.emp = zeros("H", n)
        self.epos = zeros("H", n)

    def _copy_into(self, g):
        # (at most three names per assignment: MicroPython unpacks up to
        # three without building a tuple)
        g.map, g.board, g.n = self.map, self.board, self.n
        g.adj, g.z1, g.z2 = self.adj, self.z1, self.z2
        g.max_moves, g.last = self.max_moves, self.last
        g.side, g.to_move, g.must = self.side, self.to_move, self.must
        g.passes, g.ncap, g.nemp = self.passes, self.ncap, self.nemp
        g.h1, g.h2, g.minemp = self.h1, self.h2, self.minemp
        g.tcount, g.tmask = self.tcount, self.tmask
        g.cell = bytearray(self.cell)
        g.head, g.nxt, g.size = self.head[:], self.nxt[:], self.size[:]
        g.libs, g.emp, g.epos = self.libs[:], self.emp[:], self.epos[:]
        g.t1, g.t2 = self.t1[:], self.t2[:]

    def _derive(self):
        """Groups, pseudo-liberties, vacant list and hashes from cell[] alone.
        Returns a stone of a group without liberty, or -1."""
        n = self.n
        cell = self.cell
        head = self.head
        nxt = self.nxt
        size = self.size
        libs = self.libs
        z1, z2, adj = self.z1, self.z2, self.adj
        mark, stack = self.map.mark, self.map.stack
        h1 = h2 = 0
        k = 0
        dead = -1
        for i in range(n):
            mark[i] = 0
        for i in range(n):
            v = cell[i]
            if v == 0:
                self.emp[k] = i
                self.epos[i] = k
                k += 1
                continue
            h1 ^= z1[(v - 1) * n + i]
            h2 ^= z2[(v - 1) * n + i]
            if v == _N or mark[i]:
                continue
            # Flood the group of i; stones are linked into a ring as found.
            mark[i] = 1
            stack[0] = i
            sp = 1
            last = i
            cnt = lib = 0
            while sp:
                sp -= 1
                s = stack[sp]
                head[s] = i
                nxt[last] = s
                last = s
                cnt += 1
                for j in adj[s]:
                    w = cell[j]
                    if w == 0:
                        lib += 1
                    elif w == v and not mark[j]:
                        mark[j] = 1
                        stack[sp] = j
                        sp += 1
            nxt[last] = i
            size[i] = cnt
            libs[i] = lib
            if not lib and dead < 0:
                dead = i
        self.nemp = k
        self.h1 = h1
        self.h2 = h2
        return dead

    def _io(self):
        """The base's io buffer holding what the kernels (groups/, scan/)
        read of the position besides its buffers."""
        io = self.map.io
        io[_IO_N] = self.n
        io[_IO_TMASK] = self.tmask
        io[_IO_MINEMP] = self.minemp
        io[_IO_H1] = self.h1
        io[_IO_H2] = self.h2
        io[_IO_NEMP] = self.nemp
        return io

    # -- placements and neutral slides -------------------------------------------
    def _check_place(self, c, p):
        """0 if p may place on the vacant cell c and so end a turn, 1 if it is
        suicide, 2 if it repeats a position (superko). Leaves the state alone."""
        return check_place(self.cell, self.head, self.nxt, self.libs, self.z1, self.adj,
                           self.t1, self.t2, self._io(), c, p)

    def _place(self, c, p):
        """Put a stone of p on c and remove the opponent groups it captures
        (the move is known to be legal): groups/ place()."""
        m = self.map
        io = self._io()
        K.place(self.cell, self.head, self.nxt, self.size, self.libs, self.emp, self.epos,
                self.z1, m.nb, m.capbuf, io, c, p, self.adj)
        self.h1 = io[_IO_H1]
        self.h2 = io[_IO_H2]
        self.nemp = io[_IO_NEMP]

    def _quick_slide(self, a, b, p):
        """slides._check_slide(a, b, p) where groups/ check_slide() tells it
        quickly, and that itself where not (a capture, a crowded board)."""
        why = K.check_slide(self.cell, self.head, self.libs, self.emp, self.z1, self.map.nb,
                            self.t1, self.t2, self._io(), a, b, p, self.adj)
        if why == 3:
            why = self._check_slide(a, b, p)
        return why

    def _remove(self, r, q, k):
        """Remove group r (colour q): its cells become vacant (appended to the
        vacant list and to capbuf from index k); returns the new end of capbuf."""
        cell = self.cell
        nxt = self.nxt
        head = self.head
        libs = self.libs
        adj = self.adj
        emp, epos, capbuf = self.emp, self.epos, self.map.capbuf
        z1, z2 = self.z1, self.z2
        zq = (q - 1) * self.n
        p = 3 - q
        e = self.nemp
        h1, h2 = self.h1, self.h2
        s = r
        while True:
            cell[s] = 0
            emp[e] = s
            epos[s] = e
            e += 1
            capbuf[k] = s
            k += 1
            h1 ^= z1[zq + s]
            h2 ^= z2[zq + s]
            for j in adj[s]:
                if cell[j] == p:
                    libs[head[j]] += 1
            s = nxt[s]
            if s == r:
                break
        self.nemp = e
        self.h1, self.h2 = h1, h2
        return k

    # -- neutral slides (slides.py) ---------------------------------------------
    _slide = slides._slide
    _unslide = slides._unslide
    _check_slide = slides._check_slide
    _plain_slide = slides._plain_slide
    _move_piece = slides._move_piece
