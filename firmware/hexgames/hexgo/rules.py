# HexGo, as rules/hexgo.md: stones on a base-4 hexhex, Me (eyes) by majority,
# captures by majority enclosure, prisoners fill the opponent's Me at the end.
#
# State is incremental so a playout move costs a few table look-ups:
#   cell[i]  0 empty, 1 X, 2 O, 3 captured Me of X ("x"), 4 captured Me of O ("o")
#   enb[i]   empty neighbours of i (captured Me count as empty)
#   opn      the open cells (empty, not a Me) as a list with positions opos[i]
# A cell is open exactly when cell == 0 and enb > 0, and a stone can only be
# captured once enb == 0, so a move only has to look at its six neighbours.
from micropython import const
from hexgames.board import hexhex, zeros
from hexgames.game import Game, IllegalMove, SYMBOL
from hexgames.rng import Rng

_rng = Rng()      # seeded by each playout
_tally = zeros("H", 6)      # _score: Me of N, X, O, then cells x and o

_EMPTY = const(0)
_NONE = const(255)     # "not in the open list"
_CHARS = ".XOxo"


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
        self.deg = bytes([len(a) for a in b.adj])
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
        for k in ("board", "max_moves", "adj", "deg", "side", "to_move", "nopen"):
            setattr(g, k, getattr(self, k))
        g.cell = bytearray(self.cell)
        g.enb = bytearray(self.enb)
        g.opn = bytearray(self.opn)
        g.opos = bytearray(self.opos)

    # -- moves -----------------------------------------------------------------
    def _apply(self, c):
        # The hot path of every playout: kept flat, locals only, no allocation
        # (one assignment per name: MicroPython builds a tuple for 4 or more).
        cell = self.cell
        enb = self.enb
        opn = self.opn
        opos = self.opos
        adj = self.adj
        p = self.side
        q = 3 - p
        nopen = self.nopen
        cell[c] = p
        k = opos[c]
        if k != _NONE:              # an open cell (else a Me being entered)
            nopen -= 1
            i = opn[nopen]
            opn[k] = i
            opos[i] = k
            opos[c] = _NONE
        ncap = 0
        for j in adj[c]:
            e = enb[j] - 1
            enb[j] = e
            if e:
                continue
            v = cell[j]
            if v == _EMPTY:         # j just became a Me
                k = opos[j]
                if k != _NONE:
                    nopen -= 1
                    i = opn[nopen]
                    opn[k] = i
                    opos[i] = k
                    opos[j] = _NONE
            elif v == q:            # an enclosed enemy stone: majority decides
                t = 0
                for i in adj[j]:
                    if cell[i] == p:
                        t += 2
                if t > len(adj[j]):
                    # Mark now, remove after the loop: every capture is judged
                    # on the position with all the stones still standing.
                    cell[j] = 5 + p
                    ncap += 1
        if ncap:
            for j in adj[c]:
                if cell[j] > 5:
                    cell[j] = p + 2         # a captured Me of p
                    for i in adj[j]:
                        enb[i] += 1
        self.nopen = nopen
        self.side = q
        if nopen:
            self.to_move = q
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
        k = self.nopen
        opn = self.opn
        for i in range(k):
            buf[i] = opn[i]
        cell, enb = self.cell, self.enb
        for i in range(self.board.n):
            if cell[i] == _EMPTY and enb[i] == 0 and not self._locked(i) and self._enterable(i):
                buf[k] = i
                k += 1
        return k

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
        below = _rng.below
        _rng.seed(seed)
        apply = self._apply
        opn = self.opn
        while self.to_move and max_plies > 0:
            apply(opn[below(self.nopen)])
            max_plies -= 1
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
        t = _tally                  # a playout ends here: no lists per playout
        for k in range(6):
            t[k] = 0
        cell = self.cell
        for i in range(self.board.n):
            w = self._owner(i)
            if w is not None:
                t[w] += 1
            if cell[i] > 2:
                t[cell[i] + 1] += 1         # cells 3 (x) and 4 (o) counted at 4 and 5
        sx = max(0, t[1] - t[5])
        so = max(0, t[2] - t[4])
        return (1 if sx > so else 2 if so > sx else 0, sx, so, "score")

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
