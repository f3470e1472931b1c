# The search's loops over the tree's arrays as native code (viper): the
# kernels of twins.py, which holds their plain-Python twins, the same
# signatures and the same results (tools/vm/parity.py checks). Integers only,
# nothing allocated; every table comes in as an argument, because a global
# look-up in viper costs what it costs in bytecode.
# Pointers: first, visits, wins, move, path: ptr32 (array 'i'); kids, amaf_n,
# amaf_w, and the tables invsq, ln16, beta: ptr16; who, proven, born, prior,
# owner, sq64: ptr8. A ptr32 load is zero-extended on the 64-bit unix port,
# so no kernel reads a negative number (first[] of a leaf is never read).
import micropython
from micropython import const

_WIN = const(1)
_LOSS = const(2)
_SCALE = const(1024)
_AMAF_CAP = const(32000)
_A1 = const(32760)      # hexgames/rng.py's generators
_A2 = const(32730)
_M15 = const(0x7FFF)
_KEPT = const(0x80)     # proven[v] while keep() runs: v is in the kept subtree
_HEAD = const(0x40)     # ... and heads its block: first[v] holds its parent


@micropython.viper
def descend(depth: int, path: ptr32, rs: ptr32, c_explore: int, first: ptr32, kids: ptr16,
            visits: ptr32, wins: ptr32, proven: ptr8, invsq: ptr16, ln16: ptr16,
            sq64: ptr8) -> int:
    v = path[depth]
    x1 = rs[0]
    x2 = rs[1]
    while kids[v] != 0 and proven[v] == 0:
        f = first[v]
        k = kids[v]
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)         # rng.below(k), inline
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
        s = (((x1 ^ x2) & _M15) * k) >> 15
        best = -1
        for i in range(k):
            c = f + s + i
            if c >= f + k:
                c -= k
            if visits[c] == 0 and proven[c] != _LOSS:
                best = c
                break
        if best < 0:
            n = visits[v]
            ln = 0
            while n >= 1024:
                n >>= 1
                ln += 11
            ln += ln16[n]
            if ln > 255:
                ln = 255
            root = sq64[ln]
            best = f
            best_score = -1
            for c in range(f, f + k):
                p = proven[c]
                if p == _WIN:
                    best = c
                    break
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
        depth += 1
        path[depth] = best
        v = best
    rs[0] = x1
    rs[1] = x2
    return depth


@micropython.viper
def select_rave(v: int, best: int, c_explore: int, first: ptr32, kids: ptr16, visits: ptr32,
                wins: ptr32, proven: ptr8, amaf_n: ptr16, amaf_w: ptr16, beta: ptr16,
                invsq: ptr16, ln16: ptr16, sq64: ptr8) -> int:
    f = first[v]
    n = visits[v]
    ln = 0
    while n >= 1024:
        n >>= 1
        ln += 11
    ln += ln16[n]
    if ln > 255:
        ln = 255
    root = sq64[ln]
    best_score = -1
    for c in range(f, f + kids[v]):
        p = proven[c]
        if p == _WIN:
            return c
        if p == _LOSS:
            continue
        nc = visits[c]
        q = _SCALE // 2
        if nc != 0:
            q = (wins[c] * _SCALE) // (2 * nc)
        a = amaf_n[c]
        qa = _SCALE // 2
        if a != 0:
            qa = (amaf_w[c] * _SCALE) // (2 * a)
        b = 0
        if nc < 1024:
            b = beta[nc]
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


@micropython.viper
def expand(v: int, f: int, k: int, s: int, buf: ptr32, prior: ptr8, pv: int, sure: int,
           mover: int, rave: int, move: ptr32, first: ptr32, kids: ptr16, visits: ptr32,
           wins: ptr32, amaf_n: ptr16, amaf_w: ptr16, who: ptr8, proven: ptr8, born: ptr8):
    for i in range(k):
        c = f + i
        j = i + s
        if j >= k:
            j -= k
        move[c] = buf[j]
        first[c] = -1
        kids[c] = 0
        proven[c] = 0
        n = pv
        if prior[j] >= sure:
            n = 2 * pv
        w = (prior[j] * n) >> 3
        visits[c] = n
        wins[c] = w
        if rave != 0:
            amaf_n[c] = n
            amaf_w[c] = w
        else:
            amaf_n[c] = 0
            amaf_w[c] = 0
        who[c] = mover
        born[c] = n
    first[v] = f
    kids[v] = k


@micropython.viper
def backup(path: ptr32, depth: int, n: int, x: int, o: int, visits: ptr32, wins: ptr32, who: ptr8,
           proven: ptr8, first: ptr32, kids: ptr16):
    d = depth
    draws = n - x - o
    while d >= 0:
        v = path[d]
        d -= 1
        visits[v] += n
        wins[v] += draws
        if who[v] == 1:
            wins[v] += 2 * x
        elif who[v] == 2:
            wins[v] += 2 * o
        k = kids[v]
        if proven[v] != 0 or k == 0:
            continue
        f = first[v]
        win = _WIN          # what v is when a child wins: the chooser moved into v too
        loss = _LOSS
        if who[f] != who[v]:
            win = _LOSS
            loss = _WIN
        lost = 1
        for c in range(f, f + k):
            p = proven[c]
            if p == _WIN:
                proven[v] = win
                lost = 0
                break
            if p != _LOSS:
                lost = 0
        if lost:
            proven[v] = loss


@micropython.viper
def backup_amaf(path: ptr32, depth: int, winner: int, owner: ptr8, top: int, move: ptr32,
                who: ptr8, amaf_n: ptr16, amaf_w: ptr16, first: ptr32, kids: ptr16):
    for d in range(depth + 1):
        v = path[d]
        k = kids[v]
        if k == 0:
            continue
        f = first[v]
        for c in range(f, f + k):
            m = move[c]
            if m < top and owner[m] == who[c] and amaf_n[c] < _AMAF_CAP:
                amaf_n[c] += 1
                if winner == 0:
                    amaf_w[c] += 1
                elif winner == who[c]:
                    amaf_w[c] += 2


@micropython.viper
def keep(r: int, used: int, move: ptr32, first: ptr32, visits: ptr32, wins: ptr32, kids: ptr16,
         amaf_n: ptr16, amaf_w: ptr16, who: ptr8, proven: ptr8, born: ptr8) -> int:
    # first[] of a leaf (-1) is only copied here, never compared
    proven[r] = proven[r] | _KEPT
    n = 0
    for v in range(r, used):
        if proven[v] & _KEPT:
            if proven[v] & _HEAD:
                p = first[v]
                first[v] = first[p]
                first[p] = n
            n += 1
            k = kids[v]
            if k:
                f = first[v]
                for c in range(f, f + k):
                    proven[c] = proven[c] | _KEPT
                proven[f] = proven[f] | _HEAD
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
