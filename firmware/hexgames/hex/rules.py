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
from hexgames.native import pick
from hexgames.rng import Rng

SWAP = const(1 << 20)
_NONE = const(255)

_rng = Rng()
_links = {}             # size -> the Links of that board (connect.py), shared
# the playout and the priors: native kernels where the VM has them, else twins
K = pick("hex.kernels", "hex.twins")
_LINKED = (None, (1, 0, 0, "connection"), (2, 0, 0, "connection"))


class Hex(Game):
    NAME = "hex"
    CHIP_RATE = 219    # iterations per chip second, level 5 on the emulated chip (tools/pico/chip_rate.py)
    AMAF = "cell"            # RAVE: after a playout a cell holds who played it
    # what a move changes (the search restores just this: scratch.py)
    STATE = ("cell", "free", "fpos", "nfree", "side", "to_move", "last", "_result")
    OPTIONS = (("size", 7, tuple(range(3, 16))), ("pie", False, (False, True)))

    def _init(self):
        n = self.options["size"]
        b = self.board = rhombus(n)
        # tables of one board size, built once: every game of that size shares
        # them (a record or an undo replays into a new game; Links took 0.4 s of chip)
        links = _links.get(n)
        if links is None:
            links = _links[n] = Links(n)
            links.bridges()
        self.links = links
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
        # one assignment per name: cheaper than a loop over names on MicroPython
        g.board = self.board
        g.links = self.links
        g.max_moves = self.max_moves
        g.nfree = self.nfree
        g.side = self.side
        g.to_move = self.to_move
        g.last = self.last
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
        uniformly random empty cell (never swap). The board is filled (up to
        max_plies) and the link looked for once at the end (twins.py says
        why that is the same result); `cell` then holds who played where."""
        self._origin = False
        if not self.to_move or max_plies <= 0:
            return self._result
        _rng.seed(seed)
        links = self.links
        nfree = self.nfree
        r = K.playout(self.cell, self.free, self.fpos, nfree, self.side, self.last, max_plies,
                      _rng.x1, _rng.x2, links.bridge[1], links.bridge_at[1], links.bridge[2],
                      links.bridge_at[2], self.board.nbr, links.queue, self.board.size)
        made = nfree if max_plies > nfree else max_plies
        self.nfree = nfree - made
        if made & 1:
            self.side = 3 - self.side
        self.last = r >> 2
        if r & 3:
            self.to_move = 0
            self._result = _LINKED[r & 3]
        else:
            self.to_move = self.side
        return self._result

    def priors_into(self, moves, k, out):
        """Priors for the opponent (8: no opinion): 16 for keeping the bridge
        the last stone broke into; 4 for a cell of one of the mover's intact
        bridges (it joins nothing new); 11 for a cell that makes a bridge
        with a stone of the mover, 10 for one next to an enemy stone.
        moves: an array('i')."""
        p = self.side
        K.priors(self.cell, moves, k, out, p, self.last, self.links.bridge[p],
                 self.links.bridge_at[p], self.board.nbr)

    def ends_into(self, moves, k, out):
        """For the search's look for wins in one: out[i] = the mover for each
        of moves[0..k) (an array('i')) that links at once, else 0; returns
        how many do. A Hex move ends the game only by linking."""
        p = self.to_move
        links = self.links
        return K.ends(self.cell, moves, k, out, p, links.edge[p], self.board.nbr,
                      links.queue, links.label, links.bits, self.board.n)

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
