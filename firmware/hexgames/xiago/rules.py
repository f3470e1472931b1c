# XiaGo, as rules/xiago.md: Go on a hexhex board seeded with a lattice of
# neutral pieces. A turn is a placement, a neutral slide then a placement
# (two engine steps by the same player: section 10), or a pass; captures,
# no suicide, positional superko over whole turns, area scoring with komi.
#
# Moves: a placement is its cell; a neutral step is _STEP | from << 10 | to;
# pass is _PASS. The board mechanics (groups, liberties, captures, slides)
# are in stones.py, the superko table in ko.py, per-base tables in
# tables.py, the playout in playout.py, refusals, notation and positions in
# notation.py; the count is here.
#
# Positions: "must_place": true between a neutral step and its placement
# (section 13). Beyond the rules file, "passes": 1 or 2 records passes just
# made, so that a save after a pass, and a finished game, reload exactly.
from micropython import const
from hexgames.xiago import knowledge, notation, playout
from hexgames.native import pick
from hexgames.rng import Rng
from hexgames.xiago.stones import Stones

_rng = Rng()            # seeded by each playout
# the move list and the count: native kernels where the VM has them, else twins
K = pick("xiago.groups.kernels", "xiago.groups.twins")

_N = const(3)           # cell value of a neutral piece
_STEP = const(1 << 20)
_PASS = const(2 << 20)
_UNSURE = const(1 << 29)    # groups/ slides(): a step to look at closer
_IO_UNSURE = const(15)


class XiaGo(Stones):
    NAME = "xiago"
    CHIP_RATE = 108    # iterations per chip second, level 5 on the emulated chip (tools/pico/chip_rate.py)
    OPTIONS = (("base", 6, (4, 6, 8, 10)),)       # decision D15: base 6 by default
    # What a move changes: the search restores just this (hexgames/scratch.py).
    # The superko table grows in place (ko.py), so no move rebinds a buffer.
    STATE = ("cell", "head", "nxt", "size", "libs", "emp", "epos", "t1", "t2", "tmask",
             "tcount", "minemp", "h1", "h2", "nemp", "side", "to_move", "must", "passes",
             "ncap", "last", "_result")

    def _start(self):
        cell = self.cell
        for i in range(self.n):
            cell[i] = 0
        for i in self.map.neutral:
            cell[i] = _N
        self._derive()
        self._set_turn(1, 0, 0)

    def _set_turn(self, side, must, passes):
        """Side to move and pending state of a set-up position; fresh history."""
        self.side = self.to_move = side
        self.must = must            # 1 between a neutral step and its placement
        self.passes = passes        # consecutive passes just made (2: over)
        self.ncap = 0               # stones the pending neutral step removed
        self.last = -1              # the last placement, for the playout's replies
        self._result = None
        self._clear_seen()
        if not must:                # the intermediate position is never recorded
            self._record()
        if passes == 2:
            self.to_move = 0
            self._result = self._score()

    def _apply(self, m):
        p = self.side
        if m < _STEP:
            self._place(m, p)
            self._record()
            self.last = m
            self.must = self.passes = 0
            self.side = self.to_move = 3 - p
        elif m == _PASS:
            q = 3 - p
            self.side = q
            self.last = -1
            self.passes += 1
            if self.passes == 2:
                self.to_move = 0
                self._result = self._score()
            else:
                self.to_move = q
        else:
            self.ncap = self._slide((m >> 10) & 1023, m & 1023, p)
            self.must = 1
            self.passes = 0

    def moves(self):
        # As Game.moves, but through the base's preallocated buffer: on base
        # 10 a fresh one is 6 KB, and the chip's heap is small.
        buf = self.map.movebuf
        k = self.moves_into(buf)
        out = [0] * k               # one allocation of the exact size
        for i in range(k):
            out[i] = buf[i]
        return out

    def moves_into(self, buf):
        """Pass, then placements by cell, then neutral steps by piece,
        direction (E NE NW W SW SE) and distance; only placements after a step."""
        if not self.to_move:
            return 0
        p = self.side
        k = 0
        if not self.must:
            buf[0] = _PASS
            k = 1
        io = self._io()
        cell, head, libs = self.cell, self.head, self.libs
        z, nb, adj = self.z1, self.map.nb, self.adj
        t1, t2 = self.t1, self.t2
        k = K.places(cell, head, self.nxt, libs, z, nb, t1, t2, io, p, buf, k, adj)
        if self.must:
            return k
        # A neutral step is legal if a placement can follow it: told quickly
        # by the kernel, else (a capture, a crowded board) by playing it.
        k0 = k
        k = K.slides(cell, head, libs, self.emp, z, nb, t1, t2, io, p, buf, k, adj)
        if io[_IO_UNSURE]:
            e = k0
            for i in range(k0, k):
                m = buf[i]
                if m & _UNSURE:
                    m ^= _UNSURE
                    if self._check_slide((m >> 10) & 1023, m & 1023, p):
                        continue
                buf[e] = m
                e += 1
            k = e
        return k

    def playout(self, seed, max_plies=1000):
        """Random placements and passes, policy in playout.py."""
        return playout.run(self, _rng, seed, max_plies)

    # -- refusals, whole turns, notation, positions (notation.py) ---------------
    _why_illegal = notation._why_illegal
    _path = notation._path
    play = notation.play
    text = notation.text
    parse = notation.parse
    cells = notation.cells
    _symbol = notation._symbol
    _to_pos = notation._to_pos
    _from_pos = notation._from_pos

    # -- counting and facts ------------------------------------------------------
    def _count(self):
        """(stones X, stones O, territory X, territory O), rules section 9:
        a region of vacant cells counts for the one colour it touches;
        neutral pieces and the edge only bound it."""
        m = self.map
        cell = self.cell
        t = K.territory(cell, m.nb, self.emp, self.nemp, m.mark, m.stack, self.n, self.adj)
        return cell.count(b"\x01"), cell.count(b"\x02"), t & 4095, t >> 12

    def _score(self):
        """The result: (winner, X's score, O's score with komi, "score")."""
        sx, so, tx, to = self._count()
        sx += tx
        so += to
        m = self.map
        return (1 if 2 * sx > 2 * so + m.komi2 else 2, sx, so + m.komi, "score")

    # The opponent cuts its playouts off after PLAYOUT_PLIES steps (a game
    # on base 6 runs to 150 and more) and asks evaluate() who leads there:
    # an area estimate (knowledge.py). 40 beat 24 and 60 at equal chip time.
    PLAYOUT_PLIES = 40

    def evaluate(self):
        return knowledge.evaluate(self)

    # Move priors (knowledge.py), and the search that uses them
    # (search.py: the common MCTS, narrowed to the moves the priors
    # rate, with a look for decisive passes only).
    PRIOR_VISITS = 4
    SEARCH = "xiago.search"
    BEGINNER_NOISE = 48     # level 1 (see LEVELS)
    LEVELS = ((0, 0), (0, 0), (45, 3), (250, 2), (500, 2), (1000, 1))

    def priors_into(self, moves, k, out):
        knowledge.priors_into(self, moves, k, out)

    def follow_up(self):
        """True when the placement owed after a neutral step is to be
        made: the second ply of one turn (ai.Player times it shorter)."""
        return self.must != 0

    def info(self):
        sx, so, tx, to = self._count()
        return {"komi": self.map.komi, "territory": {"X": tx, "O": to}}

    def owners_into(self, buf):
        """What info() counts, cell by cell, for the handheld's marks: buf[i] is 1
        or 2 on a vacant cell of X's or O's territory, else 0. One flood fill a
        region, on the cells and tables (a method call a cell cost the answer's
        frame 30 ms of the chip)."""
        cell = self.cell
        adj = self.adj
        region = self.map.stack
        n = self.n
        for i in range(n):
            buf[i] = 0
        for s in range(n):
            if cell[s] or buf[s]:
                continue
            buf[s] = 3                  # seen; 3 also stands for "no one's" below
            region[0] = s
            size = 1
            k = 0
            touch = 0                   # bit 0: touches X, bit 1: touches O
            while k < size:
                for j in adj[region[k]]:
                    v = cell[j]
                    if not v:
                        if not buf[j]:
                            buf[j] = 3
                            region[size] = j
                            size += 1
                    elif v != 3:
                        touch |= v
                k += 1
            if touch == 1 or touch == 2:
                for k in range(size):
                    buf[region[k]] = touch
        for i in range(n):
            if buf[i] == 3:
                buf[i] = 0


GAME = XiaGo
