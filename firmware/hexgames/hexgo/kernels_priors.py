# HexGo's move priors as native code (viper): the kernel of twins_priors.py,
# which says what it computes and where its weights come from; the same
# signature and the same results. nb: 7 bytes a cell, its number of
# neighbours and then they; adj is the twin's and unused here.
import micropython
from micropython import const

_ENB = const(37)
_BASE = const(256)


@micropython.viper
def priors(st: ptr8, moves: ptr32, k: int, out: ptr8, p: int, nb: ptr8, adj, sc: ptr32) -> int:
    enb = ptr8(uint(st) + _ENB)
    q = 3 - p
    total = 0
    i = 0
    while i < k:
        c = moves[i]
        n = int(nb[7 * c])
        s = _BASE - 20 if n == 3 else _BASE
        if enb[c] == 0:
            s += 88
        own = 0
        opp = 0
        opn = 0
        d = 7 * c + 1
        end = d + n
        while d < end:
            j = int(nb[d])
            d += 1
            v = int(st[j])
            e = int(enb[j])
            if v == p:
                own += 1
            elif v == q:
                opp += 1
            elif v == 0:
                opn += 1
            if e == 1 and (v == 0 or v == q):
                x = 0                   # p's and q's stones around j
                y = 0
                a = 7 * j + 1
                b = a + int(nb[a - 1])
                while a < b:
                    u = int(st[nb[a]])
                    if u == p:
                        x += 1
                    elif u == q:
                        y += 1
                    a += 1
                if v == 0:
                    if x + 1 > y:
                        s += 48
                    elif y > x + 1:
                        s -= 22
                    else:
                        s += 39
                elif 2 * (x + 1) > int(nb[7 * j]):
                    s += 122
        s += 9 * (opp + opn) - 4 * own
        if own >= 2:
            s -= 6
        if opp >= 3:
            s -= 8
        sc[i] = s
        total += s
        i += 1
    m = 0
    if k > 0:
        m = total // k
    i = 0
    while i < k:
        v = 8 + ((sc[i] - m) >> 3)
        if v < 0:
            v = 0
        elif v > 16:
            v = 16
        out[i] = v
        i += 1
    return m
