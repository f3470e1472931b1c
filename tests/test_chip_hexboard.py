# The HexBoard on the emulated RP2040, from its own image (`make firmware
# VARIANT=hexboard`): its key matrix read through the mux and the ten columns as the
# HexBoard wires them, its 140 LEDs, its SH1107 screen decoded from the I2C traffic into
# the controller's RAM, its knob's contacts and button, its piezo. Each against the
# simulator running the same app code. One chip serves the file; times are emulated.
import pytest

import image_chip

image_chip.require()

FITS = ("hexgo", "hexade", "xiago", "inphexion", "hex")      # hardware/README.md
RUNNING = b"honeycomb: hexboard board running"
LOG = []


@pytest.fixture(scope="module")
def chip():
    c = image_chip.boot("hexboard", LOG)
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
    chip.turn(5)                                        # Hex, the fifth game
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
