# Hexmeister's opponent engine: a selective two-turn search instead of the
# Monte Carlo tree search (Game.SEARCH names this module). Random Hexmeister
# games run for hundreds of turns and the chip manages a handful of full
# move lists a second, so playouts say little; a static evaluation of the
# gate race (evaluation) says more, and the tactics -- bonus chains of
# gate entries and captures, wins in one turn -- are searched directly.
#
# Work, one unit per iterate() (the Player runs CHIP_RATE units a second):
#   1. the root's moves, ordered by the quick move scorer; the best WIDTH
#      become candidates (this costs ROOT_UNITS units);
#   2. each candidate is played, its bonus chain finished greedily (the best
#      gate entry while one earns another step), and the position judged;
#   3. the best candidates so far are verified one after another: the
#      opponent's best REPLIES replies (ordered by the scorer, each with its
#      own chain) are played and the candidate keeps its worst outcome
#      (a two-turn minimax, one reply per unit).
# Moves are made and taken back in place (do/undo below) on a private copy
# of the game: nothing is allocated per node.
from array import array
from micropython import const
from hexgames.rng import Rng
from hexgames.hexmeister.tables import GATES
from hexgames.hexmeister.moves import DROP, PASS, ALL, gen
from hexgames.hexmeister import evaluation as ev

_MAXM = const(1320)
_WIDTH = const(40)        # candidates judged at the root
_REPLIES = const(8)       # replies tried against a candidate in step 3
_ROOT_UNITS = const(6)    # what generating and ordering the root's moves costs
_GEN_UNITS = const(3)     # ... and a candidate's replies
_PLIES = const(24)        # do/undo stack: a move, its chain, a reply and its chain
_CAP = const(8)           # captures one step can make, at most 7
_WON = const(1 << 29)


# A move list is scratch inside one iterate(): one for every search, made
# once, so a new Player does not look for 5 KB of free heap.
_moves = array("i", bytes(4 * _MAXM))


def _best(moves, k, start, width, val, out):
    """The `width` best of moves[0..k) by the quick scorer (ev.prepare done),
    best first, into out and their scores into val; the moves are read from
    index `start` round, so ties keep that rotation's order. Returns how
    many were kept."""
    dv = ev._dv
    ov = ev._ov
    n = 0
    for x in range(k):
        y = x + start
        if y >= k:
            y -= k
        m = moves[y]
        sc = 0 if m == PASS else dv[m & 0x7F] + 5 if m & DROP else dv[m & 0x7F] - ov[m >> 7]
        if n == width and sc <= val[n - 1]:
            continue
        i = n if n < width else width - 1
        while i > 0 and val[i - 1] < sc:
            if i < width:
                val[i] = val[i - 1]
                out[i] = out[i - 1]
            i -= 1
        val[i] = sc
        out[i] = m
        if n < width:
            n += 1
    return n


class Search:
    def __init__(self, seed=1, memory=0):
        self.rng = Rng(seed)
        self.root = None
        self.g = None
        self.moves = _moves
        self.cand = array("i", bytes(4 * _WIDTH))
        self.val = array("i", bytes(4 * _WIDTH))      # judged after the move (step 2)
        self.low = array("i", bytes(4 * _WIDTH))      # worst over the replies (step 3)
        self.order = bytearray(_WIDTH)                # candidates, best first
        self.reply = array("i", bytes(4 * _REPLIES))
        self.rval = array("i", bytes(4 * _REPLIES))
        # undo stack
        self.s_move = array("i", bytes(4 * _PLIES))
        self.s_state = array("i", bytes(4 * 8 * _PLIES))
        self.s_caps = bytearray(_CAP * _PLIES)
        self.s_res = [None] * _PLIES
        self.sp = 0
        self.tree = self          # what tools ask of a search: .tree.used
        self.used = 0

    # -- make and take back ------------------------------------------------------------
    def _do(self, m):
        g = self.g
        sp = self.sp
        st = self.s_state
        b = 8 * sp
        p = g.side
        q = 3 - p
        st[b] = g.bonus
        st[b + 1] = g.turn
        st[b + 2] = p
        st[b + 3] = g.to_move
        st[b + 4] = g.nrep
        st[b + 5] = g.rmat
        st[b + 6] = g.rep[g.nrep]
        st[b + 7] = g.rep[0]
        self.s_res[sp] = g._result
        self.s_move[sp] = m
        before = g.nst[q]
        g._apply(m)
        n = before - g.nst[q]
        c = _CAP * sp
        caps = self.s_caps
        log = g.CAPLOG
        for i in range(n):
            caps[c + i] = log[i]
        caps[c + _CAP - 1] = n
        self.sp = sp + 1

    def _undo(self):
        g = self.g
        sp = self.sp - 1
        self.sp = sp
        st = self.s_state
        b = 8 * sp
        p = st[b + 2]
        m = self.s_move[sp]
        if m != PASS:
            c = _CAP * sp
            caps = self.s_caps
            for i in range(caps[c + _CAP - 1]):
                g._put(caps[c + i], 3 - p)
            if m & DROP:
                g._take(m & 0x7F)
                g.res[p] += 1
            else:
                g._take(m & 0x7F)
                g._put(m >> 7, p)
        g.bonus = st[b] != 0
        g.turn = st[b + 1]
        g.side = p
        g.to_move = st[b + 3]
        g.nrep = st[b + 4]
        g.rmat = st[b + 5]
        g.rep[g.nrep] = st[b + 6]
        g.rep[0] = st[b + 7]
        g._result = self.s_res[sp]
        self.s_res[sp] = None

    def _chain(self):
        """Finish the mover's bonus chain greedily: the most valuable gate he
        can enter (each entry earns the next step). Stops when none is left
        or the game is over; the mover may still hold a step then."""
        g = self.g
        p = g.side
        while g.to_move == p and g.bonus and self.sp < _PLIES - 1:
            ev.look(g)
            best = -1
            bv = -1
            cell = g.cell
            base = 13 * p
            for k in range(13):
                if ev.ent[base + k] == 1 and ev.imp[base + k] > bv:
                    bv = ev.imp[base + k]
                    best = k
            if best < 0:
                return
            c = GATES[best]
            o = -1
            for j in ev._ADJ[c]:
                if cell[j] == p:
                    o = j
                    break
            self._do(o << 7 | c)

    def _judge(self, me):
        """Play out the chain of the move just made and judge for `me`;
        leaves the stack where it was."""
        top = self.sp
        self._chain()
        g = self.g
        v = ev.value(g)
        if g.side != me:
            v = -v
        while self.sp > top:
            self._undo()
        return v

    # -- the interface of the opponent's engines -----------------------------------------
    def start(self, game):
        self.root = game
        if self.g is None:
            self.g = game.copy()
            self.names = tuple(self.g.state_names())
        else:
            self.g.restore(game, self.names)
        self.sp = 0
        self.playouts = 0
        self.used = 0
        self.phase = 0
        self.k = 0
        self.i = 0
        self.j = 0
        self.nrep = 0
        self.won = False
        self.done = game.to_move == 0

    def solved(self):
        return self.won or self.done

    def iterate(self):
        if self.done:
            self.playouts += 1
            return
        g = self.g
        if self.phase == 0:
            self._root()
        elif self.phase == 1:
            i = self.i
            me = g.side
            self._do(self.cand[i])
            v = self._judge(me)
            self._undo()
            self.val[i] = v
            self.low[i] = v
            self.used += 1
            self.playouts += 1
            if v > ev.BIG:
                self.won = True
                self.order[0] = i
                self.nord = 1
                return
            self.i = i + 1
            if self.i >= self.k:
                self._sort()
                self.phase = 2
                self.j = 0
                self.nrep = -1
        else:
            self._verify()

    def _root(self):
        g = self.g
        k = gen(g, self.moves, _MAXM, ALL)
        ev.prepare(g)
        # the best _WIDTH by score; ties keep the order of a random rotation
        n = _best(self.moves, k, self.rng.below(k) if k else 0, _WIDTH, self.val, self.cand)
        self.k = n
        self.i = 0
        self.phase = 1
        self.playouts += _ROOT_UNITS
        if n == 0:
            self.done = True

    def _sort(self):
        """order = candidates by their current score (low), best first."""
        n = self.k
        o = self.order
        low = self.low
        for i in range(n):
            o[i] = i
        for i in range(1, n):
            x = o[i]
            v = low[x]
            j = i
            while j > 0 and low[o[j - 1]] < v:
                o[j] = o[j - 1]
                j -= 1
            o[j] = x
        self.nord = n

    def _verify(self):
        """One unit of step 3: the next reply against the best candidate not
        yet verified."""
        j = self.j
        if j >= self.k or (j and self.low[self.order[0]] >= self.val[self.order[j]]):
            self.done = True
            self.playouts += 1
            return
        g = self.g
        c = self.order[self.j]
        me = self.root.side
        if self.nrep < 0:
            # play the candidate and its chain, and list the replies
            self._do(self.cand[c])
            self._chain()
            self.base = self.sp
            self.nrep = 0
            self.ri = 0
            self.playouts += _GEN_UNITS
            if g.to_move and g.side != me:
                self._top(gen(g, self.moves, _MAXM, ALL))
            return
        if self.ri < self.nrep:
            self._do(self.reply[self.ri])
            v = self._judge(me)
            self._undo()
            if v < self.low[c]:
                self.low[c] = v
            self.ri += 1
            self.playouts += 1
            self.used += 1
            if self.ri < self.nrep:
                return
        # candidate done: take it back; next one is the best still unverified
        while self.sp:
            self._undo()
        self.j += 1
        self.nrep = -1
        self._resort()

    def _top(self, k):
        """The best _REPLIES of moves[0..k) by score into reply."""
        ev.prepare(self.g)
        self.nrep = _best(self.moves, k, 0, _REPLIES, self.rval, self.reply)

    def _resort(self):
        """Keep verified candidates (order[0..j)) sorted by their worst
        outcome; a verified one that fell below an unverified one lets
        that one be verified next (best-first)."""
        j = self.j
        o = self.order
        low = self.low
        # insert the just verified one into place among the verified
        x = o[j - 1]
        v = low[x]
        i = j - 1
        while i > 0 and low[o[i - 1]] < v:
            o[i] = o[i - 1]
            i -= 1
        o[i] = x

    def ranked(self):
        """(goodness, move), best first: verified candidates by their worst
        outcome, then the others by their judgement; a won move 1 << 29."""
        out = []
        if self.won:
            return [(_WON, self.cand[self.order[0]])]
        n = self.nord if self.phase >= 2 else 0
        j = self.j if self.phase >= 2 else 0
        if self.phase == 1:
            # not all judged yet: the judged ones by value
            for i in range(self.i):
                out.append((self._good(self.val[i]), self.cand[i]))
            out.sort()
            out.reverse()
            return out
        for r in range(n):
            c = self.order[r]
            v = self.low[c]
            out.append((self._good(v), self.cand[c]))
        # verified first: they come before any unverified with a higher score
        ver = out[:j]
        ver.sort()
        ver.reverse()
        rest = out[j:]
        top = ver[-1][0] if ver else 1 << 28
        rest2 = []
        for sc, m in rest:
            rest2.append((min(sc, top), m))
        return ver + rest2

    def _good(self, v):
        v += 1 << 17
        return 0 if v < 0 else v
