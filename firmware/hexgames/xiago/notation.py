# XiaGo's slow paths, kept out of the rules module: why a move is refused
# (each rule named), whole turns typed as text, notation, and positions
# (rules/xiago.md section 13). The class in rules.py takes these functions
# as its methods, under the same names, which the chip then interns once
# (g is the game); none of them runs during a playout.
from micropython import const
from hexgames.game import Game, IllegalMove, SYMBOL

_N = const(3)           # cell value of a neutral piece (as in stones.py)
_STEP = const(1 << 20)  # move encoding, as in rules.py
_PASS = const(2 << 20)
_WHO = ("", "X", "O")


# -- legality with reasons ------------------------------------------------
def _why_illegal(g, m):
    if not isinstance(m, int) or not (0 <= m < g.n or m == _PASS or (
            m >> 20 == 1 and (m >> 10) & 1023 < g.n and m & 1023 < g.n)):
        return "%r is not a XiaGo move" % (m,)
    if not g.to_move:
        return "the game is over"
    p = g.side
    who = _WHO[p]
    name = g.board.name
    if m == _PASS:
        if g.must:
            return ("%s must place a stone to complete the turn begun by a neutral "
                    "move; pass is not possible now" % who)
        return None
    if m < _STEP:
        v = g.cell[m]
        if v:
            return "%s is occupied by %s" % (
                name(m), ("an X stone", "an O stone", "a neutral piece")[v - 1])
        why = g._check_place(m, p)
        if why == 1:
            return ("%s is suicide: the %s stone there would have no liberty and "
                    "capture nothing" % (name(m), who))
        if why == 2:
            return "%s would repeat an earlier position (superko)" % name(m)
        return None
    a = (m >> 10) & 1023
    b = m & 1023
    t = g.text(m)
    if g.must:
        return "%s: one neutral move per turn; %s must now place a stone" % (t, who)
    if g.cell[a] != _N:
        return "%s: %s holds no neutral piece" % (t, name(a))
    if a == b:
        return "%s: a neutral move goes one cell or more" % t
    why = g._path(a, b)
    if why:
        return "%s: %s" % (t, why)
    why = g._check_slide(a, b, p)
    if why == 1:
        return ("%s would take the last liberty of %s's group at %s without capturing"
                % (t, who, name(g.map.culprit)))
    if why == 2:
        return "%s: no legal placement could follow it (suicide or superko everywhere)" % (
            t,)
    return None


def _path(g, a, b):
    """None if a neutral piece on a can slide to b, else the reason."""
    cell, name = g.cell, g.board.name
    nbr, off = g.board.nbr, g.board.off
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


def play(g, m):
    """A move, its notation, or a whole turn "d4-e4 e5" (two steps, played
    together or not at all)."""
    if not isinstance(m, str) or " " not in m.strip():
        return Game.play(g, m)
    words = m.split()
    if len(words) != 2 or "-" not in words[0] or "-" in words[1]:
        raise IllegalMove("%r is not a XiaGo turn (write d4-e4 e5: neutral move, "
                          "space, placement)" % (m,))
    step = g.parse(words[0])
    place = g.parse(words[1])
    if place == _PASS:
        raise IllegalMove("%r: a neutral move must be followed by a placement, "
                          "not pass" % (m,))
    why = g._why_illegal(step)
    if why:
        raise IllegalMove(why)
    passes = g.passes
    g._apply(step)
    why = g._why_illegal(place)
    if why:                     # take the step back exactly
        g._unslide((step >> 10) & 1023, step & 1023, g.side, g.ncap)
        g.must = 0
        g.passes = passes
        raise IllegalMove("%s: %s" % (m, why))
    g._hist.append(step)
    g._apply(place)
    g._hist.append(place)


# -- notation and positions ------------------------------------------------
def text(g, m):
    name = g.board.name
    n = g.n
    if isinstance(m, int):
        if 0 <= m < n:
            return name(m)
        if m == _PASS:
            return "pass"
        if m >> 20 == 1 and (m >> 10) & 1023 < n and m & 1023 < n:
            return name((m >> 10) & 1023) + "-" + name(m & 1023)
    raise ValueError("%r is not a XiaGo move" % (m,))


def parse(g, s):
    if s == "pass":
        return _PASS
    find = g.board.find
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
                      "neutral move such as d4-e4, or pass)" % (s, g.options["base"]))


def cells(g, m):
    if m == _PASS:
        return []
    if m < _STEP:
        return [m]
    return [(m >> 10) & 1023, m & 1023]


def _symbol(g, i):
    v = g.cell[i]
    return " XON"[v] if v else None


def _to_pos(g):
    if g.must:
        return [("must_place", True)]
    if g.passes:
        return [("passes", g.passes)]
    return []


def _from_pos(g, d):
    b = g.board
    cell = g.cell
    for i in range(g.n):
        cell[i] = 0
    neutral = 0
    for name, s in d.get("cells", {}).items():
        if s not in ("X", "O", "N"):
            raise ValueError("xiago position: %s holds %r, not one of X O N" % (name, s))
        cell[b.index(name)] = " XON".index(s)
        neutral += s == "N"
    want = len(g.map.neutral)
    if neutral != want:
        raise ValueError("xiago position: %d neutral pieces, but base %d always has %d "
                         "(they move, never appear or vanish)"
                         % (neutral, g.options["base"], want))
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
    dead = g._derive()
    if dead >= 0:
        raise ValueError("xiago position: the %s group at %s has no liberty"
                         % (_WHO[cell[dead]], b.name(dead)))
    side = SYMBOL.index(d.get("to_move", "X"))
    g._set_turn(side, 1 if must else 0, passes)
    if must:
        for i in range(g.nemp):
            if not g._check_place(g.emp[i], side):
                return
        raise ValueError("xiago position: must_place is set, but %s has no legal "
                         "placement" % _WHO[side])
