# Plain Hex on an n x n rhombus: the outside referee for the opponent (a game
# whose strength other programs can measure). Rules, as in hexgames/README.md:
# X moves first and links row 1 to row n, O links column a to the last column;
# a stone per move, no passes, the first link wins (a full board always has
# one). With the `pie` option O's first move may be `swap`: X's stone is
# reflected across the long diagonal ((q, r) -> (r, q)) and becomes O's, and
# X moves again -- the same swap as inpHeXion's.
from micropython import const
from hexgames.board import rhombus
from hexgames.connect import Links
from hexgames.game import Game, IllegalMove, SYMBOL
from hexgames.rng import Rng

SWAP = const(1 << 20)
_NONE = const(255)

_rng = Rng()


class Hex(Game):
    NAME = "hex"
    CHIP_RATE = 16    # iterations per chip second, level 5 on the emulated chip (tools/chip_rate.py)
    AMAF = "cell"            # RAVE: after a playout a cell holds who played it
    OPTIONS = (("size", 7, tuple(range(3, 16))), ("pie", False, (False, True)))

    def _init(self):
        n = self.options["size"]
        b = self.board = rhombus(n)
        self.links = Links(n)
        self.links.bridges()
        self.max_moves = b.n + 1
        self.cell = bytearray(b.n)
        self.free = bytearray(b.n)        # empty cells, with their positions in fpos
        self.fpos = bytearray(b.n)

    def _start(self):
        for i in range(self.board.n):
            self.cell[i] = 0
        self._derive()
        self.side = self.to_move = 1

    def _derive(self):
        self.last = _NONE
        k = 0
        for i in range(self.board.n):
            self.fpos[i] = _NONE
            if not self.cell[i]:
                self.free[k] = i
                self.fpos[i] = k
                k += 1
        self.nfree = k

    def _copy_into(self, g):
        for k in ("board", "links", "max_moves", "nfree", "side", "to_move", "last"):
            setattr(g, k, getattr(self, k))
        g.cell = bytearray(self.cell)
        g.free = bytearray(self.free)
        g.fpos = bytearray(self.fpos)

    def _can_swap(self):
        return self.options["pie"] and self.to_move == 2 and self.nfree == self.board.n - 1

    # -- moves -------------------------------------------------------------------
    def moves_into(self, buf):
        if not self.to_move:
            return 0
        k = self.nfree
        free = self.free
        for i in range(k):
            buf[i] = free[i]
        if self._can_swap():
            buf[k] = SWAP
            k += 1
        return k

    def _apply(self, m):
        p = self.side
        if m == SWAP:
            b = self.board
            x = 0
            while not self.cell[x]:         # the one stone on the board
                x += 1
            q, r = b.coord(x)
            self.cell[x] = 0
            self.cell[b.at(r, q)] = 2
            self._derive()
            self.side = self.to_move = 1
            return
        cell = self.cell
        cell[m] = p
        k = self.fpos[m]
        last = self.nfree - 1
        j = self.free[last]
        self.free[k] = j
        self.fpos[j] = k
        self.fpos[m] = _NONE
        self.nfree = last
        self.last = m
        self.side = 3 - p
        if self.links.new_link(cell, m):
            self.to_move = 0
            self._result = (p, 0, 0, "connection")
        else:
            self.to_move = 3 - p

    def _why_illegal(self, m):
        if not self.to_move:
            return "the game is over"
        if m == SWAP:
            return None if self._can_swap() else "swap is only legal as O's first move with the pie option"
        if not isinstance(m, int) or not 0 <= m < self.board.n:
            return "%r is not a cell" % (m,)
        if self.cell[m]:
            return "%s is occupied" % self.board.name(m)
        return None

    def playout(self, seed, max_plies=1000):
        """Policy: when the last stone broke into a bridge of the player to
        move (connect.py, bridges), the other cell of the bridge; else a
        uniformly random empty cell (never swap)."""
        self._origin = False
        _rng.seed(seed)
        below = _rng.below
        apply = self._apply
        free = self.free
        cell = self.cell
        tri = self.links.bridge
        at = self.links.bridge_at
        c = self.last
        while self.to_move and max_plies > 0:
            m = _NONE
            if c != _NONE:
                p = self.side
                t = tri[p]
                a = at[p]
                for k in range(a[c], a[c + 1], 3):
                    if cell[t[k + 1]] == 0 and cell[t[k]] == p and cell[t[k + 2]] == p:
                        m = t[k + 1]
                        break
            if m == _NONE:
                m = free[below(self.nfree)]
            apply(m)
            c = m
            max_plies -= 1
        return self._result

    def priors_into(self, moves, k, out):
        """Priors for the opponent (8: no opinion): 16 for keeping the bridge
        the last stone broke into; 4 for a cell of one of the mover's intact
        bridges (it joins nothing new); 11 for a cell that makes a bridge
        with a stone of the mover, 10 for one next to an enemy stone."""
        cell = self.cell
        nbr = self.board.nbr
        p = self.side
        tri = self.links.bridge[p]
        at = self.links.bridge_at[p]
        save = _NONE
        c = self.last
        if c != _NONE:
            for j in range(at[c], at[c + 1], 3):
                if cell[tri[j + 1]] == 0 and cell[tri[j]] == p and cell[tri[j + 2]] == p:
                    save = tri[j + 1]
                    break
        for i in range(k):
            m = moves[i]
            v = 8
            if m == save:
                v = 16
            elif m < _NONE:
                for j in range(at[m], at[m + 1], 3):
                    if cell[tri[j + 1]] == 0 and cell[tri[j]] == p and cell[tri[j + 2]] == p:
                        v = 4
                        break
                else:
                    for d in range(6):
                        a = nbr[6 * m + d]
                        if a == _NONE:
                            continue
                        if cell[a] == 3 - p:
                            v = 10
                        b = nbr[6 * m + (d + 1) % 6]
                        if b != _NONE and cell[a] == 0 and cell[b] == 0:
                            x = nbr[6 * a + (d + 1) % 6]
                            if x != _NONE and cell[x] == p:
                                v = 11
                                break
            out[i] = v

    # -- notation and positions ----------------------------------------------------
    def text(self, m):
        if m == SWAP:
            return "swap"
        if not isinstance(m, int) or not 0 <= m < self.board.n:
            raise ValueError("%r is not a Hex move" % (m,))
        return self.board.name(m)

    def parse(self, s):
        if s == "swap":
            return SWAP
        i = self.board.find(s)
        if i < 0:
            raise IllegalMove("%r is not a cell of the %dx%d Hex board (a move is a cell "
                              "name like d4, or swap)" % (s, self.board.size, self.board.size))
        return i

    def cells(self, m):
        return [] if m == SWAP else [m]

    def info(self):
        if not self._result:
            return {}
        chain = self.links.chain(self.cell, self._result[0])
        return {"chain": [self.board.name(i) for i in chain]}

    def _symbol(self, i):
        return SYMBOL[self.cell[i]] if self.cell[i] else None

    def _to_pos(self):
        return []

    def _from_pos(self, d):
        b = self.board
        for i in range(b.n):
            self.cell[i] = 0
        for name, s in d.get("cells", {}).items():
            if s not in ("X", "O"):
                raise ValueError("hex position: %s holds %r, not X or O" % (name, s))
            self.cell[b.index(name)] = SYMBOL.index(s)
        self._derive()
        self.side = self.to_move = SYMBOL.index(d["to_move"])
        self._result = None
        for p in (1, 2):
            if self.links.connected(self.cell, p):
                self.to_move = 0
                self._result = (p, 0, 0, "connection")


GAME = Hex
