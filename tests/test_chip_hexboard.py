# The HexBoard on the emulated RP2040, from its own image (`make firmware
# VARIANT=hexboard`): its key matrix read through the mux and the ten columns as the
# HexBoard wires them, its 140 LEDs, its SH1107 screen (held to its datasheet) decoded
# from the I2C traffic into the controller's RAM and its glass, its knob's contacts and
# button, its piezo. Each against the simulator running the same app code, the screen's
# start-up against U8g2's. One chip serves the file; times are emulated.
import pytest

import image_chip
from sh1107_u8g2 import OURS_START, U8G2_INIT, U8G2_START, u8g2_panel
from tools.pico.link import ChipError

image_chip.require()

FITS = ("hexgo", "hexade", "xiago", "inphexion", "hex")      # hardware/README.md
RUNNING = b"honeycomb: hexboard board running"
LOG = []


SETTLE_NS = 8000        # the emulated mux lines show the address before this long


@pytest.fixture(scope="module")
def chip():
    c = image_chip.boot("hexboard", LOG)
    c.set_settle(SETTLE_NS)          # every test here: lines that settle, a v1.2 board
    yield c
    c.close()
    assert not [t for t in LOG if "Traceback" in t and "KeyboardInterrupt" not in t]


def fresh(chip):
    chip.release()
    chip.knob_button(False)
    LOG.append(chip.restore("image").decode(errors="replace"))
    chip.frames()
    chip.tones()
    return chip


def sim(**kw):
    import host_sim.board
    b = host_sim.board.VirtualBoard("hexboard")
    return b, b.app(ai=None, **kw)


def test_boots_to_the_menu_with_the_simulators_leds_and_screen(chip):
    fresh(chip)
    t0 = chip.us
    LOG.append(chip.boot_main(3000, until=RUNNING).decode())
    assert (chip.us - t0) / 1000 < 1500
    chip.run_for(600)                      # frames enough for every page of the screen
    frames = [f for _, f in chip.frames()]
    assert frames and len(frames[-1]) == 140 and all(f == frames[-1] for f in frames[-5:])
    b, a = sim()
    a.run(20)
    assert frames[-1] == [b.leds.led(k) for k in range(140)]
    lit = [k for k in range(140) if any(frames[-1][k])]
    keys = (0, 20, 40, 60, 80, 100, 120)               # command keys: a faint white
    assert set(keys) < set(lit) and all(frames[-1][k] == (6, 6, 6) for k in keys)
    ram, on, writes, count = chip.screen()
    assert on and ram == bytes(b.screen.buffer) and any(ram)
    # the first picture: the controller set up, then one page per line of the caption
    assert writes == 2 + 2 * 16 + 2 * len([line for line in a.panel.lines if line])
    # and on the glass, turned in the controller, what U8g2's R2 shows turned in software
    assert chip.panel() == u8g2_panel(ram) and chip.panel() != ram


def test_the_screen_starts_as_u8g2_starts_the_hexboards(chip):
    fresh(chip)
    LOG.append(chip.boot_main(3000, until=RUNNING).decode())
    chip.run_for(300)
    log = chip.screen_log()
    assert len(U8G2_START) == 14 + 4 * 16 + 2 and len(OURS_START) == len(U8G2_START) + 1
    assert log[:len(OURS_START)] == OURS_START
    # what follows is the app's pictures: page after page, addressed as U8g2 does
    rest = log[len(OURS_START):]
    assert rest and len(rest) % 4 == 0
    for k in range(0, len(rest), 4):
        assert rest[k:k + 2] == ["10", "00"] and rest[k + 2][0] == "b" and rest[k + 3] == "data 128"


I2C = "from machine import I2C, Pin\ni2c = I2C(0, sda=Pin(16), scl=Pin(17))\n"


def test_u8g2s_own_traffic_lights_the_glass_as_ours_does(chip):
    """U8g2's bytes as it frames them (a transfer per command, data 24 bytes a
    transfer) for begin(), setContrast(63) and a picture turned by R2 in its buffer,
    sent to a screen the firmware has not touched: the glass shows what ours shows."""
    fresh(chip)
    LOG.append(chip.boot_main(3000, until=RUNNING).decode())
    chip.run_for(600)
    ram, on, _, _ = chip.screen()
    ours = chip.panel()
    assert on and any(ram)
    fresh(chip)
    assert chip.screen_log() == []
    turned = u8g2_panel(ram)                # R2's buffer: what A0 C0 put on the glass
    script = I2C + (
        "def cmd(*b):\n i2c.writeto(0x3c, bytes((0,) + b))\n"
        "def tiles(buf):\n"
        " for row in range(16):\n"
        "  cmd(0x10)\n  cmd(0x00)\n  cmd(0xb0 | row)\n"
        "  for k in range(row * 128, row * 128 + 128, 24):\n"
        "   i2c.writeto(0x3c, b'\\x40' + buf[k:min(k + 24, row * 128 + 128)])\n"
        "for c in %r:\n cmd(*c)\n"
        "tiles(bytes(2048))\ncmd(0xaf)\ncmd(0x81, 63)\ntiles(%r)\n"
    ) % ([tuple(bytes.fromhex(c)) for c in U8G2_INIT if c != "da 12"], turned)
    chip.exec(script, 30.0)
    log = chip.screen_log()
    assert log[:len(U8G2_START) - 1] == [c for c in U8G2_START if c != "da 12"]
    assert chip.panel() == ours and chip.screen()[0] == turned != ram
    fresh(chip)


def test_sending_a_page_allocates_nothing(chip):
    """show_page runs every frame the screen changes: with the heap locked it sends."""
    fresh(chip)
    out = chip.exec(I2C + "import gc, micropython\nfrom device.oled import SH1107\n"
                    "s = SH1107(i2c, 128, 128, 0x3c, 180)\ns.fill_rect(0, 16, 40, 8, 1)\n"
                    "gc.collect()\nmicropython.heap_lock()\ntry:\n s.show_page(2)\n r = 'sent'\n"
                    "except MemoryError:\n r = 'allocates'\nmicropython.heap_unlock()\nprint(r)\n")
    assert out.strip() == "sent"
    assert chip.screen()[0][2 * 128:2 * 128 + 41] == b"\xff" * 40 + b"\x00"


@pytest.mark.parametrize("send, fault", [
    (b"\x00\xda\x12", r"0xda is not an SH1107 command"),
    (b"\x00\xad\x0a", r"0x0a is no argument of command 0xad"),
    (b"\x01\xaf", r"control byte 0x01"),
    (b"\x40\xff", r"display data before the controller was set up"),
])
def test_what_the_sh1107_would_not_expect_stops_the_chip(chip, send, fault):
    fresh(chip)                            # at the REPL: main.py stopped before the screen
    assert chip.screen_log() == []
    with pytest.raises(ChipError, match="the chip faulted: SH1107 at I2C address 0x3c: " + fault):
        chip.exec(I2C + "i2c.writeto(0x3c, %r)" % send)
    fresh(chip)


# What the HexBoard's own firmware boots with (its Makefile: arduino-pico's "Generic
# RP2040", 16 MB flash, boot2_generic_03h_2_padded_checksum): the pico-sdk's generic
# 03h boot stage 2 at clk_sys / 2. Its checksum word (the last 4 of its 256 bytes) is
# 0x5d4c22ea; the SSI registers it leaves: BAUDR 2; CTRLR0 0x001f0300 (standard SPI,
# 32-bit frames, EEPROM-read transfers); SPI_CTRLR0 0x03000218 (XIP command 03h, an
# 8-bit instruction, a 24-bit address, no wait cycles).
HEXBOARD_BOOT2_CRC = 0x5D4C22EA
SSI = {"BAUDR": (0x18000014, 0x2), "CTRLR0": (0x18000000, 0x001F0300),
       "SPI_CTRLR0": (0x180000F4, 0x03000218)}
SSI_SCRIPT = "import machine\n" + "".join(
    "print(%r, machine.mem32[0x%08x])\n" % (name, addr) for name, (addr, _) in SSI.items())


def ssi(chip):
    out, err, _ = chip.run(SSI_SCRIPT)
    assert not err
    return {line.split()[0]: int(line.split()[1]) for line in out.splitlines()}


def test_boot_stage_2_is_the_hexboards_own_and_the_file_system_takes_the_16_mb(chip):
    import struct
    image, _ = image_chip.firmware.build("hexboard", kit=image_chip.KIT, log=lambda s: None)
    with open(image, "rb") as f:
        families, blocks = image_chip.firmware.read_uf2(f.read())
    (crc,) = struct.unpack_from("<I", blocks[0x10000000], 252)
    assert crc == HEXBOARD_BOOT2_CRC, "boot stage 2 differs from the HexBoard firmware's"
    fresh(chip)
    want = {name: value for name, (_, value) in SSI.items()}
    assert ssi(chip) == want
    # every flash write leaves XIP and sets it up again through a copy of boot stage 2
    chip.put("/probe.txt", b"x" * 5000)
    assert ssi(chip) == want
    out, err, _ = chip.run("import os, sys\nprint(os.statvfs('/')[:3], sys.implementation._machine)")
    assert not err
    # 15 MiB of 4 KiB blocks: the 16 MB flash less the 1 MiB kept for the image
    assert out.strip() == "(4096, 4096, 3840) HexBoard (Honeycomb) with RP2040"


@pytest.fixture(scope="module")
def hand(chip):
    from tools.pico.handheld import Handheld
    h = Handheld(fresh(chip), LOG)
    h.start_app()
    return h


def panel_of(caption, pointed):
    """The simulator's screen showing a caption and a pointed thing, as the app draws it."""
    import host_sim  # noqa: F401
    from host_sim.screen import Screen
    from app.panel import Panel
    scr = Screen({"width": 128, "height": 128})
    Panel(scr).show(caption, pointed)
    return bytes(scr.buffer)


def test_the_knob_picks_a_game_and_plays_it_and_the_screen_follows(hand):
    chip = hand.chip

    def push():
        chip.knob_button(True)
        hand.frames(2)
        chip.knob_button(False)
        hand.frames(2)
    def choose(label):
        for _ in range(12):
            if hand.eval("a.pointed") == label:
                break
            chip.turn(1)
            hand.frames(2)
        assert hand.eval("a.pointed") == label
        push()
        if label != "OK":
            push()                                      # pressed twice: chosen
    chip.turn(6)                          # Hex: the sixth stop (Learn, between clusters, is third)
    hand.frames(4)
    assert hand.eval("a.pointed") == "Hex"
    hand.frames(10)                                     # the changed line goes out
    assert chip.screen()[0] == panel_of(hand.eval("a.caption"), "Hex")
    choose("Hex")
    for _ in range(6):
        page = hand.info()[1]
        if page is None:
            break
        choose({"size": "5", "opponent": "two people", "side": "X (first)",
                "flags": "OK"}[page])
    assert hand.info()[0] == "Play"
    for move in range(4):                               # both sides, by the knob alone
        chip.turn(move + 1)
        hand.frames(6)
        cell, name = hand.eval("(a.pointer, a.pointed)")
        push()
        push()
        record = hand.state()[1].split(": ")[1].split()
        assert len(record) == move + 1 and record[-1] == name
    hand.frames(20)
    caption, pointed = hand.eval("(a.caption, a.pointed)")
    assert caption.startswith("Hex: X to move")
    ram, on, _, _ = chip.screen()
    assert on and ram == panel_of(caption, pointed)


@pytest.mark.parametrize("name", FITS)
def test_every_game_that_fits_is_played_through_the_key_matrix(hand, name):
    chip = hand.chip
    if hand.info()[0] != "Menu":
        hand.tap("MENU")
    hand.start(name, 1, human=1)
    chip.tones()
    for turn in range(2):
        hand.play(turn)
        hand.wait_computer()
    st = hand.state()
    assert st[0] == name and st[3] == 1 and st[6][:4] == [1, 2, 1, 2], st
    # the piezo on GPIO 23: a person's move and the computer's
    tones = [hz for _, hz in chip.tones() if hz]
    assert any(abs(hz - 880) < 2 for hz in tones) and any(abs(hz - 660) < 2 for hz in tones)


def test_a_command_key_held_at_power_up_gives_safe_mode(chip):
    fresh(chip)
    chip.key("MENU", True)
    console = chip.boot_main(800).decode()
    LOG.append(console)
    assert "safe boot (MENU held)" in console, console
    chip.release()


# -- the key scan's settling and the revision strap ------------------------------------
BOARD = ("from app import layout\nfrom device import board\nL = layout.load('hexboard')\n"
         "b = board.build(L)\ns = b.keys\n")
SCANS = ("def scans(n):\n got = []\n for _ in range(n):\n  s.scan()\n"
         "  got.extend(s.events())\n return got\n")


def test_a_held_key_makes_no_phantom_at_the_next_mux_address_as_the_lines_settle(chip):
    # slot 84 (column 5, mux address 4) held; the lines take 8 us to follow an address
    # change, so a scan that read sooner would see it at address 5 (slot 85) as well
    fresh(chip)
    chip.exec(BOARD + SCANS)
    cell = [name for name, slot in chip.desc["slot"].items() if slot == 84][0]
    key, nxt = chip.eval("(L.key_at[84], L.key_at[85])")
    assert nxt < chip.eval("L.n") and chip.desc["keys"]["settle_ns"] == SETTLE_NS
    chip.press(cell)
    got = chip.eval("scans(300)", 30.0)
    assert got == [(key, 1), (key, 3)], got             # its press and hold, no other
    chip.exec("s.settle(2)")                            # a 2 us wait: too short
    got = chip.eval("scans(3)", 30.0)
    assert (nxt, 1) in got, got
    chip.release()


def test_each_address_is_one_write_and_settles_10_us_before_the_read(chip):
    fresh(chip)
    chip.exec(BOARD + "import time\n"
              "def timed(n):\n t0 = time.ticks_us()\n for _ in range(n):\n  s.scan()\n"
              " return time.ticks_diff(time.ticks_us(), t0)\n")
    chip.mux_log()                                      # logging from here
    n = 50
    us = chip.eval("timed(%d)" % n, 30.0)
    writes, reads = chip.mux_log(stop=True)
    assert len(writes) == 16 * n        # all four lines flip at one instant, each channel
    gaps = []
    for w in writes:
        later = [r for r in reads if r > w]
        gaps.append(later[0] - w)
    assert min(gaps) >= 10.0, (min(gaps), max(gaps))
    assert max(gaps) < 12.5                            # 11 ticks, and the read after
    LOG.append("scan: %.0f us a scan; address write to read %.2f-%.2f us (emulated)"
               % (us / n, min(gaps), max(gaps)))
    assert us / n > 16 * 10


@pytest.mark.parametrize("closed, revision", [(True, "v1.2"), (False, "v1.1")])
def test_the_revision_strap_tells_the_revision_and_is_never_a_key(chip, closed, revision):
    fresh(chip)
    chip.set_strap(closed)
    try:
        chip.exec(BOARD + SCANS)
        assert chip.eval("b.revision") == revision
        got = chip.eval("scans(%d)" % 150, 30.0)       # more than a HOLD's 100 scans
        assert got == []
        # nothing read as down, not even for the scan's slow path
        assert chip.eval("(list(s._raw) == [s._rmask] * 16, max(s._held))") == (True, 0)
    finally:
        chip.set_strap(True)


@pytest.mark.parametrize("closed", [True, False])
def test_a_clockwise_turn_is_clockwise_on_both_revisions(chip, closed):
    # v1.2's knob gives its contacts' sequence the other way round (the board model
    # swaps A and B); the firmware swaps them back on that revision
    fresh(chip)
    chip.set_strap(closed)
    try:
        chip.exec(BOARD + SCANS)
        knob = chip.eval("L.knob")
        chip.turn(2)
        chip.run_for(30)
        assert chip.eval("scans(1)") == [(knob + 1, 1), (knob + 1, 1)]
        chip.turn(-1)
        chip.run_for(30)
        assert chip.eval("scans(1)") == [(knob, 1)]
    finally:
        chip.set_strap(True)


# -- the owner's self-test (app/selftest.py) -------------------------------------------
SELFTEST = b"self-test (the centre cell held)"
SWEPT = ["red", "green", "blue", "white", "dark"]


def colour(c):
    r, g, b = c
    if not (r or g or b):
        return "dark"
    if r == g == b:
        return "white"
    return {(1, 0, 0): "red", (0, 1, 0): "green", (0, 0, 1): "blue"}.get(
        (int(r > 0), int(g > 0), int(b > 0)), repr(c))


def test_the_self_test_from_the_centre_cell_held_at_power_up_reports_on_serial_and_file(chip):
    fresh(chip)
    centre = "i7"                               # the cell at (0, 0)
    chip.press(centre)                          # held while powering up: no function key
    console = chip.boot_main(3000, until=SELFTEST)
    chip.release()
    console += chip.run_for(2800)               # the sweep: 4 x 0.6 s, then the caption
    seen = []
    for _, leds in chip.frames():               # every one of the 140 LEDs, each colour
        if len(set(leds)) == 1 and (not seen or seen[-1] != colour(leds[0])):
            seen.append(colour(leds[0]))
    assert seen == SWEPT
    assert any(abs(hz - 880) < 2 for _, hz in chip.tones() if hz)
    # the screen: the board's facts as it reads them, until the first key
    first = ("Self-test: press each key alone, keys 0 of 140, knob 0 cw, 0 ccw, button 0, "
             "revision v1.2, flash 16 MB, file system 15360 KB in 3840 blocks of 4096. "
             "Menu twice: done.")
    assert chip.screen()[0] == panel_of(first, "")
    for key in ("h1", centre, "OK"):            # through the mux, one at a time
        chip.press(key)
        console += chip.run_for(60)
        chip.release()
        console += chip.run_for(60)
    chip.turn(3)
    console += chip.run_for(100)
    chip.turn(-2)
    console += chip.run_for(100)
    chip.knob_button(True)
    console += chip.run_for(60)
    chip.knob_button(False)
    console += chip.run_for(400)                # the caption's changed pages sent
    # each key's own LED white, no other lit
    leds = chip.last_frame()
    lit = {i for i in range(140) if any(leds[i])}
    want = {chip.desc["led"]["h1"], chip.desc["led"][centre], 40}      # OK's LED: 40
    assert lit == want and all(colour(leds[i]) == "white" for i in want)
    caption = "Self-test: keys 3 of 140, pressed OK/Pass, knob 3 cw, 2 ccw, button 1. Menu twice: done."
    assert chip.screen()[0] == panel_of(caption, "")
    for _ in range(2):                          # Menu: tested, then done
        chip.key("MENU", True)
        console += chip.run_for(60)
        chip.key("MENU", False)
        console += chip.run_for(60)
    console += chip.run_for(200)
    report = ("Honeycomb self-test: HexBoard (hexboard)\n"
              "revision: v1.2\n"
              "flash: 16 MB\n"
              "file system: 15360 KB in 3840 blocks of 4096\n"
              "keys: 4 of 140 pressed, 0 at fault\n"
              "not pressed: i1 j1 k1 l1 m1 n1 o1 p1 g2 h2 and 126 more\n"
              "knob: 3 clockwise, 2 counter-clockwise, button 1\n"
              "shown: a tone of 880 Hz, every LED red, green, blue, white, the screen's "
              "checkerboard\n")
    text = console.decode().replace("\r\n", "\n")
    LOG.append(text)
    assert report in text                       # what mpremote shows
    chip.power_cycle()                          # to the REPL: the menu's loop stopped
    assert chip.get("/data/selftest.txt") == report.encode()


def test_a_self_test_frame_allocates_nothing(chip):
    fresh(chip)
    out = chip.exec(
        "import gc, micropython, main\nfrom app import layout\nfrom device import board\n"
        "L = layout.load('hexboard')\nb = board.build(L)\nb.start()\n"
        "a = main.run_app(L, b)\na.self_test()\na.screen.t0 -= 3000\n"   # past the sweep
        "a.screen.event(3, 1)\na.screen.event(3, 2)\na.screen.event(L.fn_key('OK'), 1)\n"
        "for _ in range(12):\n a.frame()\n"
        "gc.collect()\nmicropython.heap_lock()\ntry:\n for _ in range(5):\n  a.frame()\n"
        " r = 'nothing'\nexcept MemoryError:\n r = 'allocates'\nmicropython.heap_unlock()\n"
        "b.stop()\nprint(r, a.light.units > 0)\n", 60.0)
    assert out.split() == ["nothing", "True"]
