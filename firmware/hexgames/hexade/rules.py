# Hexade, as rules/hexade.md: stones on a hexhex of base 4..10, Pente-style
# pair captures, and a win by a six (row, triangle or hexagon ring) that
# outlasts the opponent's reply.
#
# State is incremental, so a playout move costs a few table look-ups:
#   cell[c]   padded board (tables): 0 empty, 1 X, 2 O, 3 wall
#   emp       the empty cells (board indices) as a list with positions epos[i]
#   cnt[s]    the stones in six s (tables: 1 per X, 8 per O), updated
#             for the sixes through a placed or lifted stone; so
#   nsix[p]   how many complete sixes p has on the board, and
#   thr       per player a stack of his fives (sixes one stone short), pushed
#             when a count becomes a five and checked when read (a five that
#             was blocked or captured since is dropped then): the playouts
#             complete and block sixes from it without searching
#   hist1/2   a 30-bit and a 16-bit hash per ply since the origin, for the
#             repetition draw; a ply without capture adds a stone, so only
#             the last `ncap` plies (stones captured since the origin) can
#             hold the current position again
from hexgames.board import zeros
from micropython import const
from hexgames.game import Game
from hexgames.hexade.tables import layout, STEPS, ADD, FIVE, EVENT, GAIN
from hexgames.hexade.tables import WIN, FULL_BOARD, REPEATED
from hexgames.hexade import knowledge, notation
from hexgames.rng import Rng

_rng = Rng()            # seeded by each playout

_X = const(1)
# Padded-board steps (tables.WIDTH = 23), in the order of board.DIRS.
_E = const(1)
_NE = const(-22)
_NW = const(-23)
_W = const(-1)
_SW = const(22)
_SE = const(23)
_SPARE_PLIES = const(16)    # history room beyond one ply per cell; it grows if needed
_TCAP = const(48)           # fives held per player (more are dropped, after a clean-up)

assert STEPS == (_E, _NE, _NW, _W, _SW, _SE)   # the steps below follow tables.WIDTH



class Hexade(Game):
    NAME = "hexade"
    CHIP_RATE = 42          # opponent iterations per chip second (tools/bench_ai.py)
    OPTIONS = (("base", 10, (4, 5, 6, 7, 8, 9, 10)),)
    UNSEEN = {"repetition": (0,)}       # a position holds no history: the draw is as stated

    def _init(self):
        lay = self.lay = layout(self.options["base"])
        b = self.board = lay.board
        n = self.max_moves = b.n
        self.pad = lay.pad
        self.index = lay.index
        self.cell = bytearray(lay.empty_board)
        self.emp = zeros("H", n)
        self.epos = zeros("H", n)
        self.nsix = [0, 0, 0]
        self.hist1 = zeros("i", n + _SPARE_PLIES)
        self.hist2 = zeros("H", n + _SPARE_PLIES)
        self.hcap = n + _SPARE_PLIES        # plies the history holds
        self.six_at = lay.six_at
        self.key1 = lay.key1
        self.key2 = lay.key2
        self.six_ids = lay.six_ids
        self.cnt = bytearray(6 * n)
        self.thr = zeros("H", 2 * _TCAP)     # X's fives, then O's
        self.nthr = [0, 0, 0]

    def _start(self):
        cell, pad, emp, epos = self.cell, self.pad, self.emp, self.epos
        for i in range(self.board.n):
            cell[pad[i]] = 0
            emp[i] = i
            epos[i] = i
        self.nemp = self.board.n
        self.nsix[1] = self.nsix[2] = 0
        cnt = self.cnt
        for i in range(len(cnt)):
            cnt[i] = 0
        self.nthr[1] = self.nthr[2] = 0
        self.worth = 0                  # the sum of tables._worth over the sixes
        # White's placements so far (captured ones count) follow from the
        # ply, since the players alternate: white0 at the origin, plus one
        # every second ply (_white_placed); nothing to update per move.
        self.white0 = 0
        self.x_first = 1            # 1 if X moves first from the origin
        self.white_first = -1       # padded cell of White's first stone
        self.hist1[0] = self.hist2[0] = 0
        self.ply = 0
        self.ncap = 0
        self.side = self.to_move = _X

    def _copy_into(self, g):
        for k in ("lay", "board", "max_moves", "pad", "index", "side", "to_move", "nemp", "white0",
                  "x_first", "white_first", "ply", "ncap", "hcap", "six_at", "six_ids",
                  "key1", "key2", "worth"):
            setattr(g, k, getattr(self, k))
        g.cell = bytearray(self.cell)
        g.emp = self.emp[:]
        g.epos = self.epos[:]
        g.nsix = self.nsix[:]
        g.cnt = bytearray(self.cnt)
        g.thr = self.thr[:]
        g.nthr = self.nthr[:]
        g.hist1 = self.hist1[:]
        g.hist2 = self.hist2[:]

    # -- moves -----------------------------------------------------------------
    def _apply(self, mv):
        # The hot path of every playout: flat, locals only, no allocation.
        cell = self.cell
        c = self.pad[mv]
        p = self.side
        q = 3 - p
        cell[c] = p
        emp, epos = self.emp, self.epos
        n = self.nemp - 1
        self.nemp = n
        k = epos[mv]
        i = emp[n]
        emp[k] = i
        epos[i] = k
        # The new position's hashes go straight into the next history slot;
        # captures below fold their stones into it.
        t = self.ply + 1
        self.ply = t
        if t >= self.hcap:
            self._grow_history()
        hist1 = self.hist1
        hist2 = self.hist2
        k = mv + mv + p - 1
        hist1[t] = hist1[t - 1] ^ self.key1[k]
        hist2[t] = hist2[t - 1] ^ self.key2[k]
        if t < 3 and p == _X and self._white_placed() == 1:
            self.white_first = c
        # Does a neighbour start an enemy pair that c closes (section 5)?
        # The six rays are disjoint, so lifting one pair at once leaves the
        # others judged on the same position.
        if cell[c + _E] == q and cell[c + 2 * _E] == q and cell[c + 3 * _E] == p:
            self._capture(c + _E, _E)
        if cell[c + _NE] == q and cell[c + 2 * _NE] == q and cell[c + 3 * _NE] == p:
            self._capture(c + _NE, _NE)
        if cell[c + _NW] == q and cell[c + 2 * _NW] == q and cell[c + 3 * _NW] == p:
            self._capture(c + _NW, _NW)
        if cell[c + _W] == q and cell[c + 2 * _W] == q and cell[c + 3 * _W] == p:
            self._capture(c + _W, _W)
        if cell[c + _SW] == q and cell[c + 2 * _SW] == q and cell[c + 3 * _SW] == p:
            self._capture(c + _SW, _SW)
        if cell[c + _SE] == q and cell[c + 2 * _SE] == q and cell[c + 3 * _SE] == p:
            self._capture(c + _SE, _SE)
        # The stone counts of the sixes through c: a five or a six is news.
        cnt = self.cnt
        ids = self.six_ids
        add = ADD[p]
        gain = GAIN[p]
        worth = self.worth
        k = self.six_at[mv]
        end = self.six_at[mv + 1]
        while k < end:
            s = ids[k]
            v = cnt[s] + add
            cnt[s] = v
            worth += gain[v]
            if EVENT[v]:
                self._news(s, v)
            k += 1
        self.worth = worth
        nsix = self.nsix
        self.side = q
        # Section 7, in its order: the older six wins, then the full board,
        # then the third repetition.
        if nsix[q]:
            self.to_move = 0
            self._result = WIN[q]
            return
        if not self.nemp:
            self.to_move = 0
            self._result = WIN[p] if nsix[p] else FULL_BOARD
            return
        self.to_move = q
        s = t - 2
        low = t - self.ncap
        if s < low:
            return
        if low < 0:
            low = 0
        h1 = hist1[t]
        h2 = hist2[t]
        seen = 1
        while s >= low:
            if hist1[s] == h1 and hist2[s] == h2:
                seen += 1
                if seen == 3:
                    self.to_move = 0
                    self._result = REPEATED
                    return
            s -= 2

    def _capture(self, a, d):
        """Lift the enemy pair a, a + d (rare, so a call is cheap enough)."""
        q = 3 - self.side
        self._lift(a, q)
        self._lift(a + d, q)

    def _lift(self, x, q):
        self.cell[x] = 0
        i = self.index[x]
        n = self.nemp
        self.emp[n] = i
        self.epos[i] = n
        self.nemp = n + 1
        t = self.ply
        k = i + i + q - 1
        self.hist1[t] ^= self.key1[k]
        self.hist2[t] ^= self.key2[k]
        self.ncap += 1
        cnt = self.cnt
        ids = self.six_ids
        add = ADD[q]
        gain = GAIN[q]
        for k in range(self.six_at[i], self.six_at[i + 1]):
            s = ids[k]
            v = cnt[s] - add
            cnt[s] = v
            self.worth -= gain[v + add]
            if EVENT[v + add] == 3:         # q's six is lost
                self.nsix[q] -= 1
            elif EVENT[v]:                  # a five again, or a five of the capturer
                self._news(s, v)

    def _news(self, s, v):
        """Six s now holds v: count a complete six, or push a five."""
        e = EVENT[v]
        if e == 3:
            self.nsix[1 if v == 6 else 2] += 1
            return
        thr = self.thr
        n = self.nthr[e]
        if n == _TCAP:                      # full: keep the fives still open
            five = FIVE[e]
            base = (e - 1) * _TCAP
            n = 0
            for j in range(base, base + _TCAP):
                if self.cnt[thr[j]] == five:
                    thr[base + n] = thr[j]
                    n += 1
            if n == _TCAP:
                return
        thr[(e - 1) * _TCAP + n] = s
        self.nthr[e] = n + 1

    def _grow_history(self):
        """Double the history (a game longer than its cells plus the spare
        plies: only after many captures)."""
        n = len(self.hist2)
        h1 = zeros("i", 2 * n)
        h2 = zeros("H", 2 * n)
        for k in range(n):
            h1[k] = self.hist1[k]
            h2[k] = self.hist2[k]
        self.hist1 = h1
        self.hist2 = h2
        self.hcap = 2 * n

    def _restricted(self):
        """True when the side to move is White placing his second stone."""
        return self.side == _X and self._white_placed() == 1

    def _white_placed(self):
        return self.white0 + (self.ply + self.x_first) // 2

    def _near_first(self, mv):
        """Is cell mv within distance 2 of White's first stone (D2)?"""
        return self.pad[mv] - self.white_first in self.lay.near

    def moves_into(self, buf):
        if not self.to_move:
            return 0
        emp = self.emp
        n = self.nemp
        if self._restricted():
            k = 0
            for j in range(n):
                i = emp[j]
                if not self._near_first(i):
                    buf[k] = i
                    k += 1
            return k
        for j in range(n):
            buf[j] = emp[j]
        return n

    def playout(self, seed, max_plies=1000):
        """Policy: complete an own six when one cell does it, else fill the
        cell that would complete the opponent's, else a uniformly random
        empty cell (for White's second stone, cells near his first are drawn
        again)."""
        self._origin = False            # the history no longer leads here
        _rng.seed(seed)
        below = _rng.below
        apply = self._apply
        five = knowledge.five
        emp = self.emp
        nthr = self.nthr
        while self.to_move and max_plies > 0:
            p = self.side
            mv = five(self, p) if nthr[p] else -1
            if mv < 0 and nthr[3 - p]:
                mv = five(self, 3 - p)
            if mv < 0:
                mv = emp[below(self.nemp)]
                if self.ply < 4 and self._restricted():     # only early on
                    while self._near_first(mv):
                        mv = emp[below(self.nemp)]
            apply(mv)
            max_plies -= 1
        return self._result

    priors_into = knowledge.priors_into
    PRIOR_VISITS = 4
    PLAYOUT_PLIES = 24      # then evaluate(): the weighted sixes of both

    def evaluate(self):
        return knowledge.evaluate(self, _rng)
    SEARCH = "hexade.search"

    # -- refusals, notation, facts, positions (notation.py) -----------------------
    _why_illegal = notation._why_illegal
    info = notation.info
    text = notation.text
    parse = notation.parse
    cells = notation.cells
    _symbol = notation._symbol
    _white_first_name = notation._white_first_name
    _to_pos = notation._to_pos
    _from_pos = notation._from_pos


GAME = Hexade
