# Hexade, as rules/hexade.md: stones on a hexhex of base 4..10, Pente-style
# pair captures, and a win by a six (row, triangle or hexagon ring) that
# outlasts the opponent's reply.
#
# State is incremental, so a move costs a few table look-ups:
#   cell[c]   padded board (tables): 0 empty, 1 X, 2 O, 3 wall
#   emp       the empty cells (board indices) as a list with positions epos[i]
#   cnt[s]    the stones in six s (tables: 1 per X, 8 per O), updated
#             for the sixes through a placed or lifted stone; so the game
#             knows how many complete sixes each player has (nsix), and
#   thr       per player a stack of his fives (sixes one stone short), pushed
#             when a count becomes a five and checked when read (a five that
#             was blocked or captured since is dropped then): the playouts
#             complete and block sixes from it without searching
#   hist1/2   a 30-bit and a 16-bit hash per ply since the origin, for the
#             repetition draw; a ply without capture adds a stone, so only
#             the last `ncap` plies (stones captured since the origin) can
#             hold the current position again
#   vals      the position's numbers (tables.NEMP ...): empty cells, plies,
#             captures, the sixes' worth, the sixes and fives of each side...
# A move is played by the kernel that plays playouts (kernels.py, or its
# twin in twins.py), as a playout of one forced ply.
from hexgames.board import zeros
from micropython import const
from hexgames.game import Game
from hexgames.hexade.tables import layout, KSTEP, GAINS, NEAR, ENDINGS
from hexgames.hexade.tables import NEMP, PLY, NCAP, WORTH, WHITE0, X_FIRST, HCAP, VERDICT
from hexgames.hexade.tables import MINEMP, SIXES, FIVES, CELLS, NVALS, BIAS, TCAP
from hexgames.hexade import knowledge, notation
from hexgames.native import pick
from hexgames.rng import Rng

# the moves, playout, priors and move list: native kernels where the VM has
# them, else their plain-Python twins
K = pick("hexade.kernels", "hexade.twins")             # the playout, a move
KO = pick("hexade.opponent.kernels", "hexade.opponent.twins")   # moves, priors
_rng = Rng()                # seeded by each playout
_draws = zeros("i", 2)      # its state, handed to the kernel and back (g.draws)

_X = const(1)
_ENDED = const(4)           # a kernel's return from here on: the game ended (r >> 2)
_ROOM = const(5)            # tables.ROOM: the history is full
_SPARE_PLIES = const(16)    # history room beyond one ply per cell; it grows if needed


class Hexade(Game):
    NAME = "hexade"
    CHIP_RATE = 159    # iterations per chip second, level 5 on the emulated chip (tools/pico/chip_rate.py)
    OPTIONS = (("base", 10, (4, 5, 6, 7, 8, 9, 10)),)
    UNSEEN = {"repetition": (0,)}       # a position holds no history: the draw is as stated
    # what a move or a playout changes (the search restores just this:
    # scratch.py): the three buffers of bufs (tables.Layout lays them out;
    # the history grows in place, array.extend, so no move rebinds one),
    # and a few values
    STATE = ("bufs", "side", "to_move", "_result", "_origin")
    draws = _draws          # the playout's generator state (the kernels' rare paths read it)

    # The game's own names are few (lay, bufs, side, to_move), and its
    # buffers three: on the chip a copy() spends most of its time growing
    # the new instance's names and, in the app's heap, finding room for each
    # block it allocates. The board's tables are the layout's; the parts of
    # the buffers are here under their names, for the slow paths and tests
    # (views: the hot paths index the buffers themselves).
    board = property(lambda g: g.lay.board)
    max_moves = property(lambda g: g.lay.board.n)
    pad = property(lambda g: g.lay.pad)
    index = property(lambda g: g.lay.index)
    six_at = property(lambda g: g.lay.six_at)
    six_ids = property(lambda g: g.lay.six_ids)
    key1 = property(lambda g: g.lay.key1)
    key2 = property(lambda g: g.lay.key2)
    cell = property(lambda g: g.bufs[0])    # the padded board (at lay.pad) ...
    cnt = property(lambda g: g.bufs[0])     # ... after the stone counts of the sixes
    emp = property(lambda g: memoryview(g.bufs[1])[:g.lay.board.n])
    epos = property(lambda g: memoryview(g.bufs[1])[g.lay.board.n:g.lay.thr0])
    thr = property(lambda g: memoryview(g.bufs[1])[g.lay.thr0:g.lay.h2])
    hist2 = property(lambda g: memoryview(g.bufs[1])[g.lay.h2:])
    vals = property(lambda g: g.bufs[2])    # the numbers (tables.NEMP ...) ...
    hist1 = property(lambda g: memoryview(g.bufs[2])[NVALS:])      # ... then hashes

    def _init(self):
        lay = self.lay = layout(self.options["base"])
        n = lay.board.n
        plies = n + _SPARE_PLIES
        self.bufs = (bytearray(lay.empty_board), zeros("H", lay.h2 + plies),
                     zeros("i", NVALS + plies))

    def _start(self):
        cell, e16, v = self.bufs
        lay = self.lay
        n = lay.board.n
        for i in range(lay.cell0):
            cell[i] = 0
        pad = lay.pad
        for i in range(n):
            cell[pad[i]] = 0
            e16[i] = i
            e16[n + i] = i
        for i in range(NVALS + 1):
            v[i] = 0                    # and the hash of ply 0
        e16[lay.h2] = 0
        v[NEMP] = v[MINEMP] = v[CELLS] = n
        v[WORTH] = BIAS                 # the sum of tables._worth over the sixes, plus BIAS
        # White's placements so far (captured ones count) follow from the
        # ply, since the players alternate: WHITE0 at the origin, plus one
        # every second ply (_white_placed); nothing to update per move.
        v[X_FIRST] = 1                  # X moves first from the origin
        v[HCAP] = len(v) - NVALS
        self.side = self.to_move = _X

    def _copy_into(self, g):
        cell, e16, v = self.bufs
        g.lay = self.lay
        g.side = self.side
        g.to_move = self.to_move
        g.bufs = (bytearray(cell), e16[:], v[:])

    # the numbers of vals under their names, for the slow paths and tests
    nemp = property(lambda g: g.vals[NEMP])
    ply = property(lambda g: g.vals[PLY])
    ncap = property(lambda g: g.vals[NCAP])
    worth = property(lambda g: g.vals[WORTH] - BIAS)
    nsix = property(lambda g: (0, g.vals[SIXES + 1], g.vals[SIXES + 2]))
    nthr = property(lambda g: (0, g.vals[FIVES + 1], g.vals[FIVES + 2]))

    @property
    def white_first(self):
        """The padded cell of White's first stone, while White has placed
        one: his one stone on the board (only a pair can be captured)."""
        cell = self.bufs[0]
        c = self.lay.cell0
        while cell[c] != _X:
            c += 1
        return c

    # -- moves -----------------------------------------------------------------
    def _apply(self, mv):
        # the search's descent plays this: the kernel called at once, and
        # _play() only when the history is full
        lay = self.lay
        cell, e16, vals = self.bufs
        r = K.playout(self, cell, e16, vals, lay.pad, lay.six_at, lay.six_ids, lay.key1,
                      lay.key2, KSTEP, GAINS, _draws, self.side, mv, 1, 0)
        if r < _ENDED:
            self.side = self.to_move = r
        elif r >> 2 == _ROOM:
            self._play(mv, 1, 0)
        else:
            self.side = r & 3
            self.to_move = 0
            self._result = ENDINGS[r >> 2]

    def _play(self, first, plies, judge):
        """The kernel's playout from here (twins.py says what it plays) and
        its ending taken over; the history grown when it fills."""
        lay = self.lay
        cell, e16, vals = self.bufs
        while True:
            before = vals[PLY]
            r = K.playout(self, cell, e16, vals, lay.pad, lay.six_at, lay.six_ids, lay.key1,
                          lay.key2, KSTEP, GAINS, _draws, self.side, first, plies, judge)
            self.side = r & 3
            r >>= 2
            if r != _ROOM:
                break
            self._grow_history()
            made = vals[PLY] - before
            if made:
                plies -= made
                first = -1
        if r:
            self.to_move = 0
            self._result = ENDINGS[r]
        else:
            self.to_move = self.side

    def _grow_history(self):
        """Double the history in place (a game longer than its cells plus the
        spare plies: only after many captures)."""
        cell, e16, vals = self.bufs
        n = vals[HCAP]
        e16.extend(zeros("H", n))
        vals.extend(zeros("i", n))
        vals[HCAP] = 2 * n

    def _restricted(self):
        """True when the side to move is White placing his second stone."""
        return self.side == _X and self._white_placed() == 1

    def _white_placed(self):
        v = self.bufs[2]
        return v[WHITE0] + (v[PLY] + v[X_FIRST]) // 2

    def _near_first(self, mv):
        """Is cell mv within distance 2 of White's first stone (D2)?"""
        d = self.lay.pad[mv] - self.white_first
        return -48 <= d <= 48 and NEAR[d + 48] == 1

    def moves_into(self, buf):
        if not self.to_move:
            return 0
        b = self.bufs
        return KO.moves(b[1], b[2][NEMP], buf, self.white_first if self._restricted() else 0,
                       self.lay.pad, NEAR)

    def playout(self, seed, max_plies=1000):
        """Policy: complete an own six when one cell does it, else fill the
        cell that would complete the opponent's, else a uniformly random
        empty cell (for White's second stone, cells near his first are drawn
        again). A playout cut short leaves evaluate()'s judgement ready."""
        self._origin = False            # the history no longer leads here
        _rng.seed(seed)
        if self.to_move:
            _draws[0] = _rng.x1
            _draws[1] = _rng.x2
            self._play(-1, max_plies, 1)
            _rng.x1 = _draws[0]
            _rng.x2 = _draws[1]
        return self._result

    def priors_into(self, moves, k, out):
        """knowledge.py: a prior 0..16 of each of moves[0..k) (an array('i'))
        for the side to move, into out."""
        p = self.side
        lay = self.lay
        b = self.bufs
        KO.priors(moves, k, out, p, b[2][SIXES + 3 - p], b[0], b[0], lay.six_at, lay.six_ids,
                 knowledge.RATED, lay.pad, KSTEP)

    def ends_into(self, moves, k, out):
        """For the search's look for wins in one: a move ends the game at
        once only when the opponent has a six (it outlasted our move unless
        the move captures a stone of it) or it fills the board. Neither: no
        move does (0); else -1, and the search plays them."""
        v = self.bufs[2]
        if v[SIXES + 3 - self.side] or v[NEMP] <= 1:
            return -1
        for i in range(k):
            out[i] = 0
        return 0

    def pending(self):
        """The player whose six waits only for the reply to outlast it (0:
        none). A Hexade move never wins at once: the beginner (greedy.py)
        checks every reply to a move that leaves one."""
        p = 3 - self.side
        return p if self.bufs[2][SIXES + p] else 0

    PRIOR_VISITS = 4
    PLAYOUT_PLIES = 24      # then evaluate(): the weighted sixes of both

    def evaluate(self):
        """Who wins a playout cut short (knowledge.evaluate); right after one,
        the judgement the playout made of where it stopped (the same draw)."""
        v = self.bufs[2]
        w = v[VERDICT]
        if w:
            v[VERDICT] = 0
            return w
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
