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
#   lists[v]  the cells holding discs of value v (1..3), cnt[v] of them, in
#             any order; pos[i] is the slot of cell i
#   ecnt[v]   discs of v on its first edge + 64 x those on its second: no
#             link is possible while either count is 0
#   pend      discs still to relocate (reading order), npend of them; start
#             holds all nstart starting cells of the turn, forbid marks them
# Ordinary pushes, the bulk of every game, run in one flat loop (_run) that
# both play() and playout() use; the rarer steps have methods of their own.
from micropython import const
from hexgames.board import rhombus
from hexgames.connect import Links
from hexgames.game import Game
from hexgames.rng import Rng
from hexgames.inphexion import steps as _s
from hexgames.inphexion import notation as _t
from hexgames.inphexion.notation import PUSH, RELOC, SWAP, CONNECTION, COMPLETED, NO_MOVE

_rng = Rng()            # seeded by each playout; _run steps its state inline
_A1 = const(32760)      # the multipliers of hexgames/rng.py (a test checks
_A2 = const(32730)      # that playouts draw exactly Rng.below's numbers)
_M15 = const(0x7FFF)

_N = const(3)           # the Neutral Disc in cell[]
_DRAW = const(255)      # _run: draw the push by the playout policy


class _Setup:
    """What games of one option set share and never change (built once)."""

    def __init__(self, size, pie, neutral):
        b = self.board = rhombus(size)
        self.size = size
        self.pie = pie
        self.neutral = neutral
        self.adj = b.adj
        self.links = _links.get(size)
        if self.links is None:
            self.links = _links[size] = Links(size)
        self.weight = self.links.weight + (bytes(b.n),)    # N weighs nothing
        self.hand = (b.n + 1) // 2
        # pushes <= adjacent cell pairs < 3n; relocations <= 3 discs x n cells
        self.max_moves = 3 * b.n


_setups = {}            # (size, pie, neutral) -> _Setup
_links = {}             # size -> Links


class InpHeXion(Game):
    NAME = "inphexion"
    CHIP_RATE = 23    # iterations per chip second, level 5 on the emulated chip (tools/chip_rate.py)
    OPTIONS = (("size", 7, (5, 6, 7, 8, 9, 10, 11)), ("pie", False, (False, True)),
               ("neutral", False, (False, True)))

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
        self.pos = bytearray(n)
        self.lists = (b"", bytearray(n), bytearray(n), bytearray(n))
        self.cnt = [0, 0, 0, 0]
        self.ecnt = [0, 0, 0, 0]
        self.hands = [0, 0, 0]
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
        g.pos = bytearray(self.pos)
        lists = self.lists
        g.lists = (b"", bytearray(lists[1]), bytearray(lists[2]), bytearray(lists[3]))
        g.cnt = list(self.cnt)
        g.ecnt = list(self.ecnt)
        g.hands = list(self.hands)
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
        """Ordinary pushes, the hot path: the push c>e, or with c = _DRAW pushes
        drawn by the playout policy, up to `plies` of them, stopping early
        when a push leaves discs to relocate or ends the game, or before a
        pie turn (the swap is the caller's to choose). Flat, locals only, no
        allocation (one assignment per name: MicroPython builds a tuple for
        four names or more). Returns the number of pushes made."""
        cf = self.cf
        adj = cf.adj
        size = cf.size
        links = cf.links
        arc = links.arc
        arc_at = links.arc_at
        edge = links.edge
        weight = cf.weight
        cell = self.cell
        enb = self.enb
        cnt = self.cnt
        ecnt = self.ecnt
        pos = self.pos
        lists = self.lists
        hands = self.hands
        pend = self.pend
        forbid = self.forbid
        n = len(cell)
        draw = c == _DRAW
        x1 = _rng.x1
        x2 = _rng.x2
        p = self.side
        turn = self.turn
        result = None
        ns = 0
        lc = self.lastc
        left = plies
        while left:
            q = 3 - p
            if c == _DRAW:
                # the answer to a push that broke into the mover's discs (lc,
                # where the enemy disc stands whose neighbours of the mover's
                # colour form more than one arc): push it out again, to a
                # uniformly random empty neighbour
                if lc < n and cell[lc] == q and enb[lc]:
                    k = 0
                    for y in adj[lc]:
                        k += k + (cell[y] == p)
                    if not arc[k + arc_at[lc]]:
                        c = lc
                        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                        r = (((x1 ^ x2) & _M15) * enb[c]) >> 15
                if c == _DRAW:
                    # a pushable disc with an empty neighbour, uniformly, then
                    # one of those neighbours: one draw of Rng.below(60 k)
                    # gives both (60 is a multiple of every count 1..6)
                    theirs = lists[q]
                    kq = cnt[q]
                    k = 60 * (kq + cnt[_N])
                    while True:
                        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                        r = (((x1 ^ x2) & _M15) * k) >> 15
                        i = r // 60
                        c = theirs[i] if i < kq else lists[_N][0]
                        if enb[c]:
                            break
                    r = (r - 60 * i) % enb[c]
                for e in adj[c]:
                    if not cell[e]:
                        if not r:
                            break
                        r -= 1
            left -= 1
            d = cell[c]
            k = pos[c]                  # the pushed disc keeps its slot, now at e
            lists[d][k] = e
            pos[e] = k
            k = cnt[p]                  # the mover's new disc on c
            lists[p][k] = c
            pos[c] = k
            cnt[p] = k + 1
            hands[p] -= 1
            cell[c] = p
            lc = c
            ecnt[d] += weight[d][e] - weight[d][c]
            ecnt[p] += weight[p][c]
            # e's neighbours lose an empty neighbour. Once q has enough discs
            # to link, me records which of them hold q (connect.py, arc).
            me = 0
            k = ecnt[q]
            if d == q and cnt[q] >= size and k & 63 and k >> 6:
                for y in adj[e]:
                    enb[y] -= 1
                    me += me + (cell[y] == q)
                me += me + 1            # low bit: q may have linked through e
            else:
                for y in adj[e]:
                    enb[y] -= 1
            cell[e] = d
            # C: only the neighbours of c (e among them) can be newly walled
            # in, and any walled in now is new: c held a non-mover disc before
            ns = 0
            for x in adj[c]:
                if not enb[x]:
                    v = cell[x]
                    if v and v != p:
                        for y in adj[x]:
                            if cell[y] != p:
                                break
                        else:
                            pend[ns] = x
                            ns += 1
            # B: a link of the mover, else one of the opponent through e; a
            # flood fill only where the counts and the arc shortcut cannot
            # rule it out (m: which neighbours of c hold p)
            k = ecnt[p]
            link = cnt[p] >= size and k & 63 and k >> 6
            if link and not edge[p][c]:
                m = 0
                for x in adj[c]:
                    m += m + (cell[x] == p)
                link = not arc[m + arc_at[c]]
            if link and links.reach(cell, c) == 3:
                result = CONNECTION[p]
            elif me and (edge[q][e] or not arc[(me >> 1) + arc_at[e]]) and links.reach(cell, e) == 3:
                result = COMPLETED[q]
            elif ns:
                # relocations follow. play() makes them move by move; a
                # playout, given the plies, makes them here by its policy:
                # reading order, each to a uniformly random allowed cell.
                if not draw or ns > left or ns > n - cnt[1] - cnt[2] - cnt[_N]:
                    break               # (too few cells: _oblige ends the game)
                left -= ns
                if ns > 1:
                    self._sort(ns)
                for i in range(ns):
                    forbid[pend[i]] = 1
                for i in range(ns):
                    x = pend[i]
                    while True:
                        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                        t = (((x1 ^ x2) & _M15) * n) >> 15
                        if not cell[t] and not forbid[t]:
                            break
                    v = cell[x]             # the disc keeps its slot, now at t
                    k = pos[x]
                    lists[v][k] = t
                    pos[t] = k
                    ecnt[v] += weight[v][t] - weight[v][x]
                    cell[x] = 0
                    for y in adj[x]:
                        enb[y] += 1
                    cell[t] = v
                    for y in adj[t]:
                        enb[y] -= 1
                    # D, checked as each disc lands (see _relocate)
                    k = ecnt[q]
                    if (v == q and not result and cnt[q] >= size and k & 63 and k >> 6
                            and links.new_link(cell, t)):
                        result = COMPLETED[q]
                for i in range(ns):
                    forbid[pend[i]] = 0
                ns = 0
            if not result:
                # E: the opponent needs a disc in hand and a push (the new
                # disc on c usually has an empty neighbour), or the swap
                if not (hands[q] and (enb[c] or self._pushable(q))
                        or (turn == 0 and q == 2 and cf.pie)):
                    result = NO_MOVE[p]
            turn += 1
            p = q
            if result or turn == 1 and cf.pie:
                break
            c = _DRAW
        _rng.x1 = x1
        _rng.x2 = x2
        self.lastc = lc
        self.turn = turn
        self.side = p
        if result:
            self.to_move = 0
            self._result = result
        else:
            self.to_move = p
            if ns:
                self._oblige(ns)
        return plies - left

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
        below = _rng.below
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
    _empties = _s.count_empties
    _list = _s.enlist
    moves_into = _s.moves_into
    priors_into = _s.priors

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
