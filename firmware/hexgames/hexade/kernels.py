# Hexade's moves, playout, priors and move list as native code (viper): the
# kernels of twins.py, which says what each computes; the same signatures and
# the same results. A single move is a playout of one forced ply.
#
# The playout's loop keeps the common path (the policy's draw, the stone, the
# six counts, the end) and calls out for what is rare (a five to complete or
# block, a capture, a new five, White's second stone): that keeps its jumps
# short. A call costs about 1 us per argument, so those take the game g and
# read its buffers themselves (a look-up each). The move list, priors and the
# search's kept moves are in opponent/kernels.py.
#
# Tables hold no negative numbers (ptr8/ptr16/ptr32 read them unsigned):
# kstep is tables.KIND_STEPS + 128, gains tables.GAIN + 64, the worth in vals
# is kept plus BIAS. No unary - or ~ either: viper (v1.28, seen on the unix
# port) applies them to a local in its register, so `w = -p` negates p too.
import micropython
from micropython import const
from hexgames.hexade.tables import KSTEP, GAINS, NEAR

# as tables.py (a const of another module is a global look-up in viper)
_NEMP = const(0)
_PLY = const(1)
_NCAP = const(2)
_WORTH = const(3)
_WHITE0 = const(4)
_X_FIRST = const(5)
_HCAP = const(6)
_VERDICT = const(7)
_MINEMP = const(8)
_SIXES = const(8)           # vals[_SIXES + p]: p's complete sixes
_FIVES = const(10)          # vals[_FIVES + p]: the fives on p's stack (thr)
_CELLS = const(13)          # the board's cells, n
_NVALS = const(14)          # vals[_NVALS + t]: the 30-bit hash of ply t
_BIAS = const(1 << 20)
_FULL_END = const(3)        # endings: 1, 2 that player's six; 3 a full board
_REPEATED_END = const(4)
_ROOM = const(5)
_TCAP = const(48)           # fives held per player (rules.py)
_RING_AT = const(30)        # kstep[30..36]: the six directions, E NE NW W SW SE
_NOISE = const(40)          # knowledge.evaluate's spread
# hexgames/rng.py's generators, stepped inline
_A1 = const(32760)
_A2 = const(32730)
_M15 = const(0x7FFF)


@micropython.viper
def playout(g, cell: ptr8, e16: ptr16, vals: ptr32, pad: ptr16, six_at: ptr16, six_ids: ptr16,
            key1: ptr32, key2: ptr16, kstep: ptr8, gains: ptr8, rng: ptr32, side: int,
            first: int, plies: int, judge: int) -> int:
    # the game's three buffers, as tables.Layout lays them out: cell holds
    # the six counts and then the padded board; e16 the empty cells, at n
    # their places, then the stacks of fives and from h2 on the 16-bit hashes
    # of the plies; vals the numbers and from _NVALS on the 30-bit hashes
    n = int(vals[_CELLS])
    h2 = n + n + 2 * _TCAP
    nemp = int(vals[_NEMP])
    t = int(vals[_PLY])
    ncap = int(vals[_NCAP])
    worth = int(vals[_WORTH]) - _BIAS
    room = int(vals[_HCAP]) - 1             # the last ply the history holds
    minemp = int(vals[_MINEMP])
    # the ply of White's second stone (players alternate: X moves at ply t
    # when t + X_FIRST is odd), -1 when it is behind us
    second_at = -1
    if int(vals[_WHITE0]) <= 1:
        second_at = 3 - 2 * int(vals[_WHITE0]) - int(vals[_X_FIRST])
    x1 = int(rng[0])
    x2 = int(rng[1])
    ending = 0
    p = side
    while plies > 0 and ending == 0 and t < room:
        q = 3 - p
        # the move: the forced one, else complete a five of p, else fill
        # one of q, else a random empty cell
        mv = first
        first = -1
        if mv < 0:
            if vals[_FIVES + p] + vals[_FIVES + q] or t == second_at:
                # a five to complete or block, White's second stone: choose()
                rng[0] = x1
                rng[1] = x2
                mv = int(choose(p, nemp, t - second_at, g))
                x1 = int(rng[0])
                x2 = int(rng[1])
            else:
                x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                mv = int(e16[(((x1 ^ x2) & _M15) * nemp) >> 15])
        # the stone: the cell, the empty list, the history
        c = int(pad[mv])
        cell[c] = p
        nemp -= 1
        k = int(e16[n + mv])
        i = int(e16[nemp])
        e16[k] = i
        e16[n + i] = k
        t += 1
        k = mv + mv + p - 1
        vals[_NVALS + t] = int(vals[_NVALS + t - 1]) ^ int(key1[k])
        e16[h2 + t] = int(e16[h2 + t - 1]) ^ int(key2[k])
        # captures: the directions of the pairs c closes (q, q, then p:
        # c + 3d is on the padded board once c + d holds a stone), lifted
        # by lift(), which returns the pairs and the change of the worth
        caps = 0
        j = 0
        while j < 6:
            d = int(kstep[_RING_AT + j]) - 128
            if cell[c + d] == q and int(cell[c + d + d]) + 4 * int(cell[c + 3 * d]) == q + 4 * p:
                caps |= 1 << j
            j += 1
        if caps:
            r = int(lift(caps, c, q, t, nemp, g))
            nemp += 2 * (r & 7)
            ncap += 2 * (r & 7)
            worth += (r >> 3) - _BIAS
        # the sixes through c gain p's stone: a five or a six (the count
        # five or six times add) is news()
        add = 1 + 7 * (p - 1)
        five = 5 * add
        gb = (p - 1) * 64                  # p's gains
        k = int(six_at[mv])
        end = int(six_at[mv + 1])
        while k < end:
            s = int(six_ids[k])
            v = int(cell[s]) + add
            cell[s] = v
            worth += int(gains[gb + v]) - 64
            if (v - five) | add == add:
                news(s, v, g)
            k += 1
        # section 7, in its order: the older six wins, then the full board,
        # then the third repetition (possible only with no more stones than
        # a position before: again() looks)
        plies -= 1
        before = minemp
        if nemp < minemp:
            minemp = nemp
        if vals[_SIXES + q]:
            ending = q
        elif nemp == 0:
            ending = _FULL_END
            if vals[_SIXES + p]:
                ending = p
        elif nemp >= before and int(again(t, ncap, g)):
            ending = _REPEATED_END
        p = q
    if plies > 0 and ending == 0:
        ending = _ROOM
    verdict = 0
    if judge and ending == 0:
        # knowledge.evaluate: p completes a six, else the worth with noise
        if vals[_FIVES + p] and int(choose(0 - p, 0, 1, g)) >= 0:
            verdict = p
        else:
            x1 = _A1 * (x1 & _M15) + (x1 >> 15)
            x2 = _A2 * (x2 & _M15) + (x2 >> 15)
            score = worth - _NOISE + ((((x1 ^ x2) & _M15) * (2 * _NOISE + 1)) >> 15)
            score += 20 * (2 - p) - 10
            verdict = 2
            if score > 0:
                verdict = 1
    vals[_NEMP] = nemp
    vals[_PLY] = t
    vals[_NCAP] = ncap
    vals[_WORTH] = worth + _BIAS
    vals[_VERDICT] = verdict
    vals[_MINEMP] = minemp
    rng[0] = x1
    rng[1] = x2
    return (ending << 2) | p


@micropython.viper
def choose(p: int, nemp: int, second: int, g) -> int:
    # the policy's move when p or the opponent has fives, or for White's
    # second stone (second == 0): complete a five of p, else block one of
    # the opponent (the top of each stack of fives once the fives since
    # blocked or broken are dropped from it), else a random empty cell
    # (drawn from the generator state in g.draws; for White's second stone
    # the cells within distance 2 of his first are drawn again: his first is
    # his one stone on the board, since only a pair is captured). For -p:
    # p's five only, else -1 (the judgement of a playout cut short)
    b = g.bufs                  # the game's buffers (as playout's)
    lay = g.lay
    cell = ptr8(b[0])
    e16 = ptr16(b[1])
    vals = ptr32(b[2])
    pad = ptr16(lay.pad)
    index = ptr16(lay.index)
    kstep = ptr8(KSTEP)
    thr0 = 2 * int(vals[_CELLS])
    who = p
    if p < 0:
        who = 0 - p
    mv = -1
    while mv < 0 and who > 0:
        n = int(vals[_FIVES + who])
        f = 5 + 35 * (who - 1)
        while n > 0:
            s = int(e16[thr0 + (who - 1) * _TCAP + n - 1])
            if cell[s] == f:
                a = int(pad[s // 6])            # six s: anchor s // 6, shape s % 6
                j = (s % 6) * 6
                while cell[a + int(kstep[j]) - 128] != 0:
                    j += 1
                mv = int(index[a + int(kstep[j]) - 128])
                break
            n -= 1
        vals[_FIVES + who] = n
        if p < 0 or who != p:
            who = 0
        else:
            who = 3 - p
    if mv >= 0 or p < 0:
        return mv
    near = ptr8(NEAR)
    rng = ptr32(g.draws)
    wf = 0
    if second == 0:
        wf = int(lay.cell0)
        while cell[wf] != 1:
            wf += 1
    x1 = int(rng[0])
    x2 = int(rng[1])
    while True:
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
        mv = int(e16[(((x1 ^ x2) & _M15) * nemp) >> 15])
        d = int(pad[mv]) - wf + 48
        if wf == 0 or d < 0 or d > 96 or near[d] == 0:
            break
    rng[0] = x1
    rng[1] = x2
    return mv


@micropython.viper
def again(t: int, ncap: int, g) -> int:
    # 1 if the position at ply t stands for the third time: the plies of the
    # same side to move, back to the last one that can hold it (with ncap
    # stones captured since the origin, t - ncap)
    b = g.bufs
    e16 = ptr16(b[1])
    vals = ptr32(b[2])
    h2 = 2 * int(vals[_CELLS]) + 2 * _TCAP
    low = t - ncap
    if low < 0:
        low = 0
    h1 = int(vals[_NVALS + t])
    h = int(e16[h2 + t])
    s = t - 2
    seen = 1
    while s >= low:
        if vals[_NVALS + s] == h1 and e16[h2 + s] == h:
            seen += 1
            if seen == 3:
                return 1
        s -= 2
    return 0


@micropython.viper
def lift(caps: int, c: int, q: int, t: int, nemp: int, g) -> int:
    # q's pairs next to c in the directions of caps (bit j: kstep's ring
    # direction j) leave the board in direction order, each stone taking
    # its cell, its place in the empty list (nemp empty cells before), its
    # hash at ply t and the counts of its sixes. Returns the pairs lifted
    # plus 8 * (the change of the worth + BIAS).
    b = g.bufs
    lay = g.lay
    cell = ptr8(b[0])
    e16 = ptr16(b[1])
    vals = ptr32(b[2])
    index = ptr16(lay.index)
    six_at = ptr16(lay.six_at)
    six_ids = ptr16(lay.six_ids)
    key1 = ptr32(lay.key1)
    key2 = ptr16(lay.key2)
    kstep = ptr8(KSTEP)
    gains = ptr8(GAINS)
    n = int(vals[_CELLS])
    h2 = n + n + 2 * _TCAP
    worth = 0
    add = 1 + 7 * (q - 1)
    gb = (q - 1) * 64                      # q's gains
    pairs = 0
    j = 0
    while j < 6:
        if caps & (1 << j):
            pairs += 1
            d = int(kstep[_RING_AT + j]) - 128
            x = c + d
            while x != c + 3 * d:
                cell[x] = 0
                i = int(index[x])
                e16[nemp] = i
                e16[n + i] = nemp
                nemp += 1
                k = i + i + q - 1
                vals[_NVALS + t] = int(vals[_NVALS + t]) ^ int(key1[k])
                e16[h2 + t] = int(e16[h2 + t]) ^ int(key2[k])
                k = int(six_at[i])
                end = int(six_at[i + 1])
                while k < end:
                    s = int(six_ids[k])
                    old = int(cell[s])
                    v = old - add
                    cell[s] = v
                    worth -= int(gains[gb + old]) - 64
                    if old == 6 * add:
                        vals[_SIXES + q] = vals[_SIXES + q] - 1     # q's six is broken
                    elif v == 5 or v == 40:
                        news(s, v, g)           # a five of the capturer
                    k += 1
                x += d
        j += 1
    return ((worth + _BIAS) << 3) | pairs


@micropython.viper
def news(s: int, v: int, g):
    # six s now holds v, a five or a six of its owner: a six is counted, a
    # five pushed on its owner's stack (a full stack first keeps only the
    # fives still open)
    b = g.bufs
    vals = ptr32(b[2])
    if v == 6 or v == 48:
        e = _SIXES + 1 + v // 48
        vals[e] = vals[e] + 1
        return
    cell = ptr8(b[0])
    e16 = ptr16(b[1])
    e = 1 + v // 40
    base = 2 * int(vals[_CELLS]) + (e - 1) * _TCAP
    n = int(vals[_FIVES + e])
    if n == _TCAP:
        n = 0
        x = base
        while x < base + _TCAP:
            if cell[e16[x]] == v:
                e16[base + n] = e16[x]
                n += 1
            x += 1
    if n < _TCAP:
        e16[base + n] = s
        vals[_FIVES + e] = n + 1
