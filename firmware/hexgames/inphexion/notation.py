# inpHeXion notation, positions and facts (rules/inphexion.md section 8): the
# parts that run once per move entered or position loaded, kept apart from
# the rules engine (rules.py), whose class takes these functions as its
# methods. Each function gets the game as `g`.
from micropython import const
from hexgames.game import Game, IllegalMove, SYMBOL, xo

# Moves: kind << 16 | from << 8 | to. A placement is just its cell.
PLACE = const(0)
PUSH = const(0x10000)
RELOC = const(0x20000)
SWAP = const(0x30000)

_SYMBOLS = ".XON"
_HINT = "moves look like d4, c3>c4, d5:a1 or swap"


def _wins(reason):
    # built once: ending a game inside a playout allocates nothing
    return (None, (1, 0, 0, reason), (2, 0, 0, reason))


CONNECTION = _wins("connection")
COMPLETED = _wins("opponent_completed_connection")
STUCK = _wins("relocation_impossible")
NO_MOVE = _wins("no_legal_move")


def _decode(g, m):
    """(kind, from, to) of a well-formed move on g's board, else None."""
    if type(m) is not int or not 0 <= m <= SWAP:
        return None
    n = g.board.n
    kind = m & SWAP
    a = (m >> 8) & 255
    b = m & 255
    if kind == PLACE:
        return (kind, m, m) if m < n else None
    if kind == SWAP:
        return (kind, 0, 0) if m == SWAP else None
    return (kind, a, b) if a < n and b < n else None


def _names(g, cells):
    return [g.board.name(i) for i in cells]


def why_illegal(g, m):
    k = _decode(g, m)
    if k is None:
        return "%r is not an inpHeXion move" % (m,)
    if not g.to_move:
        return "the game is over"
    kind, a, b = k
    name = g.board.name
    p = g.to_move
    me = SYMBOL[p]
    cell = g.cell
    if g.npend:
        pending = list(g.pend[:g.npend])       # (MicroPython has no int in bytearray)
        names = " ".join(_names(g, pending))
        if kind != RELOC:
            return "%s must first relocate %s (a relocation is pending)" % (me, names)
        if a not in pending:
            return "%s is not a disc to relocate (pending: %s)" % (name(a), names)
        if g.forbid[b]:
            return "%s is a starting cell of this relocation: no disc may go there" % name(b)
        if cell[b]:
            return "%s is occupied: a relocated disc goes to an empty cell" % name(b)
        return None
    if kind == RELOC:
        return "%s: no relocation is pending" % move_text(g, m)
    if kind == SWAP:
        if not g.cf.pie:
            return "swap needs the pie option"
        if g.turn != 1 or p != 2:
            return "swap is only legal on Black's first turn (turn counter 1, O to move)"
        return None
    if not g.hands[p]:
        return "%s has no disc left in hand" % me
    if g.turn == 0 and not g.cf.neutral:
        if kind != PLACE:
            return "the first turn is an opening placement on an empty cell (like d4)"
        if cell[a]:
            return "%s is occupied" % name(a)
        return None
    if kind == PLACE:
        return "%s: after the opening a turn is a push (like d4>e4), not a placement" % name(a)
    v = cell[a]
    if not v:
        return "%s is empty: there is no disc to push" % name(a)
    if v == p:
        return "%s holds %s's own disc: a player never pushes his own discs" % (name(a), me)
    if b not in list(g.cf.adj[a]):
        return "%s is not next to %s: a pushed disc moves one step" % (name(b), name(a))
    if cell[b]:
        return "%s is occupied: a disc can only be pushed into an empty cell" % name(b)
    return None


def move_text(g, m):
    k = _decode(g, m)
    if k is None:
        raise ValueError("%r is not an inpHeXion move" % (m,))
    kind, a, b = k
    if kind == SWAP:
        return "swap"
    name = g.board.name
    if kind == PLACE:
        return name(a)
    return name(a) + (">" if kind == PUSH else ":") + name(b)


def parse(g, s):
    if not isinstance(s, str):
        raise IllegalMove("%r is not inpHeXion notation (%s)" % (s, _HINT))
    if s == "swap":
        return SWAP
    find = g.board.find
    for sep, kind in ((">", PUSH), (":", RELOC)):
        if sep in s:
            a, _, b = s.partition(sep)
            i = find(a)
            j = find(b)
            if i < 0 or j < 0:
                raise IllegalMove("%r: %r is not a cell of the %dx%d board"
                                  % (s, a if i < 0 else b, g.cf.size, g.cf.size))
            return kind | i << 8 | j
    i = find(s)
    if i < 0:
        raise IllegalMove("%r is not an inpHeXion move (%s)" % (s, _HINT))
    return i


def cells(g, m):
    k = _decode(g, m)
    if k is None:
        raise ValueError("%r is not an inpHeXion move" % (m,))
    kind, a, b = k
    if kind == SWAP:
        return []
    return [a] if kind == PLACE else [a, b]


def record(g):
    """Game.record, with each turn's relocations in reading order of the
    source cell (section 8.1); they commute, so the record replays the same."""
    hist = g._hist
    out = list(hist)
    i = 0
    while i < len(out):
        j = i
        while j < len(out) and out[j] & SWAP == RELOC:
            j += 1
        out[i:j] = sorted(out[i:j])
        i = j + 1
    g._hist = out
    try:
        return Game.record(g)
    finally:
        g._hist = hist


def symbol(g, i):
    v = g.cell[i]
    return _SYMBOLS[v] if v else None


def _moved(g):
    """Starting cells already vacated this turn, in reading order."""
    pending = list(g.pend[:g.npend])
    out = [x for x in g.start[:g.nstart] if x not in pending]
    out.sort()
    return out


def to_pos(g):
    return [("hands", xo(g.hands[1], g.hands[2])), ("turn", g.turn),
            ("pending_relocation", _names(g, g.pend[:g.npend])),
            ("relocated_from", _names(g, _moved(g)))]


def _fault(text):
    return ValueError("inphexion position: " + text)


def _number(v, what, top):
    if type(v) is not int or not 0 <= v <= top:
        raise _fault("%s must be a whole number from 0 to %d, not %r" % (what, top, v))
    return v


def _cell_list(g, d, key):
    v = d.get(key, [])
    if not isinstance(v, list):
        raise _fault("%s must be a list of cell names, not %r" % (key, v))
    out = []
    for name in v:
        i = g.board.find(name)
        if i < 0:
            raise _fault("%s: %r is not a cell of this board" % (key, name))
        if i in out:
            raise _fault("%s lists %s twice" % (key, name))
        out.append(i)
    out.sort()
    return out


def from_pos(g, d):
    """Set g up from a decoded position (section 8.2). hands and turn may be
    left out: full hands less the discs on the board, and turn = the X and O
    discs on it. Refuses what no game can reach (a second N, a pending disc
    that is not walled in by the mover, ...); a decided position gets its
    result at once."""
    b = g.board
    cell = g.cell
    for i in range(b.n):
        cell[i] = 0
    neutrals = 0
    for name, s in d.get("cells", {}).items():
        if s not in ("X", "O", "N"):
            raise _fault("%s holds %r, not X, O or N" % (name, s))
        if s == "N":
            if not g.cf.neutral:
                raise _fault("N on %s needs the neutral option" % name)
            neutrals += 1
        cell[b.index(name)] = _SYMBOLS.index(s)
    if neutrals > 1:
        raise _fault("%d Neutral Discs, the game has one" % neutrals)
    g._derive()
    p = SYMBOL.index(d.get("to_move", "X"))
    q = 3 - p
    hands = d.get("hands")
    if hands is None:               # default: full hands less the discs on the board
        hands = {"X": max(0, g.cf.hand - g.cnt[1]), "O": max(0, g.cf.hand - g.cnt[2])}
    if not isinstance(hands, dict) or sorted(hands) != ["O", "X"]:
        raise _fault('hands must be {"X": count, "O": count}, not %r' % (hands,))
    for s in "XO":
        _number(hands[s], "hands " + s, g.cf.hand)
    turn = _number(d.get("turn", g.cnt[1] + g.cnt[2]), "turn", 9999)
    pending = _cell_list(g, d, "pending_relocation")
    moved = _cell_list(g, d, "relocated_from")
    for x in pending:
        where = "pending_relocation: " + b.name(x)
        if not cell[x]:
            raise _fault(where + " is empty")
        if cell[x] == p:
            raise _fault(where + " holds a disc of %s, who is relocating" % SYMBOL[p])
        for y in g.cf.adj[x]:
            if cell[y] != p:
                raise _fault(where + " is not walled in by %s discs (%s is not %s)"
                             % (SYMBOL[p], b.name(y), SYMBOL[p]))
    if moved and not pending:
        raise _fault("relocated_from needs a pending_relocation")
    for x in moved:
        if cell[x]:
            raise _fault("relocated_from: %s is not empty" % b.name(x))
    if len(pending) + len(moved) > 3:
        raise _fault("one push walls in at most 3 discs, not %d" % (len(pending) + len(moved)))
    # relocations begin only with a free cell for each disc (else the push lost at
    # once), and each one uses up a cell as it frees one that stays barred
    free = g._empties() - len(moved)
    if moved and len(pending) > free:
        raise _fault("pending_relocation: %d left to relocate, %d cells free for them: a turn's "
                     "relocations begin only with room for them all" % (len(pending), free))
    for s in "XO":
        # discs never leave the board: those on it and those in hand are at most
        # the hand a player starts with
        on = g.cnt[SYMBOL.index(s)]
        if on + hands[s] > g.cf.hand:
            raise _fault("%s has %d discs on the board and %d in hand, more than the %d "
                         "of a full hand" % (s, on, hands[s], g.cf.hand))
    # every completed turn puts one disc on the board (the swap none); a pending
    # relocation belongs to a turn whose disc is down but which is not complete
    placed = g.cnt[1] + g.cnt[2]
    if placed > turn + (1 if pending else 0):
        raise _fault("%d X and O discs on the board after %d completed turns: each turn "
                     "places one" % (placed, turn))
    g._reset(p, turn)
    g.hands[1] = hands["X"]
    g.hands[2] = hands["O"]
    for i in range(len(pending)):
        g.pend[i] = pending[i]
    starts = pending + moved
    for i in range(len(starts)):
        g.start[i] = starts[i]
        g.forbid[starts[i]] = 1
    g.npend = len(pending)
    g.nstart = len(starts)
    # Decided already? Checks in the order of section 4.3; with a relocation
    # pending the mover is p, else q moved last.
    linked = g.cf.links.connected
    result = None
    if pending:
        if linked(cell, p):
            result = CONNECTION[p]
        elif linked(cell, q):
            if moved:
                g.qlink = True      # a relocation linked q: he wins once they are done
            else:
                result = COMPLETED[q]
        elif len(pending) > free:
            result = STUCK[q]
    elif linked(cell, q):
        result = CONNECTION[q]
    elif linked(cell, p):
        result = COMPLETED[p]
    elif not g._can_move(p):
        result = NO_MOVE[q]
    if result:
        g.to_move = 0
        g._result = result


def info(g):
    """hands, turn, the pending relocation, and `link`: the cells of the
    group that links its owner's edges (reading order; [] while none does)."""
    link = g.cf.links.chain(g.cell, 1) or g.cf.links.chain(g.cell, 2)
    return {"hands": {"X": g.hands[1], "O": g.hands[2]}, "turn": g.turn,
            "pending_relocation": _names(g, g.pend[:g.npend]),
            "relocated_from": _names(g, _moved(g)), "link": _names(g, link)}
