# XiaGo, as rules/xiago.md: Go on a hexhex board seeded with a lattice of
# neutral pieces. A turn is a placement, a neutral slide then a placement
# (two engine steps by the same player: section 10), or a pass; captures,
# no suicide, positional superko over whole turns, area scoring with komi.
#
# Moves: a placement is its cell; a neutral step is _STEP | from << 10 | to;
# pass is _PASS. The board mechanics (groups, liberties, captures, slides)
# are in stones.py, the superko table in ko.py, per-base tables in
# tables.py, the playout in playout.py; the count is here.
#
# Positions: "must_place": true between a neutral step and its placement
# (section 13). Beyond the rules file, "passes": 1 or 2 records passes just
# made, so that a save after a pass, and a finished game, reload exactly.
from micropython import const
from hexgames.xiago import knowledge, playout
from hexgames.game import Game, IllegalMove, SYMBOL
from hexgames.rng import Rng
from hexgames.xiago.stones import Stones

_rng = Rng()            # seeded by each playout

_N = const(3)           # cell value of a neutral piece
_STEP = const(1 << 20)
_PASS = const(2 << 20)
_WHO = ("", "X", "O")


class XiaGo(Stones):
    NAME = "xiago"
    CHIP_RATE = 22          # opponent iterations per chip second (tools/bench_ai.py)
    OPTIONS = (("base", 6, (4, 6, 8, 10)),)       # decision D15: base 6 by default

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
        cell = self.cell
        n = self.n
        k = 0
        if not self.must:
            buf[0] = _PASS
            k = 1
        # A placement next to a vacant cell that cannot capture (no opponent
        # group next to it with few pseudo-liberties) is legal if every
        # recorded position has more vacant cells than it leaves.
        fresh = self.nemp - 1 < self.minemp
        adj, head, libs = self.adj, self.head, self.libs
        q = 3 - p
        for c in range(n):
            if cell[c]:
                continue
            ok = 0
            if fresh:
                for j in adj[c]:
                    v = cell[j]
                    if not v:
                        ok = 1
                    elif v == q and libs[head[j]] <= 6:
                        ok = 0
                        break
            if ok or not self._check_place(c, p):
                buf[k] = c
                k += 1
        if self.must:
            return k
        nbr, off = self.board.nbr, self.board.off
        for a in range(n):
            if cell[a] != _N:
                continue
            for d in range(6):
                b = nbr[6 * a + d]
                while b != off and cell[b] == 0:
                    if not self._check_slide(a, b, p):
                        buf[k] = _STEP | a << 10 | b
                        k += 1
                    b = nbr[6 * b + d]
        return k

    def playout(self, seed, max_plies=1000):
        """Random placements and passes, policy in playout.py."""
        return playout.run(self, _rng, seed, max_plies)

    # -- legality with reasons ------------------------------------------------
    def _why_illegal(self, m):
        if not isinstance(m, int) or not (0 <= m < self.n or m == _PASS or (
                m >> 20 == 1 and (m >> 10) & 1023 < self.n and m & 1023 < self.n)):
            return "%r is not a XiaGo move" % (m,)
        if not self.to_move:
            return "the game is over"
        p = self.side
        who = _WHO[p]
        name = self.board.name
        if m == _PASS:
            if self.must:
                return ("%s must place a stone to complete the turn begun by a neutral "
                        "move; pass is not possible now" % who)
            return None
        if m < _STEP:
            v = self.cell[m]
            if v:
                return "%s is occupied by %s" % (
                    name(m), ("an X stone", "an O stone", "a neutral piece")[v - 1])
            why = self._check_place(m, p)
            if why == 1:
                return ("%s is suicide: the %s stone there would have no liberty and "
                        "capture nothing" % (name(m), who))
            if why == 2:
                return "%s would repeat an earlier position (superko)" % name(m)
            return None
        a = (m >> 10) & 1023
        b = m & 1023
        t = self.text(m)
        if self.must:
            return "%s: one neutral move per turn; %s must now place a stone" % (t, who)
        if self.cell[a] != _N:
            return "%s: %s holds no neutral piece" % (t, name(a))
        if a == b:
            return "%s: a neutral move goes one cell or more" % t
        why = self._path(a, b)
        if why:
            return "%s: %s" % (t, why)
        why = self._check_slide(a, b, p)
        if why == 1:
            return ("%s would take the last liberty of %s's group at %s without capturing"
                    % (t, who, name(self._culprit)))
        if why == 2:
            return "%s: no legal placement could follow it (suicide or superko everywhere)" % (
                t,)
        return None

    def _path(self, a, b):
        """None if a neutral piece on a can slide to b, else the reason."""
        cell, name = self.cell, self.board.name
        nbr, off = self.board.nbr, self.board.off
        for d in range(6):
            x = nbr[6 * a + d]
            while x != off:
                if x == b:
                    if cell[b]:
                        return "the landing cell %s is occupied" % name(b)
                    x = nbr[6 * a + d]
                    while x != b:
                        if cell[x]:
                            return "the way to %s is blocked at %s" % (name(b), name(x))
                        x = nbr[6 * x + d]
                    return None
                x = nbr[6 * x + d]
        return "%s and %s are not on one straight line" % (name(a), name(b))

    def play(self, m):
        """A move, its notation, or a whole turn "d4-e4 e5" (two steps, played
        together or not at all)."""
        if not isinstance(m, str) or " " not in m.strip():
            return Game.play(self, m)
        words = m.split()
        if len(words) != 2 or "-" not in words[0] or "-" in words[1]:
            raise IllegalMove("%r is not a XiaGo turn (write d4-e4 e5: neutral move, "
                              "space, placement)" % (m,))
        step = self.parse(words[0])
        place = self.parse(words[1])
        if place == _PASS:
            raise IllegalMove("%r: a neutral move must be followed by a placement, "
                              "not pass" % (m,))
        why = self._why_illegal(step)
        if why:
            raise IllegalMove(why)
        passes = self.passes
        self._apply(step)
        why = self._why_illegal(place)
        if why:                     # take the step back exactly
            self._unslide((step >> 10) & 1023, step & 1023, self.side, self.ncap)
            self.must = 0
            self.passes = passes
            raise IllegalMove("%s: %s" % (m, why))
        self._hist.append(step)
        self._apply(place)
        self._hist.append(place)

    # -- counting and facts ------------------------------------------------------
    def _count(self):
        """(stones X, stones O, territory X, territory O), rules section 9:
        a region of vacant cells counts for the one colour it touches;
        neutral pieces and the edge only bound it."""
        cell = self.cell
        adj = self.adj
        mark = self.map.mark
        stack = self.map.stack
        emp = self.emp
        nemp = self.nemp
        tx = to = 0
        for k in range(nemp):       # only vacant cells are ever marked
            mark[emp[k]] = 0
        for k in range(nemp):
            i = emp[k]
            if mark[i]:
                continue
            touch = 0
            for j in adj[i]:        # a region of one cell: the common case at the end
                v = cell[j]
                if not v:
                    touch = -1
                    break
                if v != _N:
                    touch |= v
            if touch >= 0:
                cnt = 1
            else:
                mark[i] = 1
                stack[0] = i
                sp = 1
                cnt = touch = 0
                while sp:
                    sp -= 1
                    s = stack[sp]
                    cnt += 1
                    for j in adj[s]:
                        v = cell[j]
                        if not v:
                            if not mark[j]:
                                mark[j] = 1
                                stack[sp] = j
                                sp += 1
                        elif v != _N:
                            touch |= v
            if touch == 1:
                tx += cnt
            elif touch == 2:
                to += cnt
        return cell.count(b"\x01"), cell.count(b"\x02"), tx, to

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

    def info(self):
        sx, so, tx, to = self._count()
        return {"komi": self.map.komi, "territory": {"X": tx, "O": to}}

    # -- notation and positions ------------------------------------------------
    def text(self, m):
        name = self.board.name
        n = self.n
        if isinstance(m, int):
            if 0 <= m < n:
                return name(m)
            if m == _PASS:
                return "pass"
            if m >> 20 == 1 and (m >> 10) & 1023 < n and m & 1023 < n:
                return name((m >> 10) & 1023) + "-" + name(m & 1023)
        raise ValueError("%r is not a XiaGo move" % (m,))

    def parse(self, s):
        if s == "pass":
            return _PASS
        find = self.board.find
        if not isinstance(s, str):
            raise IllegalMove("%r is not XiaGo notation" % (s,))
        if " " in s.strip():
            raise IllegalMove("%r is a whole turn of two engine steps: give %r and %r one "
                              "at a time" % (s, s.split()[0], s.split()[-1]))
        a, dash, b = s.partition("-")
        if dash and find(a) >= 0 and find(b) >= 0:
            return _STEP | find(a) << 10 | find(b)
        if not dash and find(a) >= 0:
            return find(a)
        raise IllegalMove("%r is not a XiaGo move on base %d (write a cell such as d4, a "
                          "neutral move such as d4-e4, or pass)" % (s, self.options["base"]))

    def cells(self, m):
        if m == _PASS:
            return []
        if m < _STEP:
            return [m]
        return [(m >> 10) & 1023, m & 1023]

    def _symbol(self, i):
        v = self.cell[i]
        return " XON"[v] if v else None

    def _to_pos(self):
        if self.must:
            return [("must_place", True)]
        if self.passes:
            return [("passes", self.passes)]
        return []

    def _from_pos(self, d):
        b = self.board
        cell = self.cell
        for i in range(self.n):
            cell[i] = 0
        neutral = 0
        for name, s in d.get("cells", {}).items():
            if s not in ("X", "O", "N"):
                raise ValueError("xiago position: %s holds %r, not one of X O N" % (name, s))
            cell[b.index(name)] = " XON".index(s)
            neutral += s == "N"
        want = len(self.map.neutral)
        if neutral != want:
            raise ValueError("xiago position: %d neutral pieces, but base %d always has %d "
                             "(they move, never appear or vanish)"
                             % (neutral, self.options["base"], want))
        must = d.get("must_place", False)
        if must is not True and must is not False:
            raise ValueError("xiago position: must_place must be true or false, not %r"
                             % (must,))
        passes = d.get("passes", 0)
        if passes not in (0, 1, 2) or passes is True or passes is False:
            raise ValueError("xiago position: passes must be 0, 1 or 2, not %r" % (passes,))
        if must and passes:
            raise ValueError("xiago position: a pending placement (must_place) and "
                             "passes exclude each other")
        dead = self._derive()
        if dead >= 0:
            raise ValueError("xiago position: the %s group at %s has no liberty"
                             % (_WHO[cell[dead]], b.name(dead)))
        side = SYMBOL.index(d.get("to_move", "X"))
        self._set_turn(side, 1 if must else 0, passes)
        if must:
            for i in range(self.nemp):
                if not self._check_place(self.emp[i], side):
                    return
            raise ValueError("xiago position: must_place is set, but %s has no legal "
                             "placement" % _WHO[side])


GAME = XiaGo
