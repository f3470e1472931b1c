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
# Move generation labels the components of cells a player can pass through
# once per call (flood fills over module-level buffers), lists each
# component's possible destinations once, and hands them to every stone
# beside it. Moves are o << 7 | d; drops DROP | c; pass is PASS.
from array import array
from micropython import const
from hexgames.game import Game, IllegalMove, SYMBOL, xo
from hexgames.rng import Rng
from hexgames.hexmeister_map import (
    BOARD, CENTRE, NO, CLASS, GATE, GATE_NO, BASE_OF, BASE_GATE_OF, BASES, BASE_GATES,
    BASE_NAMES, GROUPS, GROUP_SIZE, GATE_GROUPS, GATE_TRIANGLES, PASSABLE, CELL_KEY,
    RESERVE_KEY, SIDE_KEY)

_N = const(91)
DROP = const(0x4000)
PASS = const(0x8000)
_STONES = const(18)
_TURN_LIMIT = const(300)
_NULLIFY = const(8)        # the opponent's gate count that nullifies triangulation of f6
# 18 stones with 73 free cells each, plus pass (with 17 stones and a reserve:
# 17 * 74 + 4 drops + pass = 1263, fewer).
_MAX_MOVES = const(1315)

_ADJ = BOARD.adj
_rng = Rng()
# Scratch for move generation, shared by every game object (one call at a
# time): component labels, per-origin and per-component stamps, component
# destination lists, the flood-fill stack, captured cells of one step.
_lab = array("H", bytes(2 * _N))
_omark = array("H", bytes(2 * _N))
_cmark = array("H", bytes(2 * _N))
_cseen = array("H", bytes(2 * (_N + 1)))
_cbeg = array("H", bytes(2 * (_N + 1)))
_cend = array("H", bytes(2 * (_N + 1)))
_cdst = bytearray(7 * _N)
_stack = bytearray(_N)
_caplog = bytearray(_N)
_ctr = array("i", [0, 0, 0])        # last label, last origin stamp, last component stamp
_ebuf = array("i", bytes(4 * 100))  # "has any legal step?" needs one origin's moves
_pbuf = array("i", bytes(4 * _MAX_MOVES))  # playouts


def _reset_scratch():
    for i in range(_N):
        _lab[i] = 0
        _omark[i] = 0
        _cmark[i] = 0
    for i in range(_N + 1):
        _cseen[i] = 0
    _ctr[0] = _ctr[1] = _ctr[2] = 0


class Hexmeister(Game):
    NAME = "hexmeister"
    OPTIONS = (("base", 6, (6,)),)
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
        self.rep = array("i", bytes(4 * (_TURN_LIMIT + 2)))

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
        if g == CENTRE and self.ngate[3 - p] >= _NULLIFY:
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
        if (gate or n) and cell[CENTRE] == q and self.ngate[q] < _NULLIFY:
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
        elif not self._gen(_ebuf, 1):
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

    # -- move generation --------------------------------------------------------------
    def moves_into(self, buf):
        if not self.to_move:
            return 0
        return self._gen(buf, _MAX_MOVES)

    def _gen(self, buf, stop):
        """The legal steps of side into buf; returns early once stop are found."""
        p = self.side
        q = 3 - p
        cell = self.cell
        cq = self.cnt[q]
        k = 0
        if self.bonus:
            buf[0] = PASS
            k = 1
        if self.res[p]:
            for c in BASES[p]:
                if cell[c] == 0 and cq[c] < 3:
                    buf[k] = DROP | c
                    k += 1
        left = self.nst[p]
        if k >= stop or not left:
            return k
        ctr = _ctr
        if ctr[0] > 65000 or ctr[1] > 65000 or ctr[2] > 65000:
            _reset_scratch()
        base = ctr[0]           # labels above base belong to this call
        ost = ctr[1]
        cst = ctr[2]
        lab = _lab
        om = _omark
        cm = _cmark
        cseen = _cseen
        cbeg = _cbeg
        cend = _cend
        cdst = _cdst
        stack = _stack
        adj = _ADJ
        gate_no = GATE_NO
        pt = PASSABLE[p]
        ncomp = 0
        nd = 0
        # p's stone on f6 may hang on the 8-gate nullification (section 8)
        risk = cell[CENTRE] == p and self.ngate[p] == _NULLIFY and self._would_triangulate(q)
        for o in range(_N):
            if cell[o] != p:
                continue
            ost += 1
            ob = o << 7
            k0 = k
            for j in adj[o]:
                v = cell[j]
                if v == 0 and om[j] != ost:
                    om[j] = ost
                    if gate_no[j] == NO:
                        if cq[j] < 3:
                            buf[k] = ob | j
                            k += 1
                    elif not self._secured(q, j):
                        buf[k] = ob | j
                        k += 1
                if not pt[3 * j + v]:
                    continue
                L = lab[j]
                if L <= base:
                    # A new component: flood it, listing the cells around it
                    # that any stone beside it may stop on (not gates).
                    ncomp += 1
                    L = base + ncomp
                    cst += 1
                    cbeg[ncomp] = nd
                    lab[j] = L
                    cm[j] = cst
                    if v == 0 and gate_no[j] == NO and cq[j] < 3:
                        cdst[nd] = j
                        nd += 1
                    stack[0] = j
                    sp = 1
                    while sp:
                        sp -= 1
                        for n in adj[stack[sp]]:
                            if cm[n] != cst:
                                cm[n] = cst
                                w = cell[n]
                                if w == 0 and gate_no[n] == NO and cq[n] < 3:
                                    cdst[nd] = n
                                    nd += 1
                                if pt[3 * n + w]:
                                    lab[n] = L
                                    stack[sp] = n
                                    sp += 1
                    cend[ncomp] = nd
                ci = L - base
                if cseen[ci] != ost:
                    cseen[ci] = ost
                    for x in range(cbeg[ci], cend[ci]):
                        d = cdst[x]
                        if om[d] != ost:
                            om[d] = ost
                            buf[k] = ob | d
                            k += 1
            if BASE_OF[o] == p:
                # own base gates are reached from the base by any route
                for g in BASE_GATES[p]:
                    if cell[g] == 0 and om[g] != ost and not self._secured(q, g):
                        for n in adj[g]:
                            L = lab[n]
                            if L > base and cseen[L - base] == ost and pt[3 * n + cell[n]]:
                                buf[k] = ob | g
                                k += 1
                                break
            if risk and gate_no[o] != NO and o != CENTRE:
                w = k0
                for x in range(k0, k):
                    m = buf[x]
                    if not self._exposes(o, m & 0x7F, p):
                        buf[w] = m
                        w += 1
                k = w
            left -= 1
            if k >= stop or not left:
                break
        ctr[0] = base + ncomp
        ctr[1] = ost
        ctr[2] = cst
        return k

    def _would_triangulate(self, q):
        """q holds four gates of a triangle (without f6, which p holds)."""
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
        """Policy: a uniformly random legal step each ply (pass included during
        a bonus), from a full move generation."""
        self._origin = False
        _rng.seed(seed)
        below = _rng.below
        gen = self._gen
        apply = self._apply
        buf = _pbuf
        while self.to_move and max_plies > 0:
            apply(buf[below(gen(buf, _MAX_MOVES))])
            max_plies -= 1
        return self._result

    # -- why a step is refused -------------------------------------------------------
    def _why_illegal(self, m):
        if not self._valid(m):
            return "%r is not a Hexmeister step" % (m,)
        if not self.to_move:
            return "the game is over"
        p = self.side
        q = 3 - p
        me = SYMBOL[p]
        you = SYMBOL[q]
        name = BOARD.name
        t = self.text(m)
        cell = self.cell
        if m == PASS:
            return None if self.bonus else "pass is only allowed as a bonus step"
        if m & DROP:
            c = m & 0x7F
            if not self.res[p]:
                return "%s: %s has no stone in reserve" % (t, me)
            if BASE_OF[c] != p:
                return "%s: %s is not one of %s's base cells (%s)" % (t, name(c), me, BASE_NAMES[p])
            if cell[c]:
                return "%s: %s is occupied" % (t, name(c))
            if self._secured(q, c):
                return "%s: %s is secured by %s" % (t, name(c), you)
            return None
        o = m >> 7
        d = m & 0x7F
        if o == d:
            return "%s: the stone must move to another cell" % t
        if cell[o] != p:
            return "%s: %s holds no stone of %s" % (t, name(o), me)
        if cell[d]:
            return "%s: %s is occupied" % (t, name(d))
        if self._secured(q, d):
            return "%s: %s is secured by %s" % (t, name(d), you)
        if GATE_NO[d] != NO and d not in _ADJ[o] and not (BASE_OF[o] == p and BASE_GATE_OF[d] == p):
            return "%s: %s is a gate not adjacent to %s (a gate is entered by a one-cell step)" \
                % (t, name(d), name(o))
        if m in self.moves():
            return None
        if self._exposes(o, d, p):
            return "%s would leave %s's stone on f6 secured by %s" % (t, me, you)
        return "%s: no open route leads from %s to %s" % (t, name(o), name(d))

    def _valid(self, m):
        if not isinstance(m, int) or m < 0:
            return False
        if m == PASS:
            return True
        if m & DROP:
            return m - DROP < _N
        return m < DROP and m >> 7 < _N and m & 0x7F < _N

    # -- notation ---------------------------------------------------------------------
    def text(self, m):
        if not self._valid(m):
            raise ValueError("%r is not a Hexmeister step" % (m,))
        if m == PASS:
            return "pass"
        if m & DROP:
            return "drop " + BOARD.name(m & 0x7F)
        return BOARD.name(m >> 7) + "-" + BOARD.name(m & 0x7F)

    def parse(self, s):
        if not isinstance(s, str):
            raise IllegalMove("%r is not Hexmeister notation" % (s,))
        if s == "pass":
            return PASS
        words = s.split()
        if words and words[0] == "drop":
            if len(words) != 2:
                raise IllegalMove("%r: a drop names one base cell, as in 'drop c11'" % (s,))
            return DROP | self._cell(words[1], s)
        parts = s.split("-")
        if len(parts) != 2 or len(words) != 1:
            raise IllegalMove("%r is not a Hexmeister step (write 'drop c11', 'c11-f8' or 'pass')" % (s,))
        return self._cell(parts[0], s) << 7 | self._cell(parts[1], s)

    def _cell(self, name, s):
        i = BOARD.find(name)
        if i < 0:
            raise IllegalMove("%r: %r is not a cell of the Hexmeister board (a1..k11)" % (s, name))
        return i

    def cells(self, m):
        if m == PASS:
            return []
        if m & DROP:
            return [m & 0x7F]
        return [m >> 7, m & 0x7F]

    def info(self):
        """Gates held and the cells each player secures (empty or occupied)."""
        sec = [[], [], []]
        for i in range(_N):
            for p in (1, 2):
                if self._secured(p, i):
                    sec[p].append(BOARD.name(i))
        return {"gates": {"X": self.ngate[1], "O": self.ngate[2]},
                "secured": {"X": sec[1], "O": sec[2]}}

    # -- positions ---------------------------------------------------------------------
    def _symbol(self, i):
        v = self.cell[i]
        return SYMBOL[v] if v else None

    def _to_pos(self):
        return [("reserves", xo(self.res[1], self.res[2])), ("bonus", self.bonus),
                ("turn", self.turn)]

    def _from_pos(self, d):
        for key in d:
            if key not in ("game", "options", "cells", "to_move", "reserves", "bonus", "turn"):
                raise ValueError("hexmeister position: unknown field %r" % (key,))
        self._clear()
        for name, s in d.get("cells", {}).items():
            if s not in ("X", "O"):
                raise ValueError("hexmeister position: %s holds %r, not X or O" % (name, s))
            self._put(BOARD.index(name), SYMBOL.index(s))
        res = d.get("reserves", {"X": _STONES - self.nst[1], "O": _STONES - self.nst[2]})
        if not isinstance(res, dict) or sorted(res) != ["O", "X"]:
            raise ValueError("hexmeister position: 'reserves' must be {\"X\": n, \"O\": n}")
        for p in (1, 2):
            r = res[SYMBOL[p]]
            if type(r) is not int or not 0 <= r <= _STONES:
                raise ValueError("hexmeister position: reserve of %s must be 0..18, not %r" % (SYMBOL[p], r))
            if r + self.nst[p] > _STONES:
                raise ValueError("hexmeister position: %s has %d stones on the board and %d in reserve,"
                                 " more than 18" % (SYMBOL[p], self.nst[p], r))
            self.res[p] = r
        bonus = d.get("bonus", False)
        if bonus is not True and bonus is not False:
            raise ValueError("hexmeister position: 'bonus' must be true or false, not %r" % (bonus,))
        turn = d.get("turn", 0)
        if type(turn) is not int or not 0 <= turn <= _TURN_LIMIT:
            raise ValueError("hexmeister position: 'turn' must be 0..300, not %r" % (turn,))
        self.bonus = bonus
        self.turn = turn
        self.side = self.to_move = SYMBOL.index(d.get("to_move", "X"))
        for i in range(_N):
            v = self.cell[i]
            if v and self._secured(3 - v, i):
                raise ValueError("hexmeister position: %s's stone on %s stands on a cell %s secures"
                                 % (SYMBOL[v], BOARD.name(i), SYMBOL[3 - v]))
        self.nrep = 0
        self.rmat = -1
        if not bonus:
            self._count_position()      # a set-up start of turn counts once
        won = [None, self._win_of(1), self._win_of(2)]
        if won[1] and won[2]:
            raise ValueError("hexmeister position: both players have won (X by %s, O by %s)"
                             % (won[1], won[2]))
        if won[1] or won[2]:
            self._finish(1 if won[1] else 2, won[1] or won[2])
        elif not bonus and not self._gen(_ebuf, 1):
            self._finish(3 - self.side, "no_legal_move")
        elif turn >= _TURN_LIMIT:
            self._finish(0, "turn_limit")

    def _win_of(self, p):
        g = self.grp[p]
        for t in range(6, len(GROUPS)):
            if g[t] == GROUP_SIZE[t]:
                return "encirclement" if t > 8 else "alignment"
        return None


GAME = Hexmeister
