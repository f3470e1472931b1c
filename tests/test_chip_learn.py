# Learn on the emulated RP2040 from the pocket board's own image (`make firmware`: no
# screen, so the LEDs are the whole lesson): HexGo's lesson walked by presses through
# the key mux. The lit cell on the LED chain is the one the lesson names (found here on
# CPython, from the same data), a press elsewhere is refused and changes nothing, the
# right move is played and shown, the next step's position comes, the lesson ends on
# the menu's Learn page, a frame waiting for a press allocates nothing, and the heap
# stays clear of its floor throughout. Times here
# are emulated chip time, never wall time.
import pytest

import image_chip

image_chip.require()

LOG = []                             # everything the chip printed, scanned at the end
REFUSE_HZ = 150                      # app.App.refuse
FLOOR = 32768                        # the heap floor (DESIGN.md section 5)


# Bytes the heap grew by over n frames, with the collector held off so that
# nothing allocated is freed before it is counted.
_ALLOC = """
def _alloc(n):
    gc.collect()
    gc.disable()
    m = gc.mem_alloc()
    go(n)
    d = gc.mem_alloc() - m
    gc.enable()
    return d
"""


@pytest.fixture(scope="module")
def hand():
    from tools.pico.handheld import Handheld
    c = image_chip.boot("pocket", LOG)
    c.release()
    c.set_vsys(c.desc["full_v"])
    h = Handheld(c, LOG)
    h.start_app()
    h.exec(_ALLOC)
    yield h
    c.close()


def lesson_cell(name, k, token):
    """The layout cell of the pocket board under a lesson move's first cell, on CPython."""
    import host_sim  # noqa: F401 (firmware/ on the path)
    from app import games, layout, learn
    g = learn.position(name, k)[0]
    return games.Place(layout.load("pocket"), g.board).cell[g.cells(g.parse(token))[0]]


def hinted(chip, frames):
    """Layout cells shown in the hint's green (over blue over red) in any of frames."""
    led = chip.desc["led"]
    names = chip.desc["cells"]
    out = set()
    for _, f in frames:
        for i, name in enumerate(names):
            r, g, b = f[led[name]]
            if g > 0 and g > r * 3 // 2 and b > r and g > b:
                out.add(i)
    return out


def step(hand):
    return hand.eval("(a.screen.k, a.screen.done, len(a.screen.g.history()))")


def test_hexgos_lesson_walked_by_presses_on_the_pocket_image(hand):
    chip = hand.chip
    assert hand.info()[0] == "Menu"
    hand.choose("learn")
    assert hand.info()[:2] == ("Menu", "learn")
    hand.low(reset=True)
    hand.choose("hexgo")
    assert hand.info()[0] == "Learn"
    assert step(hand) == (0, False, 6)
    # a frame of the lesson waiting for its move allocates nothing: its blinking
    # is integer maths on tables made when the step was set up
    assert hand.eval("_alloc(10)") == 0
    # the lit cell on the LEDs is the lesson's move, d3, and no other
    target = lesson_cell("hexgo", 0, "d3")
    chip.frames()
    hand.frames(14)                              # more than a blink of the hint
    assert hinted(chip, chip.frames()) == {target}
    # a press elsewhere: the low tone, nothing changes
    other = lesson_cell("hexgo", 0, "a4")
    chip.tones()
    hand.tap(other)
    assert any(hz and abs(hz - REFUSE_HZ) < 2 for _, hz in chip.tones())
    assert step(hand) == (0, False, 6)
    assert hand.eval("a.screen.entry.busy()") is False
    # the right move, pressed and confirmed: played, and d4 lit as X's Me
    d4 = lesson_cell("hexgo", 0, "d4")
    before = chip.last_frame()[chip.desc["led"][chip.desc["cells"][d4]]]
    hand.tap(target)
    hand.tap(target)
    assert step(hand) == (0, True, 7)
    hand.frames(2)
    after = chip.last_frame()[chip.desc["led"][chip.desc["cells"][d4]]]
    assert before == (0, 0, 0)                   # empty, no one's yet
    assert after[0] > after[2] and after[0] > 0  # X's Me: X's colour (red-orange)
    # OK: the next step's position, its own cell lit
    hand.tap("OK")
    assert step(hand) == (1, False, 6)
    chip.frames()
    hand.frames(14)
    assert hinted(chip, chip.frames()) == {lesson_cell("hexgo", 1, "d3")}
    hand.tap(lesson_cell("hexgo", 1, "d3"))
    hand.tap(lesson_cell("hexgo", 1, "d3"))
    assert step(hand) == (1, True, 7)
    assert hand.eval("a.screen.g._symbol(a.screen.g.board.index('d4'))") == "x"   # taken
    # the last step (a full board: the game's end), then back to the Learn page
    hand.tap("OK")
    last = lesson_cell("hexgo", 2, "b5")
    hand.tap(last)
    hand.tap(last)
    assert step(hand) == (2, True, 32)
    assert hand.eval("a.screen.g.result()")[0] == 1
    hand.tap("OK")
    assert hand.info()[:2] == ("Menu", "learn")
    low = hand.low()
    print("lowest free heap after a frame during HexGo's lesson: %d bytes" % low)
    assert low >= FLOOR


def test_no_memory_error_in_what_the_chip_printed():
    assert LOG
    text = "\n".join(LOG)
    assert "MemoryError" not in text
    for tb in text.split("Traceback (most recent call last):")[1:]:
        assert "KeyboardInterrupt" in tb.split(">>>")[0], tb
