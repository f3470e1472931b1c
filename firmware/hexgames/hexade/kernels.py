# Hexade's moves, playout, priors and move list as native code (viper): the
# kernels of twins.py, which says what each computes; the same signatures and
# the same results. One function per loop: a call between viper functions
# costs what a bytecode call does, so a move is written out once, inside the
# playout, and a single move is a playout of one forced ply.
#
# Tables hold no negative numbers (ptr8/ptr16/ptr32 read them unsigned):
# kstep is tables.KIND_STEPS + 128, gains tables.GAIN + 64, the worth in vals
# is kept plus BIAS.
import micropython
from micropython import const

# as tables.py (a const of another module is a global look-up in viper)
_NEMP = const(0)
_PLY = const(1)
_NCAP = const(2)
_WORTH = const(3)
_WHITE_FIRST = const(4)
_WHITE0 = const(5)
_X_FIRST = const(6)
_HCAP = const(7)
_VERDICT = const(8)
_BIAS = const(1 << 20)
_FULL_END = const(3)            # endings: 1, 2 a six; 3 a full board
_REPEATED_END = const(4)
_ROOM = const(5)
_TCAP = const(48)           # fives held per player (rules.py)
_RING_AT = const(30)        # kstep[30..36]: the six directions, E NE NW W SW SE
_NOISE = const(40)          # knowledge.evaluate's spread
# hexgames/rng.py's generators, stepped inline
_A1 = const(32760)
_A2 = const(32730)
_M15 = const(0x7FFF)
# knowledge.py's ratings
_WIN = const(16)
_BLOCK = const(15)
_DOUBLE = const(14)
_FOUR = const(12)
_CAPTURE = const(11)


@micropython.viper
def playout(cell: ptr8, emp: ptr16, epos: ptr16, cnt: ptr8, thr: ptr16, nthr: ptr16,
            nsix: ptr16, hist1: ptr32, hist2: ptr16, vals: ptr32, lifted: ptr16, pad: ptr16,
            index: ptr16, six_at: ptr16, six_ids: ptr16, key1: ptr32, key2: ptr16,
            kstep: ptr8, gains: ptr8, near: ptr8, rng: ptr32, side: int, first: int,
            plies: int, judge: int) -> int:
    nemp = int(vals[_NEMP])
    t = int(vals[_PLY])
    ncap = int(vals[_NCAP])
    worth = int(vals[_WORTH]) - _BIAS
    wf = int(vals[_WHITE_FIRST])
    white0 = int(vals[_WHITE0])
    x_first = int(vals[_X_FIRST])
    hcap = int(vals[_HCAP])
    x1 = int(rng[0])
    x2 = int(rng[1])
    verdict = 0
    ending = 0
    p = side
    judging = 0
    while True:
        if plies <= 0 or ending:
            if ending or not judge:
                break
            judging = 1
        if t + 1 >= hcap and not judging:
            ending = _ROOM
            break
        q = 3 - p
        # -- the move: the forced one, else complete a five of p, else fill
        # a five of q, else a random empty cell (judging: p's five only)
        mv = -1
        if first >= 0 and not judging:
            mv = first
            first = -1
        else:
            who = p
            looks = 2 - judging
            while mv < 0 and looks > 0:
                n = int(nthr[who])
                five = 5
                if who == 2:
                    five = 40
                base = (who - 1) * _TCAP - 1
                while n > 0:
                    s = int(thr[base + n])
                    if cnt[s] == five:
                        # the empty cell of six s: anchor s // 6, shape s % 6
                        a = int(pad[s // 6])
                        j = (s % 6) * 6
                        end = j + 6
                        while j < end:
                            x = a + int(kstep[j]) - 128
                            if cell[x] == 0:
                                mv = int(index[x])
                                break
                            j += 1
                        break
                    n -= 1
                nthr[who] = n
                who = q
                looks -= 1
            if judging:
                # knowledge.evaluate: p completes a six, else the worth with noise
                if mv >= 0:
                    verdict = p
                else:
                    x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                    x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                    score = worth - _NOISE + ((((x1 ^ x2) & _M15) * (2 * _NOISE + 1)) >> 15)
                    if p == 1:
                        score += 10
                    else:
                        score -= 10
                    verdict = 2
                    if score > 0:
                        verdict = 1
                break
            if mv < 0:
                x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                mv = int(emp[(((x1 ^ x2) & _M15) * nemp) >> 15])
                # White's second stone keeps away from his first (only early on)
                if t < 4 and p == 1 and white0 + ((t + x_first) >> 1) == 1:
                    while True:
                        d = int(pad[mv]) - wf + 48
                        if d < 0 or d > 96 or near[d] == 0:
                            break
                        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                        mv = int(emp[(((x1 ^ x2) & _M15) * nemp) >> 15])
        # -- the stone: the cell, the empty list, the history
        c = int(pad[mv])
        cell[c] = p
        nemp -= 1
        k = int(epos[mv])
        i = int(emp[nemp])
        emp[k] = i
        epos[i] = k
        t += 1
        k = mv + mv + p - 1
        hist1[t] = int(hist1[t - 1]) ^ int(key1[k])
        hist2[t] = int(hist2[t - 1]) ^ int(key2[k])
        if t < 3 and p == 1 and white0 + ((t + x_first) >> 1) == 1:
            wf = c
        # -- captures: each direction whose pair of q stones c closes; the
        # stones leave the board now, their sixes are counted below
        nl = 0
        j = _RING_AT
        while j < _RING_AT + 6:
            d = int(kstep[j]) - 128
            if cell[c + d] == q and cell[c + d + d] == q and cell[c + 3 * d] == p:
                x = c + d
                while x != c + 3 * d:
                    cell[x] = 0
                    i = int(index[x])
                    emp[nemp] = i
                    epos[i] = nemp
                    nemp += 1
                    k = i + i + q - 1
                    hist1[t] = int(hist1[t]) ^ int(key1[k])
                    hist2[t] = int(hist2[t]) ^ int(key2[k])
                    ncap += 1
                    lifted[nl] = i
                    nl += 1
                    x += d
            j += 1
        # -- the counts of the sixes through each lifted stone (minus q's
        # stone), then through the new one (plus p's); a five or a six is news
        u = 0
        while u <= nl:
            if u < nl:
                i = int(lifted[u])
                who = q
            else:
                i = mv
                who = p
            add = 1
            if who == 2:
                add = 8
            g = (who - 1) * 64
            k = int(six_at[i])
            end = int(six_at[i + 1])
            while k < end:
                s = int(six_ids[k])
                old = int(cnt[s])
                news = 0
                if u < nl:
                    v = old - add
                    worth -= int(gains[g + old]) - 64
                    if old == 6 or old == 48:
                        nsix[who] = nsix[who] - 1     # who's six is broken
                    else:
                        news = v
                else:
                    v = old + add
                    worth += int(gains[g + v]) - 64
                    news = v
                cnt[s] = v
                if news == 6:
                    nsix[1] = nsix[1] + 1
                elif news == 48:
                    nsix[2] = nsix[2] + 1
                elif news == 5 or news == 40:
                    # push a five on its owner's stack; a full stack first
                    # keeps only the fives still open
                    e = 1
                    if news == 40:
                        e = 2
                    base = (e - 1) * _TCAP
                    n = int(nthr[e])
                    if n == _TCAP:
                        n = 0
                        x = base
                        while x < base + _TCAP:
                            if cnt[thr[x]] == news:
                                thr[base + n] = thr[x]
                                n += 1
                            x += 1
                    if n < _TCAP:
                        thr[base + n] = s
                        nthr[e] = n + 1
                k += 1
            u += 1
        # -- section 7, in its order: the older six wins, then the full
        # board, then the third repetition
        plies -= 1
        if nsix[q]:
            ending = q
        elif nemp == 0:
            ending = _FULL_END
            if nsix[p]:
                ending = p
        else:
            s = t - 2
            low = t - ncap
            if low < 0:
                low = 0
            seen = 1
            while s >= low:
                if hist1[s] == hist1[t] and hist2[s] == hist2[t]:
                    seen += 1
                    if seen == 3:
                        ending = _REPEATED_END
                        break
                s -= 2
        p = q
    vals[_NEMP] = nemp
    vals[_PLY] = t
    vals[_NCAP] = ncap
    vals[_WORTH] = worth + _BIAS
    vals[_WHITE_FIRST] = wf
    vals[_VERDICT] = verdict
    rng[0] = x1
    rng[1] = x2
    return (ending << 2) | p


@micropython.viper
def moves(emp: ptr16, n: int, buf: ptr32, wf: int, pad: ptr16, near: ptr8) -> int:
    if wf == 0:
        for j in range(n):
            buf[j] = emp[j]
        return n
    k = 0
    for j in range(n):
        i = int(emp[j])
        d = int(pad[i]) - wf + 48
        if d < 0 or d > 96 or near[d] == 0:
            buf[k] = i
            k += 1
    return k


@micropython.viper
def priors(moves: ptr32, k: int, out: ptr8, side: int, pending: int, cell: ptr8, cnt: ptr8,
           six_at: ptr16, six_ids: ptr16, value: ptr8, pad: ptr16, kstep: ptr8):
    p = side
    q = 3 - p
    vbase = (p - 1) * 64
    for i in range(k):
        mv = int(moves[i])
        best = 0
        strong = 0
        fours = 0
        j = int(six_at[mv])
        end = int(six_at[mv + 1])
        while j < end:
            t = int(value[vbase + int(cnt[six_ids[j]])])
            if t >= 10:
                strong += 1
                if t == _FOUR:
                    fours += 1
            if t > best:
                best = t
            j += 1
        if best < _BLOCK:
            if fours >= 2:
                best = _DOUBLE
            elif strong >= 2:
                if strong == 2:
                    best += 1
                else:
                    best += 2
                if best > _DOUBLE:
                    best = _DOUBLE
            c = int(pad[mv])
            exposed = 0
            j = _RING_AT
            while j < _RING_AT + 6:
                d = int(kstep[j]) - 128
                v = int(cell[c + d])
                if v == q:
                    if best < _CAPTURE and cell[c + d + d] == q and cell[c + 3 * d] == p:
                        best = _CAPTURE
                        if pending:
                            best = _WIN
                elif v == p:
                    u = int(cell[c + d + d])
                    w = int(cell[c - d])
                    if (u == q and w == 0) or (u == 0 and w == q):
                        exposed = 2
                j += 1
            if best < _BLOCK:
                best -= exposed
        out[i] = best
