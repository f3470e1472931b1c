# HexGo, as rules/hexgo.md: stones on a base-4 hexhex, Me (eyes) by majority,
# captures by majority enclosure, prisoners fill the opponent's Me at the end.
#
# State is incremental so a playout move costs a few table look-ups:
#   cell[i]  0 empty, 1 X, 2 O, 3 captured Me of X ("x"), 4 captured Me of O ("o")
#   enb[i]   empty neighbours of i (captured Me count as empty)
#   opn      the open cells (empty, not a Me) as a list with positions opos[i]
# A cell is open exactly when cell == 0 and enb > 0, and a stone can only be
# captured once enb == 0, so a move only has to look at its six neighbours.
# The moves, the playout, the score and the wins in one are kernels (twins.py
# says what each computes).
from micropython import const
from hexgames.board import hexhex
from hexgames.game import Game, IllegalMove, SYMBOL
from hexgames.native import pick
from hexgames.rng import Rng

# native kernels where the VM has them, else their plain-Python twins
K = pick("hexgo.kernels", "hexgo.twins")
_rng = Rng()      # seeded by each playout
_N = const(37)
_tcell = bytearray(_N)      # ends_into plays a closing move on these copies
_tenb = bytearray(_N)
_tables = []                # (nb, deg): built by the first game

_EMPTY = const(0)
_NONE = const(255)     # "not in the open list"
_CHARS = ".XOxo"


def _result(r):
    """The result of a finished game from a kernel's packed score."""
    return (r >> 8 & 3, r >> 10 & 63, r >> 16 & 63, "score")


def _neighbours(b):
    """nb: 6 bytes a cell, its neighbours first (in the board's order, so
    that moves close open cells in the same order as ever); deg: how many."""
    if not _tables:
        nb = bytearray(6 * b.n)
        for i in range(b.n):
            for k in range(6):
                nb[6 * i + k] = _NONE
            k = 6 * i
            for j in b.adj[i]:
                nb[k] = j
                k += 1
        _tables.append((bytes(nb), bytes([len(a) for a in b.adj])))
    return _tables[0]


class HexGo(Game):
    NAME = "hexgo"
    CHIP_RATE = 53    # iterations per chip second, level 5 on the emulated chip (tools/chip_rate.py)
    OPTIONS = (("base", 4, (4,)),)
    # what a move changes (the search restores just this: scratch.py)
    STATE = ("cell", "enb", "opn", "opos", "nopen", "side", "to_move", "_result")

    def _init(self):
        b = self.board = hexhex(4)
        n = self.max_moves = b.n
        self.adj = b.adj
        self.nb, self.deg = _neighbours(b)
        self.cell = bytearray(n)
        self.enb = bytearray(n)
        self.opn = bytearray(n)
        self.opos = bytearray(n)

    def _start(self):
        for i in range(self.board.n):
            self.cell[i] = 0
        self._derive()
        self.side = self.to_move = 1

    def _derive(self):
        """Rebuild enb and the open list from cell[]."""
        cell, enb, opn, opos = self.cell, self.enb, self.opn, self.opos
        k = 0
        for i in range(self.board.n):
            e = 0
            for j in self.adj[i]:
                if cell[j] == 0 or cell[j] > 2:
                    e += 1
            enb[i] = e
            opos[i] = _NONE
            if cell[i] == _EMPTY and e:
                opn[k] = i
                opos[i] = k
                k += 1
        self.nopen = k

    def _copy_into(self, g):
        # one assignment per name: cheaper than a loop over names on MicroPython
        g.board = self.board
        g.max_moves = self.max_moves
        g.adj = self.adj
        g.nb = self.nb
        g.deg = self.deg
        g.side = self.side
        g.to_move = self.to_move
        g.nopen = self.nopen
        g.cell = bytearray(self.cell)
        g.enb = bytearray(self.enb)
        g.opn = bytearray(self.opn)
        g.opos = bytearray(self.opos)

    # -- moves -----------------------------------------------------------------
    def _apply(self, c):
        p = self.side
        nopen = self.nopen = K.apply(self.cell, self.enb, self.opn, self.opos, self.nopen, c, p,
                                     self.nb, self.deg, self.adj)
        self.side = 3 - p
        if nopen:
            self.to_move = 3 - p
        else:
            self.to_move = 0
            self._result = self._score()

    def _count(self, i, p):
        """Stones of p around i."""
        cell = self.cell
        k = 0
        for j in self.adj[i]:
            if cell[j] == p:
                k += 1
        return k

    def _locked(self, i):
        """A Me no stone may enter (section 4): captured, or inner with 5+ of one colour."""
        if self.cell[i] > 2:
            return True
        return self.deg[i] == 6 and (self._count(i, 1) >= 5 or self._count(i, 2) >= 5)

    def _enterable(self, c):
        """Conditions (a)/(b): a stone on Me c would capture a neighbour of either colour."""
        cell, enb, deg = self.cell, self.enb, self.deg
        for s in self.adj[c]:
            if enb[s] == 1 and cell[s] in (1, 2):
                if 2 * (self._count(s, 3 - cell[s]) + 1) > deg[s]:
                    return True
        return False

    def moves_into(self, buf):
        if not self.to_move:
            return 0
        return K.moves(self.cell, self.enb, self.opn, self.nopen, buf, self.nb, self.deg, self.adj,
                       _N)

    def ends_into(self, moves, k, out):
        """For the search's look for wins in one: out[i] = the winner (0: a
        draw) for each of moves[0..k) (an array('i')) that ends the game at
        once, else 0; returns how many end it. Only a move that closes the
        last open cells does: none while more than seven are open."""
        return K.ends(self.cell, self.enb, self.opos, self.nopen, moves, k, out, self.to_move,
                      self.nb, self.deg, self.adj, _N, _tcell, _tenb)

    def _why_illegal(self, c):
        if not self.to_move:
            return "the game is over"
        if not isinstance(c, int) or not 0 <= c < self.board.n:
            return "%r is not a cell" % (c,)
        name = self.board.name(c)
        v = self.cell[c]
        if v in (1, 2):
            return "%s is occupied" % name
        if v > 2:
            return "%s is a captured Me: no stone may enter it" % name
        if self.enb[c]:
            return None
        if self._locked(c):
            return "%s is a locked Me (one colour holds 5 of its 6 neighbours)" % name
        if not self._enterable(c):
            return "%s is a Me, and a stone there would neither capture nor prevent a capture" % name
        return None

    def playout(self, seed, max_plies=1000):
        """Policy: a uniformly random open cell each move (open cells are always
        legal and the game ends when none is left); Me are never entered."""
        self._origin = False            # the history no longer leads here
        if not self.to_move or max_plies <= 0:
            return self._result
        _rng.seed(seed)
        r = K.playout(self.cell, self.enb, self.opn, self.opos, self.nopen, self.side, max_plies,
                      _rng.x1, _rng.x2, self.nb, self.deg, self.adj, _N)
        nopen = self.nopen = r & 63
        self.side = r >> 6 & 3
        if nopen:
            self.to_move = self.side
        else:
            self.to_move = 0
            self._result = _result(r)
        return self._result

    # -- scoring and facts -----------------------------------------------------
    def _owner(self, i):
        """Owner of Me i: 1, 2, or 0 (neutral); None if i is not a Me."""
        v = self.cell[i]
        if v > 2:
            return v - 2
        if v or self.enb[i]:
            return None
        x = self._count(i, 1)
        o = self.deg[i] - x
        return 1 if x > o else 2 if o > x else 0

    def _score(self):
        return _result(K.score(self.cell, self.enb, self.nb, self.deg, self.adj, _N))

    def info(self):
        me = {}
        for i in range(self.board.n):
            w = self._owner(i)
            if w is not None:
                me[self.board.name(i)] = "NXO"[w]
        return {"me": me}

    # -- notation and positions ------------------------------------------------
    def text(self, c):
        if not isinstance(c, int) or not 0 <= c < self.board.n:
            raise ValueError("%r is not a HexGo move" % (c,))
        return self.board.name(c)

    def parse(self, s):
        if s == "pass":
            raise IllegalMove("pass is never legal in HexGo")
        i = self.board.find(s)
        if i < 0:
            raise IllegalMove("%r is not a cell of the HexGo board (a move is a cell name like d4)" % (s,))
        return i

    def cells(self, c):
        return [c]

    def _symbol(self, i):
        v = self.cell[i]
        return _CHARS[v] if v else None

    def _to_pos(self):
        return []

    def _from_pos(self, d):
        b = self.board
        cell = self.cell
        for i in range(b.n):
            cell[i] = 0
        for name, s in d.get("cells", {}).items():
            if not isinstance(s, str) or len(s) != 1 or s not in "XOxo":
                raise ValueError("hexgo position: %s holds %r, not one of X O x o" % (name, s))
            cell[b.index(name)] = _CHARS.index(s)
        self._derive()
        self.side = SYMBOL.index(d.get("to_move", "X"))
        self._result = None
        self.to_move = self.side
        if not self.nopen:
            self.to_move = 0
            self._result = self._score()


GAME = HexGo
