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
# Move generation is in moves, the board in tables, the slow paths
# (refusals, set-up, info) in position; a step (captures, the win, the bonus,
# the end of the turn), its taking back and the playout loop run in steps/
# (native kernels, or their twins: K).
# Steps are small ints: a move o << 7 | d, a drop DROP | c, and PASS.
from array import array
from hexgames.board import zeros
from micropython import const
from hexgames.game import Game
from hexgames.rng import Rng
from hexgames.native import pick
from hexgames.hexmeister.tables import (
    BOARD, CENTRE, NO, GATE_NO, GROUPS, GATE_GROUPS, GATE_TRIANGLES, KEYS, K_RESERVE, K_SIDE,
    KT)
from hexgames.hexmeister.moves import NULLIFY, ALL, GS, gen, has_step
from hexgames.hexmeister import position as _pos

# a step and its taking back, the playout: native code where the VM has it
K = pick("hexmeister.steps.kernels", "hexmeister.steps.twins")

_N = const(91)
_STONES = const(18)
_TURN_LIMIT = const(300)
# 18 stones with 73 free cells each, plus pass (with 17 stones and a reserve:
# 17 * 74 + 4 drops + pass = 1263, fewer).
_MAX_MOVES = const(1315)

_ADJ = BOARD.adj
_rng = Rng()
_caplog = bytearray(_N)                     # the cells one step captured, in order
# the plain values a step changes, for the kernels: h, turn, bonus, side, nrep,
# rmat + 1; then the playout's random state (Rng's x1, x2)
_st = zeros("i", 8)
_REASONS = ("", "alignment", "encirclement", "no_legal_move", "repetition", "turn_limit")
# K.step's ends, 16 * reason + winner, as result() tuples made once
_RESULTS = tuple([(r & 15, 0, 0, _REASONS[r >> 4]) if r >= 16 and r & 15 < 3 else None
                  for r in range(96)])
_pbuf = zeros("i", _N + 8)      # one stone's moves or the drops: playouts, refusals
_stones = bytearray(_STONES + 4)            # the mover's stones and drops, for the playout policy


class Hexmeister(Game):
    NAME = "hexmeister"
    CHIP_RATE = 282    # work units per chip second, level 5 on the emulated chip (tools/pico/chip_rate.py)
    SEARCH = "hexmeister.search"    # a two-turn search on an evaluation (not MCTS)
    CAPLOG = _caplog        # the cells the last step captured (the search takes them back)
    # what a step changes (a search restores just this: hexgames/scratch.py);
    # a step writes into these buffers, never rebinds them
    STATE = ("cell", "cnt", "grp", "ngate", "nst", "res", "rep", "h", "turn", "bonus", "side",
             "to_move", "nrep", "rmat", "_result")
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
        self.h ^= KEYS[(p - 1) * _N + i]
        self.nst[p] += 1
        k = GATE_NO[i]
        if k != NO:
            self.ngate[p] += 1
            g = self.grp[p]
            for t in GATE_GROUPS[k]:
                g[t] += 1

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

    # -- a step ----------------------------------------------------------------------
    def _apply(self, m):
        # K.step plays it (steps/twins.py says how) on the buffers and _st
        st = self._pack()
        cnt = self.cnt
        grp = self.grp
        self._unpack(K.step(m, self.cell, cnt[1], cnt[2], grp[1], grp[2], self.ngate, self.nst,
                            self.res, self.rep, st, KT, KEYS, _caplog))

    def _pack(self):
        """The plain values a step changes, into _st for the kernels."""
        st = _st
        st[0] = self.h
        st[1] = self.turn
        st[2] = self.bonus
        st[3] = self.side
        st[4] = self.nrep
        st[5] = self.rmat + 1
        return st

    def _unpack(self, r):
        """The plain values back from _st after a step that returned r."""
        st = _st
        self.h = st[0]
        self.turn = st[1]
        self.bonus = st[2] == 1
        self.side = self.to_move = st[3]
        self.nrep = st[4]
        self.rmat = st[5] - 1
        if r > 2:
            self.to_move = 0
            self._result = _RESULTS[r]
        elif r == 2:
            self._no_quick_step()

    def _no_quick_step(self):
        """The end of a turn after which the quick looks of K.step found no
        step for the player to move: the whole move list decides."""
        if not has_step(self):
            self._finish(3 - self.side, "no_legal_move")
        elif self._count_position() >= 3:
            self._finish(0, "repetition")
        elif self.turn >= _TURN_LIMIT:
            self._finish(0, "turn_limit")

    def _unapply(self, m, p, caps, at, n):
        """Takes back step m of p, which captured caps[at:at + n] (the plain
        values are the caller's to restore)."""
        cnt = self.cnt
        grp = self.grp
        self.h = K.unstep(m, p, caps, at, n, self.cell, cnt[1], cnt[2], grp[1], grp[2],
                          self.ngate, self.nst, self.res, self.h, KT, KEYS)

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
        h = self.h ^ KEYS[K_RESERVE + res[1]] ^ KEYS[K_RESERVE + 19 + res[2]]
        if self.side == 2:
            h ^= KEYS[K_SIDE]
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
    # Per level (chip ms, moves sampled among), the times of hexgames.ai.LEVELS.
    # The search of whole turns separates the levels by depth (level 2
    # judges a quarter of the candidates after one turn, level 3 most of
    # them, level 4 verifies the best against the replies, level 5 also
    # answers those), and its scores hardly differ between good moves, so a
    # level that samples picks near evenly among them: level 4 sampling
    # two played level 3's game (nine games in ten drawn). Since the move
    # scorer brings stones up to the enemy's gate stones, games are decided
    # (no draws in 200), and the two top levels, both playing their best,
    # played the same few games over (200 games, 18 different, 55%); level 4
    # sampling between its best two beats level 3 by 80% and loses to level
    # 5 by 87%. So level 5 plays its best, and levels 4, 3, 2 sample among
    # 2, 3 and 5.
    LEVELS = ((0, 0), (0, 0), (125, 5), (250, 3), (500, 2), (1000, 1))

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

    def playout(self, seed, max_plies=1000):
        """Policy: pick uniformly among the mover's stones, "a drop" (when one is
        legal) and "pass" (during a bonus); a stone without a legal move is set
        aside and the pick repeated. A stone that can enter a gate enters a
        random one of them, else it makes a uniformly random legal move; a drop
        goes to a random legal base cell. One stone's flood fills per step, not
        all; and gate-hungry play ends a quarter of the games from the start
        with a win, where uniform play ends all of them at the turn limit.
        K.playout plays it (steps/twins.py)."""
        self._origin = False
        _rng.seed(seed)
        _st[6] = _rng.x1
        _st[7] = _rng.x2
        cnt = self.cnt
        grp = self.grp
        while self.to_move and max_plies > 0:
            r = K.playout(self.cell, cnt[1], cnt[2], grp[1], grp[2], self.ngate, self.nst,
                          self.res, self.rep, self._pack(), KT, KEYS, _caplog, _pbuf, _stones,
                          GS, max_plies)
            self._unpack(r & 255)
            if r >> 8 == max_plies:     # cannot happen: a running game has a step
                break
            max_plies = r >> 8
        return self._result

    # -- refusals, notation, facts, positions (position.py) ---------------------------
    _why_illegal = _pos.why_illegal
    text = _pos.text
    parse = _pos.parse
    cells = _pos.cells
    info = _pos.info
    win_threat = _pos.win_threat
    _symbol = _pos.symbol
    _to_pos = _pos.to_pos
    _from_pos = _pos.from_pos


GAME = Hexmeister
