"""`python -m host_sim match GAME A B --games N`: A against B on CPython.

Players: random | greedy | mc:PLAYOUTS (flat Monte Carlo) | L1..L5 (the
on-chip opponent's levels) | L6 (level 5's search for a second of this
computer's clock: not on the board, and not repeatable) | mcts:PLAYOUTS (its
search at a fixed budget).
Games come in pairs: the same seeded opening, once with A as X, once as O.
Prints wins/draws/losses of A, the score with a 95% interval, an Elo estimate,
and writes one record line per game when --records FILE is given.
The games run side by side (host_sim/pool.py): --workers N processes, one
per core by default, or --ray ADDRESS on a Ray cluster; each game's seeds
fix it, so the result is the same however they run.
"""
import math

import hexgames
from hexgames.ai import Player
from hexgames.rng import Rng
from host_sim import pool
from host_sim.board import WallClock
from host_sim.opponents import FlatMonteCarlo, RandomPlayer

OPENING_PLIES = 2


class Greedy:
    """Wins at once when it can, never allows a win in one when it can avoid it."""
    name = "greedy"

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def choose(self, game):
        me = game.to_move
        safe = []
        # a game whose replies are too many to try one by one (Hexmeister's
        # ~800 steps, each with ~800 replies) says itself whether the side
        # to move can win with one step (win_threat)
        threat = self._threat if getattr(game, "win_threat", None) is None else None
        for m in game.moves():
            g = game.copy()
            if threat:
                g.play(m)
            else:
                g._apply(m)           # a move of moves(): legal, no checks needed
            r = g.result()
            if r is not None and r[0] == me:
                return m
            if r is None and g.to_move != me and (threat(g) if threat else g.win_threat()):
                continue
            safe.append(m)
        pool = safe or game.moves()
        return pool[self.rng.below(len(pool))]

    def _threat(self, g):
        """Can the side to move in g win with one move?"""
        for m in g.moves():
            h = g.copy()
            h.play(m)
            r = h.result()
            if r is not None and r[0] == g.to_move:
                return True
        return False


class Searcher:
    """The on-chip opponent at a level, or its search at a fixed playout budget."""

    def __init__(self, level, seed, playouts=None):
        self.player = Player(level, seed)
        self.playouts = playouts

    def choose(self, game):
        p = self.player
        clock = WallClock() if p.level == p.PC_LEVEL else None
        p.start(game, clock)
        if self.playouts:
            p.budget = self.playouts
            plan = getattr(p.search, "plan", None)     # the search shaped by its real budget
            if plan is not None:
                plan(p.budget)
        while not p.think(p.PC_MS, clock):
            pass
        return p.best()


def make(spec, seed):
    kind, _, arg = spec.partition(":")
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return Greedy(seed)
    if kind == "mc":
        return FlatMonteCarlo(seed, int(arg or 600))
    if kind == "mcts":
        return Searcher(5, seed, int(arg or 1000))
    if len(spec) == 2 and spec[0] in "Ll" and spec[1] in "123456":
        return Searcher(int(spec[1]), seed)
    raise ValueError("unknown player %r (random, greedy, mc:N, mcts:N, L1..L6)" % spec)


def play_one(name, options, players, opening_seed, openings=OPENING_PLIES):
    """players = {1: X player, 2: O player}, after `openings` seeded random
    plies; returns the finished game."""
    g = hexgames.new(name, **options)
    rng = Rng(opening_seed)
    for _ in range(openings):
        if g.to_move:
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])
    while g.to_move:
        g.play(players[g.to_move].choose(g))
    return g


def summary(wins, draws, losses):
    n = wins + draws + losses
    score = (wins + 0.5 * draws) / n
    z = 1.96
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    clamp = min(max(score, 0.5 / n), 1 - 0.5 / n)
    elo = -400 * math.log10(1 / clamp - 1)
    return score, centre - half, centre + half, elo


def game(task):
    """One game of a match (a pool's task): (name, options, a, b, seed, p, a_side)
    -> (A's result: 1 won, 0 drawn, -1 lost; the game's record line). The seeds
    come from the task alone, so the game is the same in any process."""
    name, options, a, b, seed, p, a_side = task
    pa, pb = make(a, seed + 2 * p), make(b, seed + 2 * p + 1)
    players = {a_side: pa, 3 - a_side: pb}
    g = play_one(name, options, players, seed * 7919 + p)
    winner = g.result()[0]
    line = "%s | X=%s O=%s result=%s" % (
        g.record(), a if a_side == 1 else b, b if a_side == 1 else a, g.result())
    return (0 if winner == 0 else 1 if winner == a_side else -1), line


def tasks(name, options, a, b, pairs, seed=1):
    """A match's games: pairs of the same seeded opening, A as X then as O."""
    if type(pairs) is not int or pairs < 1:
        raise ValueError("--pairs must be a whole number of at least 1, not %r" % (pairs,))
    make(a, seed)
    make(b, seed)             # an unknown player is refused here, not in a worker
    return [(name, options, a, b, seed, p, a_side) for p in range(pairs) for a_side in (1, 2)]


def tally(results):
    """(wins, draws, losses) of A from game() results."""
    rs = [r[0] for r in results]
    return rs.count(1), rs.count(0), rs.count(-1)


def score_so_far(results):
    return "+%d =%d -%d" % tally(results)


def run(name, options, a, b, pairs, seed=1, records=None, say=print, workers=None, ray=None,
        progress=pool.STDERR):
    """A against B, pairs of games on workers processes (default one per core)
    or a Ray cluster (pool.py); the same games and result however many."""
    results = []
    for r in pool.imap(game, tasks(name, options, a, b, pairs, seed), workers, ray,
                       score_so_far, progress):
        results.append(r)
        if records is not None:
            records.write(r[1] + "\n")
    w, d, l = tally(results)
    score, lo, hi, elo = summary(w, d, l)
    say("%s %s vs %s: %d games, +%d =%d -%d, score %.3f (95%% %.3f-%.3f), Elo %+.0f"
        % (name, a, b, w + d + l, w, d, l, score, lo, hi, elo))
    return w, d, l
