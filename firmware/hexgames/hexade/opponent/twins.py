# Hexade's move list, priors and the search's kept moves in plain Python: the
# twins of kernels.py beside it (the same signatures, the same results), for
# CPython and the WebAssembly VM.
from micropython import const
from hexgames.hexade.knowledge import VALUE

_A1 = const(32760)          # hexgames/rng.py's generators, stepped inline
_A2 = const(32730)
_M15 = const(0x7FFF)
_E = const(1)               # the padded board's steps (tables.py)
_NE = const(-22)
_NW = const(-23)
_W = const(-1)
_SW = const(22)
_SE = const(23)
_STEPS = (_E, _NE, _NW, _W, _SW, _SE)
# knowledge.py's ratings
_WIN = const(16)
_BLOCK = const(15)
_DOUBLE = const(14)
_FOUR = const(12)
_CAPTURE = const(11)

def moves(emp, n, buf, wf, pad, near):
    """The empty cells emp[0..n) into buf; with wf (White's first stone, for
    his second) only those at distance 3 or more. Returns the count."""
    if not wf:
        for j in range(n):
            buf[j] = emp[j]
        return n
    k = 0
    for j in range(n):
        i = emp[j]
        d = pad[i] - wf
        if not (-48 <= d <= 48 and near[d + 48]):
            buf[k] = i
            k += 1
    return k


def priors(moves, k, out, side, pending, cell, cnt, six_at, six_ids, rated, pad, kstep):
    """knowledge.py's ratings of moves[0..k) into out, for `side` to move;
    pending: the opponent's complete sixes. (rated, knowledge.RATED, is the
    kernel's table: the twin reads the plain ratings, knowledge.VALUE,
    which CPython compares faster than it adds the flags.)"""
    p = side
    q = 3 - p
    value = VALUE[p]
    for i in range(k):
        mv = moves[i]
        best = 0
        strong = 0
        fours = 0
        for j in range(six_at[mv], six_at[mv + 1]):
            t = value[cnt[six_ids[j]]]
            if t >= 10:
                strong += 1
                if t == _FOUR:
                    fours += 1
            if t > best:
                best = t
        if best < _BLOCK:
            if fours >= 2:                  # two fives at once
                best = _DOUBLE
            elif strong >= 2:
                best += 1 if strong == 2 else 2
                if best > _DOUBLE:
                    best = _DOUBLE
            c = pad[mv]
            exposed = 0
            for d in _STEPS:
                v = cell[c + d]
                if v == q:
                    if best < _CAPTURE and cell[c + d + d] == q and cell[c + 3 * d] == p:
                        # the capture may be the only way to break a six
                        best = _WIN if pending else _CAPTURE
                elif v == p:
                    # c and c + d would be a pair: capturable with one end
                    # held by the opponent and the other empty
                    u = cell[c + d + d]
                    w = cell[c - d]
                    if (u == q and w == 0) or (u == 0 and w == q):
                        exposed = 2
            if best < _BLOCK:
                best -= exposed
        out[i] = best


def best(buf, prior, k, width, count, rng):
    """hexade/search.py's _best: moves the width moves of the highest priors
    of buf[0..k) to the front of buf and prior; those tied at the lowest prior
    kept are a random choice among the ties (selection sampling, from the
    generator state rng[0], rng[1]). count: 17 tallies. Returns how many."""
    for i in range(17):
        count[i] = 0
    for i in range(k):
        count[prior[i]] += 1
    low = 16
    n = count[16]
    while n < width and low > 0:
        low -= 1
        n += count[low]
    ties = count[low]
    room = width - (n - ties)       # places for the moves of prior low
    x1 = rng[0]
    x2 = rng[1]
    w = 0
    for i in range(k):              # every swap brings a visited move to i
        p = prior[i]
        if p < low:
            continue
        if p == low:
            x1 = _A1 * (x1 & _M15) + (x1 >> 15)
            x2 = _A2 * (x2 & _M15) + (x2 >> 15)
            take = ((((x1 ^ x2) & _M15) * ties) >> 15) < room
            ties -= 1
            if not take:
                continue
            room -= 1
        m = buf[i]
        buf[i] = buf[w]
        buf[w] = m
        prior[i] = prior[w]
        prior[w] = p
        w += 1
    rng[0] = x1
    rng[1] = x2
    return w
