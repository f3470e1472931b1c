# The key scan's loop as native code (device/keyscan.py): it runs every 8 ms, also
# while the computer thinks, and as bytecode it took about 5% of the chip. Its twin,
# device/twins.py, is the same loop in plain Python over a mem32-like object.
import micropython
from micropython import const

# Native code reads the pins a few cycles after it sets the address: the mux and the
# pin's pull-up (tens of kilohms into the line's few picofarads) need about a
# microsecond to settle, which bytecode took anyway. A pass of this busy loop takes a
# few cycles: 40 of them wait 1-2 us at 125 MHz, 16-32 us a scan in all.
_SETTLE = const(40)


@micropython.viper
def scan(sio, sets, raw, stable, clr: int, shift: int, rmask: int) -> int:
    """One pass over the 16 mux channels. sio: the RP2040's SIO block (its address,
    0xD0000000; any buffer of 7 words in the tests): word 1 reads every GPIO, words
    5 and 6 set and clear outputs. sets: the address pins' set mask per channel;
    raw: the last reading per channel (rewritten); stable: the debounced state (read
    only). Returns the channels the slow path in Python must see, one bit each: a
    change that two scans in a row agree on, or a key held down."""
    io = ptr32(sio)
    st = ptr32(sets)
    r = ptr32(raw)
    s = ptr32(stable)
    todo = 0
    a = 0
    while a < 16:
        io[6] = clr
        io[5] = st[a]
        d = 0
        while d < _SETTLE:
            d += 1
        v = (io[1] >> shift) & rmask
        if v != s[a]:
            if v == r[a]:
                todo |= 1 << a
        elif v != rmask:
            todo |= 1 << a
        r[a] = v
        a += 1
    return todo
