# The computer opponent: an anytime Monte Carlo tree search over the common
# game interface, one node level per step (a player may move several times
# in a row). The tree lives in preallocated integer arrays sized from a memory
# budget; selection is UCB1 in integer arithmetic with lookup tables, because
# every float is a heap object on the chip. Proven wins and losses are backed
# up (MCTS-solver), which also makes "win now" and "stop the win" exact once
# the moves involved have been tried.
from array import array
from math import log, sqrt
from micropython import const
from hexgames.rng import Rng

_UNEXPANDED = const(-1)
_WIN = const(1)          # proven[v]: the player who moved into v wins
_LOSS = const(2)         # ... loses
_SCALE = const(1024)     # win rates and UCB terms are fixed-point, 1024 = 1.0
_MAX_DEPTH = const(600)

# INVSQ[n] = 4096/sqrt(n); LN16[n] = 16*ln(n); SQ64[l] = 64*sqrt(l/16).
# Built once at import: floats here, never in the search.
INVSQ = array("H", [4096] + [int(4096 / sqrt(n)) for n in range(1, 1024)])
LN16 = array("H", [0] + [int(16 * log(n)) for n in range(1, 1024)])
SQ64 = bytes([min(255, int(64 * sqrt(v / 16))) for v in range(256)])

# Per level: (milliseconds on the chip, children sampled among).
LEVELS = ((0, 0), (100, 3), (250, 3), (500, 2), (750, 1), (1000, 1))
# Search iterations per second on the chip at each game's pocket size, as
# tools/bench_ai.py estimates them (unix port / 100). Without a clock (the
# simulator, tests) a level searches what the chip would in its time, so a
# seeded move is the same everywhere and as strong as on the board.
CHIP_RATE = {"hexgo": 175, "hexade": 64, "xiago": 50, "inphexion": 79, "hexmeister": 10,
             "hex": 112}


def _ucb_explore(parent_visits, child_visits):
    """sqrt(ln N / n) * 2**18, in integers."""
    n = parent_visits
    ln = 0
    while n >= 1024:
        n >>= 1
        ln += 11                      # 16 * ln 2
    ln = min(255, ln + LN16[n])
    n = child_visits
    shift = 0
    while n >= 1024:
        n >>= 2
        shift += 1
    return (SQ64[ln] * INVSQ[n]) >> shift


class Tree:
    """Node arrays. Children of a node are one contiguous block."""
    BYTES_PER_NODE = 18

    def __init__(self, memory=32 * 1024):
        n = self.size = memory // self.BYTES_PER_NODE
        self.move = array("i", bytes(4 * n))
        self.first = array("i", bytes(4 * n))
        self.visits = array("i", bytes(4 * n))
        self.wins = array("i", bytes(4 * n))   # half points for the mover into the node
        self.kids = array("H", bytes(2 * n))
        self.who = bytearray(n)
        self.proven = bytearray(n)
        self.used = 0

    def reset(self, mover):
        self.used = 1
        self.first[0] = _UNEXPANDED
        self.kids[0] = self.visits[0] = self.wins[0] = self.proven[0] = 0
        self.who[0] = mover


class Search:
    C = 350                  # exploration constant x 1024 (tuned: Hex vs OpenSpiel, HexGo vs MC)
    EXPAND_AT = 2            # a leaf is expanded on its second visit
    MAX_PLIES = 400          # playout cut-off: counts as a draw

    def __init__(self, seed=1, memory=32 * 1024):
        self.tree = Tree(memory)
        self.rng = Rng(seed)
        self.seed = seed
        self.path = array("i", bytes(4 * _MAX_DEPTH))
        self.root = None
        self.buf = None

    def start(self, game):
        # Games with long random games cut playouts short and judge the
        # position there (PLAYOUT_PLIES and evaluate() in the game module).
        self.max_plies = getattr(game, "PLAYOUT_PLIES", self.MAX_PLIES)
        self.judge = getattr(game, "evaluate", None) is not None
        self.root = game.copy()
        # The scratch game each iteration starts from: restored in place from
        # the root, so no iteration allocates. Its attribute names are taken
        # after one step too, in case a game sets some only when playing.
        self.scratch = game.copy()
        if game.to_move:
            self.scratch._apply(game.moves()[0])
        names = list(self.root.state_names())
        for k in self.scratch.state_names():
            if k not in names:
                names.append(k)
        self.names = tuple(names)
        if self.buf is None or len(self.buf) < game.max_moves:
            self.buf = array("i", bytes(4 * game.max_moves))
        self.tree.reset(3 - game.to_move)
        self.playouts = 0

    # -- one iteration -------------------------------------------------------------
    def iterate(self):
        t = self.tree
        g = self.scratch
        g.restore(self.root, self.names)
        path = self.path
        v = 0
        depth = 0
        path[0] = 0
        while True:
            if t.proven[v] or g.to_move == 0:
                break
            if t.first[v] == _UNEXPANDED:
                if t.visits[v] + 1 < self.EXPAND_AT or not self._expand(v, g):
                    break
            v = self._select(v)
            g._apply(t.move[v])         # a move of moves_into: legal, no checks needed
            depth += 1
            path[depth] = v
            if g.to_move == 0:
                w = g.result()[0]
                if w:
                    t.proven[v] = _WIN if w == t.who[v] else _LOSS
                break
        if g.to_move:
            self.seed += 1
            r = g.playout(self.seed, self.max_plies)
            winner = r[0] if r else g.evaluate() if self.judge else 0
        else:
            winner = g.result()[0]
        self._backup(depth, winner)
        self.playouts += 1

    def _expand(self, v, g):
        t = self.tree
        k = g.moves_into(self.buf)
        f = t.used
        if f + k > t.size:
            return False
        buf = self.buf
        mover = g.to_move
        for i in range(k):
            c = f + i
            t.move[c] = buf[i]
            t.first[c] = _UNEXPANDED
            t.visits[c] = t.wins[c] = t.kids[c] = t.proven[c] = 0
            t.who[c] = mover
        t.first[v] = f
        t.kids[v] = k
        t.used = f + k
        return True

    def _select(self, v):
        t = self.tree
        f = t.first[v]
        k = t.kids[v]
        visits, wins, proven = t.visits, t.wins, t.proven
        # an untried child first, from a random start so ties are not ordered
        s = self.rng.below(k)
        for i in range(k):
            c = f + (s + i) % k
            if visits[c] == 0 and proven[c] != _LOSS:
                return c
        n = visits[v]
        best = f
        best_score = -1
        for c in range(f, f + k):
            p = proven[c]
            if p == _WIN:
                return c
            if p == _LOSS:
                continue
            score = (wins[c] * _SCALE) // (2 * visits[c]) \
                + ((self.C * _ucb_explore(n, visits[c])) >> 18)
            if score > best_score:
                best, best_score = c, score
        return best

    def _backup(self, depth, winner):
        t = self.tree
        path = self.path
        for d in range(depth, -1, -1):
            v = path[d]
            t.visits[v] += 1
            if winner == 0:
                t.wins[v] += 1
            elif winner == t.who[v]:
                t.wins[v] += 2
            if not t.proven[v]:
                self._prove(v)

    def _prove(self, v):
        """Mark v proven when its children decide it (the solver backup)."""
        t = self.tree
        f = t.first[v]
        if f == _UNEXPANDED or t.kids[v] == 0:
            return
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
        which would pull every close call to one corner of the board."""
        t = self.tree
        f = t.first[0]
        out = []
        if f == _UNEXPANDED:
            return out
        for c in range(f, f + t.kids[0]):
            p = t.proven[c]
            score = 1 << 29 if p == _WIN else -1 if p == _LOSS else t.visits[c]
            out.append((score, t.wins[c], self.rng.below(32768), t.move[c]))
        out.sort()
        out.reverse()
        return [(sc, m) for sc, w, r, m in out]


class Player:
    """A computer player of a given level (1 beginner .. 5 strongest).

    p.start(game); while not p.think(20, clock): draw a frame; m = p.best()
    Without a clock, think() runs the whole playout budget at once, which is
    what makes a seeded move the same on every VM."""
    PICK = (0, 0, 50, 75, 100, 100)      # sample among children with visits >= PICK% of the best

    def __init__(self, level=3, seed=1, memory=32 * 1024):
        if level not in (1, 2, 3, 4, 5):
            raise ValueError("level must be 1..5, not %r" % (level,))
        self.level = level
        self.search = Search(seed, memory)
        self.rng = Rng(seed ^ 0x5A5A)

    def start(self, game):
        self.search.start(game)
        self.ms, self.among = LEVELS[self.level]
        k = len(game.moves())
        playouts = CHIP_RATE.get(game.NAME, 100) * self.ms // 1000
        # above level 1 every root move is tried (no missed win in one) unless
        # the moves are so many that it would take over 4x the time budget;
        # level 1 looks at what a tenth of a second finds, and may miss it
        self.budget = max(1, playouts) if self.level == 1 else \
            max(playouts, min(2 * k + 1, 4 * playouts))
        self.spent = 0
        self.done = k <= 1

    def think(self, ms=0, clock=None):
        s = self.search
        if clock is None:
            while not self.done:
                self._step(s)
            return True
        t0 = clock.ticks_ms()
        while not self.done:
            self._step(s)
            used = clock.ticks_diff(clock.ticks_ms(), t0)
            if used >= ms:
                self.spent += used
                if self.spent >= self.ms:
                    self.done = True
                break
        return self.done

    def _step(self, s):
        s.iterate()
        if s.playouts >= self.budget or s.tree.proven[0]:
            self.done = True

    def best(self):
        ranked = self.search.ranked()
        if not ranked:
            return self.search.root.moves()[0]
        top = ranked[0][0]
        if top >= 1 << 29 or self.level >= 4:
            return ranked[0][1]
        if self.level == 1:
            pool = [m for sc, m in ranked[:self.among] if sc >= 0] or [ranked[0][1]]
            return pool[self.rng.below(len(pool))]
        pool = [(sc, m) for sc, m in ranked if sc >= 0 and 100 * sc >= self.PICK[self.level] * top]
        pool = pool[:self.among] or ranked[:1]
        total = sum([sc for sc, m in pool]) or 1
        x = self.rng.below(min(total, 32768)) * total // min(total, 32768)
        for sc, m in pool:
            x -= sc
            if x < 0:
                return m
        return pool[0][1]
