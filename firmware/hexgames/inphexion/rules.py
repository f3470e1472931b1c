# inpHeXion, as rules/inphexion.md: a connection game on an n x n rhombus.
# After the opening placement a turn pushes one enemy disc (or the Neutral
# Disc) a step into an empty cell and puts the mover's disc in the hole; enemy
# singles that this leaves walled in by the mover's discs are then relocated
# by the mover, each relocation a further move of his (DESIGN.md: one move,
# one step). Notation, positions and info() live in notation.py.
#
# A move is kind << 16 | from << 8 | to. The state is incremental, so that a
# push costs a few table look-ups, plus a flood fill for the link test only
# where the arc shortcut of connect.py cannot rule a link out:
#   cell[i]   0 empty, 1 X, 2 O, 3 N
#   enb[i]    empty neighbours of cell i (a disc with none cannot be pushed)
#   slots     the cells holding discs of value v (1..3) in slots[(v-1)n ...],
#             cnt[v] of them, in any order; pos[i] is the place of cell i's
#             disc among them
#   ecnt[v]   discs of v on its first edge + 64 x those on its second: no
#             link is possible while either count is 0
#   hands[p]  discs in hand
#   pend      discs still to relocate (reading order), npend of them; start
#             holds all nstart starting cells of the turn, forbid marks them
# Ordinary pushes, the bulk of every game, run in one flat loop (K.run, a
# native kernel where the VM has them: kernels.py, else twins.py) that both
# play() and playout() use; the rarer steps have methods of their own
# (steps.py), and the opponent's move list, priors and wins in one too
# (opponent/).
from array import array
from micropython import const
from hexgames.board import rhombus, zeros
from hexgames.connect import Links
from hexgames.game import Game
from hexgames.native import pick
from hexgames.rng import Rng
from hexgames.inphexion import steps as _s
from hexgames.inphexion import notation as _t
from hexgames.inphexion import opponent as _o
from hexgames.inphexion.notation import PUSH, RELOC, SWAP, CONNECTION, COMPLETED, NO_MOVE

# the pushes and playouts: a native kernel where the VM has one, else its
# plain-Python twin
K = pick("inphexion.kernels", "inphexion.twins")

_rng = Rng()            # seeded by each playout; K.run steps its state inline
_below = _rng.below     # bound once: a bound method made in each playout is 16 bytes
_N = const(3)           # the Neutral Disc in cell[]
_DRAW = const(255)      # K.run: draw the pushes by the playout policy
# K.run's result codes (winner | reason << 2) -> result()
_RESULTS = (None, CONNECTION, COMPLETED, NO_MOVE)


class _Setup:
    """What games of one option set share and never change (built once)."""

    def __init__(self, size, pie, neutral):
        b = self.board = rhombus(size)
        self.size = size
        self.n = b.n
        self.pie = pie
        self.neutral = neutral
        self.adj = b.adj
        self.nbr = b.nbr
        self.links = _links.get(size)
        if self.links is None:
            self.links = _links[size] = Links(size)
        links = self.links
        self.arc = links.arc
        self.arc_at = links.arc_at
        self.w1 = links.weight[1]
        self.w2 = links.weight[2]
        self.queue = links.queue
        self.out = zeros("i", 5)        # K.run's generators, turn, side and last push
        self.hand = (b.n + 1) // 2
        # pushes <= adjacent cell pairs < 3n; relocations <= 3 discs x n cells
        self.max_moves = 3 * b.n


_setups = {}            # (size, pie, neutral) -> _Setup
_links = {}             # size -> Links


class InpHeXion(Game):
    NAME = "inphexion"
    CHIP_RATE = 183    # iterations per chip second, level 5 on the emulated chip (tools/pico/chip_rate.py)
    # Up to 3n pushes a node: expanded on every second visit the 32 KB tree
    # was full after ~230 iterations, and from there on the search ran flat
    # (ai.py: EXPAND_PACE)
    EXPAND_PACE = True
    # a new child starts with 12 visits at its prior's rate, not 4: the
    # priors (opponent/) then steer the search's first visits. Against
    # OpenSpiel's 1,000 simulations 52% -> 66% (24: 65%)
    PRIOR_VISITS = 12
    OPTIONS = (("size", 7, (5, 6, 7, 8, 9, 10, 11)), ("pie", False, (False, True)),
               ("neutral", False, (False, True)))
    # what a move changes (the search restores just this: scratch.py)
    STATE = ("cell", "enb", "slots", "pos", "cnt", "ecnt", "hands", "pend", "start", "forbid",
             "side", "to_move", "turn", "npend", "nstart", "qlink", "lastc", "_result")

    def _init(self):
        o = self.options
        s = o["size"]
        if o["neutral"] and s % 2 == 0:
            raise ValueError("inphexion: neutral needs an odd size (the Neutral Disc starts"
                             " on the centre cell), not size=%d" % s)
        key = (s, o["pie"], o["neutral"])
        cf = self.cf = _setups.get(key)
        if cf is None:
            cf = self.cf = _setups[key] = _Setup(s, o["pie"], o["neutral"])
        self.board = cf.board
        self.max_moves = cf.max_moves
        n = cf.board.n
        self.cell = bytearray(n)
        self.enb = bytearray(n)
        self.slots = bytearray(3 * n)
        self.pos = bytearray(n)
        self.cnt = bytearray(4)
        self.ecnt = zeros("H", 4)       # up to 11 + 64 x 11
        self.hands = bytearray(3)
        self.pend = bytearray(3)        # one push walls in at most 3 singles
        self.start = bytearray(3)
        self.forbid = bytearray(n)
        self.nstart = 0

    def _start(self):
        cell = self.cell
        for i in range(len(cell)):
            cell[i] = 0
        s = self.cf.size
        if self.cf.neutral:
            cell[(s // 2) * (s + 1)] = _N
        self._derive()
        self.hands[1] = self.hands[2] = self.cf.hand
        self._reset(1, 0)

    def _copy_into(self, g):
        # one assignment per name: cheaper than a loop over names on MicroPython
        g.cf = self.cf
        g.board = self.board
        g.max_moves = self.max_moves
        g.side = self.side
        g.to_move = self.to_move
        g.turn = self.turn
        g.npend = self.npend
        g.nstart = self.nstart
        g.qlink = self.qlink
        g.lastc = self.lastc
        g.cell = bytearray(self.cell)
        g.enb = bytearray(self.enb)
        g.slots = bytearray(self.slots)
        g.pos = bytearray(self.pos)
        g.cnt = bytearray(self.cnt)
        g.ecnt = array("H", self.ecnt)
        g.hands = bytearray(self.hands)
        g.pend = bytearray(self.pend)
        g.start = bytearray(self.start)
        g.forbid = bytearray(self.forbid)

    # -- moves -----------------------------------------------------------------
    def _apply(self, m):
        kind = m & SWAP
        if kind == PUSH:
            self._run((m >> 8) & 255, m & 255, 1)
        elif kind == RELOC:
            self._relocate((m >> 8) & 255, m & 255)
        elif kind == SWAP:
            self._swap()
        else:
            self._place(m)

    def _run(self, c, e, plies):
        """Ordinary pushes, the hot path (K.run: kernels.py, twins.py): the
        push c>e, or with c = _DRAW pushes drawn by the playout policy, up
        to `plies` of them with their relocations, stopping early when a
        push leaves discs to relocate that it may not make, or ends the
        game, or before a pie turn (the swap is the caller's to choose).
        Returns the number of plies made."""
        cf = self.cf
        out = cf.out
        r = K.run(self.cell, cf.nbr, self.enb, self.slots, self.pos, self.cnt, self.ecnt,
                  self.hands, self.pend, self.forbid, cf.queue, cf.adj, cf.arc, cf.arc_at,
                  cf.w1, cf.w2, cf.size, cf.pie, c, e, plies, self.side, self.turn, self.lastc,
                  _rng.x1, _rng.x2, out)
        if c == _DRAW:
            _rng.x1 = out[0]
            _rng.x2 = out[1]
        self.turn = out[2]
        self.side = out[3]
        self.lastc = out[4]
        result = r >> 18
        if result:
            self.to_move = 0
            self._result = _RESULTS[result >> 2][result & 3]
        else:
            self.to_move = self.side
            if r >> 16 & 3:
                self._oblige(r >> 16 & 3)
        return r & 0xFFFF

    def playout(self, seed, max_plies=1000):
        """Policy: when the last push left an enemy disc where it parts the
        mover's discs around it (more than one arc of them), the mover
        pushes it out again, to a uniformly random empty neighbour; else a
        push takes a uniformly random pushable disc among those
        with an empty neighbour (drawn from the disc lists) and moves it to a
        uniformly random one of those neighbours (board order); pending discs
        are relocated in reading order, each to a uniformly random allowed
        cell; the opening placement takes a uniformly random empty cell; on
        the pie turn swap has the chance of one push."""
        self._origin = False            # the history no longer leads here
        _rng.seed(seed)
        below = _below
        cell = self.cell
        forbid = self.forbid
        n = len(cell)
        while self.to_move and max_plies > 0:
            if self.npend:
                t = below(n)
                while cell[t] or forbid[t]:
                    t = below(n)
                self._relocate(self.pend[0], t)
                max_plies -= 1
            elif self.turn == 0 and not self.cf.neutral:
                t = below(n)
                while cell[t]:
                    t = below(n)
                self._place(t)
                max_plies -= 1
            elif (self.turn == 1 and self.side == 2 and self.cf.pie
                    and (not self.hands[2] or not below(self._pushes(2) + 1))):
                self._swap()
                max_plies -= 1
            else:
                max_plies -= self._run(_DRAW, 0, max_plies)
        return self._result

    # -- the rarer steps of a turn (steps.py) ---------------------------
    _reset = _s.reset
    _derive = _s.derive
    _place = _s.place
    _over = _s.finish
    _end_turn = _s.end_turn
    _can_move = _s.can_move
    _pushable = _s.pushable
    _pushes = _s.count_pushes
    _oblige = _s.oblige
    _sort = _s.sort_pending
    _relocate = _s.relocate
    _swap = _s.swap
    _fill = _s.fill
    _move = _s.move_disc
    _other_moves = _s.moves_into
    _empties = _s.count_empties
    _list = _s.enlist

    # -- for the opponent (opponent/) ---------------------------------------
    moves_into = _o.moves_into
    priors_into = _o.priors_into
    ends_into = _o.ends_into

    # -- notation, positions, facts (notation.py) ----------------------------
    _why_illegal = _t.why_illegal
    text = _t.move_text
    parse = _t.parse
    cells = _t.cells
    info = _t.info
    record = _t.record
    _symbol = _t.symbol
    _to_pos = _t.to_pos
    _from_pos = _t.from_pos


GAME = InpHeXion
