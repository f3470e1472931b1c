# device/kernels.py's twin: the key scan's loop in plain Python, where a mem32-like
# object stands in for the chip (the PC's tests with their stubs). Same arguments and
# result, except that sio here is that object, indexed by absolute address.
from micropython import const

_SIO_IN = const(0xD0000004)       # RP2040 SIO: GPIO_IN, all pins in one read
_SIO_SET = const(0xD0000014)      # GPIO_OUT_SET
_SIO_CLR = const(0xD0000018)      # GPIO_OUT_CLR


def scan(sio, sets, raw, stable, clr, shift, rmask):
    todo = 0
    for a in range(16):
        sio[_SIO_CLR] = clr
        sio[_SIO_SET] = sets[a]
        # The mux and the pull-up settle within the ~1 us two bytecodes take.
        v = (sio[_SIO_IN] >> shift) & rmask
        if v != stable[a]:
            if v == raw[a]:
                todo |= 1 << a
        elif v != rmask:
            todo |= 1 << a
        raw[a] = v
    return todo
