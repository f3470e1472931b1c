# Hexmeister's independent model (rules/hexmeister.md sections 2, 4 and 5, straight
# from the text) and the check of the engine against it, with the few helpers both
# need. Shared by test_hexmeister.py and test_hexmeister_rare.py; a module of its
# own so that each test module fits the chip-sized heap of the MicroPython VMs.
from array import array
import hexgames
from hexgames import IllegalMove
from hexgames.game import encode

BOARD = hexgames.new("hexmeister").board
# One move buffer for the whole module: on the MicroPython VM the heap is
# small and soon fragmented, and a crowded position has about 1000 steps.
BUF = array("i", bytes(4 * hexgames.new("hexmeister").max_moves))


def field(g, key):
    """A field of g's position, decoded."""
    return hexgames.load_json(g.dump())[key]


def stones(g):
    """{"X": set of cells, "O": set of cells}."""
    cells = field(g, "cells")
    out = {"X": set(), "O": set()}
    for name in cells:
        out[cells[name]].add(name)
    return out


def count(g):
    """g's legal steps into BUF; returns how many."""
    return g.moves_into(BUF)


# -- the model -------------------------------------------------------------------------
# Slow and simple (a list of 91 cells, a fixed-point capture loop, a flood fill
# per stone); the engine must agree with it on every step of many positions.
# Cells are numbers (names cost the small heap of the MicroPython VM dearly).

def _ix(names):
    return [BOARD.index(x) for x in names.split()]


M_GATES = _ix("f6 f3 i3 c6 i6 c9 f9 f1 k1 a6 k6 a11 f11")
M_LANES = _ix("f4 g4 h4 e5 h5 d6 h6 d7 g7 d8 e8 f8 f2 g2 h2 i2 j2 e3 j3 d4 j4 c5 j5 b6 j6 "
              "b7 i7 b8 h8 b9 g9 b10 c10 d10 e10 f10")
M_BASE = {"X": _ix("b11 c11 d11 e11"), "O": _ix("g1 h1 i1 j1")}
M_BASE_GATES = {"X": _ix("a11 f11"), "O": _ix("f1 k1")}
M_TRIANGLES = [_ix(t) for t in ("f6 f3 f1 i3 k1", "f6 i3 k1 i6 k6", "f6 i6 k6 f9 f11",
                                "f6 f9 f11 c9 a11", "f6 c9 a11 c6 a6", "f6 c6 a6 f3 f1")]
M_LINES = [_ix(t) for t in ("a6 c6 f6 i6 k6", "f1 f3 f6 f9 f11", "k1 i3 f6 c9 a11")]
M_RINGS = [_ix(t) for t in ("f1 k1 k6 f11 a11 a6", "f3 i3 i6 f9 c9 c6")]
M_F6 = BOARD.index("f6")
M_NB = BOARD.adj
OTHER = {"X": "O", "O": "X"}


def m_count(cells, group, p):
    k = 0
    for c in group:
        if cells[c] == p:
            k += 1
    return k


def m_secured(cells, p, c):
    if m_count(cells, M_NB[c], p) >= 3:
        return True
    if c not in M_GATES:
        return False
    if c == M_F6 and m_count(cells, M_GATES, OTHER[p]) >= 8:
        return False
    for t in M_TRIANGLES:
        if c in t and m_count(cells, t, p) - (cells[c] == p) == 4:
            return True
    return False


def m_passable(cells, p, c):
    v = cells[c]
    if c in M_LANES:
        return v is None
    if c in M_GATES:
        return v is None or v == p
    return c in M_BASE[p] and v is None


def m_resolve(cells, p):
    """Captures until stable; returns (captured, illegal) (section 5.2 steps 1-2)."""
    q = OTHER[p]
    n = 0
    while True:
        caught = [c for c in range(91) if cells[c] == q and m_secured(cells, p, c)]
        if not caught:
            break
        for c in caught:
            cells[c] = None
        n += len(caught)
    for c in range(91):
        if cells[c] == p and m_secured(cells, q, c):
            return n, True
    return n, False


def m_win(cells, p):
    for group in M_LINES:
        if m_count(cells, group, p) == 5:
            return "alignment"
    for group in M_RINGS:
        if m_count(cells, group, p) == 6:
            return "encirclement"
    return None


def m_after(cells, p, o, d):
    """Cells after p's stone (o < 0: a dropped stone) arrives on d, with the
    captures; None if the step exposes one of p's stones (section 5.2)."""
    new = list(cells)
    if o >= 0:
        new[o] = None
    new[d] = p
    n, bad = m_resolve(new, p)
    return None if bad else (new, n)


def m_drops(cells, p, reserve):
    """p's legal drop cells."""
    out = []
    if reserve:
        for c in M_BASE[p]:
            if cells[c] is None and not m_secured(cells, OTHER[p], c) and m_after(cells, p, -1, c):
                out.append(c)
    return out


def m_dests(cells, p, o):
    """The cells p's stone on o may move to (sections 4 and 5.1)."""
    q = OTHER[p]
    reach = set()
    todo = [n for n in M_NB[o] if m_passable(cells, p, n)]
    while todo:
        c = todo.pop()
        if c not in reach and c != o:
            reach.add(c)
            todo += [n for n in M_NB[c] if m_passable(cells, p, n)]
    dests = set(M_NB[o])
    for c in reach:
        dests |= set(M_NB[c])
    out = []
    for d in dests:
        if d == o or cells[d] is not None or m_secured(cells, q, d):
            continue
        if d in M_GATES and d not in M_NB[o] and not m_exception(p, o, d):
            continue
        if m_after(cells, p, o, d):
            out.append(d)
    return out


def m_exception(p, o, d):
    return o in M_BASE[p] and d in M_BASE_GATES[p]


def m_cells(named):
    cells = [None] * 91
    for k in named:
        cells[BOARD.index(k)] = named[k]
    return cells


def m_stones(cells):
    out = {"X": set(), "O": set()}
    for c in range(91):
        if cells[c]:
            out[cells[c]].add(BOARD.name(c))
    return out


def check_against_model(g, rng, samples):
    """The engine's steps are the model's, stone by stone; `samples` of them
    resolve alike (captures, bonus, win); refusals agree."""
    d = hexgames.load_json(g.dump())
    cells = m_cells(d["cells"])
    p = d["to_move"]
    k = count(g)
    engine = {-1: []}                    # origin (-1: drops) -> destinations
    passes = 0
    for x in range(k):
        path = g.cells(BUF[x])
        if not path:
            passes += 1
        elif len(path) == 1:
            engine[-1].append(path[0])
        else:
            engine.setdefault(path[0], []).append(path[1])
    assert passes == (1 if d["bonus"] else 0)
    assert sorted(engine[-1]) == sorted(m_drops(cells, p, d["reserves"][p])), g.dump()
    for o in range(91):
        if cells[o] == p:
            want = sorted(m_dests(cells, p, o))
            assert sorted(engine.get(o, [])) == want, (g.dump(), BOARD.name(o))
        else:
            assert o not in engine
    for _ in range(min(samples, k)):
        m = BUF[rng.below(k)]
        path = g.cells(m)
        if not path:
            continue
        o = path[0] if len(path) == 2 else -1
        after, n = m_after(cells, p, o, path[-1])
        gate_entry = o >= 0 and path[1] in M_GATES and not m_exception(p, o, path[1])
        h = g.copy()
        h.play(m)
        assert stones(h) == m_stones(after), (g.dump(), g.text(m))
        win = m_win(after, p)
        if win:
            assert h.result() == ({"X": 1, "O": 2}[p], 0, 0, win), (g.dump(), g.text(m))
        elif h.result() is None:
            assert (h.to_move == g.to_move) == (n > 0 or gate_entry), (g.dump(), g.text(m))
    mine = [c for c in range(91) if cells[c] == p]
    for _ in range(samples):
        o = mine[rng.below(len(mine))] if mine and rng.below(4) else rng.below(91)
        dest = rng.below(91)
        t = BOARD.name(o) + "-" + BOARD.name(dest)
        ok = cells[o] == p and dest in m_dests(cells, p, o)
        assert refused(g, t) != ok, (g.dump(), t)


def refused(g, step):
    h = g.copy()
    try:
        h.play(step)
    except IllegalMove:
        assert h.dump() == g.dump()
        return True
    return False


def random_position(rng):
    """Stones thrown on the board, gates favoured; None if the position is refused.
    One in four holds the nullification set-up of Example 13 for a random
    triangle: one side on f6 and 7 more gates, the other on the triangle's rest."""
    cells = [None] * 91
    if rng.below(4) == 0:
        p = "XO"[rng.below(2)]
        t = M_TRIANGLES[rng.below(6)]
        rest = [x for x in M_GATES if x not in t]
        for x in M_GATES:
            cells[x] = OTHER[p] if x in t and x != M_F6 else p
        cells[rest[rng.below(len(rest))]] = None
    reserves = {"X": rng.below(4), "O": rng.below(4)}
    for sym in "XO":
        for _ in range(rng.below(15)):
            if rng.below(2) and not cells[M_F6]:
                c = M_GATES[rng.below(13)]
            else:
                c = rng.below(91)
            if m_count(cells, range(91), sym) + reserves[sym] < 18:
                cells[c] = sym
    named = {}
    for c in range(91):
        if cells[c]:
            named[BOARD.name(c)] = cells[c]
    d = {"game": "hexmeister", "options": {"base": 6}, "cells": named,
         "to_move": "XO"[rng.below(2)], "bonus": rng.below(4) == 0, "turn": rng.below(300),
         "reserves": reserves}
    exposed = [c for c in range(91) if cells[c] and m_secured(cells, OTHER[cells[c]], c)]
    won = [s for s in "XO" if m_win(cells, s)]
    try:
        g = hexgames.load(encode(d))
    except ValueError as e:
        assert exposed or len(won) == 2, (d, e)
        return None
    assert not exposed and len(won) < 2, d
    if won:
        assert g.result() == ({"X": 1, "O": 2}[won[0]], 0, 0, m_win(cells, won[0]))
    return g
