# XiaGo's playout as native code (viper): the kernel of twins.py, which says
# what it computes; the same signature and the same results. Neighbours come
# from nb, not adj, which viper cannot read (adj comes last): off the board
# nb names cell n, which holds a neutral piece, so that no loop tests for
# the edge (a neutral piece is what the edge is to every rule); every value
# is an int >= 0 in io (a ptr32 read of a negative number differs between
# the chip and the unix port), and a free slot of the superko table (-1) is
# told by its bit 30.
#
# Three functions, each kept short (the board's image once froze native code
# 2-byte aligned, where a jump over 2 KB went astray; tools/build/firmware.py now
# aligns it): playout() runs
# the plies and tries the cells; a cell that might capture, or leave a lone
# liberty, goes to _judge(); the stone is placed by _place(), which also
# finds the answer to it for the next ply. They find the buffers through io
# (where each lies relative to io), and io holds the position's hash, vacant
# count, table count and fewest vacant cells, always up to date.
import micropython
from micropython import const
from hexgames.xiago.kernels_ply import _ply

_A1 = const(32760)
_A2 = const(32730)
_M15 = const(0x7FFF)

_IO_TMASK = const(1)
_IO_TCOUNT = const(2)
_IO_NEMP = const(6)
_IO_SIDE = const(7)
_IO_PASSES = const(8)
_IO_MUST = const(9)
_IO_LAST = const(10)
_IO_X1 = const(11)
_IO_X2 = const(12)
_IO_PLIES = const(13)
# io[16..27]: where the buffers are, for the helpers (relative to io, plus
# _BIAS: values >= 0); the kernel's scratch, zero again when it returns
_AT_CELL = const(16)
_AT_HEAD = const(17)
_AT_NXT = const(18)
_AT_SIZE = const(19)
_AT_LIBS = const(20)
_AT_EMP = const(21)
_AT_EPOS = const(22)
_AT_Z = const(23)
_AT_NB = const(24)
_AT_T1 = const(25)
_AT_T2 = const(26)
_BIAS = const(1 << 29)


@micropython.viper
def playout(cell: ptr8, head: ptr16, nxt: ptr16, size: ptr16, libs: ptr16, emp: ptr16,
            epos: ptr16, z: ptr32, nb: ptr16, t1: ptr32, t2: ptr16, io: ptr32, adj) -> int:
    tmask = io[_IO_TMASK]
    side = io[_IO_SIDE]
    passes = io[_IO_PASSES]
    must = io[_IO_MUST]
    last = io[_IO_LAST] - 1
    x1 = io[_IO_X1]
    x2 = io[_IO_X2]
    plies = io[_IO_PLIES]
    tfull = (3 * (tmask + 1)) >> 2
    full = 0
    # The helpers find the buffers through io: a call costs about 0.5 us an
    # int argument and 1.3 us a pointer (chip), and helpers are called on
    # almost every ply.
    a_io = int(io)
    io[_AT_CELL] = int(cell) - a_io + _BIAS
    io[_AT_HEAD] = int(head) - a_io + _BIAS
    io[_AT_NXT] = int(nxt) - a_io + _BIAS
    io[_AT_SIZE] = int(size) - a_io + _BIAS
    io[_AT_LIBS] = int(libs) - a_io + _BIAS
    io[_AT_EMP] = int(emp) - a_io + _BIAS
    io[_AT_EPOS] = int(epos) - a_io + _BIAS
    io[_AT_Z] = int(z) - a_io + _BIAS
    io[_AT_NB] = int(nb) - a_io + _BIAS
    io[_AT_T1] = int(t1) - a_io + _BIAS
    io[_AT_T2] = int(t2) - a_io + _BIAS
    want = -1
    if last >= 0 and plies > 0:     # the answer to the last move
        want = (int(_ply(a_io, -1, last, side)) >> 10) - 2
    while plies > 0:
        if io[_IO_TCOUNT] >= tfull:
            full = 1
            break
        plies -= 1
        x1 = _A1 * (x1 & _M15) + (x1 >> 15)
        x2 = _A2 * (x2 & _M15) + (x2 >> 15)
        k = (((x1 ^ x2) & _M15) * io[_IO_NEMP]) >> 15
        r = int(_ply(a_io, k, want, side | must << 2))
        side = 3 - side
        if r == 0:                  # a pass
            last = -1
            want = -1
            passes += 1
            if passes == 2:
                break
            continue
        last = (r & 1023) - 2
        want = (r >> 10) - 2
        passes = 0
        must = 0
    io[_IO_SIDE] = side
    io[_IO_PASSES] = passes
    io[_IO_MUST] = must
    io[_IO_LAST] = last + 1
    io[_IO_X1] = x1
    io[_IO_X2] = x2
    io[_IO_PLIES] = plies
    i = _AT_CELL
    while i <= _AT_T2:
        io[i] = 0
        i += 1
    return full
