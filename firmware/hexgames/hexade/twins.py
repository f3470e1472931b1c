# Hexade's moves, playout, priors and move list in plain Python: the twins of
# kernels.py (same signatures, same results: the return values and every
# buffer afterwards), for CPython and the WebAssembly VM. Written for speed in
# Python: the six capture tests unrolled, the rare events (a capture, a five,
# a six) in helpers, signed tables where the kernels need biased ones.
#
# A playout plays from `side` to move: the forced move `first` (>= 0) if any,
# then by the policy of Hexade.playout (complete an own five, else fill the
# opponent's, else a uniformly random empty cell drawn from the generator
# state rng[0], rng[1] as Rng.below does; for White's second stone cells near
# his first are drawn again), at most `plies` moves, each exactly as rules.md
# plays it. It stops early at the end of the game, or before a move when the
# history (hist1, hist2: tables.HCAP plies) is full (ending tables.ROOM). A
# playout with `judge` that stops by its ply limit ends with the judgement of
# knowledge.evaluate in vals[VERDICT] (else 0 there). Returns ending << 2 |
# the side to move next; vals (tables.NEMP ...) and rng hold the numbers
# after. g is the game, whose buffers these are (the kernels' rare paths
# read them from it; g.draws is rng).
from micropython import const
from hexgames.hexade.tables import GAIN, EVENT, FIVE, KIND_STEPS, NEAR

# as tables.py
_NEMP = const(0)
_PLY = const(1)
_NCAP = const(2)
_WORTH = const(3)
_WHITE0 = const(4)
_X_FIRST = const(5)
_HCAP = const(6)
_VERDICT = const(7)
_MINEMP = const(8)
_SIXES = const(8)
_FIVES = const(10)
_CELLS = const(13)
_NVALS = const(14)
_BIAS = const(1 << 20)
_FULL_END = const(3)
_REPEATED_END = const(4)
_ROOM = const(5)
_TCAP = const(48)
_NOISE = const(40)
_A1 = const(32760)
_A2 = const(32730)
_M15 = const(0x7FFF)
# padded steps (tables.WIDTH = 23), in the order of board.DIRS
_E = const(1)
_NE = const(-22)
_NW = const(-23)
_W = const(-1)
_SW = const(22)
_SE = const(23)


def playout(g, cell, e16, vals, pad, six_at, six_ids, key1, key2, kstep, gains, rng, side,
            first, plies, judge):
    # the game's three buffers (tables.Layout): cell holds the six counts and
    # then the padded board; e16 the empty cells, at n their places, then the
    # stacks of fives and from h2 on the 16-bit hashes of the plies; vals the
    # numbers and from NVALS on the 30-bit hashes
    n = vals[_CELLS]
    thr0 = n + n
    h2 = thr0 + 2 * _TCAP
    nemp = vals[_NEMP]
    t = vals[_PLY]
    ncap = vals[_NCAP]
    worth = vals[_WORTH] - _BIAS
    room = vals[_HCAP] - 1
    minemp = vals[_MINEMP]
    # the ply of White's second stone: X moves at ply t when t + X_FIRST is odd
    second_at = 3 - 2 * vals[_WHITE0] - vals[_X_FIRST] if vals[_WHITE0] <= 1 else -1
    index = g.lay.index
    x1 = rng[0]
    x2 = rng[1]
    event = EVENT
    ending = 0
    p = side
    while plies > 0 and not ending and t < room:
        q = 3 - p
        mv = first
        first = -1
        if mv < 0:
            if vals[_FIVES + p]:
                mv = _five(p, vals, e16, thr0, cell, pad, index)
            if mv < 0 and vals[_FIVES + q]:
                mv = _five(q, vals, e16, thr0, cell, pad, index)
            if mv < 0:
                x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                mv = e16[(((x1 ^ x2) & _M15) * nemp) >> 15]
                if t == second_at:
                    # White's second stone: his first is his one stone
                    wf = g.lay.cell0
                    while cell[wf] != 1:
                        wf += 1
                    while -48 <= pad[mv] - wf <= 48 and NEAR[pad[mv] - wf + 48]:
                        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                        mv = e16[(((x1 ^ x2) & _M15) * nemp) >> 15]
        c = pad[mv]
        cell[c] = p
        nemp -= 1
        k = e16[n + mv]
        i = e16[nemp]
        e16[k] = i
        e16[n + i] = k
        t += 1
        k = mv + mv + p - 1
        vals[_NVALS + t] = vals[_NVALS + t - 1] ^ key1[k]
        e16[h2 + t] = e16[h2 + t - 1] ^ key2[k]
        # captures: the pairs leave the board in direction order
        if cell[c + _E] == q and cell[c + 2 * _E] == q and cell[c + 3 * _E] == p:
            worth += _lift(c + _E, _E, q, t, nemp, g)
            nemp += 2
            ncap += 2
        if cell[c + _NE] == q and cell[c + 2 * _NE] == q and cell[c + 3 * _NE] == p:
            worth += _lift(c + _NE, _NE, q, t, nemp, g)
            nemp += 2
            ncap += 2
        if cell[c + _NW] == q and cell[c + 2 * _NW] == q and cell[c + 3 * _NW] == p:
            worth += _lift(c + _NW, _NW, q, t, nemp, g)
            nemp += 2
            ncap += 2
        if cell[c + _W] == q and cell[c + 2 * _W] == q and cell[c + 3 * _W] == p:
            worth += _lift(c + _W, _W, q, t, nemp, g)
            nemp += 2
            ncap += 2
        if cell[c + _SW] == q and cell[c + 2 * _SW] == q and cell[c + 3 * _SW] == p:
            worth += _lift(c + _SW, _SW, q, t, nemp, g)
            nemp += 2
            ncap += 2
        if cell[c + _SE] == q and cell[c + 2 * _SE] == q and cell[c + 3 * _SE] == p:
            worth += _lift(c + _SE, _SE, q, t, nemp, g)
            nemp += 2
            ncap += 2
        # the sixes through c (their counts are cell's first bytes): a five
        # or a six is news
        add = 1 if p == 1 else 8
        gain = GAIN[p]
        for k in range(six_at[mv], six_at[mv + 1]):
            s = six_ids[k]
            v = cell[s] + add
            cell[s] = v
            worth += gain[v]
            if event[v]:
                _news(s, v, cell, e16, thr0, vals)
        plies -= 1
        # section 7, in its order: the older six wins, then the full board,
        # then the third repetition (only with no more stones than before)
        before = minemp
        if nemp < minemp:
            minemp = nemp
        if vals[_SIXES + q]:
            ending = q
        elif not nemp:
            ending = p if vals[_SIXES + p] else _FULL_END
        elif nemp >= before:
            s = t - 2
            low = t - ncap
            if low < 0:
                low = 0
            a = vals[_NVALS + t]
            b = e16[h2 + t]
            seen = 1
            while s >= low:
                if vals[_NVALS + s] == a and e16[h2 + s] == b:
                    seen += 1
                    if seen == 3:
                        ending = _REPEATED_END
                        break
                s -= 2
        p = q
    if plies > 0 and not ending:
        ending = _ROOM
    verdict = 0
    if judge and not ending:
        # knowledge.evaluate: p completes a six, else the worth with noise
        if _five(p, vals, e16, thr0, cell, pad, index) >= 0:
            verdict = p
        else:
            x1 = _A1 * (x1 & _M15) + (x1 >> 15)
            x2 = _A2 * (x2 & _M15) + (x2 >> 15)
            score = worth - _NOISE + ((((x1 ^ x2) & _M15) * (2 * _NOISE + 1)) >> 15)
            score += 10 if p == 1 else -10
            verdict = 1 if score > 0 else 2
    vals[_NEMP] = nemp
    vals[_PLY] = t
    vals[_NCAP] = ncap
    vals[_WORTH] = worth + _BIAS
    vals[_VERDICT] = verdict
    vals[_MINEMP] = minemp
    rng[0] = x1
    rng[1] = x2
    return (ending << 2) | p


def _lift(a, d, q, t, nemp, g):
    """Takes q's pair a, a + d off the board (cells, the empty list after
    its nemp cells, the history at ply t, the counts of their sixes);
    returns the change of the worth."""
    lay = g.lay
    cell, e16, vals = g.bufs
    index, key1, key2, six_at, six_ids = lay.index, lay.key1, lay.key2, lay.six_at, lay.six_ids
    n = vals[_CELLS]
    h2 = n + n + 2 * _TCAP
    add = 1 if q == 1 else 8
    gain = GAIN[q]
    worth = 0
    x = a
    for _ in range(2):
        cell[x] = 0
        i = index[x]
        e16[nemp] = i
        e16[n + i] = nemp
        nemp += 1
        k = i + i + q - 1
        vals[_NVALS + t] ^= key1[k]
        e16[h2 + t] ^= key2[k]
        for k in range(six_at[i], six_at[i + 1]):
            s = six_ids[k]
            old = cell[s]
            v = old - add
            cell[s] = v
            worth -= gain[old]
            if old == 6 or old == 48:       # q's six is broken
                vals[_SIXES + q] -= 1
            elif EVENT[v]:                  # a five of the capturer
                _news(s, v, cell, e16, n + n, vals)
        x += d
    return worth


def _news(s, v, cnt, e16, thr0, vals):
    """Six s now holds v: count a complete six, or push a five on its
    owner's stack, from e16[thr0] on (a full stack keeps only the fives
    still open first)."""
    e = EVENT[v]
    if e == 3:
        vals[_SIXES + (1 if v == 6 else 2)] += 1
        return
    n = vals[_FIVES + e]
    base = thr0 + (e - 1) * _TCAP
    if n == _TCAP:
        n = 0
        for j in range(base, base + _TCAP):
            if cnt[e16[j]] == v:
                e16[base + n] = e16[j]
                n += 1
        if n == _TCAP:
            return
    e16[base + n] = s
    vals[_FIVES + e] = n + 1


def _five(p, vals, e16, thr0, cell, pad, index):
    """The board index of a cell that completes a six of p, or -1: the top
    of p's stack of fives (from e16[thr0] on) once those since blocked or
    broken are dropped (the six counts are cell's first bytes)."""
    n = vals[_FIVES + p]
    f = FIVE[p]
    base = thr0 + (p - 1) * _TCAP - 1
    while n:
        s = e16[base + n]
        if cell[s] == f:
            vals[_FIVES + p] = n
            a = pad[s // 6]
            j = (s % 6) * 6
            for t in range(j, j + 6):
                if not cell[a + KIND_STEPS[t]]:
                    return index[a + KIND_STEPS[t]]
        n -= 1
    vals[_FIVES + p] = 0
    return -1
