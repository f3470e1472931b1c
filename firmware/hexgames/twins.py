# The search's loops over the tree's arrays (tree.py) in plain Python: the
# twins of kernels.py, with the same signatures and the same results, for
# CPython and the WebAssembly VM (hexgames/native.py picks the set).
# ai.Search calls them for the descent, expansion, the backups and the
# tree kept from the last search. Arrays:
# first, visits, wins, move: array('i'); kids, amaf_n, amaf_w: array('H');
# who, proven, born: bytearray; path: array('i') of node numbers.
from micropython import const

_WIN = const(1)          # proven[v]: the player who moved into v wins
_LOSS = const(2)         # ... loses
_SCALE = const(1024)     # win rates are fixed-point, 1024 = 1.0
_AMAF_CAP = const(32000)
_A1 = const(32760)       # hexgames/rng.py's generators
_A2 = const(32730)
_M15 = const(0x7FFF)
_KEPT = const(0x80)      # proven[v] while keep() runs: v is in the kept subtree
_HEAD = const(0x40)      # ... and heads its block: first[v] holds its parent


def _ln16(n, ln16):
    """16 ln(n) for the parent's visits, capped at 255 (tree.ucb_explore)."""
    ln = 0
    while n >= 1024:
        n >>= 1
        ln += 11                      # 16 ln 2
    ln += ln16[n]
    return 255 if ln > 255 else ln


def descend(depth, path, rs, c_explore, first, kids, visits, wins, proven, invsq, ln16, sq64):
    """From path[depth] down to a leaf or a proven node, a child chosen at
    each by select() from a random start (rng.below(kids), the generator's
    state in rs[0], rs[1]); the nodes passed go into path. Returns the
    last one's depth."""
    v = path[depth]
    x1 = rs[0]
    x2 = rs[1]
    while kids[v] and not proven[v]:
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)         # Rng.below(kids[v]), inline
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
        v = select(v, (((x1 ^ x2) & _M15) * kids[v]) >> 15, c_explore, first, kids, visits,
                   wins, proven, invsq, ln16, sq64)
        depth += 1
        path[depth] = v
    rs[0] = x1
    rs[1] = x2
    return depth


def select(v, s, c_explore, first, kids, visits, wins, proven, invsq, ln16, sq64):
    """UCB1: an untried child first (from s, a random start among the k
    children), else a proven win at once, else the best mean plus
    exploration; a proven loss never. Returns the child's node."""
    f = first[v]
    k = kids[v]
    for i in range(k):
        c = f + s + i
        if c >= f + k:
            c -= k
        if visits[c] == 0 and proven[c] != _LOSS:
            return c
    root = sq64[_ln16(visits[v], ln16)]
    best = f
    best_score = -1
    for c in range(f, f + k):
        p = proven[c]
        if p == _WIN:
            return c
        if p == _LOSS:
            continue
        n = visits[c]
        shift = 0
        while n >= 1024:
            n >>= 2
            shift += 1
        score = (wins[c] * _SCALE) // (2 * visits[c]) + ((c_explore * ((root * invsq[n]) >> shift)) >> 18)
        if score > best_score:
            best = c
            best_score = score
    return best


def select_rave(v, best, c_explore, first, kids, visits, wins, proven, amaf_n, amaf_w,
                beta, invsq, ln16, sq64):
    """UCB on a blend of the real and the all-moves-as-first rates (weight
    beta[visits]); `best` (a random child) is kept when every child is a
    proven loss. Returns the child's node."""
    f = first[v]
    root = sq64[_ln16(visits[v], ln16)]
    best_score = -1
    for c in range(f, f + kids[v]):
        p = proven[c]
        if p == _WIN:
            return c
        if p == _LOSS:
            continue
        nc = visits[c]
        q = (wins[c] * _SCALE) // (2 * nc) if nc else _SCALE // 2
        a = amaf_n[c]
        qa = (amaf_w[c] * _SCALE) // (2 * a) if a else _SCALE // 2
        b = beta[nc] if nc < 1024 else 0
        n = nc
        shift = 0
        while n >= 1024:
            n >>= 2
            shift += 1
        score = (((_SCALE - b) * q + b * qa) >> 10) + ((c_explore * ((root * invsq[n]) >> shift)) >> 18)
        if score > best_score:
            best = c
            best_score = score
    return best


def expand(v, f, k, s, buf, prior, pv, sure, mover, rave,
           move, first, kids, visits, wins, amaf_n, amaf_w, who, proven, born):
    """Children f..f+k-1 of v for the moves buf[0..k), listed from s; each
    starts with pv visits scoring its prior (2 pv from `sure` up), in the
    all-moves-as-first counts too when rave is 1."""
    for i in range(k):
        c = f + i
        j = i + s
        if j >= k:
            j -= k
        move[c] = buf[j]
        first[c] = -1
        kids[c] = 0
        proven[c] = 0
        n = pv if prior[j] < sure else 2 * pv
        w = (prior[j] * n) >> 3
        visits[c] = n
        wins[c] = w
        amaf_n[c] = n if rave else 0
        amaf_w[c] = w if rave else 0
        who[c] = mover
        born[c] = n
    first[v] = f
    kids[v] = k


def backup(path, depth, n, x, o, visits, wins, who, proven, first, kids):
    """n results up the path, x of them won by X and o by O, the rest drawn
    (two points a win for the mover into a node, one a draw); each node not
    yet proven is proven when its children decide it (the MCTS-solver)."""
    draws = n - x - o
    for d in range(depth, -1, -1):
        v = path[d]
        visits[v] += n
        w = who[v]
        wins[v] += draws + (2 * x if w == 1 else 2 * o if w == 2 else 0)
        k = kids[v]
        if proven[v] or not k:
            continue
        f = first[v]
        mine = who[f] == who[v]
        lost = True
        for c in range(f, f + k):
            p = proven[c]
            if p == _WIN:
                proven[v] = _WIN if mine else _LOSS
                lost = False
                break
            if p != _LOSS:
                lost = False
        if lost:
            proven[v] = _LOSS if mine else _WIN


def backup_amaf(path, depth, winner, owner, top, move, who, amaf_n, amaf_w, first, kids):
    """Each child of a node on the path whose move its player made later in
    this iteration (owner[move] == who) shares the result; counts stop at
    32000, so amaf_w (two a win) stays within 16 bits."""
    for d in range(depth + 1):
        v = path[d]
        f = first[v]
        for c in range(f, f + kids[v]):
            m = move[c]
            if 0 <= m < top and owner[m] == who[c] and amaf_n[c] < _AMAF_CAP:
                amaf_n[c] += 1
                if winner == 0:
                    amaf_w[c] += 1
                elif winner == who[c]:
                    amaf_w[c] += 2


def keep(r, used, move, first, visits, wins, kids, amaf_n, amaf_w, who, proven, born):
    """Node r becomes the root: its subtree slid to the front of the arrays
    in the order it had, the rest of the nodes below used freed. Returns
    the nodes kept. A block of children lies after its parent, so with the
    order kept no node moves up, and one pass from r finds every node kept:
    its new index is the count kept before it. A parent learns its block's
    new index when the pass reaches the block; until then the block's head
    holds the parent's index in its first, and the parent the head's first
    (no array besides the tree's own)."""
    proven[r] |= _KEPT
    n = 0
    for v in range(r, used):
        if not proven[v] & _KEPT:
            continue
        if proven[v] & _HEAD:
            p = first[v]
            first[v] = first[p]
            first[p] = n
        n += 1
        k = kids[v]
        if k:
            f = first[v]
            for c in range(f, f + k):
                proven[c] |= _KEPT
            proven[f] |= _HEAD
            first[v] = first[f]
            first[f] = v
    n = 0
    for v in range(r, used):
        if proven[v] & _KEPT:
            move[n] = move[v]
            first[n] = first[v]
            visits[n] = visits[v]
            wins[n] = wins[v]
            kids[n] = kids[v]
            amaf_n[n] = amaf_n[v]
            amaf_w[n] = amaf_w[v]
            who[n] = who[v]
            born[n] = born[v]
            proven[n] = proven[v] & 3
            n += 1
    return n
