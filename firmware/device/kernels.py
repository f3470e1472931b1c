# The key scan's loop as native code (device/keyscan.py): it runs every 8 ms, also
# while the computer thinks, and as bytecode it took about 5% of the chip. Its twin,
# device/twins.py, is the same loop in plain Python over a mem32-like object.
#
# Settling is timed on the chip's microsecond timer, not counted in loop passes: a
# busy loop's length in time depends on the code the compiler makes of it (the old
# 40-pass loop was said to wait 1-2 us and took nearer 6). After an address change the
# mux's common line still shows the channel before until the pull-up (tens of kilohms)
# has charged the line; read too early, a held key also reads at the next address
# (keyscan.Scanner.SETTLE_US has the figures and the HexBoard firmware's own waits).
import micropython


@micropython.viper
def scan(sio, tmr, sets, raw, stable, force, amask: int, shift: int, rmask: int,
         ticks: int) -> int:
    """One pass over the 16 mux channels. sio: the RP2040's SIO block (its address,
    0xD0000000; any buffer of 8 words in the tests): word 1 reads every GPIO, word 4
    the outputs as driven, word 7 flips outputs (GPIO_OUT_XOR). tmr: the timer's
    TIMERAWL (0x40054028; a buffer's word 0 in the tests), microseconds. sets: the
    address pins' levels per channel (masks within amask); raw: the last reading per
    channel (rewritten); stable: the debounced state (read only); force: bits read as
    released whatever the line says, per channel (a hard-wired slot). ticks: timer
    ticks to wait after each address change before reading. Returns the channels the
    slow path in Python must see, one bit each: a change that two scans in a row
    agree on, or a key held down."""
    io = ptr32(sio)
    t = ptr32(tmr)
    st = ptr32(sets)
    r = ptr32(raw)
    s = ptr32(stable)
    f = ptr32(force)
    todo = 0
    a = 0
    while a < 16:
        # One bus write moves all four address lines: XOR flips just the pins that
        # differ, so no other output can be disturbed and the mux never passes through
        # a third address (clear-then-set drives channel 0 for a moment).
        io[7] = (io[4] ^ st[a]) & amask
        t0 = t[0]
        while t[0] - t0 < ticks:          # 32-bit wrap-around subtracts right
            pass
        v = ((io[1] >> shift) & rmask) | f[a]
        if v != s[a]:
            if v == r[a]:
                todo |= 1 << a
        elif v != rmask:
            todo |= 1 << a
        r[a] = v
        a += 1
    return todo
