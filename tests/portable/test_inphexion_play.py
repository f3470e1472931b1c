# inpHeXion played out: the link test against a full fill, an independent and
# literal model of rules/inphexion.md that the engine must agree with move by
# move, the playout policy, and random games with every option combination.
from array import array
import json
import hexgames
from hexgames import IllegalMove
from hexgames.rng import Rng
from hexgames.connect import Links
from hexgames.inphexion.notation import PUSH, RELOC, SWAP
from kit import ON_MICROPYTHON, position, raises, random_game, scaled
from inphexion_kit import EX6, LETTERS, each_option_set, field, setup, texts


# -- the link test (connect.py) ------------------------------------------------------------

def test_new_link_agrees_with_a_full_fill():
    # random boards of one colour with no link yet: adding a disc anywhere,
    # the shortcut must answer as a fill from that disc does
    rng = Rng(5)
    for size in (5, 7, 11):
        links = Links(size)
        n = size * size
        cell = bytearray(n)
        for trial in range(scaled(60, 30)):
            for i in range(n):
                cell[i] = (0, 1, 2)[rng.below(3)] if rng.below(10) < 6 else 0
            for colour in (1, 2):
                if links.connected(cell, colour):
                    continue
                for s in range(n):
                    if cell[s]:
                        continue
                    cell[s] = colour
                    assert links.new_link(cell, s) == (links.reach(cell, s) == 3), (size, s)
                    cell[s] = 0
    links = Links(7)
    cell = bytearray(49)
    for i in range(0, 49, 7):
        cell[i] = 2                                 # column a: O
    assert not links.connected(cell, 1) and not links.connected(cell, 2)
    for i in range(7):
        cell[i * 7 + 3] = 2                         # column d too
    assert links.chain(cell, 2) == []
    for i in range(7):
        cell[21 + i] = 2                            # row 4: a link for O
    assert links.connected(cell, 2) and links.reach(cell, 21) == 3
    chain = links.chain(cell, 2)
    assert chain == sorted(chain) and 21 in chain and 27 in chain
    before = bytes(cell)
    links.reach(cell, 21, 4)
    assert bytes(cell) == before                    # marks are taken back


# -- an independent model of the rules, straight from the text -------------------------------
# Slow and literal: discs in a dict by (q, r), links by search from the first edge,
# S as "walled in now and not before" over every disc. The engine must agree
# with it on every step: position, result and the set of legal tokens.

DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class Model:
    def __init__(self, size, pie, neutral):
        self.n = size
        self.pie = pie
        self.neutral = neutral
        self.disc = {}
        if neutral:
            self.disc[(size // 2, size // 2)] = "N"
        self.hands = {"X": (size * size + 1) // 2, "O": (size * size + 1) // 2}
        self.turn = 0
        self.mover = "X"
        self.pending = []
        self.starts = []
        self.result = None

    def name(self, c):
        return LETTERS[c[0]] + str(c[1] + 1)

    def at(self, name):
        return (LETTERS.index(name[0]), int(name[1:]) - 1)

    def around(self, c):
        return [(c[0] + dq, c[1] + dr) for dq, dr in DIRS
                if 0 <= c[0] + dq < self.n and 0 <= c[1] + dr < self.n]

    def linked(self, s):
        axis = 1 if s == "X" else 0
        todo = [c for c in self.disc if self.disc[c] == s and c[axis] == 0]
        seen = set(todo)
        while todo:
            c = todo.pop()
            if c[axis] == self.n - 1:
                return True
            for d in self.around(c):
                if d not in seen and self.disc.get(d) == s:
                    seen.add(d)
                    todo.append(d)
        return False

    def walled_in_by(self, p):
        return set([c for c in self.disc if self.disc[c] != p
                    and all([self.disc.get(d) == p for d in self.around(c)])])

    def empty(self):
        return [(q, r) for r in range(self.n) for q in range(self.n) if (q, r) not in self.disc]

    def legal(self):
        p = self.mover
        if self.result:
            return []
        if self.pending:
            return [self.name(x) + ":" + self.name(t) for x in self.pending
                    for t in self.empty() if t not in self.starts]
        if self.turn == 0 and not self.neutral:
            return [self.name(t) for t in self.empty()] if self.hands[p] else []
        out = []
        if self.hands[p]:
            for c in self.disc:
                if self.disc[c] != p:
                    out += [self.name(c) + ">" + self.name(e) for e in self.around(c)
                            if e not in self.disc]
        if self.pie and self.turn == 1 and p == "O":
            out.append("swap")
        return out

    def win(self, s, reason, completed=True):
        if completed:
            self.turn += 1
            self.mover = "O" if self.mover == "X" else "X"
        self.result = ("-XO".index(s), 0, 0, reason)

    def next_turn(self):
        self.turn += 1
        self.mover = "O" if self.mover == "X" else "X"
        if not self.legal():
            self.result = ("-OX".index(self.mover), 0, 0, "no_legal_move")

    def play(self, token):
        p = self.mover
        q = "O" if p == "X" else "X"
        if token == "swap":
            flip = {"X": "O", "O": "X", "N": "N"}
            self.disc = dict([((c[1], c[0]), flip[s]) for c, s in self.disc.items()])
            self.hands = {"X": self.hands["O"], "O": self.hands["X"]}
            self.next_turn()
        elif ":" in token:
            x, t = [self.at(w) for w in token.split(":")]
            self.disc[t] = self.disc.pop(x)
            self.pending.remove(x)
            if not self.pending:
                self.starts = []
                if self.linked(q):
                    self.win(q, "opponent_completed_connection")
                else:
                    self.next_turn()
        elif ">" in token:
            c, e = [self.at(w) for w in token.split(">")]
            before = self.walled_in_by(p)
            self.disc[e] = self.disc[c]
            self.disc[c] = p
            self.hands[p] -= 1
            if self.linked(p):
                self.win(p, "connection")
            elif self.linked(q):
                self.win(q, "opponent_completed_connection")
            else:
                s = self.walled_in_by(p) - before
                self.pending = sorted(s, key=lambda c: (c[1], c[0]))
                self.starts = list(self.pending)
                if len(s) > len(self.empty()):
                    self.win(q, "relocation_impossible", False)
                elif not s:
                    self.next_turn()
        else:
            self.disc[self.at(token)] = p
            self.hands[p] -= 1
            if self.linked(p):
                self.win(p, "connection")
            else:
                self.next_turn()

    def position(self):
        order = lambda c: (c[1], c[0])
        return {"cells": dict([(self.name(c), s) for c, s in self.disc.items()]),
                "to_move": self.mover, "hands": self.hands, "turn": self.turn,
                "pending_relocation": [self.name(c) for c in self.pending],
                "relocated_from": [self.name(c) for c in sorted(self.starts, key=order)
                                   if c not in self.pending]}


def test_the_engine_agrees_with_a_literal_model_of_the_rules():
    reasons = {}
    for options, k in each_option_set(12, 4):
        g = hexgames.new("inphexion", **options)
        model = Model(options["size"], options["pie"], options["neutral"])
        rng = Rng(k)
        while True:
            d = json.loads(g.dump())
            want = model.position()
            for key in want:
                assert d[key] == want[key], (options, k, g.record(), key, d[key], want[key])
            assert g.result() == model.result, (options, k, g.record())
            # the counts play() keeps through pushes and relocations (discs, and
            # discs on each edge: the shortcut past link tests) are the cells'
            c = g.copy()
            c._derive()
            assert list(c.cnt) == list(g.cnt) and list(c.ecnt) == list(g.ecnt), (options, k, g.record())
            ms = texts(g)
            assert ms == sorted(model.legal()), (options, k, g.record())
            if not ms:
                break
            t = ms[rng.below(len(ms))]
            g.play(t)
            model.play(t)
        reasons[g.result()[3]] = 1
    assert len(reasons) >= 2, reasons


# -- playouts ------------------------------------------------------------------------------

def broke_in(g):
    """Whether the last push put an enemy disc, still there and movable,
    among the mover's discs that it keeps apart (two groups or more of them
    around it, counting only the discs next to it)."""
    c = g.lastc
    p = g.to_move
    if c >= g.board.n or g.cell[c] != 3 - p or not g.enb[c]:
        return False
    mine = [x for x in g.board.neighbours(c) if g.cell[x] == p]
    groups = 0
    seen = []
    for x in mine:
        if x in seen:
            continue
        groups += 1
        todo = [x]
        while todo:
            y = todo.pop()
            if y not in seen:
                seen.append(y)
                todo += [z for z in mine if z in g.board.neighbours(y)]
    return groups > 1


def policy_playout(g, seed, plies):
    """playout()'s documented policy, played through play() with Rng.below."""
    rng = Rng(seed)
    n = g.board.n
    while g.to_move and plies > 0:
        plies -= 1
        if g.npend:
            t = rng.below(n)
            while g.cell[t] or g.forbid[t]:
                t = rng.below(n)
            g.play(RELOC | g.pend[0] << 8 | t)
        elif g.turn == 0 and not g.options["neutral"]:
            t = rng.below(n)
            while g.cell[t]:
                t = rng.below(n)
            g.play(t)
        elif (g.turn == 1 and g.to_move == 2 and g.options["pie"]
              and (not g.hands[2] or not rng.below(len(g.moves())))):
            g.play(SWAP)
        elif broke_in(g):
            # the disc pushed in last parts the mover's discs around it: out again
            c = g.lastc
            empty = [e for e in g.board.neighbours(c) if not g.cell[e]]
            g.play(PUSH | c << 8 | empty[rng.below(len(empty))])
        else:
            # a disc from the lists of pushable discs, retried until it can move
            q = 3 - g.to_move
            kq = g.cnt[q]
            while True:
                r = rng.below(60 * (kq + g.cnt[3]))
                i = r // 60
                c = g.slots[(q - 1) * n + i] if i < kq else g.slots[2 * n]
                if g.enb[c]:
                    break
            empty = [e for e in g.board.neighbours(c) if not g.cell[e]]
            g.play(PUSH | c << 8 | empty[(r - 60 * i) % len(empty)])
    return g.result()


def test_playouts_follow_their_documented_policy_move_by_move():
    for options, k in each_option_set(6, 3):
        for plies in (5, 23, 1000):
            g = hexgames.new("inphexion", **options)
            a = g.copy()
            b = g.copy()
            assert a.playout(k, plies) == policy_playout(b, k, plies)
            assert a.dump() == b.dump(), (options, k, plies, b.record())
            # the counts the playout kept (discs, and discs on each edge: its
            # shortcut past link tests) are those of the cells
            c = a.copy()
            c._derive()
            assert list(c.cnt) == list(a.cnt) and list(c.ecnt) == list(a.ecnt), (options, k, plies)


def test_playouts_cut_short_stop_where_the_policy_does():
    # a push that walls in more discs than the plies left hands them to the caller:
    # the plies made must still add up (cuts at every third ply, two sizes)
    for size in (5, 7):
        for seed in range(scaled(40, 4)):
            for plies in range(1, 60, 3):
                g = hexgames.new("inphexion", size=size)
                a = g.copy()
                b = g.copy()
                assert a.playout(seed, plies) == policy_playout(b, seed, plies)
                assert a.dump() == b.dump(), (size, seed, plies)


def test_a_playouts_push_that_walls_in_more_discs_than_there_are_empty_cells_loses():
    # size 5, O to move, two pushes: b2>a2 walls in c1 and a2 with one cell left
    # empty (e1), so O loses (relocation impossible); e2>e1 links O. A playout that
    # draws b2>a2 ends as play() does, rather than looking for a second cell
    g = position("inphexion", {"X": "a5 b2 b4 c1 c4 c5 d5 e2 e3 e4 e5",
                               "O": "a1 a3 a4 b1 b3 b5 c2 c3 d1 d2 d3 d4"}, "O",
                 options={"size": 5}, hands={"X": 2, "O": 1}, turn=30)
    assert sorted(texts(g)) == ["b2>a2", "e2>e1"]
    ends = {}
    for m in ("b2>a2", "e2>e1"):
        c = g.copy()
        c.play(m)
        ends[c.result()] = m
    assert sorted(r[3] for r in ends) == ["connection", "relocation_impossible"]
    drawn = {}
    for seed in range(8):
        c = g.copy()
        r = c.playout(seed, 10)
        drawn[ends[r]] = drawn.get(ends[r], 0) + 1
    assert drawn.get("b2>a2", 0) >= 2 and drawn.get("e2>e1", 0) >= 2, drawn


def test_playouts_end_and_their_results_reload():
    for options, k in each_option_set(30, 12):
        g = hexgames.new("inphexion", **options)
        r = g.playout(k, 1000)
        assert r is not None and r == g.result() and g.to_move == 0 and g.moves() == []
        assert hexgames.load(g.dump()).result() == r, (options, k, g.dump())
        raises(IllegalMove, g.undo)                 # the history no longer leads here
    g = hexgames.new("inphexion")
    assert g.playout(1, 3) is None and g.to_move in (1, 2) and field(g, "turn") == 3
    mid = setup(EX6, hands=(16, 16), turn=18)
    mid.play("d4>d5")
    r = mid.copy().playout(3, 1000)                 # from a pending relocation
    assert r is not None and mid.to_move == 1


def test_random_games_keep_every_invariant():
    for options, k in each_option_set(6, 3):
        g = random_game("inphexion", options, k, undo_every=5)
        assert hexgames.replay(g.record()).dump() == g.dump()
        assert hexgames.load(g.dump()).result() == g.result()


def test_moves_into_fills_a_buffer_like_moves():
    buf = array("i", bytes(4 * 3 * 121))
    for options, k in each_option_set(1, 1):
        g = hexgames.new("inphexion", **options)
        rng = Rng(k)
        while g.to_move:
            n = g.moves_into(buf)
            assert 0 < n <= g.max_moves and list(buf[:n]) == g.moves()
            g.play(buf[rng.below(n)])


def test_playouts_and_moves_into_allocate_nothing_per_move():
    if not ON_MICROPYTHON:
        return                      # CPython cannot count; the unix port can
    import gc
    for options in ({}, {"pie": True, "neutral": True}, {"size": 11}):
        g = hexgames.new("inphexion", **options)
        buf = array("i", bytes(4 * g.max_moves))
        g.copy().playout(1, 1000)                   # warm-up
        for seed in range(2, 30):
            a = g.copy()
            b = g.copy()
            gc.collect()
            gc.disable()
            m0 = gc.mem_alloc()
            a.playout(seed, 3)
            m1 = gc.mem_alloc()
            b.playout(seed, 1000)
            m2 = gc.mem_alloc()
            b.moves_into(buf)
            a.moves_into(buf)
            m3 = gc.mem_alloc()
            gc.enable()
            assert m2 - m1 == m1 - m0, (options, seed, m1 - m0, m2 - m1)
            assert m3 == m2, (options, seed)


BROKEN = """
   a b c d e f g
1  O . . . . . .
2   . . . . . . .
3    . . X X X . .
4     . . . . . . .
5      . . . . . . .
6       O . O . . . .
7        . O . . . . O
"""


def test_a_playout_pushes_out_a_disc_that_broke_into_its_discs():
    g = setup(BROKEN, "O")
    g.play("d3>d4")                     # X's discs around d3: c3 | e3 d4
    d3 = g.board.index("d3")
    for seed in range(12):
        h = g.copy()
        h.playout(seed, 1)
        assert h.cell[d3] == 1, seed
    g = setup(BROKEN, "O")
    g.play("e3>e2")                     # X's discs around e3: d3 e2, one arc
    firsts = set()
    for seed in range(12):
        h = g.copy()
        h.playout(seed, 1)
        firsts.add(h.dump())
    assert len(firsts) > 3


def test_priors_favour_joins_and_cuts_and_shun_joining_the_enemy():
    g = setup(BROKEN, "O")
    g.play("d3>d4")
    ms = array("i", g.moves())                        # as the search's move buffer
    out = bytearray(len(ms))
    g.priors_into(ms, len(ms), out)
    prior = dict((g.text(ms[i]), out[i]) for i in range(len(ms)))
    assert prior["d3>d2"] == prior["d3>c4"] == 11     # X on d3 joins c3 to e3 d4
    assert prior["a1>b1"] == 8
    assert prior["b7>b6"] == 5                        # O's disc on b6 joins a6 to c6
    assert prior["c6>d5"] == 8
    assert all(0 <= v <= 16 for v in out)


def one_chain(adj, cells):
    """cells (around one cell) touch each other in one chain, or there are none."""
    if not cells:
        return True
    seen = [cells[0]]
    for x in seen:
        for y in cells:
            if y in adj[x] and y not in seen:
                seen.append(y)
    return len(seen) == len(cells)


def test_the_priors_are_their_definition_on_random_positions():
    # priors_into against its docstring, counted plainly on the positions of
    # random games: 8, +3 for a push whose disc on c joins the mover's discs
    # around c, +3 when taking c away parts the opponent's, -3 when the pushed
    # disc on e joins the opponent's discs around e
    seen = [0, 0, 0]
    for size in (5, 7):
        for seed in range(scaled(12, 4)):
            g = hexgames.new("inphexion", size=size)
            rng = Rng(seed)
            adj = g.cf.adj
            while g.to_move:
                ms = array("i", g.moves())
                out = bytearray(len(ms))
                g.priors_into(ms, len(ms), out)
                p, cell = g.to_move, g.cell
                for i in range(len(ms)):
                    m = ms[i]
                    s = 8
                    if m & 0x30000 == PUSH:
                        c, e = (m >> 8) & 255, m & 255
                        if not one_chain(adj, [x for x in adj[c] if cell[x] == p]):
                            s += 3
                            seen[0] += 1
                        if cell[c] == 3 - p:
                            if not one_chain(adj, [x for x in adj[c] if cell[x] == 3 - p]):
                                s += 3
                                seen[1] += 1
                            if not one_chain(adj, [x for x in adj[e] if x != c and cell[x] == 3 - p]):
                                s -= 3
                                seen[2] += 1
                    assert out[i] == s, (g.dump(), g.text(m), out[i], s)
                g.play(ms[rng.below(len(ms))])
                del ms, out
    assert min(seen) > scaled(50, 10), seen
