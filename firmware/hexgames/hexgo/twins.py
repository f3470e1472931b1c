# HexGo's moves, playout, score and wins in one in plain Python: the twins of
# kernels.py (same signatures, same results, the same buffers afterwards), for
# CPython and the WebAssembly VM.
#
# State (rules.py): cell[i] 0 empty, 1 X, 2 O, 3 captured Me of X, 4 of O;
# enb[i] the empty neighbours of i (captured Me count as empty); opn[0..nopen)
# the open cells (empty, not a Me), opos[i] i's place there or 255. A cell is
# open exactly when it is 0 with enb > 0, and a stone can be captured only
# once its enb is 0, so a move looks at its own neighbours only. During a
# move 5 + p marks a stone p captures: all captures are judged on the
# position with every stone still standing, then taken off together.
# Tables: nb, 6 bytes a cell, its deg[i] neighbours first (the kernels');
# adj, the board's tuple of each cell's neighbours as bytes (iterating those
# is the fastest neighbour loop in Python: the twins'); n, the cells.
# A finished game's score comes back packed: winner << 8 | X's << 10 | O's << 16.
from micropython import const

_A1 = const(32760)      # hexgames/rng.py's generators, stepped inline
_A2 = const(32730)
_M15 = const(0x7FFF)
_NONE = const(255)


def playout(cell, enb, opn, opos, nopen, side, plies, x1, x2, nb, deg, adj, n):
    """Plays up to `plies` moves from `side` to move, each on a uniformly
    random open cell (Rng.below over opn from the generator state x1, x2);
    the game ends when no open cell is left. Returns nopen | the side to
    move << 6, and once nopen is 0 the score (as score packs it) besides."""
    p = side
    while plies > 0 and nopen:
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
        c = opn[(((x1 ^ x2) & _M15) * nopen) >> 15]
        q = 3 - p
        cell[c] = p
        nopen -= 1                      # c leaves the open list
        k = opos[c]
        i = opn[nopen]
        opn[k] = i
        opos[i] = k
        opos[c] = _NONE
        ncap = False
        for j in adj[c]:
            e = enb[j] - 1
            enb[j] = e
            if e:
                continue
            v = cell[j]
            if not v:                   # j became a Me: it leaves the open list
                nopen -= 1
                k = opos[j]
                i = opn[nopen]
                opn[k] = i
                opos[i] = k
                opos[j] = _NONE
            elif v == q:                # an enclosed enemy stone: majority decides
                t = 0
                for a in adj[j]:
                    if cell[a] == p:
                        t += 2
                if t > deg[j]:
                    cell[j] = 5 + p
                    ncap = True
        if ncap:
            _take(cell, enb, p, adj[c], adj)
        p = q
        plies -= 1
    if nopen:
        return nopen | p << 6
    return p << 6 | score(cell, enb, nb, deg, adj, n)


def _take(cell, enb, p, around, adj):
    """The stones marked among `around` become captured Me of p."""
    for j in around:
        if cell[j] > 5:
            cell[j] = p + 2
            for a in adj[j]:
                enb[a] += 1


def apply(cell, enb, opn, opos, nopen, c, p, nb, deg, adj):
    """p's stone on c (an open cell, or a Me it may enter) with its
    captures; returns the open cells left (nopen after it)."""
    q = 3 - p
    cell[c] = p
    k = opos[c]
    if k != _NONE:
        nopen -= 1
        i = opn[nopen]
        opn[k] = i
        opos[i] = k
        opos[c] = _NONE
    ncap = False
    for j in adj[c]:
        e = enb[j] - 1
        enb[j] = e
        if e:
            continue
        v = cell[j]
        if not v:
            k = opos[j]
            if k != _NONE:
                nopen -= 1
                i = opn[nopen]
                opn[k] = i
                opos[i] = k
                opos[j] = _NONE
        elif v == q:
            t = 0
            for a in adj[j]:
                if cell[a] == p:
                    t += 2
            if t > deg[j]:
                cell[j] = 5 + p
                ncap = True
    if ncap:
        _take(cell, enb, p, adj[c], adj)
    return nopen


def score(cell, enb, nb, deg, adj, n):
    """A finished game's score (rules section 9): each Me to the colour with
    more stones around it (a captured Me to its captor), less the opponent's
    prisoners (the captured Me it owns). winner << 8 | X's << 10 | O's << 16."""
    mx = mo = px = po = 0
    for i in range(n):
        v = cell[i]
        if v == 3:
            mx += 1
            px += 1
        elif v == 4:
            mo += 1
            po += 1
        elif not v and not enb[i]:      # a Me: every neighbour a stone
            t = 0
            for a in adj[i]:
                if cell[a] == 1:
                    t += 2
            if t > deg[i]:
                mx += 1
            elif t < deg[i]:
                mo += 1
    sx = mx - po if mx > po else 0
    so = mo - px if mo > px else 0
    w = 1 if sx > so else 2 if so > sx else 0
    return w << 8 | sx << 10 | so << 16


def moves(cell, enb, opn, nopen, buf, nb, deg, adj, n):
    """The legal moves into buf, returns how many: the open cells (opn's
    order), then by cell the Me a stone may enter: not locked (an inner Me
    with 5 or 6 of one colour around it), and a stone there captures a
    neighbour of either colour (rules section 5, a and b: the Me is that
    neighbour's last empty cell, and with the stone its enemy holds most
    of the cells around it)."""
    for k in range(nopen):
        buf[k] = opn[k]
    k = nopen
    for i in range(n):
        if cell[i] or enb[i]:
            continue
        around = adj[i]
        if len(around) == 6:
            x = 0
            for a in around:
                if cell[a] == 1:
                    x += 1
            if x < 2 or x > 4:
                continue                # locked
        for s in around:
            if enb[s] == 1:
                u = 3 - cell[s]
                t = 2                   # u's stone on i
                for a in adj[s]:
                    if cell[a] == u:
                        t += 2
                if t > deg[s]:
                    buf[k] = i
                    k += 1
                    break
    return k


def ends(cell, enb, opos, nopen, moves, k, out, p, nb, deg, adj, n, tcell, tenb):
    """out[i] = the winner (0: a draw) for each of moves[0..k) that ends the
    game when p plays it, else 0; returns how many end it. A move ends it
    when it leaves no open cell: an open cell closes itself and those open
    neighbours that have no other empty neighbour (a Me entered closes
    none; a capture opens none), so none does while more than 7 are open.
    A closing move is played on tcell/tenb, copies of cell/enb, and scored."""
    for i in range(k):
        out[i] = 0
    if nopen > 7:
        return 0
    count = 0
    q = 3 - p
    for i in range(k):
        m = moves[i]
        if opos[m] == _NONE:
            continue
        gone = 1
        for j in adj[m]:
            if enb[j] == 1 and opos[j] != _NONE:
                gone += 1
        if gone != nopen:
            continue
        count += 1
        for j in range(n):
            tcell[j] = cell[j]
            tenb[j] = enb[j]
        tcell[m] = p
        ncap = False
        for j in adj[m]:
            e = tenb[j] - 1
            tenb[j] = e
            if not e and tcell[j] == q:
                t = 0
                for a in adj[j]:
                    if tcell[a] == p:
                        t += 2
                if t > deg[j]:
                    tcell[j] = 5 + p
                    ncap = True
        if ncap:
            _take(tcell, tenb, p, adj[m], adj)
        out[i] = score(tcell, tenb, nb, deg, adj, n) >> 8 & 3
    return count
