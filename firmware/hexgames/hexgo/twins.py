# HexGo's moves, playout, score and wins in one in plain Python: the twins of
# kernels.py (same signatures, same results, the same buffers afterwards), for
# CPython and the WebAssembly VM.
#
# st is the game's one state buffer (rules.py), 149 bytes:
#   st[i]          cell: 0 empty, 1 X, 2 O, 3 captured Me of X, 4 of O
#   st[37 + i]     enb: the empty neighbours of i (captured Me count as empty)
#   st[74 + k]     opn: the open cells (empty, not a Me), k < nopen
#   st[111 + i]    opos: i's place in opn, 255 if none
#   st[148]        nopen
# A cell is open exactly when it is 0 with enb > 0, and a stone can be
# captured only once its enb is 0, so a move looks at its own neighbours
# only. During a move 5 + p marks a stone p captures: all captures are judged
# on the position with every stone still standing, then taken off together.
# Tables: nb, the kernels' (7 bytes a cell: how many neighbours, then they);
# adj, the board's tuple of each cell's neighbours as bytes, the twins'
# (iterating those is Python's fastest neighbour loop).
# A finished game's score comes back packed: winner << 8 | X's << 10 | O's << 16.
from micropython import const

_A1 = const(32760)      # hexgames/rng.py's generators, stepped inline
_A2 = const(32730)
_M15 = const(0x7FFF)
_NONE = const(255)
_N = const(37)
_ENB = const(37)
_OPN = const(74)
_OPOS = const(111)
_NOPEN = const(148)


def playout(st, side, plies, seed, nb, adj):
    """Plays up to `plies` moves from `side` to move, each on a uniformly
    random open cell: Rng.below over opn, the generators seeded as
    Rng.seed(seed) does (0 <= seed < 1000000007) and stepped inline. The game
    ends when no open cell is left. Returns nopen | the side to move << 6,
    and once nopen is 0 the score (as score packs it) besides."""
    x1 = 1 + seed % 1000003
    x2 = 1 + (seed // 1000003 + 7919 * (seed % 7)) % 999983
    for _ in range(4):
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
    nopen = st[_NOPEN]
    p = side
    while plies > 0 and nopen:
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
        c = st[_OPN + ((((x1 ^ x2) & _M15) * nopen) >> 15)]
        q = 3 - p
        st[c] = p
        nopen -= 1                      # c leaves the open list
        k = st[_OPOS + c]
        i = st[_OPN + nopen]
        st[_OPN + k] = i
        st[_OPOS + i] = k
        st[_OPOS + c] = _NONE
        ncap = False
        for j in adj[c]:
            e = st[_ENB + j] - 1
            st[_ENB + j] = e
            if e:
                continue
            v = st[j]
            if not v:                   # j became a Me: it leaves the open list
                nopen -= 1
                k = st[_OPOS + j]
                i = st[_OPN + nopen]
                st[_OPN + k] = i
                st[_OPOS + i] = k
                st[_OPOS + j] = _NONE
            elif v == q:                # an enclosed enemy stone: majority decides
                t = 0
                around = adj[j]
                for a in around:
                    if st[a] == p:
                        t += 2
                if t > len(around):
                    st[j] = 5 + p
                    ncap = True
        if ncap:
            _take(st, p, adj[c], adj)
        p = q
        plies -= 1
    st[_NOPEN] = nopen
    if nopen:
        return nopen | p << 6
    return p << 6 | score(st, nb, adj)


def _take(st, p, around, adj):
    """The stones marked among `around` become captured Me of p."""
    for j in around:
        if st[j] > 5:
            st[j] = p + 2
            for a in adj[j]:
                st[_ENB + a] += 1


def apply(st, c, p, nb, adj):
    """p's stone on c (an open cell, or a Me it may enter) with its
    captures; returns the open cells left (nopen after it)."""
    nopen = st[_NOPEN]
    q = 3 - p
    st[c] = p
    k = st[_OPOS + c]
    if k != _NONE:
        nopen -= 1
        i = st[_OPN + nopen]
        st[_OPN + k] = i
        st[_OPOS + i] = k
        st[_OPOS + c] = _NONE
    ncap = False
    for j in adj[c]:
        e = st[_ENB + j] - 1
        st[_ENB + j] = e
        if e:
            continue
        v = st[j]
        if not v:
            k = st[_OPOS + j]
            if k != _NONE:
                nopen -= 1
                i = st[_OPN + nopen]
                st[_OPN + k] = i
                st[_OPOS + i] = k
                st[_OPOS + j] = _NONE
        elif v == q:
            t = 0
            around = adj[j]
            for a in around:
                if st[a] == p:
                    t += 2
            if t > len(around):
                st[j] = 5 + p
                ncap = True
    if ncap:
        _take(st, p, adj[c], adj)
    st[_NOPEN] = nopen
    return nopen


def score(st, nb, adj):
    """A finished game's score (rules section 9): each Me to the colour with
    more stones around it (a captured Me to its captor), less the opponent's
    prisoners (the captured Me it owns). winner << 8 | X's << 10 | O's << 16."""
    mx = mo = px = po = 0
    for i in range(_N):
        v = st[i]
        if v == 3:
            mx += 1
            px += 1
        elif v == 4:
            mo += 1
            po += 1
        elif not v and not st[_ENB + i]:        # a Me: every neighbour a stone
            t = 0
            around = adj[i]
            for a in around:
                if st[a] == 1:
                    t += 2
            if t > len(around):
                mx += 1
            elif t < len(around):
                mo += 1
    sx = mx - po if mx > po else 0
    so = mo - px if mo > px else 0
    w = 1 if sx > so else 2 if so > sx else 0
    return w << 8 | sx << 10 | so << 16


def moves(st, buf, nb, adj):
    """The legal moves into buf, returns how many: the open cells (opn's
    order), then by cell the Me a stone may enter: not locked (an inner Me
    with 5 or 6 of one colour around it), and a stone there captures a
    neighbour of either colour (rules section 5, a and b: the Me is that
    neighbour's last empty cell, and with the stone its enemy holds most
    of the cells around it)."""
    k = st[_NOPEN]
    for i in range(k):
        buf[i] = st[_OPN + i]
    for i in range(_N):
        if st[i] or st[_ENB + i]:
            continue
        around = adj[i]
        if len(around) == 6:
            x = 0
            for a in around:
                if st[a] == 1:
                    x += 1
            if x < 2 or x > 4:
                continue                # locked
        for s in around:
            if st[_ENB + s] == 1:
                u = 3 - st[s]
                t = 2                   # u's stone on i
                for a in adj[s]:
                    if st[a] == u:
                        t += 2
                if t > len(adj[s]):
                    buf[k] = i
                    k += 1
                    break
    return k


def ends(st, moves, k, out, p, nb, adj, tst):
    """out[i] = the winner (0: a draw) for each of moves[0..k) that ends the
    game when p plays it, else 0; returns how many end it. A move ends it
    when it leaves no open cell: an open cell closes itself and those open
    neighbours that have no other empty neighbour (a Me entered closes
    none; a capture opens none), so none does while more than 7 are open.
    A closing move is played on tst, a copy of cell and enb, and scored."""
    for i in range(k):
        out[i] = 0
    nopen = st[_NOPEN]
    if nopen > 7:
        return 0
    count = 0
    q = 3 - p
    for i in range(k):
        m = moves[i]
        if st[_OPOS + m] == _NONE:
            continue
        gone = 1
        for j in adj[m]:
            if st[_ENB + j] == 1 and st[_OPOS + j] != _NONE:
                gone += 1
        if gone != nopen:
            continue
        count += 1
        for j in range(_OPN):
            tst[j] = st[j]
        tst[m] = p
        ncap = False
        for j in adj[m]:
            e = tst[_ENB + j] - 1
            tst[_ENB + j] = e
            if not e and tst[j] == q:
                t = 0
                around = adj[j]
                for a in around:
                    if tst[a] == p:
                        t += 2
                if t > len(around):
                    tst[j] = 5 + p
                    ncap = True
        if ncap:
            _take(tst, p, adj[m], adj)
        out[i] = score(tst, nb, adj) >> 8 & 3
    return count
