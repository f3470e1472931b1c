# device/kernels.py's twin: the key scan's loop in plain Python, where mem32-like
# objects stand in for the chip (the PC's tests with their stubs). Same arguments and
# result, except that sio and tmr here are such objects, indexed by absolute address.
from micropython import const

_SIO_IN = const(0xD0000004)       # RP2040 SIO: GPIO_IN, all pins in one read
_SIO_OUT = const(0xD0000010)      # GPIO_OUT: the outputs as driven
_SIO_XOR = const(0xD000001C)      # GPIO_OUT_XOR: flips the outputs set in the value
_TIMERAWL = const(0x40054028)     # TIMER: microseconds, low word, no latch


def scan(sio, tmr, sets, raw, stable, force, amask, shift, rmask, ticks):
    todo = 0
    for a in range(16):
        sio[_SIO_XOR] = (sio[_SIO_OUT] ^ sets[a]) & amask
        t0 = tmr[_TIMERAWL]
        while (tmr[_TIMERAWL] - t0) & 0xFFFFFFFF < ticks:
            pass
        v = ((sio[_SIO_IN] >> shift) & rmask) | force[a]
        if v != stable[a]:
            if v == raw[a]:
                todo |= 1 << a
        elif v != rmask:
            todo |= 1 << a
        raw[a] = v
    return todo
