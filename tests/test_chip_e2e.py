# The handheld end to end on the emulated RP2040, from the board's own image
# (`make firmware`: MicroPython v1.28.0 with firmware/ frozen in and main.py): boot to
# the menu, the LED frame on the data pin against the simulator's, every game picked
# and played by pressing cells through the key mux against level 3, undo, the buzzer,
# save and resume across a power cycle, safe mode, the battery warning, a key pressed
# while the computer thinks, the heap a level-5 search leaves, and a power cut while
# the computer thinks, which keeps the person's move. One chip serves the
# whole file: each test starts from a snapshot of its flash. Times asserted are
# emulated chip time, never wall time.
import pytest

import image_chip

image_chip.require()

GAMES = ("hexgo", "hexade", "xiago", "inphexion", "hexmeister", "hex")
LOG = []                             # everything any chip printed, scanned at the end
X_TONE, O_TONE = 880, 660            # app.play: a person's move, the computer's


@pytest.fixture(scope="module")
def chip():
    c = image_chip.boot("pocket", LOG)
    yield c
    c.close()


def fresh(chip):
    """The chip as the image left it, powered up at its REPL, nothing held."""
    chip.release()
    chip.set_vsys(chip.desc["full_v"])
    LOG.append(chip.restore("image").decode(errors="replace"))
    chip.frames()
    chip.tones()
    return chip


def led_of(chip, cell):
    return chip.desc["led"][chip.desc["cells"][cell]]


@pytest.fixture(scope="module")
def hand(chip):
    """The app running under handheld's loop on a fresh chip, for the games."""
    from tools.pico.handheld import Handheld
    h = Handheld(fresh(chip), LOG)
    h.start_app()
    return h


def test_boots_to_the_menu_and_shows_the_simulators_frame(chip):
    import host_sim.board
    fresh(chip)
    t0 = chip.us
    console = chip.boot_main(3000, until=b"honeycomb: pocket board running").decode()
    boot_ms = (chip.us - t0) / 1000
    print("boot to the menu: %.0f emulated ms (frozen image)" % boot_ms)
    LOG.append(console)
    assert boot_ms < 1500
    chip.run_for(200)                               # more frames: the menu holds still
    frames = [f for _, f in chip.frames()]
    assert frames and all(f == frames[0] for f in frames)
    # The same app code on CPython with the virtual board: Light's gamma, brightness
    # and current limit make the bytes the LED driver sends.
    board = host_sim.board.VirtualBoard("pocket")
    board.app().run(2)
    expected = [board.leds.led(k) for k in range(board.layout.n)]
    assert frames[0] == expected
    assert sum(map(sum, expected)) > 0


@pytest.mark.parametrize("name", GAMES)
def test_a_game_picked_by_its_cells_plays_against_level_3(hand, name):
    chip = hand.chip
    if hand.info()[0] != "Menu":
        hand.tap("MENU")
    hand.start(name, 3, human=1)
    name_, record, thinking, to_move, human = hand.state()[:5]
    assert (name_, thinking, to_move, human) == (name, 0, 1, 1)
    sides = []                        # who made each move so far (1: me, 2: the computer)
    starts = []                       # (moves, record) before each of my turns
    for turn in range(2):
        starts.append((len(sides), hand.state()[1]))
        chip.tones()
        before = chip.last_frame()
        hand.play(turn)
        st = hand.state()
        for _ in range(3):            # a turn of several steps (XiaGo): all of it
            if st[3] != 1 or st[2] or 2 in st[6][len(sides):]:
                break
            hand.play(0)
            st = hand.state()
        # played (a quick level may have answered already, within the same frames)
        assert len(st[6]) > len(sides), st
        tones = chip.tones()
        frames = hand.wait_computer()
        tones += chip.tones()
        st = hand.state()
        sides = st[6]
        # the computer moved (a turn may be several moves in some games): my turn again
        new = sides[starts[-1][0]:]
        assert st[3] == 1 and not st[2] and new[0] == 1 and 2 in new, st
        assert any(hz and abs(hz - X_TONE) < 2 for _, hz in tones)
        assert any(hz and abs(hz - O_TONE) < 2 for _, hz in tones)
        after = chip.last_frame()
        theirs = hand.eval("last_cells(2)")
        assert theirs and any(before[led_of(chip, c)] != after[led_of(chip, c)] for c in theirs)
        print("%s: the computer answered within %d frames" % (name, frames))
    chip.tones()
    hand.tap("UNDO")
    st = hand.state()
    assert (len(st[6]), st[1]) == starts[1]                  # back to the start of my turn
    assert st[3] == 1 and not st[2]
    assert any(hz for _, hz in chip.tones())                  # the undo's click


def test_a_key_pressed_while_the_computer_thinks_is_not_lost(hand):
    chip = hand.chip
    if hand.info()[0] != "Menu":
        hand.tap("MENU")
    hand.start("hexgo", 5, human=1)             # level 5 thinks for 40 frames or so
    hand.play(0)
    assert hand.state()[2] == 1                               # thinking
    cell = hand.eval("path(5)[0]")        # a computer's legal move: may become its own
    chip.key(cell, True)
    hand.frames(2)
    chip.key(cell, False)
    st = hand.state()
    assert st[2] == 1 and st[5] == 1                          # queued while thinking
    hand.wait_computer()
    hand.frames(1)
    # after the computer's move the press is the person's: it starts the input, or is
    # refused when the computer took that cell
    took = hand.eval("(a.current.entry.sel, a.current.refuse_cell, a.current.place.of(%d))"
                     % cell)
    assert took[0] == [took[2]] or took[1] == cell, took
    assert hand.state()[5] == 0


def test_the_game_is_saved_and_resumed_after_a_power_cycle(hand):
    chip = hand.chip
    st = hand.state()
    assert st is not None and st[1].split(": ", 1)[1]           # a game with moves
    console = chip.boot_main(3000, until=b"honeycomb: pocket board running").decode()
    LOG.append(console)
    LOG.append(chip.power_cycle().decode(errors="replace"))
    hand.start_app()
    assert hand.info()[0] == "Resume"
    assert hand.state()[:2] == st[:2]
    hand.tap("OK")
    assert hand.info()[0] == "Play" and hand.state()[:2] == st[:2]


def test_a_key_held_at_power_up_gives_safe_mode(chip):
    fresh(chip)
    chip.key("MENU", True)
    console = chip.boot_main(800).decode()
    LOG.append(console)
    assert "safe boot (MENU held)" in console, console
    chip.release()
    chip.write(b"\r")
    assert b">>> " in chip.read_until(b">>> ", 1.0)           # the REPL is free
    assert chip.last_frame() is None                          # the app never drew


def test_a_low_battery_shows_the_warning(chip):
    fresh(chip)
    chip.set_vsys(3.3)
    console = chip.boot_main(3000, until=b"honeycomb: pocket board running").decode()
    console += chip.run_for(300).decode()
    LOG.append(console)
    assert "Battery low" in console, console
    # the notice blinks red over the menu
    reds = [f for _, f in chip.frames() if sum(c[0] > 2 * (c[1] + c[2]) for c in f) > 60]
    assert reds
    chip.set_vsys(chip.desc["full_v"])


def test_the_first_level_5_move_of_every_game_gets_32_kb_and_leaves_32_kb_free(chip):
    # one search a game: a whole game of level-5 moves is minutes of emulation
    # each; tools/pico/heap.py --moves N measures more
    from tools.pico import heap
    fresh(chip)
    r = heap.measure(chip, GAMES, moves=1, log=LOG)
    print("free heap at the menu: %d bytes (frozen image)" % r["menu"])
    for name in GAMES:
        tree, low, frames = r[name]
        print("%s: tree %d bytes, lowest free heap %d bytes during a level-5 move"
              % (name, tree, low))
    for name in GAMES:
        tree, low, frames = r[name]
        assert tree >= 32768 and low >= 32768, (name, r[name])


def test_a_power_cut_while_the_computer_thinks_keeps_the_persons_move(chip):
    """main.py's own loop on a saved Hex game against level 5: a move pressed through
    the key mux, then the power cut in the middle of the computer's search (its
    answer neither played nor heard). At power-up the game comes back with that move
    and the computer to move, and the computer answers it."""
    import hexgames
    import host_sim  # noqa: F401 (firmware/ on the path)
    from app import games, layout, save
    lay = layout.load("pocket")
    g = hexgames.new("hex", **games.options("hex", games.default_size(lay, "hex"), ()))
    data = save.pack("game", save.game_dict("hex", g, 5, 1))
    m = g.moves()[len(g.moves()) // 2]
    cell = games.Place(lay, g.board).cell[g.cells(m)[0]]
    g.play(m)
    mine = g.record()
    fresh(chip)
    chip.mkdir("/data")
    chip.put("/data/game.sav", data)
    LOG.append(chip.boot_main(3000, until=b"honeycomb: pocket board running").decode())

    def tap(key):
        chip.key(key, True)
        chip.run_for(60)
        chip.key(key, False)
        chip.run_for(60)
    tap("OK")                                   # the offer to resume taken
    chip.run_for(200)                           # the opponent made at the second frame
    chip.flash_ops()
    chip.tones()
    tap(cell)                                   # the cell chosen ...
    tap(cell)                                   # ... and confirmed: the move played
    chip.run_for(250)                           # the computer's search under way
    tones = [hz for _, hz in chip.tones() if hz]
    assert any(abs(hz - X_TONE) < 2 for hz in tones), tones                # my move played
    assert not any(abs(hz - O_TONE) < 2 for hz in tones), tones            # no answer yet
    written = [k for k, _, _, _ in chip.flash_ops()[1]]
    LOG.append(chip.power_cycle().decode(errors="replace"))                # the cut
    from tools.pico.handheld import Handheld
    h = Handheld(chip, LOG)
    h.start_app()
    assert h.info()[0] == "Resume"
    name, record, thinking, to_move, human = h.state()[:5]
    assert (name, record, to_move, human) == ("hex", mine, 2, 1)
    assert "P" in written                       # saved before the search, on the flash
    h.tap("OK")
    h.wait_computer()
    st = h.state()
    assert st[1].startswith(mine) and st[1] != mine and st[3] == 1 and st[6] == [1, 2], st


def test_no_memory_error_in_what_this_files_chips_printed():
    # (last in the file: LOG holds the consoles of the tests above)
    assert LOG
    text = "\n".join(LOG)
    assert "MemoryError" not in text
    # the only tracebacks: main.py stopped by the Ctrl-C that fetches the REPL
    for tb in text.split("Traceback (most recent call last):")[1:]:
        assert "KeyboardInterrupt" in tb.split(">>>")[0], tb
