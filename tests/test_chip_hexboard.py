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
