# The HexBoard's screen as its own firmware starts it, for the tests that hold our
# driver (firmware/device/oled.py) to it. From the sources:
#   theHDM/HexBoard, HexBoard.ino: U8G2_SH1107_SEEED_128X128_F_HW_I2C u8g2(U8G2_R2),
#     then u8g2.begin(), u8g2.setBusClock(1000000), u8g2.setContrast(63);
#   olikraus/u8g2, U8g2lib.h: begin() is initDisplay(), clearDisplay(), setPowerSave(0);
#   csrc/u8x8_d_sh1107.c, u8x8_d_sh1107_seeed_128x128: INIT sends
#     u8x8_d_sh1107_128x128_init_seq; a tile row goes out as 0x10 | x >> 4,
#     0x00 | x & 15, 0xB0 | row, then its 16 tiles of 8 bytes, x = 0 (the SEEED 128x128's
#     default and flip-mode x offsets are both 0); power save 0 is AF; contrast is 81
#     and the value. clearDisplay sends the 16 tile rows of the cleared buffer;
#   csrc/u8g2_setup.c: U8G2_R2 (u8g2_draw_l90_r2) draws pixel (x, y) at
#     (width-1-x, height-1-y) of the buffer, in software: no flip command is sent.
# U8g2 frames it (u8x8_cad_ssd13xx_fast_i2c) as one I2C transfer per command, control
# byte 0x00 then the command and its argument, and data in transfers of 0x40 and at
# most 24 bytes; the controller sees the same commands and data whatever the framing.
# Entries as the emulated SH1107 records them (tools/pico/parts.mjs): a command and
# its argument in hex, a run of display data as "data <bytes>".
U8G2_INIT = ["ae", "dc 00", "81 2f", "20", "a0", "c0", "a8 7f", "d5 50", "d9 22", "db 35",
             "b0", "da 12", "a4", "a6"]
U8G2_CLEAR = sum([["10", "00", "b%x" % row, "data 128"] for row in range(16)], [])
U8G2_START = U8G2_INIT + U8G2_CLEAR + ["af", "81 3f"]

# Ours, and where it differs: DA 12 is the SSD1306's COM pins setting, not a command
# of the SH1107's table (the strict emulated part faults on it); the turn by 180
# degrees is U8g2's setFlipMode(0) pair A1 C8 after its A0 C0, where U8g2's R2 turns
# the picture in its buffer (u8g2_panel shows both light the same glass).
OURS_START = ([c for c in U8G2_INIT if c != "da 12"] + ["a1", "c8"] + U8G2_CLEAR
              + ["af", "81 3f"])


def _reversed_bits(b):
    return int("{:08b}".format(b)[::-1], 2)


def u8g2_panel(picture, width=128, height=128):
    """The glass as U8g2 lights it for the HexBoard: `picture` (MONO_VLSB, what the
    app drew, pixel (x, y) upright) turned by R2 into U8g2's buffer, which goes to the
    RAM as it is (column 0, page = tile row), shown with its A0 C0 (RAM column x on
    segment x, row y on COM y; start line and offset 0). Same layout as the picture."""
    pages = height // 8
    out = bytearray(width * pages)
    for p in range(pages):
        for x in range(width):
            # pixel (x, 8p + k) of the buffer is pixel (w-1-x, h-1-8p-k) drawn
            out[p * width + x] = _reversed_bits(picture[(pages - 1 - p) * width + width - 1 - x])
    return bytes(out)
