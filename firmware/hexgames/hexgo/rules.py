# HexGo, as rules/hexgo.md: stones on a base-4 hexhex, Me (eyes) by majority,
# captures by majority enclosure, prisoners fill the opponent's Me at the end.
#
# State is incremental so a playout move costs a few table look-ups, and it
# lives in one buffer, st (a copy or a restore is then one block copy):
#   st[i]          cell: 0 empty, 1 X, 2 O, 3 captured Me of X ("x"), 4 of O ("o")
#   st[37 + i]     enb: empty neighbours of i (captured Me count as empty)
#   st[74 + k]     opn: the open cells (empty, not a Me), k < nopen,
#   st[111 + i]    opos: their positions in opn (255: not open)
#   st[148]        nopen
# A cell is open exactly when cell == 0 and enb > 0, and a stone can only be
# captured once enb == 0, so a move only has to look at its six neighbours.
# The moves, a move, the playout, the score and the wins in one are kernels
# (twins.py says what each computes). HexGo has one board, so the board and
# its tables belong to the class: a copy() sets seven names, not sixteen.
from micropython import const
from hexgames.board import hexhex, zeros
from hexgames.game import Game, IllegalMove, SYMBOL
from hexgames.native import pick

# native kernels where the VM has them, else their plain-Python twins
K = pick("hexgo.kernels", "hexgo.twins")
KP = pick("hexgo.kernels_priors", "hexgo.twins_priors")     # the moves' priors

_N = const(37)
_ENB = const(37)        # st's layout
_OPN = const(74)
_OPOS = const(111)
_NOPEN = const(148)
_SIZE = const(149)
_NONE = const(255)      # "not in the open list"
_SEEDS = const(1000000007)      # Rng.seed's modulus
_CHARS = ".XOxo"

_BOARD = hexhex(4)
_ADJ = _BOARD.adj


def _nb7():
    """The kernels' neighbour table: 7 bytes a cell, how many neighbours and
    then they, in the board's order (moves close open cells in that order)."""
    nb = bytearray(7 * _N)
    for i in range(_N):
        nb[7 * i] = len(_ADJ[i])
        for k in range(len(_ADJ[i])):
            nb[7 * i + 1 + k] = _ADJ[i][k]
    return bytes(nb)


_NB = _nb7()
_TST = bytearray(_OPN)      # ends_into plays a closing move on this copy of cell, enb
_KEEP = bytearray(_SIZE)    # playouts() starts each one from this copy of st
_SC = zeros("i", _N)        # the priors' scores, a move each


class HexGo(Game):
    NAME = "hexgo"
    CHIP_RATE = 300    # iterations per chip second, level 5 on the emulated chip (tools/pico/chip_rate.py)
    # playouts a search iteration runs from its leaf: on the chip one costs a
    # quarter of the descent and backup around it (docs/speed-and-strength.md)
    LEAF_PLAYOUTS = 4
    # a new child starts with this many visits at its prior's rate: two
    # iterations' worth (each plays LEAF_PLAYOUTS)
    PRIOR_VISITS = 8
    # level 4 at 400 ms, not 500: with the priors, half of level 5's time
    # already plays close to it (level 5 over 4: 57.9% of 300 games at 500
    # ms, 65.9% of 400 at 400; level 4 over 3 then 61.4%)
    LEVELS = ((0, 0), (0, 0), (125, 3), (250, 2), (400, 2), (1000, 1))
    OPTIONS = (("base", 4, (4,)),)
    # what a move changes (the search restores just this: scratch.py)
    STATE = ("st", "side", "to_move", "_result")
    board = _BOARD
    max_moves = _N

    def _init(self):
        self.st = bytearray(_SIZE)

    def _start(self):
        st = self.st
        for i in range(_N):
            st[i] = 0
        self._derive()
        self.side = self.to_move = 1

    def _derive(self):
        """Rebuild enb and the open list from the cells."""
        st = self.st
        k = 0
        for i in range(_N):
            e = 0
            for j in _ADJ[i]:
                if st[j] == 0 or st[j] > 2:
                    e += 1
            st[_ENB + i] = e
            st[_OPOS + i] = _NONE
            if st[i] == 0 and e:
                st[_OPN + k] = i
                st[_OPOS + i] = k
                k += 1
        st[_NOPEN] = k

    def _copy_into(self, g):
        # one assignment per name (cheaper than a loop over names on
        # MicroPython), and st by a slice: one block copy
        g.st = self.st[:]
        g.side = self.side
        g.to_move = self.to_move

    # -- moves -----------------------------------------------------------------
    def _apply(self, c):
        p = self.side
        self.side = 3 - p
        if K.apply(self.st, c, p, _NB, _ADJ):
            self.to_move = 3 - p
        else:
            self.to_move = 0
            self._result = self._score()

    def _count(self, i, p):
        """Stones of p around i."""
        st = self.st
        k = 0
        for j in _ADJ[i]:
            if st[j] == p:
                k += 1
        return k

    def _locked(self, i):
        """An enclosed Me no stone may enter: inner, with 5 or 6 of one colour
        around it (a captured Me is refused before this is asked)."""
        return len(_ADJ[i]) == 6 and (self._count(i, 1) >= 5 or self._count(i, 2) >= 5)

    def _enterable(self, c):
        """Conditions (a)/(b): a stone on Me c would capture a neighbour of either colour."""
        st = self.st
        for s in _ADJ[c]:
            if st[_ENB + s] == 1 and st[s] in (1, 2):
                if 2 * (self._count(s, 3 - st[s]) + 1) > len(_ADJ[s]):
                    return True
        return False

    def moves_into(self, buf):
        if not self.to_move:
            return 0
        return K.moves(self.st, buf, _NB, _ADJ)

    def priors_into(self, moves, k, out):
        """A prior 0..16 of each of moves[0..k) (an array('i')) for the side
        to move, into out: what the move does to the cells around it
        (kernels_priors.py, its twin says how)."""
        KP.priors(self.st, moves, k, out, self.to_move, _NB, _ADJ, _SC)

    def ends_into(self, moves, k, out):
        """For the search's look for wins in one: out[i] = the winner (0: a
        draw) for each of moves[0..k) (an array('i')) that ends the game at
        once, else 0; returns how many end it. Only a move that closes the
        last open cells does: none while more than seven are open."""
        return K.ends(self.st, moves, k, out, self.to_move, _NB, _ADJ, _TST)

    def _why_illegal(self, c):
        if not self.to_move:
            return "the game is over"
        if not isinstance(c, int) or not 0 <= c < _N:
            return "%r is not a cell" % (c,)
        name = self.board.name(c)
        v = self.st[c]
        if v in (1, 2):
            return "%s is occupied" % name
        if v > 2:
            return "%s is a captured Me: no stone may enter it" % name
        if self.st[_ENB + c]:
            return None
        if self._locked(c):
            return "%s is a locked Me (one colour holds 5 of its 6 neighbours)" % name
        if not self._enterable(c):
            return "%s is a Me, and a stone there would neither capture nor prevent a capture" % name
        return None

    def playout(self, seed, max_plies=1000):
        """Policy: a uniformly random open cell each move (open cells are always
        legal and the game ends when none is left); Me are never entered. The
        random numbers: hexgames.rng's, as Rng(seed).below draws them."""
        if self._origin is not False:
            self._origin = False        # the history no longer leads here
        if not self.to_move or max_plies <= 0:
            return self._result
        r = K.playout(self.st, self.side, max_plies, abs(seed) % _SEEDS, _NB, _ADJ)
        p = self.side = r >> 6 & 3
        if r & 63:
            self.to_move = p
            return None
        self.to_move = 0
        # the result, unpacked here: a function call costs what the tuple does
        r = self._result = (r >> 8 & 3, r >> 10 & 63, r >> 16 & 63, "score")
        return r

    def playouts(self, seed, max_plies, k):
        """k playouts from this position, the j-th as playout(seed + j) plays
        it; returns X's wins | O's wins << 8 (the rest drawn or cut short).
        The game is back at this position afterwards."""
        st = self.st
        keep = _KEEP
        keep[:] = st                    # a block copy into a fixed buffer: no allocation
        side = self.side
        x = o = 0
        for j in range(k):
            if j:
                st[:] = keep
            r = K.playout(st, side, max_plies, abs(seed + j) % _SEEDS, _NB, _ADJ)
            if not r & 63:
                w = r >> 8 & 3
                if w == 1:
                    x += 1
                elif w == 2:
                    o += 1
        st[:] = keep
        return x | o << 8

    # -- scoring and facts -----------------------------------------------------
    def _owner(self, i):
        """Owner of Me i: 1, 2, or 0 (neutral); None if i is not a Me."""
        v = self.st[i]
        if v > 2:
            return v - 2
        if v or self.st[_ENB + i]:
            return None
        x = self._count(i, 1)
        o = len(_ADJ[i]) - x
        return 1 if x > o else 2 if o > x else 0

    def _score(self):
        r = K.score(self.st, _NB, _ADJ)
        return (r >> 8 & 3, r >> 10 & 63, r >> 16 & 63, "score")

    def info(self):
        me = {}
        for i in range(_N):
            w = self._owner(i)
            if w is not None:
                me[self.board.name(i)] = "NXO"[w]
        return {"me": me}

    # -- notation and positions ------------------------------------------------
    def text(self, c):
        if not isinstance(c, int) or not 0 <= c < _N:
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
        v = self.st[i]
        return _CHARS[v] if v else None

    def _to_pos(self):
        return []

    def _from_pos(self, d):
        b = self.board
        st = self.st
        for i in range(_N):
            st[i] = 0
        for name, s in d.get("cells", {}).items():
            if not isinstance(s, str) or len(s) != 1 or s not in "XOxo":
                raise ValueError("hexgo position: %s holds %r, not one of X O x o" % (name, s))
            st[b.index(name)] = _CHARS.index(s)
        self._derive()
        self.side = SYMBOL.index(d.get("to_move", "X"))
        self._result = None
        self.to_move = self.side
        if not self.st[_NOPEN]:
            self.to_move = 0
            self._result = self._score()


GAME = HexGo
