# HexGo's hot loops as native code (viper): the kernels of twins.py, which says
# what each computes; the same signatures and the same results. A move is
# inlined wherever one is made (the playout, a move of the descent, the look
# for wins in one): a call between viper functions goes through the runtime
# and costs what a bytecode call does.
#
# st is the game's one state buffer (rules.py): cell, enb, opn and opos of 37
# bytes each, then nopen. Cells: 0 empty, 1 X, 2 O, 3 captured Me of X, 4 of
# O; 5 + p marks, during one move, a stone p captures. nb: 7 bytes a cell,
# its number of neighbours and then the neighbours; adj, the board's
# neighbours as Python objects, is the twins' and unused here.
import micropython
from micropython import const

_A1 = const(32760)      # hexgames/rng.py's generators, stepped inline
_A2 = const(32730)
_M15 = const(0x7FFF)
_NONE = const(255)      # opos: "not in the open list"
_N = const(37)
_ENB = const(37)        # st's layout, as rules.py's
_OPN = const(74)
_OPOS = const(111)
_NOPEN = const(148)


@micropython.viper
def playout(st: ptr8, side: int, plies: int, seed: int, nb: ptr8, adj) -> int:
    cell = st
    enb = ptr8(uint(st) + _ENB)
    opn = ptr8(uint(st) + _OPN)
    opos = ptr8(uint(st) + _OPOS)
    nopen = int(st[_NOPEN])
    # Rng.seed's moduli made at run time: on the Cortex-M0+ a constant above
    # 16 bits is loaded from beside the code, and frozen into the image that
    # word can sit 2 bytes off (1000003 read back as 0x4243e001)
    d1 = 1000
    d1 = d1 * 1000 + 3                  # 1000003
    d2 = d1 - 20                        # 999983
    x1 = 1 + seed % d1                  # Rng.seed
    x2 = 1 + (seed // d1 + 7919 * (seed % 7)) % d2
    for k in range(4):
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
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
        d = 7 * c + 1
        end = d + nb[d - 1]
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
                a = 7 * j + 1
                b = a + nb[a - 1]
                while a < b:
                    if cell[nb[a]] == p:
                        t += 2
                    a += 1
                if t > nb[7 * j]:
                    cell[j] = 5 + p     # taken off below: all judged on one position
                    ncap += 1
        if ncap:
            d = 7 * c + 1
            while d < end:
                j = nb[d]
                d += 1
                if cell[j] > 5:
                    cell[j] = p + 2
                    a = 7 * j + 1
                    b = a + nb[a - 1]
                    while a < b:
                        enb[nb[a]] += 1
                        a += 1
        p = q
        plies -= 1
    st[_NOPEN] = nopen
    r = nopen | (p << 6)
    if nopen > 0:
        return r
    # the score, as score()
    mx = 0
    mo = 0
    px = 0
    po = 0
    i = 0
    while i < _N:
        v = cell[i]
        if v == 3:
            mx += 1
            px += 1
        elif v == 4:
            mo += 1
            po += 1
        elif v == 0 and enb[i] == 0:
            t = 0
            a = 7 * i + 1
            b = a + nb[a - 1]
            while a < b:
                if cell[nb[a]] == 1:
                    t += 2
                a += 1
            if t > nb[7 * i]:
                mx += 1
            elif t < nb[7 * i]:
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
def apply(st: ptr8, c: int, p: int, nb: ptr8, adj) -> int:
    cell = st
    enb = ptr8(uint(st) + _ENB)
    opn = ptr8(uint(st) + _OPN)
    opos = ptr8(uint(st) + _OPOS)
    nopen = int(st[_NOPEN])
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
    d = 7 * c + 1
    end = d + nb[d - 1]
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
            a = 7 * j + 1
            b = a + nb[a - 1]
            while a < b:
                if cell[nb[a]] == p:
                    t += 2
                a += 1
            if t > nb[7 * j]:
                cell[j] = 5 + p
                ncap += 1
    if ncap:
        d = 7 * c + 1
        while d < end:
            j = nb[d]
            d += 1
            if cell[j] > 5:
                cell[j] = p + 2
                a = 7 * j + 1
                b = a + nb[a - 1]
                while a < b:
                    enb[nb[a]] += 1
                    a += 1
    st[_NOPEN] = nopen
    return nopen


@micropython.viper
def score(st: ptr8, nb: ptr8, adj) -> int:
    cell = st
    enb = ptr8(uint(st) + _ENB)
    mx = 0
    mo = 0
    px = 0
    po = 0
    i = 0
    while i < _N:
        v = cell[i]
        if v == 3:
            mx += 1
            px += 1
        elif v == 4:
            mo += 1
            po += 1
        elif v == 0 and enb[i] == 0:
            t = 0
            a = 7 * i + 1
            b = a + nb[a - 1]
            while a < b:
                if cell[nb[a]] == 1:
                    t += 2
                a += 1
            if t > nb[7 * i]:
                mx += 1
            elif t < nb[7 * i]:
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
def moves(st: ptr8, buf: ptr32, nb: ptr8, adj) -> int:
    cell = st
    enb = ptr8(uint(st) + _ENB)
    opn = ptr8(uint(st) + _OPN)
    nopen = int(st[_NOPEN])
    k = 0
    while k < nopen:
        buf[k] = opn[k]
        k += 1
    i = 0
    while i < _N:
        if cell[i] == 0 and enb[i] == 0:        # a Me: every neighbour a stone
            a = 7 * i + 1
            b = a + nb[a - 1]
            x = 0
            while a < b:
                if cell[nb[a]] == 1:
                    x += 1
                a += 1
            if nb[7 * i] != 6 or (1 < x and x < 5):     # not locked
                a = 7 * i + 1
                while a < b:
                    s = nb[a]
                    a += 1
                    if enb[s] == 1:             # i is its last empty neighbour
                        u = 3 - cell[s]
                        t = 2                   # u's stone on i
                        c = 7 * s + 1
                        e = c + nb[c - 1]
                        while c < e:
                            if cell[nb[c]] == u:
                                t += 2
                            c += 1
                        if t > nb[7 * s]:
                            buf[k] = i
                            k += 1
                            break
        i += 1
    return k


@micropython.viper
def ends(st: ptr8, moves: ptr32, k: int, out: ptr8, p: int, nb: ptr8, adj, tst: ptr8) -> int:
    cell = st
    enb = ptr8(uint(st) + _ENB)
    opos = ptr8(uint(st) + _OPOS)
    nopen = int(st[_NOPEN])
    tcell = tst
    tenb = ptr8(uint(tst) + _ENB)
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
        d = 7 * m + 1
        end = d + nb[d - 1]
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
        while j < _OPN:
            tst[j] = st[j]
            j += 1
        tcell[m] = p
        ncap = 0
        d = 7 * m + 1
        while d < end:
            j = nb[d]
            d += 1
            e = tenb[j] - 1
            tenb[j] = e
            if e == 0 and tcell[j] == q:
                t = 0
                a = 7 * j + 1
                b = a + nb[a - 1]
                while a < b:
                    if tcell[nb[a]] == p:
                        t += 2
                    a += 1
                if t > nb[7 * j]:
                    tcell[j] = 5 + p
                    ncap += 1
        if ncap:
            d = 7 * m + 1
            while d < end:
                j = nb[d]
                d += 1
                if tcell[j] > 5:
                    tcell[j] = p + 2
                    a = 7 * j + 1
                    b = a + nb[a - 1]
                    while a < b:
                        tenb[nb[a]] += 1
                        a += 1
        # the finished game's score, as score()
        mx = 0
        mo = 0
        px = 0
        po = 0
        j = 0
        while j < _N:
            v = tcell[j]
            if v == 3:
                mx += 1
                px += 1
            elif v == 4:
                mo += 1
                po += 1
            elif v == 0 and tenb[j] == 0:
                t = 0
                a = 7 * j + 1
                b = a + nb[a - 1]
                while a < b:
                    if tcell[nb[a]] == 1:
                        t += 2
                    a += 1
                if t > nb[7 * j]:
                    mx += 1
                elif t < nb[7 * j]:
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
