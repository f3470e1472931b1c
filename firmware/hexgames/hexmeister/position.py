# Hexmeister's slow paths, kept out of the rules module: why a step is refused
# (each rule named), setting up a position from JSON (section 7.2, every
# fault named), notation, info() and the position fields. None of this runs
# during a playout.
from hexgames.game import SYMBOL, IllegalMove, xo
from hexgames.hexmeister.tables import (
    BOARD, CENTRE, NO, GATE_NO, BASE_OF, BASE_GATE_OF, BASE_NAMES, GROUPS, GROUP_SIZE, KT)
from hexgames.hexmeister.moves import N, DROP, PASS, NULLIFY, K, gen, has_step

STONES = 18
TURN_LIMIT = 300
FIELDS = ("game", "options", "cells", "to_move", "reserves", "bonus", "turn", "result")


def valid(m):
    """m is the number of a drop, a move or pass (legal or not)."""
    if not isinstance(m, int) or m < 0:
        return False
    if m == PASS:
        return True
    if m & DROP:
        return m - DROP < N
    return m >> 7 < N and m & 0x7F < N


def why_illegal(g, m):
    if not valid(m):
        return "%r is not a Hexmeister step" % (m,)
    if not g.to_move:
        return "the game is over"
    p = g.side
    q = 3 - p
    me = SYMBOL[p]
    you = SYMBOL[q]
    name = BOARD.name
    t = g.text(m)
    cell = g.cell
    if m == PASS:
        return None if g.bonus else "pass is only allowed as a bonus step"
    if m & DROP:
        c = m & 0x7F
        if not g.res[p]:
            return "%s: %s has no stone in reserve" % (t, me)
        if BASE_OF[c] != p:
            return "%s: %s is not one of %s's base cells (%s)" % (t, name(c), me, BASE_NAMES[p])
        if cell[c]:
            return "%s: %s is occupied" % (t, name(c))
        if g._secured(q, c):
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
    if g._secured(q, d):
        return "%s: %s is secured by %s" % (t, name(d), you)
    if GATE_NO[d] != NO and d not in BOARD.adj[o] and not (BASE_OF[o] == p and BASE_GATE_OF[d] == p):
        return "%s: %s is a gate not adjacent to %s (a gate is entered by a one-cell step)" \
            % (t, name(d), name(o))
    buf = g._buf()
    k = gen(g, buf, N, o)
    for x in range(k):
        if buf[x] == m:
            return None
    if cell[CENTRE] == p and g.ngate[p] == NULLIFY and g._four_of_a_triangle(q):
        buf[0] = m
        if not K.unexposed(buf, 0, 1, cell, g.cnt[p], g.grp[q], q, KT):
            return "%s would leave %s's stone on f6 on a cell secured by %s" % (t, me, you)
    return "%s: no open route leads from %s to %s" % (t, name(o), name(d))


def parse(g, s):
    if not isinstance(s, str):
        raise IllegalMove("%r is not Hexmeister notation" % (s,))
    if s == "pass":
        return PASS
    words = s.split()
    if words and words[0] == "drop":
        if len(words) != 2:
            raise IllegalMove("%r: a drop names one base cell, as in 'drop c11'" % (s,))
        return DROP | _cell(words[1], s)
    parts = s.split("-")
    if len(parts) != 2 or len(words) != 1:
        raise IllegalMove("%r is not a Hexmeister step (write 'drop c11', 'c11-f8' or 'pass')" % (s,))
    return _cell(parts[0], s) << 7 | _cell(parts[1], s)


def _cell(name, s):
    i = BOARD.find(name)
    if i < 0:
        raise IllegalMove("%r: %r is not a cell of the Hexmeister board" % (s, name))
    return i


def info(g):
    """{"gates": {"X": n, "O": n}, "secured": {"X": [cells], "O": [cells]}}:
    gates held, and the cells each player secures (empty or occupied)."""
    sec = [[], [], []]
    for i in range(N):
        for p in (1, 2):
            if g._secured(p, i):
                sec[p].append(BOARD.name(i))
    return {"gates": {"X": g.ngate[1], "O": g.ngate[2]},
            "secured": {"X": sec[1], "O": sec[2]}}


def win_of(g, p):
    """'alignment', 'encirclement' or None: what p's gates complete."""
    have = g.grp[p]
    for t in range(6, len(GROUPS)):              # lines first: alignment wins ties
        if have[t] == GROUP_SIZE[t]:
            return "encirclement" if t > 8 else "alignment"
    return None


def _fault(text):
    return ValueError("hexmeister position: " + text)


def from_pos(g, d):
    """Set g up from a decoded position. Fields left out default to a fresh
    turn: reserves 18 minus the stones on the board, bonus false, turn 0."""
    for key in d:
        if key not in FIELDS:
            raise _fault("unknown field %r (fields: %s)" % (key, ", ".join(FIELDS)))
    g._clear()
    for name, s in d.get("cells", {}).items():
        if s not in ("X", "O"):
            raise _fault("%s holds %r, not X or O" % (name, s))
        g._put(BOARD.index(name), SYMBOL.index(s))
    nst = g.nst
    res = d.get("reserves", {"X": STONES - nst[1], "O": STONES - nst[2]})
    if not isinstance(res, dict) or sorted(res) != ["O", "X"]:
        raise _fault("'reserves' must be {\"X\": n, \"O\": n}, not %r" % (res,))
    for p in (1, 2):
        r = res[SYMBOL[p]]
        if type(r) is not int or not 0 <= r <= STONES:
            raise _fault("reserve of %s must be 0..18, not %r" % (SYMBOL[p], r))
        if r + nst[p] > STONES:
            raise _fault("%s has %d stones on the board and %d in reserve, more than 18"
                         % (SYMBOL[p], nst[p], r))
        g.res[p] = r
    bonus = d.get("bonus", False)
    if bonus is not True and bonus is not False:
        raise _fault("'bonus' must be true or false, not %r" % (bonus,))
    turn = d.get("turn", 0)
    if type(turn) is not int or not 0 <= turn <= TURN_LIMIT:
        raise _fault("'turn' must be 0..300, not %r" % (turn,))
    g.bonus = bonus
    g.turn = turn
    g.side = g.to_move = SYMBOL.index(d.get("to_move", "X"))
    for i in range(N):
        v = g.cell[i]
        if v and g._secured(3 - v, i):
            raise _fault("%s's stone on %s stands on a cell %s secures"
                         % (SYMBOL[v], BOARD.name(i), SYMBOL[3 - v]))
    won_x = win_of(g, 1)
    won_o = win_of(g, 2)
    if won_x and won_o:
        raise _fault("both players have won (X by %s, O by %s)" % (won_x, won_o))
    g.nrep = 0
    g.rmat = -1
    if not bonus:
        g._count_position()      # a set-up start of turn counts once
    # decided already? (section 5.3's order, after a win of the last step)
    if won_x or won_o:
        g._finish(1 if won_x else 2, won_x or won_o)
    elif not bonus and not has_step(g):
        g._finish(3 - g.side, "no_legal_move")
    elif turn >= TURN_LIMIT and not _stated(d, "repetition"):
        g._finish(0, "turn_limit")     # a repetition on the last turn comes first (5.3)


def _stated(d, reason):
    r = d.get("result")
    return isinstance(r, dict) and r.get("reason") == reason


def text(g, m):
    if not valid(m):
        raise ValueError("%r is not a Hexmeister step" % (m,))
    if m == PASS:
        return "pass"
    if m & DROP:
        return "drop " + BOARD.name(m & 0x7F)
    return BOARD.name(m >> 7) + "-" + BOARD.name(m & 0x7F)


def cells(g, m):
    if m == PASS:
        return []
    if m & DROP:
        return [m & 0x7F]
    return [m >> 7, m & 0x7F]


def symbol(g, i):
    v = g.cell[i]
    return SYMBOL[v] if v else None


def to_pos(g):
    return [("reserves", xo(g.res[1], g.res[2])), ("bonus", g.bonus), ("turn", g.turn)]


def win_threat(g):
    """Can the side to move win with its next step? Only a step onto a gate
    completes a gate line or ring (section 5.2.3), so only the missing gate
    of a group short by one is tried, and only the moves that enter it: the
    greedy baseline asks this after each of its ~800 steps, where trying
    every reply would take ~800 more each. (A win because the opponent is
    left without a step is not looked for.)"""
    if not g.to_move:
        return False
    p = g.side
    have = g.grp[p]
    cell = g.cell
    buf = g._buf()
    for t in range(6, len(GROUPS)):
        if have[t] != GROUP_SIZE[t] - 1:
            continue
        for c in GROUPS[t]:
            if cell[c] == 0 and not g._secured(3 - p, c):
                for o in range(N):
                    if cell[o] != p or not (o in BOARD.adj[c] or BASE_OF[o] == p == BASE_GATE_OF[c]):
                        continue
                    k = gen(g, buf, N, o)
                    for x in range(k):
                        if buf[x] == o << 7 | c:
                            h = g.copy()
                            h._apply(buf[x])
                            if h._result is not None and h._result[0] == p:
                                return True
    return False
