# inpHeXion's pushes and playouts as native code (viper): the kernel of
# twins.py, which says what it computes and what the arguments are; the same
# signature and the same results. One function, the flood fills inlined: a
# call between viper functions goes through the runtime and costs what a
# bytecode call does. The kernels walk nbr (6 entries a cell, 255 off the
# board) where the twins walk adj. Viper keeps a function's first three
# arguments in registers (Thumb), the rest of its locals on the stack: so
# cell, nbr and enb come first.
#
# run is longer than 2 KB of Thumb code (opponent/kernels.py's ends too):
# its longer jumps load their offsets from PC-relative literals, which the
# Cortex-M0+ reads right only where the code starts 4-byte aligned, as the
# frozen image has it (tools/build/firmware.py).
import micropython
from micropython import const

_A1 = const(32760)
_A2 = const(32730)
_M15 = const(0x7FFF)
_N = const(3)
_DRAW = const(255)
_OFF = const(255)
_LINK = const(65)
_MARK = const(16)
_CONNECTION = const(1)
_COMPLETED = const(2)
_NO_MOVE = const(3)


@micropython.viper
def run(cell: ptr8, nbr: ptr8, enb: ptr8, slots: ptr8, pos: ptr8, cnt: ptr8, ecnt: ptr16,
        hands: ptr8, pend: ptr8, forbid: ptr8, queue: ptr8, adj, arc: ptr8, arc_at: ptr8,
        w1: ptr8, w2: ptr8, size: int, pie: int, c: int, e: int, plies: int, p: int, turn: int,
        lc: int, x1: int, x2: int, out: ptr32) -> int:
    n = size * size
    draw = c == _DRAW
    left = plies
    result = 0
    ns = 0
    r = 0
    i = 0
    q = 3 - p
    cp = int(cnt[p])            # the mover's and the opponent's counts, in locals
    cq = int(cnt[q])
    cn = int(cnt[_N])
    ep = int(ecnt[p])
    eq = int(ecnt[q])
    hp = int(hands[p])
    hq = int(hands[q])
    sp = n * p - n
    sq = n * q - n
    sn = n + n
    wp = w1
    wq = w2
    if p == 2:
        wp = w2
        wq = w1
    while left > 0:
        if c == _DRAW:
            # the answer to a push that broke into the mover's discs
            if lc < n and int(cell[lc]) == q and enb[lc] != 0:
                k = 0
                j = 6 * lc
                jend = j + 6
                while j < jend:
                    y = int(nbr[j])
                    if y != _OFF:
                        k += k
                        if int(cell[y]) == p:
                            k += 1
                    j += 1
                if arc[k + int(arc_at[lc])] == 0:
                    c = lc
                    x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                    x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                    r = (((x1 ^ x2) & _M15) * int(enb[c])) >> 15
            if c == _DRAW:
                # a pushable disc with an empty neighbour, then one of those
                # neighbours: one draw of Rng.below(60 k) gives both
                k = 60 * (cq + cn)
                while True:
                    x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                    x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                    r = (((x1 ^ x2) & _M15) * k) >> 15
                    i = r // 60
                    if i < cq:
                        c = int(slots[sq + i])
                    else:
                        c = int(slots[sn])
                    if enb[c] != 0:
                        break
                r = (r - 60 * i) % int(enb[c])
            j = 6 * c
            jend = j + 6
            while j < jend:
                y = int(nbr[j])
                if y != _OFF and cell[y] == 0:
                    if r == 0:
                        e = y
                        break
                    r -= 1
                j += 1
        left -= 1
        d = int(cell[c])
        k = int(pos[c])                 # the pushed disc keeps its slot, now at e
        if d == q:
            slots[sq + k] = e
        else:
            slots[sn + k] = e
        pos[e] = k
        slots[sp + cp] = c              # the mover's new disc on c
        pos[c] = cp
        cp += 1
        hp -= 1
        cell[c] = p
        lc = c
        ep += int(wp[c])
        # e's neighbours lose an empty neighbour; me: which of them hold q,
        # once q could link through e
        me = 0
        watch = False
        if d == q:
            eq += int(wq[e]) - int(wq[c])
            watch = cq >= size and (eq & 63) != 0 and (eq >> 6) != 0
        j = 6 * e
        jend = j + 6
        while j < jend:
            y = int(nbr[j])
            if y != _OFF:
                enb[y] = int(enb[y]) - 1
                if watch:
                    me += me
                    if int(cell[y]) == q:
                        me += 1
            j += 1
        if watch:
            me += me + 1
        cell[e] = d
        # C: the discs walled in by this push, among the neighbours of c
        ns = 0
        j = 6 * c
        jend = j + 6
        while j < jend:
            x = int(nbr[j])
            j += 1
            if x == _OFF or enb[x] != 0:
                continue
            v = int(cell[x])
            if v == 0 or v == p:
                continue
            walled = True
            i = 6 * x
            iend = i + 6
            while i < iend:
                y = int(nbr[i])
                if y != _OFF and int(cell[y]) != p:
                    walled = False
                    break
                i += 1
            if walled:
                pend[ns] = x
                ns += 1
        # B: a link of the mover through c, else one of the opponent through e
        link = cp >= size and (ep & 63) != 0 and (ep >> 6) != 0
        if link and wp[c] == 0:
            m = 0
            j = 6 * c
            jend = j + 6
            while j < jend:
                y = int(nbr[j])
                if y != _OFF:
                    m += m
                    if int(cell[y]) == p:
                        m += 1
                j += 1
            link = arc[m + int(arc_at[c])] == 0
        if link:
            # flood fill of p's group from c, marked + 16 and restored
            got = int(wp[c])
            cell[c] = p + _MARK
            queue[0] = c
            head = 0
            tail = 1
            while head < tail and got != _LINK:
                i = 6 * int(queue[head])
                head += 1
                end = i + 6
                while i < end:
                    y = int(nbr[i])
                    if y != _OFF and int(cell[y]) == p:
                        cell[y] = p + _MARK
                        queue[tail] = y
                        tail += 1
                        got |= int(wp[y])
                    i += 1
            i = 0
            while i < tail:
                cell[queue[i]] = p
                i += 1
            if got == _LINK:
                result = p | _CONNECTION << 2
        if result == 0 and me != 0 and (wq[e] != 0 or arc[(me >> 1) + int(arc_at[e])] == 0):
            got = int(wq[e])
            cell[e] = q + _MARK
            queue[0] = e
            head = 0
            tail = 1
            while head < tail and got != _LINK:
                i = 6 * int(queue[head])
                head += 1
                end = i + 6
                while i < end:
                    y = int(nbr[i])
                    if y != _OFF and int(cell[y]) == q:
                        cell[y] = q + _MARK
                        queue[tail] = y
                        tail += 1
                        got |= int(wq[y])
                    i += 1
            i = 0
            while i < tail:
                cell[queue[i]] = q
                i += 1
            if got == _LINK:
                result = q | _COMPLETED << 2
        if result == 0 and ns > 0:
            # relocations: the caller's to make unless drawing
            if not draw or ns > left or ns > n - cp - cq - cn:
                break
            left -= ns
            i = 1                       # reading order (insertion sort of <= 3)
            while i < ns:
                x = int(pend[i])
                j = i
                while j > 0 and int(pend[j - 1]) > x:
                    pend[j] = pend[j - 1]
                    j -= 1
                pend[j] = x
                i += 1
            i = 0
            while i < ns:
                forbid[pend[i]] = 1
                i += 1
            s = 0
            while s < ns:
                x = int(pend[s])
                s += 1
                while True:
                    x1 = _A1 * (x1 & _M15) + (x1 >> 15)
                    x2 = _A2 * (x2 & _M15) + (x2 >> 15)
                    t = (((x1 ^ x2) & _M15) * n) >> 15
                    if cell[t] == 0 and forbid[t] == 0:
                        break
                v = int(cell[x])
                k = int(pos[x])
                if v == q:
                    slots[sq + k] = t
                else:
                    slots[sn + k] = t
                pos[t] = k
                cell[x] = 0
                j = 6 * x
                jend = j + 6
                while j < jend:
                    y = int(nbr[j])
                    if y != _OFF:
                        enb[y] = int(enb[y]) + 1
                    j += 1
                cell[t] = v
                j = 6 * t
                jend = j + 6
                while j < jend:
                    y = int(nbr[j])
                    if y != _OFF:
                        enb[y] = int(enb[y]) - 1
                    j += 1
                if v != q:
                    continue
                # D: a link of q through the disc that landed on t
                eq += int(wq[t]) - int(wq[x])
                if result != 0 or cq < size or (eq & 63) == 0 or (eq >> 6) == 0:
                    continue
                if wq[t] == 0:
                    m = 0
                    j = 6 * t
                    jend = j + 6
                    while j < jend:
                        y = int(nbr[j])
                        if y != _OFF:
                            m += m
                            if int(cell[y]) == q:
                                m += 1
                        j += 1
                    if arc[m + int(arc_at[t])] != 0:
                        continue
                got = int(wq[t])
                cell[t] = q + _MARK
                queue[0] = t
                head = 0
                tail = 1
                while head < tail and got != _LINK:
                    i = 6 * int(queue[head])
                    head += 1
                    end = i + 6
                    while i < end:
                        y = int(nbr[i])
                        if y != _OFF and int(cell[y]) == q:
                            cell[y] = q + _MARK
                            queue[tail] = y
                            tail += 1
                            got |= int(wq[y])
                        i += 1
                i = 0
                while i < tail:
                    cell[queue[i]] = q
                    i += 1
                if got == _LINK:
                    result = q | _COMPLETED << 2
            i = 0
            while i < ns:
                forbid[pend[i]] = 0
                i += 1
            ns = 0
        if result == 0:
            # E: the opponent needs a disc in hand and a push, or the swap
            can = hq != 0 and enb[c] != 0
            if hq != 0 and not can:
                i = sp
                while i < sp + cp:
                    if enb[slots[i]] != 0:
                        can = True
                        break
                    i += 1
                if not can and cn != 0 and enb[slots[sn]] != 0:
                    can = True
            if not can and not (turn == 0 and q == 2 and pie != 0):
                result = p | _NO_MOVE << 2
        # the other player's turn: his counts and tables change places with ours
        turn += 1
        p = q
        q = 3 - p
        k = cp
        cp = cq
        cq = k
        k = ep
        ep = eq
        eq = k
        k = hp
        hp = hq
        hq = k
        k = sp
        sp = sq
        sq = k
        wv = wp
        wp = wq
        wq = wv
        if result != 0 or (turn == 1 and pie != 0):
            break
        c = _DRAW
    cnt[p] = cp
    cnt[q] = cq
    ecnt[p] = ep
    ecnt[q] = eq
    hands[p] = hp
    hands[q] = hq
    out[0] = x1
    out[1] = x2
    out[2] = turn
    out[3] = p
    out[4] = lc
    return (plies - left) | ns << 16 | result << 18
