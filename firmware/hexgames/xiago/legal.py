# XiaGo's test of a placement, in plain Python: the game's own (stones.py) and the
# twins' (groups/, scan/) over the same buffers (groups/twins.py says which); the
# kernels inline it where they need it.
from micropython import const

_MARK = const(0x8000)   # libs of a group counted as captured, while a check runs
_IO_N = const(0)
_IO_TMASK = const(1)
_IO_MINEMP = const(3)
_IO_H1 = const(4)
_IO_H2 = const(5)
_IO_NEMP = const(6)


def check_place(cell, head, nxt, libs, z, adj, t1, t2, io, c, p):
    """0 if p may place on the vacant cell c and so end a turn, 1 if it is
    suicide, 2 if it repeats a position (superko). The neighbours' liberties
    are lowered for the test and restored: the state is left alone."""
    n = io[_IO_N]
    nb = adj[c]
    q = 3 - p
    vac = hq = 0
    for j in nb:
        v = cell[j]
        if v == 0:
            vac += 1
        elif v != 3:
            libs[head[j]] -= 1
            if v == q:
                hq = 1
    h1 = io[_IO_H1] ^ z[(p - 1) * n + c]
    h2 = io[_IO_H2] ^ z[(p - 1) * n + c + 1]
    cap = 0
    if hq:
        qz = (q - 1) * n
        for j in nb:
            if cell[j] == q:
                r = head[j]
                if libs[r] == 0:            # captured: count each group once
                    libs[r] = _MARK
                    s = r
                    while True:
                        h1 ^= z[qz + s]
                        h2 ^= z[qz + s + 1]
                        cap += 1
                        s = nxt[s]
                        if s == r:
                            break
    ok = vac or cap
    if not ok:
        for j in nb:
            if cell[j] == p and libs[head[j]]:
                ok = 1
    for j in nb:
        v = cell[j]
        if v == 1 or v == 2:
            r = head[j]
            if libs[r] >= _MARK:
                libs[r] = 0
            libs[r] += 1
    if not ok:
        return 1
    if io[_IO_NEMP] - 1 + cap >= io[_IO_MINEMP]:
        mask = io[_IO_TMASK]
        i = h1 & mask
        h2 &= 0xFFFF
        while True:
            v = t1[i]
            if v == h1:
                if t2[i] == h2:
                    return 2
            elif v < 0:
                break
            i = (i + 1) & mask
    return 0
