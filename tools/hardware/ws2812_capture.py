# Runs on the MicroPython unix port, started by tools/hardware/ws2812_timing.py:
#   micropython tools/hardware/ws2812_capture.py KITDIR CONSTANTS_JSON COLOURS_JSON [FIRMWARE_DIR]
# KITDIR holds the chip's own rp2.py (MicroPython's PIO assembler, frozen into the
# firmware). This file stands in for `_rp2` (the C half of rp2) and `machine`, imports
# firmware/device/leds.py as the chip would (MicroPython's compiler inlines its const()
# delays just as on the chip), builds Leds(0, n), draws the colours, writes, and prints
# as JSON what reached the hardware: the assembled program, the StateMachine's
# arguments and the bytes handed to the DMA.
import json
import sys


class PIO:
    pass                       # constants set from rp2_pio.c's table in main()


class Pin:
    OUT = 1

    def __init__(self, id, mode=-1):
        self.id = id


record = {}


class StateMachine:
    def __init__(self, id, prog, freq=-1, sideset_base=None, **kw):
        record["sm"] = {"id": id, "freq": freq, "sideset_base": sideset_base.id,
                        "words": list(prog[0]), "execctrl": prog[4], "shiftctrl": prog[5],
                        "sideset_init": prog[8]}

    def active(self, v=None):
        return 1


class DMA:
    def pack_ctrl(self, **kw):
        return kw

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        if trigger:
            record["dma"] = {"data": bytes(read[:count]).hex(), "size": ctrl["size"],
                             "write": write, "treq": ctrl["treq_sel"]}

    def active(self, v=None):
        return False


def main():
    kitdir, constants, colours = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
    firmware = sys.argv[4] if len(sys.argv) > 4 else "firmware"
    import ws2812_capture as me             # this file as a module, to stand in for both
    for k in constants:
        setattr(me.PIO, k, constants[k])
    sys.modules["_rp2"] = me
    sys.modules["machine"] = me
    sys.path[:0] = [kitdir, firmware]
    from device import leds
    chain = leds.Leds(0, len(colours))
    for i in range(len(colours)):
        chain[i] = colours[i]
    chain.write()
    print(json.dumps(me.record))


if __name__ == "__main__":
    main()
