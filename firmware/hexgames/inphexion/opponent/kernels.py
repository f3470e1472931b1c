# inpHeXion's move list, priors and wins in one for the opponent as native
# code (viper): the kernels of twins.py beside it, which says what they
# compute and what the arguments are; the same signatures and the same
# results. They walk nbr (6 entries a cell, 255 off the board) where the
# twins walk adj; cell, nbr and enb come first (viper's registers). ends
# jumps over 2 KB: see ../kernels.py on the alignment this needs.
import micropython
from micropython import const

_N = const(3)
_OFF = const(255)
_LINK = const(65)
_MARK = const(16)
_PUSH = const(0x10000)


@micropython.viper
def pushes(cell: ptr8, nbr: ptr8, enb: ptr8, adj, n: int, p: int, buf: ptr32) -> int:
    k = 0
    for c in range(n):
        v = int(cell[c])
        if v == 0 or v == p or enb[c] == 0:
            continue
        base = _PUSH | c << 8
        j = 6 * c
        jend = j + 6
        while j < jend:
            e = int(nbr[j])
            if e != _OFF and cell[e] == 0:
                buf[k] = base | e
                k += 1
            j += 1
    return k


@micropython.viper
def priors(cell: ptr8, nbr: ptr8, moves: ptr32, k: int, out: ptr8, p: int, adj, arc: ptr8,
           arc_at: ptr8):
    q = 3 - p
    for i in range(k):
        m = moves[i]
        if m & 0x30000 != _PUSH:
            out[i] = 8
            continue
        c = (m >> 8) & 255
        e = m & 255
        a = 0
        b = 0
        j = 6 * c
        jend = j + 6
        while j < jend:
            x = int(nbr[j])
            if x != _OFF:
                a += a
                b += b
                v = int(cell[x])
                if v == p:
                    a += 1
                elif v == q:
                    b += 1
            j += 1
        s = 8
        at = int(arc_at[c])
        if arc[a + at] == 0:
            s += 3
        if int(cell[c]) == q:
            if arc[b + at] == 0:
                s += 3
            a = 0
            j = 6 * e
            jend = j + 6
            while j < jend:
                x = int(nbr[j])
                if x != _OFF:
                    a += a
                    if x != c and int(cell[x]) == q:
                        a += 1
                j += 1
            if arc[a + int(arc_at[e])] == 0:
                s -= 3
        out[i] = s


@micropython.viper
def ends(cell: ptr8, nbr: ptr8, enb: ptr8, moves: ptr32, k: int, out: ptr8, p: int,
         hands_q: int, pie_turn: int, cnt: ptr8, ecnt: ptr16, adj, arc: ptr8, arc_at: ptr8,
         w1: ptr8, w2: ptr8, queue: ptr8, size: int) -> int:
    q = 3 - p
    n = size * size
    cp = int(cnt[p])
    cq = int(cnt[q])
    empty = n - cp - cq - int(cnt[_N])
    ep = int(ecnt[p])
    eq = int(ecnt[q])
    wp = w1
    wq = w2
    if p == 2:
        wp = w2
        wq = w1
    count = 0
    for i in range(k):
        m = moves[i]
        c = (m >> 8) & 255
        e = m & 255
        d = int(cell[c])
        cell[c] = p
        cell[e] = d
        j = 6 * e
        jend = j + 6
        while j < jend:
            y = int(nbr[j])
            if y != _OFF:
                enb[y] = int(enb[y]) - 1
            j += 1
        w = 0
        # a link of p through c, else of q through e: the counts, the arc
        # shortcut, then a flood fill (start s, colour v, weights wv)
        s = _OFF
        v = p
        wv = wp
        h = ep + int(wp[c])
        if cp + 1 >= size and (h & 63) != 0 and (h >> 6) != 0:
            s = c
        t = 0
        while t < 2 and w == 0:
            t += 1
            if t == 2:
                s = _OFF
                if d == q:
                    h = eq + int(wq[e]) - int(wq[c])
                    if cq >= size and (h & 63) != 0 and (h >> 6) != 0:
                        s = e
                        v = q
                        wv = wq
            if s == _OFF:
                continue
            if wv[s] == 0:
                a = 0
                j = 6 * s
                jend = j + 6
                while j < jend:
                    y = int(nbr[j])
                    if y != _OFF:
                        a += a
                        if int(cell[y]) == v:
                            a += 1
                    j += 1
                if arc[a + int(arc_at[s])] != 0:
                    continue
            got = int(wv[s])
            cell[s] = v + _MARK
            queue[0] = s
            head = 0
            tail = 1
            while head < tail and got != _LINK:
                j = 6 * int(queue[head])
                head += 1
                end = j + 6
                while j < end:
                    y = int(nbr[j])
                    if y != _OFF and int(cell[y]) == v:
                        cell[y] = v + _MARK
                        queue[tail] = y
                        tail += 1
                        got |= int(wv[y])
                    j += 1
            j = 0
            while j < tail:
                cell[queue[j]] = v
                j += 1
            if got == _LINK:
                w = v
        if w == 0:
            # discs walled in by the push: more than the empty cells loses;
            # none, and the opponent may have no move left
            ns = 0
            j = 6 * c
            jend = j + 6
            while j < jend:
                x = int(nbr[j])
                j += 1
                if x == _OFF or enb[x] != 0:
                    continue
                a = int(cell[x])
                if a == 0 or a == p:
                    continue
                walled = True
                h = 6 * x
                hend = h + 6
                while h < hend:
                    y = int(nbr[h])
                    if y != _OFF and int(cell[y]) != p:
                        walled = False
                        break
                    h += 1
                if walled:
                    ns += 1
            if ns > 0:
                if ns > empty - 1:
                    w = q
            elif pie_turn == 0:
                can = hands_q != 0 and enb[c] != 0
                if hands_q != 0 and not can:
                    y = 0
                    while y < n:
                        a = int(cell[y])
                        if (a == p or a == _N) and enb[y] != 0:
                            can = True
                            break
                        y += 1
                if not can:
                    w = p
        j = 6 * e
        jend = j + 6
        while j < jend:
            y = int(nbr[j])
            if y != _OFF:
                enb[y] = int(enb[y]) + 1
            j += 1
        cell[e] = 0
        cell[c] = d
        out[i] = w
        if w != 0:
            count += 1
    return count


@micropython.viper
def last_relocation_ends(cell: ptr8, nbr: ptr8, enb: ptr8, moves: ptr32, k: int, out: ptr8,
                         x: int, p: int, hands_q: int, swap_next: int, qlink: int, cq: int,
                         eq: int, adj, arc: ptr8, arc_at: ptr8, wq: ptr8, queue: ptr8,
                         size: int) -> int:
    q = 3 - p
    n = size * size
    v = int(cell[x])
    cell[x] = 0
    j = 6 * x
    jend = j + 6
    while j < jend:
        y = int(nbr[j])
        if y != _OFF:
            enb[y] = int(enb[y]) + 1
        j += 1
    count = 0
    for i in range(k):
        t = int(moves[i]) & 255
        cell[t] = v
        j = 6 * t
        jend = j + 6
        while j < jend:
            y = int(nbr[j])
            if y != _OFF:
                enb[y] = int(enb[y]) - 1
            j += 1
        w = 0
        if qlink != 0:
            w = q
        elif v == q:
            # a link of q through t: the counts, the arc shortcut, a flood fill
            h = eq + int(wq[t]) - int(wq[x])
            if cq >= size and (h & 63) != 0 and (h >> 6) != 0:
                a = 0
                if wq[t] == 0:
                    j = 6 * t
                    jend = j + 6
                    while j < jend:
                        y = int(nbr[j])
                        if y != _OFF:
                            a += a
                            if int(cell[y]) == q:
                                a += 1
                        j += 1
                    a = int(arc[a + int(arc_at[t])])
                if a == 0:
                    got = int(wq[t])
                    cell[t] = q + _MARK
                    queue[0] = t
                    head = 0
                    tail = 1
                    while head < tail and got != _LINK:
                        j = 6 * int(queue[head])
                        head += 1
                        end = j + 6
                        while j < end:
                            y = int(nbr[j])
                            if y != _OFF and int(cell[y]) == q:
                                cell[y] = q + _MARK
                                queue[tail] = y
                                tail += 1
                                got |= int(wq[y])
                            j += 1
                    j = 0
                    while j < tail:
                        cell[queue[j]] = q
                        j += 1
                    if got == _LINK:
                        w = q
        if w == 0 and swap_next == 0:
            # the end of the turn: q needs a disc in hand and a push
            can = False
            if hands_q != 0:
                y = 0
                while y < n:
                    a = int(cell[y])
                    if (a == p or a == _N) and enb[y] != 0:
                        can = True
                        break
                    y += 1
            if not can:
                w = p
        j = 6 * t
        jend = j + 6
        while j < jend:
            y = int(nbr[j])
            if y != _OFF:
                enb[y] = int(enb[y]) + 1
            j += 1
        cell[t] = 0
        out[i] = w
        if w != 0:
            count += 1
    j = 6 * x
    jend = j + 6
    while j < jend:
        y = int(nbr[j])
        if y != _OFF:
            enb[y] = int(enb[y]) - 1
        j += 1
    cell[x] = v
    return count
