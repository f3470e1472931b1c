# The LED chain: the neopixel API the app expects (n, [i] = (r, g, b), fill, write,
# plus `buf` in wire order), sent by a PIO state machine fed by DMA.
#
# Why not the neopixel module: it bit-bangs the WS2812 protocol with interrupts
# disabled, 30 us per LED: 3.8 ms per frame on the pocket board (127 LEDs), 8.1 ms on
# the full one (271), during which the key-scan timer and USB wait. With PIO the
# waveform is made in hardware; with DMA feeding the PIO FIFO the CPU's part of a
# write is one copy of the buffer (381 / 813 bytes) and a register write, and the
# frame goes out in the background. Where rp2.DMA is missing (MicroPython < 1.21)
# make() falls back to the neopixel module.
from micropython import const
import rp2
from machine import Pin

# PIO clock: 10 cycles of 125 ns per 1.25 us bit (800 kHz). A 0 bit is high for _T1
# (375 ns), a 1 bit for _T1 + _T2 (875 ns); the WS2812B datasheet asks 400 and 800 ns,
# each +-150 ns. The clock divider, 125 MHz / 8 MHz = 15.625, makes cycles of 15 or 16
# system clocks, so a width can be 8 ns off: the common 2/5/3 split gave 248 ns highs
# for 0 bits, under the datasheet's 250 (tests/test_firmware.py checks every width).
_FREQ = const(8_000_000)
_T1 = const(3)                # cycles high for every bit
_T2 = const(4)                # further cycles high for a 1 bit
_T3 = const(3)                # cycles low
_PIO0_TXF0 = const(0x50200010)  # TX FIFO of state machine 0 of PIO0 (+4 per machine)
_DREQ_PIO0_TX0 = const(0)     # DMA pacing: PIO0 TX FIFO 0 has room (+1 per machine)


@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT,
             autopull=True, pull_thresh=8)
def _ws2812():
    # One byte per FIFO word: a DMA byte write to the FIFO repeats the byte across
    # the word, and with a left shift the top 8 bits (that byte) go out MSB first.
    wrap_target()
    label("bitloop")
    out(x, 1)               .side(0)    [_T3 - 1]
    jmp(not_x, "do_zero")   .side(1)    [_T1 - 1]
    jmp("bitloop")          .side(1)    [_T2 - 1]
    label("do_zero")
    nop()                   .side(0)    [_T2 - 1]
    wrap()


class Leds:
    ORDER = (1, 0, 2, 3)      # GRB on the wire (WS2812B); Light writes buf through it
    bpp = 3

    def __init__(self, pin, n, sm_id=0):
        self.n = n
        self.buf = bytearray(3 * n)     # what the app draws into
        self._out = bytearray(3 * n)    # what the DMA reads: the app may draw on meanwhile
        self._sm = rp2.StateMachine(sm_id, _ws2812, freq=_FREQ, sideset_base=Pin(pin))
        self._sm.active(1)
        self._dma = rp2.DMA()
        self._ctrl = self._dma.pack_ctrl(size=0, inc_write=False,
                                         treq_sel=_DREQ_PIO0_TX0 + sm_id)
        self._fifo = _PIO0_TXF0 + 4 * sm_id
        self.writes = 0

    def __len__(self):
        return self.n

    def __setitem__(self, i, c):
        b = self.buf
        k = 3 * i
        b[k] = c[1]
        b[k + 1] = c[0]
        b[k + 2] = c[2]

    def __getitem__(self, i):
        b = self.buf
        k = 3 * i
        return (b[k + 1], b[k], b[k + 2])

    def fill(self, c):
        for i in range(self.n):
            self[i] = c

    def busy(self):
        return self._dma.active()

    def write(self):
        dma = self._dma
        while dma.active():      # the last frame is still going out (3.8 ms at most)
            pass
        # The LEDs latch after 50-280 us of low line; frames come 40 ms apart, so the
        # gap is there without waiting for it.
        self._out[:] = self.buf
        dma.config(read=self._out, write=self._fifo, count=len(self._out),
                   ctrl=self._ctrl, trigger=True)
        self.writes += 1


def make(pin, n):
    """The PIO + DMA chain, or the neopixel module where the firmware has no rp2.DMA."""
    if hasattr(rp2, "DMA"):
        return Leds(pin, n)
    from neopixel import NeoPixel
    return NeoPixel(Pin(pin, Pin.OUT), n)
