# HexGo's hot loops as native code (viper): the kernels of twins.py, which says
# what each computes; the same signatures and the same results. A move is
# inlined wherever one is made (the playout, a move of the descent, the look
# for wins in one): a call between viper functions goes through the runtime
# and costs what a bytecode call does.
#
# Tables (rules.py builds them once): nb, 6 bytes a cell with the cell's
# neighbours first; deg, each cell's number of neighbours; adj, the board's
# neighbours as Python objects, which only the twins read. Cells: 0 empty,
# 1 X, 2 O, 3 captured Me of X, 4 of O; 5 + p marks, during one move, a stone
# p captures.
import micropython
from micropython import const

_A1 = const(32760)      # hexgames/rng.py's generators, stepped inline
_A2 = const(32730)
_M15 = const(0x7FFF)
_NONE = const(255)      # opos: "not in the open list"


@micropython.viper
def playout(cell: ptr8, enb: ptr8, opn: ptr8, opos: ptr8, nopen: int, side: int,
            plies: int, x1: int, x2: int, nb: ptr8, deg: ptr8, adj, n: int) -> int:
    p = side
    while plies > 0 and nopen > 0:
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
        ncap = 0
        d = 6 * c
        end = d + deg[c]
        while d < end:
            j = nb[d]
            d += 1
            e = enb[j] - 1
            enb[j] = e
            if e != 0:
                continue
            v = cell[j]
            if v == 0:                  # j became a Me: it leaves the open list
                nopen -= 1
                k = opos[j]
                i = opn[nopen]
                opn[k] = i
                opos[i] = k
                opos[j] = _NONE
            elif v == q:                # an enclosed enemy stone: majority decides
                t = 0
                a = 6 * j
                b = a + deg[j]
                while a < b:
                    if cell[nb[a]] == p:
                        t += 2
                    a += 1
                if t > deg[j]:
                    cell[j] = 5 + p     # removed below: all judged on one position
                    ncap += 1
        if ncap:
            d = 6 * c
            while d < end:
                j = nb[d]
                d += 1
                if cell[j] > 5:
                    cell[j] = p + 2
                    a = 6 * j
                    b = a + deg[j]
                    while a < b:
                        enb[nb[a]] += 1
                        a += 1
        p = q
        plies -= 1
    r = nopen | (p << 6)
    if nopen > 0:
        return r
    # the score (twins.score)
    mx = 0
    mo = 0
    px = 0
    po = 0
    i = 0
    while i < n:
        v = cell[i]
        if v == 3:
            mx += 1
            px += 1
        elif v == 4:
            mo += 1
            po += 1
        elif v == 0 and enb[i] == 0:
            t = 0
            a = 6 * i
            b = a + deg[i]
            while a < b:
                if cell[nb[a]] == 1:
                    t += 2
                a += 1
            if t > deg[i]:
                mx += 1
            elif t < deg[i]:
                mo += 1
        i += 1
    sx = mx - po
    if sx < 0:
        sx = 0
    so = mo - px
    if so < 0:
        so = 0
    w = 0
    if sx > so:
        w = 1
    elif so > sx:
        w = 2
    return r | (w << 8) | (sx << 10) | (so << 16)


@micropython.viper
def apply(cell: ptr8, enb: ptr8, opn: ptr8, opos: ptr8, nopen: int, c: int, p: int,
          nb: ptr8, deg: ptr8, adj) -> int:
    q = 3 - p
    cell[c] = p
    k = opos[c]
    if k != _NONE:                      # an open cell (else a Me being entered)
        nopen -= 1
        i = opn[nopen]
        opn[k] = i
        opos[i] = k
        opos[c] = _NONE
    ncap = 0
    d = 6 * c
    end = d + deg[c]
    while d < end:
        j = nb[d]
        d += 1
        e = enb[j] - 1
        enb[j] = e
        if e != 0:
            continue
        v = cell[j]
        if v == 0:
            k = opos[j]
            if k != _NONE:
                nopen -= 1
                i = opn[nopen]
                opn[k] = i
                opos[i] = k
                opos[j] = _NONE
        elif v == q:
            t = 0
            a = 6 * j
            b = a + deg[j]
            while a < b:
                if cell[nb[a]] == p:
                    t += 2
                a += 1
            if t > deg[j]:
                cell[j] = 5 + p
                ncap += 1
    if ncap:
        d = 6 * c
        while d < end:
            j = nb[d]
            d += 1
            if cell[j] > 5:
                cell[j] = p + 2
                a = 6 * j
                b = a + deg[j]
                while a < b:
                    enb[nb[a]] += 1
                    a += 1
    return nopen


@micropython.viper
def score(cell: ptr8, enb: ptr8, nb: ptr8, deg: ptr8, adj, n: int) -> int:
    mx = 0
    mo = 0
    px = 0
    po = 0
    i = 0
    while i < n:
        v = cell[i]
        if v == 3:
            mx += 1
            px += 1
        elif v == 4:
            mo += 1
            po += 1
        elif v == 0 and enb[i] == 0:
            t = 0
            a = 6 * i
            b = a + deg[i]
            while a < b:
                if cell[nb[a]] == 1:
                    t += 2
                a += 1
            if t > deg[i]:
                mx += 1
            elif t < deg[i]:
                mo += 1
        i += 1
    sx = mx - po
    if sx < 0:
        sx = 0
    so = mo - px
    if so < 0:
        so = 0
    w = 0
    if sx > so:
        w = 1
    elif so > sx:
        w = 2
    return (w << 8) | (sx << 10) | (so << 16)


@micropython.viper
def moves(cell: ptr8, enb: ptr8, opn: ptr8, nopen: int, buf: ptr32, nb: ptr8, deg: ptr8,
          adj, n: int) -> int:
    k = 0
    while k < nopen:
        buf[k] = opn[k]
        k += 1
    i = 0
    while i < n:
        if cell[i] == 0 and enb[i] == 0:        # a Me: every neighbour a stone
            dg = deg[i]
            a = 6 * i
            b = a + dg
            x = 0
            while a < b:
                if cell[nb[a]] == 1:
                    x += 1
                a += 1
            if dg != 6 or (1 < x and x < 5):    # not locked
                a = 6 * i
                while a < b:
                    s = nb[a]
                    a += 1
                    if enb[s] == 1:             # i is its last empty neighbour
                        u = 3 - cell[s]
                        t = 2                   # a stone of u on i
                        c = 6 * s
                        e = c + deg[s]
                        while c < e:
                            if cell[nb[c]] == u:
                                t += 2
                            c += 1
                        if t > deg[s]:
                            buf[k] = i
                            k += 1
                            break
        i += 1
    return k


@micropython.viper
def ends(cell: ptr8, enb: ptr8, opos: ptr8, nopen: int, moves: ptr32, k: int, out: ptr8,
         p: int, nb: ptr8, deg: ptr8, adj, n: int, tcell: ptr8, tenb: ptr8) -> int:
    q = 3 - p
    count = 0
    for i in range(k):
        out[i] = 0
    if nopen > 7:                       # a move closes at most itself and six more
        return 0
    for i in range(k):
        m = moves[i]
        if opos[m] == _NONE:            # entering a Me closes no open cell
            continue
        gone = 1
        d = 6 * m
        end = d + deg[m]
        while d < end:
            j = nb[d]
            d += 1
            if enb[j] == 1 and opos[j] != _NONE:
                gone += 1
        if gone != nopen:
            continue
        count += 1
        # the move on copies of cell and enb (the open list is done with)
        j = 0
        while j < n:
            tcell[j] = cell[j]
            tenb[j] = enb[j]
            j += 1
        tcell[m] = p
        ncap = 0
        d = 6 * m
        while d < end:
            j = nb[d]
            d += 1
            e = tenb[j] - 1
            tenb[j] = e
            if e == 0 and tcell[j] == q:
                t = 0
                a = 6 * j
                b = a + deg[j]
                while a < b:
                    if tcell[nb[a]] == p:
                        t += 2
                    a += 1
                if t > deg[j]:
                    tcell[j] = 5 + p
                    ncap += 1
        if ncap:
            d = 6 * m
            while d < end:
                j = nb[d]
                d += 1
                if tcell[j] > 5:
                    tcell[j] = p + 2
                    a = 6 * j
                    b = a + deg[j]
                    while a < b:
                        tenb[nb[a]] += 1
                        a += 1
        # the score of the finished game (as score)
        mx = 0
        mo = 0
        px = 0
        po = 0
        j = 0
        while j < n:
            v = tcell[j]
            if v == 3:
                mx += 1
                px += 1
            elif v == 4:
                mo += 1
                po += 1
            elif v == 0 and tenb[j] == 0:
                t = 0
                a = 6 * j
                b = a + deg[j]
                while a < b:
                    if tcell[nb[a]] == 1:
                        t += 2
                    a += 1
                if t > deg[j]:
                    mx += 1
                elif t < deg[j]:
                    mo += 1
            j += 1
        sx = mx - po
        if sx < 0:
            sx = 0
        so = mo - px
        if so < 0:
            so = 0
        if sx > so:
            out[i] = 1
        elif so > sx:
            out[i] = 2
    return count
