# The computer opponent: an anytime Monte Carlo tree search over the common
# game interface, one node level per step (a player may move several times
# in a row). The tree lives in preallocated integer arrays sized from a memory
# budget; selection is UCB1 in integer arithmetic with lookup tables, because
# every float is a heap object on the chip. Proven wins and losses are backed
# up (MCTS-solver). Near the root every move is first played one step ahead,
# so a win in one is never missed and a reply that wins at once is seen.
# Games may add priors, their own playout policy, a cut-off evaluation, RAVE
# statistics or an engine of their own (hooks: hexgames/README.md). The
# node arrays and the UCB tables are in tree.py; the tree kept from the
# last move in reuse.py.
import gc
from hexgames.board import zeros
from micropython import const
from hexgames.native import pick
from hexgames.rng import Rng
from hexgames.reuse import Reuse
from hexgames.scratch import Scratch
from hexgames.tree import Tree, BETA, INVSQ, LN16, SQ64

# the descent, expansion and the backups over the tree's arrays: native
# kernels where the VM has them, else their plain-Python twins. Picked by
# the first Search: a game with an engine of its own (Hexmeister) never
# loads them, which leaves its tree the 2 KB the twins' bytecode takes
# where modules load into the heap.
K = None

_WIN = const(1)          # proven[v]: the player who moved into v wins
_LOSS = const(2)         # ... loses
_MAX_DEPTH = const(600)
_PACE_MAX = const(1 << 17)  # budgets paced (EXPAND_PACE): used x budget < 2**30 in a 32 KB tree

# Per level: (milliseconds on the chip, children sampled among). Level 1 is
# the greedy beginner (no search); each level above doubles the time, which
# is what it takes for a level to beat the one below clearly.
LEVELS = ((0, 0), (0, 0), (125, 3), (250, 2), (500, 2), (1000, 1))
# Without a clock (the simulator, tests) a level runs the iterations the chip
# would in its time: the game's CHIP_RATE, iterations per chip second at its
# pocket size, measured at level 5 on the emulated chip by tools/pico/chip_rate.py.
# So a seeded move is the same everywhere and as strong as on the board.
CHIP_RATE = 100


class Search(Scratch, Reuse):
    C = 350                  # exploration constant x 1024 (tuned: Hex vs OpenSpiel, HexGo vs MC)
    EXPAND_AT = 2            # a leaf is expanded on its second real visit
    MAX_PLIES = 400          # playout cut-off: counts as a draw
    SCAN_DEPTH = 1           # expansions this deep look for wins in one (see _scan)
    C_RAVE = 150             # exploration with RAVE: the AMAF rate already spreads the visits
    SURE = 17                # a prior this high starts with twice the visits (17: none)
    # The tree below the moves played since the last search is kept: the
    # search goes on where it left off (reuse.py; an engine that keeps more
    # per node than the tree would say False)
    REUSE = True

    def __init__(self, seed=1, memory=32 * 1024):
        global K
        if K is None:
            K = pick("kernels", "twins")
        self.tree = Tree(memory)
        self.rng = Rng(seed)
        self.seed = seed
        self.path = zeros("i", _MAX_DEPTH)
        self.rs = zeros("i", 2)          # rng's state, for the descent's kernel
        self.root = None
        self.buf = None

    def start(self, game):
        # Games with long random games cut playouts short and judge the
        # position there (PLAYOUT_PLIES and evaluate() in the game module).
        self.max_plies = getattr(game, "PLAYOUT_PLIES", self.MAX_PLIES)
        self.judge = getattr(game, "evaluate", None) is not None
        self.prior_visits = getattr(game, "PRIOR_VISITS", 4)
        # RAVE: AMAF names a bytearray of the game that, after a playout,
        # holds for each move the player who played it (0: nobody)
        self.amaf = getattr(game, "AMAF", None)
        # A game whose descent costs the chip several playouts' time samples
        # each leaf LEAF_PLAYOUTS times in one call (playouts(); not with RAVE)
        self.leaf = getattr(game, "LEAF_PLAYOUTS", 1)
        if self.leaf > 1 and self.amaf is not None:
            raise ValueError("%s: LEAF_PLAYOUTS and AMAF do not go together" % game.NAME)
        # EXPAND_PACE: the tree may fill no faster than the budget is spent
        # (plan() below); else a wide game fills it early and searches flat
        self.pace = getattr(game, "EXPAND_PACE", False)
        self.budget = 0
        r = self._reached(game) if self.REUSE else None   # before prepare() moves the root
        self.prepare(game)
        self.pv = self.prior_visits if self.priors else 0     # visits a child starts with
        self.kept = self._go_on(r, K.keep) if r is not None else 0
        if self.kept:
            return
        self.tree.reset(3 - game.to_move)
        if game.to_move:                      # the root is expanded and scanned at once
            self.restore()
            self._expand(0, self.scratch, 0)
            self._prove(0)

    def solved(self):
        return self.tree.proven[0] != 0

    def plan(self, budget):
        """The iterations this search will run (Player.start tells it):
        a paced game's tree fills as they are spent. A clock-only search
        (level 6) is not paced."""
        self.budget = budget if self.pace and budget < _PACE_MAX else 0

    # -- one iteration -------------------------------------------------------------
    def iterate(self):
        t = self.tree
        g = self.scratch
        self.restore()
        path = self.path
        move = t.move
        depth = 0
        path[0] = 0
        while True:
            d = depth
            depth = self._descend(d)
            for i in range(d + 1, depth + 1):
                g._apply(move[path[i]])     # moves of moves_into: legal, no checks needed
            v = path[depth]
            if g.to_move == 0:              # a leaf only: a finished game is never expanded
                w = g.result()[0]
                if w:
                    t.proven[v] = _WIN if w == t.who[v] else _LOSS
                break
            # real visits only: counting the priors' would expand a whole
            # line of new nodes in every iteration
            if t.proven[v] or t.visits[v] - t.born[v] + 1 < self.EXPAND_AT or not self._expand(v, g, depth):
                break
        if t.proven[v]:
            winner = t.who[v] if t.proven[v] == _WIN else 3 - t.who[v]
        elif g.to_move and self.leaf > 1:
            self._sample(g, depth)
            self.playouts += 1
            return
        elif g.to_move:
            self.seed += 1
            r = g.playout(self.seed, self.max_plies)
            winner = r[0] if r else g.evaluate() if self.judge else 0
        else:
            winner = g.result()[0]
        K.backup(path, depth, 1, 1 if winner == 1 else 0, 1 if winner == 2 else 0,
                 t.visits, t.wins, t.who, t.proven, t.first, t.kids)
        if self.amaf is not None:
            self._backup_amaf(depth, winner, getattr(g, self.amaf))
        self.playouts += 1

    def _sample(self, g, depth):
        """The leaf's LEAF_PLAYOUTS playouts, backed up as as many visits."""
        k = self.leaf
        r = g.playouts(self.seed + 1, self.max_plies, k)
        self.seed += k
        t = self.tree
        K.backup(self.path, depth, k, r & 255, r >> 8 & 255, t.visits, t.wins, t.who,
                 t.proven, t.first, t.kids)

    def _children(self, g):
        """The moves listed under a node: buf[0..k), and with priors theirs
        in prior[0..k); returns k. A game's own search may list fewer."""
        k = g.moves_into(self.buf)
        if self.priors:
            g.priors_into(self.buf, k, self.prior)
        return k

    def _expand(self, v, g, depth):
        t = self.tree
        # paced: no expansion while the tree is fuller than the budget is spent
        # (of the room left beside the nodes kept from the last search)
        if self.budget and (t.used - self.kept) * self.budget > (t.size - self.kept) * (self.playouts + 1):
            return False
        k = self._children(g)
        f = t.used
        if f + k > t.size:
            return False
        # listed from a random start: selection breaks ties by list order,
        # and the list is by cell, so the first visits went to the top rows.
        # A prior of p/16 for the mover counts as pv visits scoring that
        # (twice as many from SURE up); with RAVE in the all-moves-as-first
        # rate too, which rules the first visits (Hex L5 59% against priors
        # in the real rate only)
        s = self.rng.below(k) if k else 0
        K.expand(v, f, k, s, self.buf, self.prior, self.pv, self.SURE, g.to_move,
                 1 if self.amaf is not None else 0, t.move, t.first, t.kids, t.visits,
                 t.wins, t.amaf_n, t.amaf_w, t.who, t.proven, t.born)
        t.used = f + k
        if depth <= self.SCAN_DEPTH:
            self._scan(v, depth, s)
        return True

    def _scan(self, v, depth, s=0):
        """Decisive and anti-decisive moves near the root: every child of v is
        played out one move; one that ends the game is proven at once. At the
        root that is a win in one never missed; one level down, a reply that
        wins at once proves our move a loss, so the search stops playing into
        an immediate defeat. A game that can tell which moves end it without
        playing them (ends_into: the scratch game is at v, its moves still
        in buf from s on) saves a restore and two moves a child; else this
        costs about a playout per expansion, near the root only. Leaves the
        scratch game at v again."""
        t = self.tree
        f = t.first[v]
        k = t.kids[v]
        ends = getattr(self.scratch, "ends_into", None)
        if ends is not None:
            w = self.prior          # the priors are in the tree by now
            n = ends(self.buf, k, w)
            if n >= 0:
                for i in range(k if n else 0):
                    j = i + s if i + s < k else i + s - k
                    if w[j]:
                        t.proven[f + i] = _WIN if w[j] == t.who[f + i] else _LOSS
                return
        m = t.move[v] if depth == 1 else -1
        for c in range(f, f + k):
            w = self.after(m, t.move[c]) if m >= 0 else self.after(t.move[c])
            if w:
                t.proven[c] = _WIN if w == t.who[c] else _LOSS
        self._back(m)

    def _back(self, m):
        """The scratch game at the root again, then after m (if m >= 0)."""
        g = self.scratch
        self.restore()
        if m >= 0:
            g._apply(m)

    def _descend(self, depth):
        """From path[depth] down the expanded nodes to a leaf or a proven
        node, by UCB1 (with RAVE: on a blend of the real and the all-moves-
        as-first rates, which rules while a child has few visits, so
        untried children need no visit of their own to be ranked). The
        nodes passed go into path; returns the last one's depth. The plain
        descent is one kernel call, the search's random numbers drawn inside
        it (so a seeded search is the same as one below() a node)."""
        t = self.tree
        if self.amaf is None:
            rng, rs = self.rng, self.rs
            rs[0] = rng.x1
            rs[1] = rng.x2
            depth = K.descend(depth, self.path, rs, self.C, t.first, t.kids, t.visits,
                              t.wins, t.proven, INVSQ, LN16, SQ64)
            rng.x1 = rs[0]
            rng.x2 = rs[1]
            return depth
        path = self.path
        v = path[depth]
        while t.kids[v] and not t.proven[v]:
            s = self.rng.below(t.kids[v])
            v = K.select_rave(v, t.first[v] + s, self.C_RAVE, t.first, t.kids, t.visits,
                              t.wins, t.proven, t.amaf_n, t.amaf_w, BETA, INVSQ, LN16, SQ64)
            depth += 1
            path[depth] = v
        return depth

    def _backup_amaf(self, depth, winner, owner):
        t = self.tree
        K.backup_amaf(self.path, depth, winner, owner, len(owner), t.move, t.who,
                      t.amaf_n, t.amaf_w, t.first, t.kids)

    def _prove(self, v):
        """Mark v proven when its children decide it (the solver backup)."""
        t = self.tree
        if t.kids[v] == 0:                   # a leaf (first[v] is then unset)
            return
        f = t.first[v]
        chooser = t.who[f]
        all_lose = True
        for c in range(f, f + t.kids[v]):
            if t.proven[c] == _WIN:
                t.proven[v] = _WIN if chooser == t.who[v] else _LOSS
                return
            if t.proven[c] != _LOSS:
                all_lose = False
        if all_lose:
            t.proven[v] = _LOSS if chooser == t.who[v] else _WIN

    # -- results ---------------------------------------------------------------------
    def ranked(self):
        """Root children as (score, move), best first: proven wins, then the
        most visited; equal visits (a small budget on a wide board) go to the
        one with more wins, then to chance -- never to the order of the moves,
        which would pull every close call to one corner of the board. The
        score is the search's own visits (the priors' taken off, SURE ones'
        once): the weaker levels sample by it."""
        t = self.tree
        f = t.first[0]
        out = []                    # none while the root has no children
        pv = self.pv
        for c in range(f, f + t.kids[0]):
            p = t.proven[c]
            score = 1 << 29 if p == _WIN else -1 if p == _LOSS else max(0, t.visits[c] - pv)
            out.append((score, t.wins[c], self.rng.below(32768), t.move[c]))
        out.sort()
        out.reverse()
        return [(sc, m) for sc, w, r, m in out]


class Player:
    """A computer player of a given level (1 beginner .. 5 strongest).

    p.start(game, clock); while not p.think(20, clock): draw a frame; m = p.best()
    Without a clock, think() runs the whole playout budget at once, which is
    what makes a seeded move the same on every VM. A game may name its own
    engine (SEARCH, a module of hexgames with a Search class of the same
    interface: start, choices, iterate, playouts, solved, ranked)."""
    PICK = (50, 60, 75)     # levels 2-4 sample among children with visits >= PICK% of the best
    # Level 6, offered by the simulator and the web page only: level 5's
    # search for PC_MS of the computer's own clock, as many iterations as
    # that buys (on the board a level's iterations are the chip's)
    PC_LEVEL = 6
    PC_MS = 1000
    FOLLOW_UP = 4

    def __init__(self, level=3, seed=1, memory=32 * 1024):
        if level not in (1, 2, 3, 4, 5, 6):
            raise ValueError("level must be 1..6, not %r" % (level,))
        self.level = level
        self.seed = seed
        self.memory = memory
        self.search = None
        self.rng = Rng(seed ^ 0x5A5A)

    def _engine(self, game):
        if self.level == 1:
            from hexgames.greedy import Greedy
            return Greedy
        name = getattr(game, "SEARCH", None)
        if name is None:
            return Search
        from hexgames import need
        return need(name, "Search")

    def start(self, game, clock=None):
        # with a clock, the start's own time (copies, the root's expansion)
        # counts towards the level's time
        t0 = clock.ticks_ms() if clock else None
        cls = self._engine(game)
        if type(self.search) is not cls:
            self.search = None                # free the old tree before the new one
            self.search = self._make(cls)
        self.search.start(game)
        if self.level == self.PC_LEVEL:        # the clock alone ends it
            self.ms, self.among = self.PC_MS, 1
            self.budget = 1 << 29
        else:
            # a game whose levels need other times names its own (LEVELS)
            self.ms, self.among = getattr(game, "LEVELS", LEVELS)[self.level]
            rate = getattr(game, "CHIP_RATE", CHIP_RATE)
            self.budget = max(1, rate * self.ms // 1000) if self.ms else 1 << 29
        # A ply that ends a turn its player began (XiaGo's placement after a
        # neutral step) was searched below that first ply already: it gets
        # a FOLLOW_UP-th of the time, so that one turn is not two full waits.
        follow_up = getattr(game, "follow_up", None)
        if self.ms and follow_up is not None and follow_up():
            self.ms //= self.FOLLOW_UP
            if self.budget < 1 << 29:
                self.budget = max(1, self.budget // self.FOLLOW_UP)
        plan = getattr(self.search, "plan", None)     # an engine that shapes its search by the budget
        if plan is not None:
            plan(self.budget)
        # choices: the root's legal moves, which the engine has listed
        self.done = self.search.choices <= 1 or self.search.solved()
        self.spent = clock.ticks_diff(clock.ticks_ms(), t0) if clock else 0

    def _make(self, cls):
        """The engine with a tree of the memory asked for or, where the heap
        holds no such blocks even after a collection (a heap left in pieces
        by a long session), half that, down to 4 KB: a smaller tree plays
        weaker, a MemoryError not at all."""
        memory = self.memory
        while True:
            try:
                return cls(self.seed, memory)
            except MemoryError:
                if memory <= 4096:
                    raise
            gc.collect()
            memory //= 2

    def think(self, ms=0, clock=None):
        s = self.search
        if clock is None:
            if self.level == self.PC_LEVEL:
                raise ValueError("level 6 searches on the computer's clock: think() needs one")
            while not self.done:
                self._step(s)
            return True
        t0 = clock.ticks_ms()
        while not self.done:
            self._step(s)
            used = clock.ticks_diff(clock.ticks_ms(), t0)
            # the level's time: stop before an iteration would run past it
            # (one takes 1.5 times the average so far: playouts vary)
            if self.ms and self.spent + used + 3 * (self.spent + used) // (2 * s.playouts + 2) > self.ms:
                self.done = True
            if used >= ms or self.done:
                self.spent += used
                break
        return self.done

    def _step(self, s):
        s.iterate()
        if s.playouts >= self.budget or s.solved():
            self.done = True

    def best(self):
        ranked = self.search.ranked()
        if not ranked:
            return self.search.root.moves()[0]
        top = ranked[0][0]
        if top >= 1 << 29 or self.level == 1 or self.among <= 1:
            return ranked[0][1]
        # weaker levels sample among the good moves, in proportion to visits:
        # they lose by preferring a plausible second-best, not by blunders
        pool = [(sc, m) for sc, m in ranked if sc >= 0 and 100 * sc >= self.PICK[self.level - 2] * top]
        pool = pool[:self.among] or ranked[:1]
        total = sum([sc for sc, m in pool]) or 1
        x = self.rng.below(min(total, 32768)) * total // min(total, 32768)
        for sc, m in pool:
            x -= sc
            if x < 0:
                return m
        return pool[0][1]
