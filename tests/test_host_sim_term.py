# The simulator's terminal front end (host_sim/term.py) driven by what a terminal sends
# it: characters and escape sequences into feed(), or a pipe into its loop. The key
# events it queues on the virtual board (board.keys.q, (key, press/release) in order)
# are what the app would read from the key matrix; nothing else may be pressed.
import io
import os
import re

import host_sim  # noqa: F401
from host_sim.board import VirtualBoard
from host_sim.term import Terminal
from app.keys import PRESS, RELEASE
from front_keys import queued, tap


def terminal(tmp_path, variant="pocket"):
    b = VirtualBoard(variant, str(tmp_path))
    a = b.app(ai=None)
    a.run(2)
    return b, a, Terminal(b, a)


RIGHT, LEFT, UP, DOWN = "\x1b[C", "\x1b[D", "\x1b[A", "\x1b[B"


def test_terminal_arrows_walk_a_row_and_stop_at_the_boards_edge(tmp_path):
    b, a, t = terminal(tmp_path)
    lay = b.layout
    assert lay.coord(t.cursor) == (0, 0)             # the centre, g7
    t.feed(RIGHT * 6)
    assert lay.coord(t.cursor) == (6, 0)
    t.feed(RIGHT)
    assert lay.coord(t.cursor) == (6, 0)             # the row's end: it stays
    t.feed(LEFT * 13)
    assert lay.coord(t.cursor) == (-6, 0)
    for r in range(-1, -7, -1):                      # up, row after row: the nearest cell
        q0, r0 = lay.coord(t.cursor)
        x = 2 * q0 + r0                              # half-cell columns across
        nearest = min(abs(2 * lay.coord(i)[0] + r - x) for i in range(lay.n) if lay.coord(i)[1] == r)
        t.feed(UP)
        q, r2 = lay.coord(t.cursor)
        assert r2 == r and abs(2 * q + r - x) == nearest == 1, (q, r2)
    top = t.cursor
    t.feed(UP)
    assert t.cursor == top
    t.feed(DOWN * 20 + LEFT * 13)
    assert lay.coord(t.cursor) == (-6, 6)            # the bottom row's west end
    # an arrow in a terminal's application mode (ESC O C), and one split across reads
    t.feed("\x1bOC")
    t.feed("\x1b")
    t.feed("[C")
    assert lay.coord(t.cursor) == (-4, 6) and queued(b) == [] and t.typed == ""


def test_terminal_other_escape_sequences_type_and_press_nothing(tmp_path):
    b, a, t = terminal(tmp_path)
    here = t.cursor
    for seq in ("\x1b[15~", "\x1b[1;2A", "\x1b[3~", "\x1b[H", "\x1b[Z", "\x1bx", "\x1bOP"):
        t.feed(seq)
        assert (t.typed, t.cursor, t.message, queued(b)) == ("", here, "", []), repr(seq)
    t.feed("g4")                                     # and typing goes on as before
    assert t.typed == "g4"


def test_terminal_typed_name_is_edited_capped_and_a_bad_one_presses_nothing(tmp_path):
    b, a, t = terminal(tmp_path)
    here = t.cursor
    t.feed("g4x9z")
    assert t.typed == "g4x9"                         # four characters at most
    t.feed("\x7f-!.")
    assert t.typed == "g4x"                          # Backspace; signs are no names
    assert "typed: g4x" in t.render(colour=False)
    t.feed("\r")
    assert t.message == "no cell 'g4x'" and t.typed == "" and t.cursor == here
    assert queued(b) == [] and "no cell 'g4x'" in t.render(colour=False).splitlines()[-2]
    t.feed("g44\b\r")
    g4 = b.layout.find("g4")
    assert t.message == "" and t.cursor == g4 and queued(b) == tap(g4)


def test_terminal_capitals_press_function_keys_and_knob_keys_need_a_knob(tmp_path):
    b, a, t = terminal(tmp_path)
    lay = b.layout
    for ch, name in (("M", "MENU"), ("U", "UNDO"), ("O", "OK"), ("H", "HINT")):
        t.feed(ch)
        assert queued(b) == tap(lay.fn_key(name)), name
    t.feed("[]=")
    assert queued(b) == [] and t.typed == ""         # the pocket board has no knob
    b, a, t = terminal(tmp_path / "h", "hexboard")
    knob = b.layout.knob
    t.feed("]")
    assert queued(b) == [(knob + 1, PRESS)]
    t.feed("[")
    assert queued(b) == [(knob, PRESS)]
    t.feed("=")
    assert queued(b) == tap(knob + 2)


def test_terminal_quits_on_capital_q_ctrl_c_and_ctrl_d_and_presses_nothing_after(tmp_path):
    b, a, t = terminal(tmp_path)
    t.feed("q")
    assert not t.quit and t.typed == "q"             # small letters are names
    for ch in ("Q", "\x03", "\x04"):
        b, a, t = terminal(tmp_path)
        t.feed(ch + "g4\r")
        assert t.quit and queued(b) == [], repr(ch)


def shown(text):
    """The terminal's output without its escape sequences."""
    return re.sub("\x1b\\[[0-9;?]*[A-Za-z]", "", text)


def test_terminal_loop_plays_piped_keys_until_their_end_and_restores_the_screen(tmp_path):
    b, a, t = terminal(tmp_path)
    r, w = os.pipe()
    os.write(w, b"g4\r")                             # HexGo's cell in the menu, then the end
    os.close(w)
    out = io.StringIO()
    with os.fdopen(r) as inp:
        t.run(out, inp)
    text = out.getvalue()
    assert text.startswith("\x1b[?25l\x1b[2J")      # the cursor hidden, the screen cleared
    assert text.endswith("\x1b[0m\x1b[?25h\n")      # colours reset, the cursor back
    last = shown(text.split("\x1b[H")[-1]).splitlines()
    assert "[HexGo]" in last[-3] and last[-3] == a.caption
    assert last[-2].startswith("cursor g4  typed: -")
