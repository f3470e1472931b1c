# Hexade positions (rules/hexade.md section 11, DESIGN.md section 4): setting
# a game up from a decoded position, with checks that name what is wrong.
# Kept out of rules.py, which holds the rules and the hot path (notation.py
# holds the other slow paths).
from micropython import const
from hexgames.game import SYMBOL
from hexgames.hexade.tables import WIN, FULL_BOARD, ADD, GAIN, EVENT
from hexgames.hexade.tables import NEMP, MINEMP, WORTH, WHITE0, X_FIRST, BIAS, SIXES, FIVES

_X = const(1)


def set_up(g, d):
    """Set g up from a decoded position (Game._from_pos), or raise ValueError
    naming the fault."""
    b, cell, pad = g.board, g.cell, g.pad
    g._start()
    g._result = None
    whites = 0
    for name, s in d.get("cells", {}).items():
        i = b.index(name)
        if s == "X" or s == "O":
            cell[pad[i]] = SYMBOL.index(s)
        else:
            raise ValueError("hexade position: %s holds %r, not X or O" % (name, s))
        if s == "X":
            whites += 1
    emp, epos = g.emp, g.epos
    n = h1 = h2 = 0
    for i in range(b.n):
        v = cell[pad[i]]
        if v:
            k = i + i + v - 1
            h1 ^= g.key1[k]
            h2 ^= g.key2[k]
        else:
            emp[n] = i
            epos[i] = n
            n += 1
    g.vals[NEMP] = g.vals[MINEMP] = n
    g.hist1[0] = h1
    g.hist2[0] = h2
    _white_from_pos(g, d, whites)
    recount(g)
    # Decided already? Section 11: a six of the side to move wins (rule 1),
    # else a full board is judged with M = the side not to move (rule 2).
    t = g.side = SYMBOL.index(d.get("to_move", "X"))
    g.to_move = 0
    if g.vals[SIXES + t]:
        g._result = WIN[t]
    elif not n:
        g._result = WIN[3 - t] if g.vals[SIXES + 3 - t] else FULL_BOARD
    else:
        g.to_move = t
        if g._restricted() and not _second_stone_has_a_cell(g):
            raise ValueError("hexade position: White's second stone has no legal cell "
                             "(every empty cell is within distance 2 of %s)"
                             % g._white_first_name())


def recount(g):
    """The six counts, sixes and fives of g from its cells alone."""
    cnt, cell, pad, ids, at = g.cnt, g.cell, g.pad, g.six_ids, g.six_at
    v = g.vals
    v[SIXES + 1] = v[SIXES + 2] = v[FIVES + 1] = v[FIVES + 2] = 0
    worth = 0
    for i in range(g.lay.cell0):        # the counts, before the board in cnt (= cell)
        cnt[i] = 0
    for i in range(g.board.n):
        v = cell[pad[i]]
        if v:
            for k in range(at[i], at[i + 1]):
                s = ids[k]
                cnt[s] += ADD[v]
                worth += GAIN[v][cnt[s]]
    g.vals[WORTH] = worth + BIAS
    for s in range(g.lay.cell0):
        if EVENT[cnt[s]]:
            _news(g, s, cnt[s])


def _news(g, s, v):
    """Six s holds v: count a complete six, or push a five on its owner's
    stack while there is room (as a move does: twins._news)."""
    e = EVENT[v]
    if e == 3:
        g.vals[SIXES + (1 if v == 6 else 2)] += 1
        return
    n = g.vals[FIVES + e]
    half = len(g.thr) >> 1
    if n < half:
        g.thr[(e - 1) * half + n] = s
        g.vals[FIVES + e] = n + 1


def _second_stone_has_a_cell(g):
    for j in range(g.nemp):
        if not g._near_first(g.emp[j]):
            return True
    return False


def _white_from_pos(g, d, whites):
    """white_stones_placed / white_first (section 11). A set-up without
    them is a puzzle: White has not started if he has no stone, else the
    second-stone restriction is over (at least 2, at least his stones)."""
    placed = d.get("white_stones_placed")
    if placed is None:
        placed = max(2, whites) if whites else 0
    elif type(placed) is not int or placed < 0:
        raise ValueError("hexade position: white_stones_placed must be a whole number "
                         ">= 0, not %r" % (placed,))
    elif placed < whites:
        raise ValueError("hexade position: white_stones_placed is %d, but X has %d stone%s "
                         "on the board" % (placed, whites, "s" if whites > 1 else ""))
    g.vals[WHITE0] = placed
    g.vals[X_FIRST] = 1 if d.get("to_move") == "X" else 0
    if placed != 1:
        return                          # white_first is ignored (section 11)
    name = d.get("white_first")
    if name is None:
        raise ValueError("hexade position: white_first is required while "
                         "white_stones_placed is 1")
    i = g.board.find(name) if isinstance(name, str) else -1
    if i < 0:
        raise ValueError("hexade position: white_first %r is not a cell of the board" % (name,))
    if g.cell[g.pad[i]] != _X:
        raise ValueError("hexade position: white_first %s does not hold White's first "
                         "stone (X), and a single stone cannot be captured" % name)
    # so it is White's one stone, where Hexade.white_first finds it
