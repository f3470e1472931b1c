# Hexmeister's opponent engine: a selective search of whole turns instead of
# the Monte Carlo tree search (Game.SEARCH names this module). Random
# Hexmeister games run for hundreds of turns and the chip manages a handful
# of full move lists a second, so playouts say little; a static evaluation of
# the gate race (evaluation) says more, and the tactics -- bonus chains of
# gate entries and captures, wins in one turn -- are searched directly.
#
# Work, one unit per judged position (the Player runs CHIP_RATE units a
# second, and stops the search there: the search itself never runs dry
# before a level's budget is spent, it only looks deeper):
#   1. the root's moves, ordered by the quick move scorer; the best WIDTH
#      become candidates (in start(), so that the Player has their count;
#      the first iteration counts its ROOT_UNITS units);
#   2. each candidate is played, its bonus chain finished greedily (the best
#      gate entry while one earns another step), and the position judged;
#   3. best-first, the candidate with the best outcome so far is verified:
#      the opponent's best REPLIES replies (ordered by the scorer, each with
#      its own chain) are played and it keeps its worst outcome (two turns);
#   4. a verified candidate that is still the best is deepened: against its
#      DEEP most dangerous replies, our ANSWERS best answers are tried (each
#      with its chain), and a reply is worth what the best of them, or the
#      position as it stood, gives (three turns); with a larger budget an
#      answer is worth the worst of the opponent's LAST best replies to it
#      (four turns: a line that ends on our move hopes). Deepening only
#      raises an outcome, so the next best candidate is verified and
#      deepened next, down to the TOP best, then EXTEND more at a time
#      while budget is left. The shape grows with the budget (SHAPES).
# Steps are made and taken back in place (line.Line) on a private copy of
# the game: nothing is allocated per node.
from array import array
from hexgames.board import zeros
from micropython import const
from hexgames.rng import Rng
from hexgames.hexmeister.moves import ALL, gen
from hexgames.hexmeister import evaluation as ev
from hexgames.hexmeister.line import Line, best, PLIES

_MAXM = const(1320)
_WIDTH = const(40)        # candidates judged at the root
_REPLIES = const(10)      # replies tried against a candidate in step 3 (at most)
_ANSWERS = const(4)       # answers tried against a reply in step 4 (at most)
_LAST = const(4)          # replies to an answer tried in step 4 (at most)
# The shape of steps 3 and 4 by the budget (plan()): (budget from, replies,
# replies answered, answers to each, candidates deepened, replies to each
# answer: 0 none, the answer judged as it stands). Level 5 (257 units) looks
# a turn further than level 4 (128) and wider (L5-L4 ~57% over 100 games from
# 8-ply openings, against 55% with level 4's shape).
SHAPES = ((0, 8, 4, 2, 4, 0), (200, 10, 4, 3, 4, 2))
EXTEND = 2                # candidates added to the top when those are done (a budget left over)
_ROOT_UNITS = const(6)    # what generating and ordering the root's moves costs
_GEN_UNITS = const(4)     # ... and a candidate's replies (4.7 judgements)
_ANSWER_UNITS = const(5)  # ... and an answer's list: the full list, scored (4.4 judgements)
_WON = const(1 << 29)

# A move list is scratch inside one iterate(): one for every search, made
# once, so a new Player does not look for 5 KB of free heap.
_moves = zeros("i", _MAXM)


def by_outcome(o, low, n):
    """o[0..n) = the candidates 0..n-1 by their outcome in low, best first
    (insertion sort: ties keep the order of judgement)."""
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


def worst(val, b, n, k, sel):
    """The k of val[b..b+n) that are lowest, lowest first, as offsets
    from b into sel; returns how many (at most n)."""
    nd = 0
    while nd < k and nd < n:
        w = -1
        for r in range(n):
            ok = True
            for x in range(nd):
                if sel[x] == r:
                    ok = False
            if ok and (w < 0 or val[b + r] < val[b + w]):
                w = r
        sel[nd] = w
        nd += 1
    return nd


class Search(Line):
    def __init__(self, seed=1, memory=0):
        Line.__init__(self)
        self.rng = Rng(seed)
        self.root = None
        self.moves = _moves
        self.cand = zeros("i", _WIDTH)
        self.val = zeros("i", _WIDTH)      # judged after the move (step 2)
        self.low = zeros("i", _WIDTH)      # worst over the replies (steps 3, 4)
        self.stage = bytearray(_WIDTH)                # 0 judged, 1 verified, 2 deepened
        self.order = bytearray(_WIDTH)                # candidates, best first
        # a candidate's replies and what each leaves us (steps 3 and 4)
        self.rmove = zeros("H", _WIDTH * _REPLIES)    # (a step fits 16 bits)
        self.rval = zeros("i", _WIDTH * _REPLIES)
        self.nrep = bytearray(_WIDTH)
        self.sval = zeros("i", _REPLIES)   # scorer's values (scratch)
        self.tmp = zeros("i", _REPLIES)     # scratch: replies, then a selection
        self.lmv = zeros("i", _LAST)
        self.lval = zeros("i", _LAST)
        self.ans = zeros("i", _ANSWERS)
        self.aval = zeros("i", _ANSWERS)
        self.tree = self          # what tools ask of a search: .tree.used
        self.used = 0
        self.plan(0)

    def plan(self, budget):
        """The search's shape for a budget of work units (the Player says
        it after start()): more budget, deeper and wider verification."""
        for sh in SHAPES:
            if budget >= sh[0]:
                self.replies, self.deep, self.answers, self.top = sh[1], sh[2], sh[3], sh[4]
                self.last = sh[5]

    # -- the interface of the opponent's engines -----------------------------------------
    def start(self, game):
        self.root = game
        if self.g is None:
            self.g = game.copy()
        else:
            self.g.restore(game, game.STATE)
        self.sp = 0
        self.playouts = 0
        self.used = 0
        self.phase = 0
        self.k = 0
        self.i = 0
        self.job = -1            # the candidate being verified or deepened
        self.step = 0            # ... and how far
        self.won = False
        self.done = game.to_move == 0
        self.choices = 0            # the root's moves: the Player takes this count for its own
        if not self.done:
            self._root()

    def solved(self):
        return self.won or self.done

    def iterate(self):
        if self.done:
            self.playouts += 1
            return
        if self.phase == 0:
            # the root was ordered in start(): its units are counted by
            # the first iteration, as when it ran here
            self.playouts += _ROOT_UNITS
            self.phase = 1
        elif self.phase == 1:
            self._judge_next()
        elif self.job < 0:
            self._pick()
        elif self.stage[self.job] == 0:
            self._verify()
        else:
            self._deepen()

    def _root(self):
        """Step 1, in start(): the root's moves, the best _WIDTH of them the
        candidates."""
        g = self.g
        k = self.choices = gen(g, self.moves, _MAXM, ALL)
        ev.prepare(g)
        # the best _WIDTH by score; ties keep the order of a random rotation
        n = best(self.moves, k, self.rng.below(k) if k else 0, _WIDTH, self.val, self.cand)
        self.k = n
        self.i = 0
        if n == 0:
            self.done = True

    def _judge_next(self):
        """Step 2: one candidate played, its chain finished, judged."""
        i = self.i
        me = self.g.side
        self._do(self.cand[i])
        v = self._judge(me)
        self._undo()
        self.val[i] = v
        self.low[i] = v
        self.stage[i] = 0
        self.nrep[i] = 0
        self.used += 1
        self.playouts += 1
        if v > ev.BIG:
            self.won = True
            self.order[0] = i
            self.nord = 1
            return
        self.i = i + 1
        if self.i >= self.k:
            self.nord = self.k
            self.phase = 2

    def _pick(self):
        """The next job: the best candidate not yet deepened, among the
        top best; none left: EXTEND more of them (a budget left over buys
        the next candidates), then done."""
        o = self.order
        by_outcome(o, self.low, self.k)
        stage = self.stage
        while True:
            for r in range(min(self.top, self.k)):
                c = o[r]
                if stage[c] < 2:
                    self.job = c
                    self.step = -1
                    if stage[c] == 0:
                        self._verify()
                    else:
                        self._deepen()
                    return
            if not EXTEND or self.top >= self.k:
                break
            self.top += EXTEND
        self.done = True
        self.playouts += 1

    def _play_job(self):
        """The job's candidate and its chain on the board; True when the
        opponent moves next."""
        g = self.g
        me = self.root.side
        self._do(self.cand[self.job])
        self._chain()
        self.base = self.sp
        return g.to_move and g.side != me

    def _verify(self):
        """Step 3, one unit at a time: list the replies, then one reply."""
        c = self.job
        g = self.g
        b = c * _REPLIES
        if self.step < 0:
            self.playouts += _GEN_UNITS
            self.step = 0
            n = 0
            if self._play_job():
                k = gen(g, self.moves, _MAXM, ALL)
                ev.prepare(g)
                n = best(self.moves, k, 0, self.replies, self.sval, self.tmp)
                for i in range(n):
                    self.rmove[b + i] = self.tmp[i]
            self.nrep[c] = n
            if n == 0:
                self._finish_job(1)     # no reply: the judgement stands
            return
        i = self.step
        self._do(self.rmove[b + i])
        v = self._judge(self.root.side)
        self._undo()
        self.rval[b + i] = v
        if v < self.low[c]:
            self.low[c] = v
        self.used += 1
        self.playouts += 1
        self.step = i + 1
        if self.step >= self.nrep[c]:
            self._finish_job(1)

    def _deepen(self):
        """Step 4, one reply at a time: the candidate's most dangerous
        replies (lowest outcome first) and our best answers to each."""
        c = self.job
        g = self.g
        b = c * _REPLIES
        n = self.nrep[c]
        rval = self.rval
        if self.step < 0:
            self.playouts += 1
            self.step = 0
            self._play_job()
            nd = worst(rval, b, n, self.deep, self.tmp)
            self.ndeep = nd
            if nd == 0:
                self._finish_job(2)
            return
        r = self.tmp[self.step]
        me = self.root.side
        self._do(self.rmove[b + r])
        self._chain()
        self.playouts += 1
        if g.to_move and g.side == me:
            k = gen(g, self.moves, _MAXM, ALL)
            ev.prepare(g)
            na = best(self.moves, k, 0, self.answers, self.aval, self.ans)
            self.playouts += _ANSWER_UNITS + na
            self.used += na
            for a in range(na):
                self._do(self.ans[a])
                v = self._last(me) if self.last else self._judge(me)
                self._undo()
                if v > rval[b + r]:
                    rval[b + r] = v
        self._back(self.base)
        self.step += 1
        if self.step >= self.ndeep:
            low = self.val[c]
            for i in range(n):
                if rval[b + i] < low:
                    low = rval[b + i]
            self.low[c] = low
            self._finish_job(2)

    def _last(self, me):
        """Turn 4, after our answer: the opponent's `last` best replies by
        the scorer, each with its chain; the answer is worth the worst of
        them for `me` (a 3-turn line ends on our move and hopes)."""
        top = self.sp
        self._chain()
        g = self.g
        if not (g.to_move and g.side != me) or self.sp > PLIES - 4:   # (a line too long to go on)
            self._back(top)
            return self._judge(me)
        k = gen(g, self.moves, _MAXM, ALL)
        ev.prepare(g)
        n = best(self.moves, k, 0, self.last, self.lval, self.lmv)
        self.playouts += _GEN_UNITS + n
        self.used += n
        v = ev.WIN
        for i in range(n):
            self._do(self.lmv[i])
            w = self._judge(me)
            self._undo()
            if w < v:
                v = w
        self._back(top)
        return v if n else self._judge(me)

    def _finish_job(self, stage):
        self._back(0)
        self.stage[self.job] = stage
        self.job = -1

    # -- results ---------------------------------------------------------------------
    def ranked(self):
        """(goodness, move), best first: verified candidates by their worst
        outcome, then the others by their judgement; a won move 1 << 29."""
        if self.won:
            return [(_WON, self.cand[self.order[0]])]
        out = []
        if self.phase == 1:
            # not all judged yet: the judged ones by value
            for i in range(self.i):
                out.append((self._good(self.val[i]), self.cand[i]))
            out.sort()
            out.reverse()
            return out
        ver = []
        rest = []
        for c in range(self.k if self.phase >= 2 else 0):
            if self.stage[c]:
                ver.append((self._good(self.low[c]), self.cand[c]))
            else:
                rest.append((self._good(self.low[c]), self.cand[c]))
        # verified first: they come before any unverified with a higher score
        ver.sort()
        ver.reverse()
        rest.sort()
        rest.reverse()
        top = ver[-1][0] if ver else 1 << 28
        return ver + [(min(sc, top), m) for sc, m in rest]

    def _good(self, v):
        v += 1 << 17
        return 0 if v < 0 else v
