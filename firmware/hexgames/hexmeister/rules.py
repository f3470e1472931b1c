# Hexmeister, as rules/hexmeister.md: stones dropped into a base run along
# lanes, stop on ring cells, cross moats through gates; three stones around a
# cell or four gates of a triangle secure it; captures and gate entries earn
# bonus steps; five gates in a line or a full gate ring win.
#
# State is incremental, so a step only touches the cells it changes:
#   cell[i]     0 empty, 1 X, 2 O
#   cnt[p][i]   stones of p next to i (p secures i by proximity at 3)
#   grp[p][k]   gates p holds in gate group k (triangles, lines, rings)
#   ngate, nst, res   gates held, stones on the board, reserve, per player
#   h           XOR of the hash keys of the stones (repetition rule)
# Move generation is in moves, the board in tables, the
# slow paths (refusals, set-up, info) in position.
# Steps are small ints: a move o << 7 | d, a drop DROP | c, and PASS.
from array import array
from hexgames.board import zeros
from micropython import const
from hexgames.game import Game
from hexgames.rng import Rng
from hexgames.hexmeister.tables import (
    BOARD, CENTRE, NO, GATE_NO, BASE_OF, BASE_GATE_OF, GROUPS, GROUP_SIZE, GATE_GROUPS,
    GATE_TRIANGLES, CELL_KEY, RESERVE_KEY, SIDE_KEY)
from hexgames.hexmeister.moves import DROP, PASS, NULLIFY, ALL, gen, drops, has_step
from hexgames.hexmeister import position as _pos

_N = const(91)
_STONES = const(18)
_TURN_LIMIT = const(300)
# 18 stones with 73 free cells each, plus pass (with 17 stones and a reserve:
# 17 * 74 + 4 drops + pass = 1263, fewer).
_MAX_MOVES = const(1315)

_ADJ = BOARD.adj
_rng = Rng()
_caplog = bytearray(_N)                     # the cells one step captured, in order
_pbuf = zeros("i", _N + 8)      # one stone's moves or the drops: playouts, refusals
_stones = bytearray(_STONES)                # the mover's stones, for the playout policy


class Hexmeister(Game):
    NAME = "hexmeister"
    CHIP_RATE = 134         # search work units per chip second (unix port / 100, mid-game)
    SEARCH = "hexmeister.search"    # a two-turn search on an evaluation (not MCTS)
    CAPLOG = _caplog        # the cells the last step captured (the search takes them back)
    OPTIONS = (("base", 6, (6,)),)
    UNSEEN = {"repetition": (0,)}       # a position holds no history: the draw is as stated
    JOIN = ("drop",)

    def _init(self):
        self.board = BOARD
        self.max_moves = _MAX_MOVES
        self.cell = bytearray(_N)
        self.cnt = (None, bytearray(_N), bytearray(_N))
        self.grp = (None, bytearray(len(GROUPS)), bytearray(len(GROUPS)))
        self.ngate = bytearray(3)
        self.nst = bytearray(3)
        self.res = bytearray(3)
        self.rep = zeros("i", _TURN_LIMIT + 2)

    def _clear(self):
        for i in range(_N):
            self.cell[i] = 0
            self.cnt[1][i] = 0
            self.cnt[2][i] = 0
        for k in range(len(GROUPS)):
            self.grp[1][k] = 0
            self.grp[2][k] = 0
        for p in range(3):
            self.ngate[p] = 0
            self.nst[p] = 0
            self.res[p] = _STONES
        self.h = 0
        self.turn = 0
        self.bonus = False
        self.side = self.to_move = 1
        self._result = None

    def _start(self):
        self._clear()
        self.nrep = 0
        self.rmat = -1
        self._count_position()

    def _copy_into(self, g):
        for k in ("board", "max_moves", "h", "turn", "bonus", "side", "to_move", "nrep", "rmat"):
            setattr(g, k, getattr(self, k))
        g.cell = bytearray(self.cell)
        g.cnt = (None, bytearray(self.cnt[1]), bytearray(self.cnt[2]))
        g.grp = (None, bytearray(self.grp[1]), bytearray(self.grp[2]))
        g.ngate = bytearray(self.ngate)
        g.nst = bytearray(self.nst)
        g.res = bytearray(self.res)
        g.rep = array("i", self.rep)

    # -- stones in and out: every incremental table in one place ----------------
    def _put(self, i, p):
        self.cell[i] = p
        c = self.cnt[p]
        for j in _ADJ[i]:
            c[j] += 1
        self.h ^= CELL_KEY[(p - 1) * _N + i]
        self.nst[p] += 1
        k = GATE_NO[i]
        if k != NO:
            self.ngate[p] += 1
            g = self.grp[p]
            for t in GATE_GROUPS[k]:
                g[t] += 1

    def _take(self, i):
        p = self.cell[i]
        self.cell[i] = 0
        c = self.cnt[p]
        for j in _ADJ[i]:
            c[j] -= 1
        self.h ^= CELL_KEY[(p - 1) * _N + i]
        self.nst[p] -= 1
        k = GATE_NO[i]
        if k != NO:
            self.ngate[p] -= 1
            g = self.grp[p]
            for t in GATE_GROUPS[k]:
                g[t] -= 1

    # -- security ------------------------------------------------------------------
    def _triangulates(self, p, g):
        """p holds the other four gates of a triangle with gate g (nullification applied)."""
        if g == CENTRE and self.ngate[3 - p] >= NULLIFY:
            return False
        gp = self.grp[p]
        own = 1 if self.cell[g] == p else 0
        for t in GATE_TRIANGLES[GATE_NO[g]]:
            if gp[t] - own == 4:
                return True
        return False

    def _secured(self, p, i):
        if self.cnt[p][i] >= 3:
            return True
        return GATE_NO[i] != NO and self._triangulates(p, i)

    def _exposed(self, p):
        """p's stone on f6 stands on a cell the opponent triangulates (section 5.2.2)."""
        return self.cell[CENTRE] == p and self._triangulates(3 - p, CENTRE)

    # -- a step ----------------------------------------------------------------------
    def _capture(self, d, p, gate):
        """Remove q's stones that p secures after p's stone arrived on d; the
        removed cells go to _caplog. Returns how many."""
        q = 3 - p
        cell = self.cell
        cp = self.cnt[p]
        n = 0
        for j in _ADJ[d]:
            if cell[j] == q and cp[j] >= 3:
                self._take(j)
                _caplog[n] = j
                n += 1
        gp = self.grp[p]
        if gate:
            gq = self.grp[q]
            for t in GATE_TRIANGLES[GATE_NO[d]]:
                if gp[t] == 4 and gq[t] == 1:
                    for g in GROUPS[t]:
                        if cell[g] == q:
                            if g != CENTRE:         # the centre is judged below
                                self._take(g)
                                _caplog[n] = g
                                n += 1
                            break
        # Losing gates can end q's nullification and expose q's centre stone:
        # the cascade of section 5.2.1, which needs only this one look.
        if (gate or n) and cell[CENTRE] == q and self.ngate[q] < NULLIFY:
            for t in range(6):
                if gp[t] == 4:
                    self._take(CENTRE)
                    _caplog[n] = CENTRE
                    n += 1
                    break
        return n

    def _apply(self, m):
        p = self.side
        if m == PASS:
            self._end_turn(p)
            return
        if m & DROP:
            c = m & 0x7F
            self.res[p] -= 1
            self._put(c, p)
            if self._capture(c, p, False):
                self.bonus = True
            else:
                self._end_turn(p)
            return
        o = m >> 7
        d = m & 0x7F
        self._take(o)
        self._put(d, p)
        gate = GATE_NO[d] != NO
        bonus = self._capture(d, p, gate)
        if gate:
            g = self.grp[p]
            for t in GATE_GROUPS[GATE_NO[d]]:
                if t > 5 and g[t] == GROUP_SIZE[t]:
                    # t > 8 is a gate ring; lines come first, so alignment wins ties
                    self._end_turn(p, "encirclement" if t > 8 else "alignment")
                    return
            if BASE_OF[o] != p or BASE_GATE_OF[d] != p:
                bonus = 1
        if bonus:
            self.bonus = True
        else:
            self._end_turn(p)

    def _end_turn(self, p, win=None):
        q = 3 - p
        self.bonus = False
        self.turn += 1
        self.side = self.to_move = q
        if win:
            self._finish(p, win)
        elif not has_step(self):
            self._finish(p, "no_legal_move")
        elif self._count_position() >= 3:
            self._finish(0, "repetition")
        elif self.turn >= _TURN_LIMIT:
            self._finish(0, "turn_limit")

    def _finish(self, winner, reason):
        self.to_move = 0
        self._result = (winner, 0, 0, reason)

    def _count_position(self):
        """Record the start-of-turn position; return how often it has occurred.
        Drops and captures change the material for good, so only positions
        since the last change can repeat: the list restarts there."""
        res = self.res
        nst = self.nst
        mat = ((res[1] * 19 + res[2]) * 19 + nst[1]) * 19 + nst[2]
        if mat != self.rmat:
            self.rmat = mat
            self.nrep = 0
        h = self.h ^ RESERVE_KEY[res[1]] ^ RESERVE_KEY[19 + res[2]]
        if self.side == 2:
            h ^= SIDE_KEY
        rep = self.rep
        n = self.nrep
        seen = 1
        for k in range(n):
            if rep[k] == h:
                seen += 1
        rep[n] = h
        self.nrep = n + 1
        return seen

    # The opponent's knowledge is in evaluation: the evaluation of the
    # gate race, the move scorer (priors) and the search that uses them.
    # For a playout search, PLAYOUT_PLIES cuts the hundreds of steps of a
    # random game short and evaluate() says who leads there.
    PLAYOUT_PLIES = 24

    # (imported when first asked for: games without the opponent need no
    # room for it on the heap)
    def evaluate(self):
        from hexgames.hexmeister import evaluation
        return evaluation.evaluate(self)

    def priors_into(self, moves, k, out):
        from hexgames.hexmeister import evaluation
        evaluation.priors_into(self, moves, k, out)

    # -- move generation --------------------------------------------------------------
    def moves_into(self, buf):
        if not self.to_move:
            return 0
        return gen(self, buf, _MAX_MOVES, ALL)

    def _buf(self):
        return _pbuf

    def _four_of_a_triangle(self, q):
        """q holds four gates of some triangle (used when p holds f6, so the four exclude it)."""
        gq = self.grp[q]
        for t in range(6):
            if gq[t] == 4:
                return True
        return False

    def _exposes(self, o, d, p):
        """Would o-d leave p's f6 stone on a cell the opponent secures? Plays the
        step with its captures, looks, and takes it back."""
        q = 3 - p
        self._take(o)
        self._put(d, p)
        n = self._capture(d, p, GATE_NO[d] != NO)
        bad = self._exposed(p)
        while n:
            n -= 1
            self._put(_caplog[n], q)
        self._take(d)
        self._put(o, p)
        return bad

    def playout(self, seed, max_plies=1000):
        """Policy: pick uniformly among the mover's stones, "a drop" (when one is
        legal) and "pass" (during a bonus); a stone without a legal move is set
        aside and the pick repeated. A stone that can enter a gate enters a
        random one of them, else it makes a uniformly random legal move; a drop
        goes to a random legal base cell. One stone's flood fills per step, not
        all; and gate-hungry play ends a quarter of the games from the start
        with a win, where uniform play ends all of them at the turn limit."""
        self._origin = False
        _rng.seed(seed)
        below = _rng.below
        apply = self._apply
        buf = _pbuf
        stones = _stones
        cell = self.cell
        while self.to_move and max_plies > 0:
            p = self.side
            ns = 0
            for i in range(_N):
                if cell[i] == p:
                    stones[ns] = i
                    ns += 1
            nd = drops(self, buf, 0)
            total = ns
            if nd:
                total += 1
            if self.bonus:
                total += 1
            while total:
                r = below(total)
                if r < ns:
                    n = gen(self, buf, _N, stones[r])
                    if n:
                        ng = 0                  # gate entries to the front
                        for x in range(n):
                            m = buf[x]
                            if GATE_NO[m & 0x7F] != NO:
                                buf[x] = buf[ng]
                                buf[ng] = m
                                ng += 1
                        apply(buf[below(ng or n)])
                        break
                    ns -= 1                 # blocked: set it aside
                    stones[r] = stones[ns]
                    total -= 1
                elif nd and r == ns:
                    apply(buf[below(drops(self, buf, 0))])
                    break
                else:
                    apply(PASS)
                    break
            if not total:                   # cannot happen: a running game has a step
                break
            max_plies -= 1
        return self._result

    # -- refusals, notation, facts, positions (position.py) ---------------------------
    _why_illegal = _pos.why_illegal
    text = _pos.text
    parse = _pos.parse
    cells = _pos.cells
    info = _pos.info
    _symbol = _pos.symbol
    _to_pos = _pos.to_pos
    _from_pos = _pos.from_pos


GAME = Hexmeister
