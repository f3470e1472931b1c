# The simulator's window (host_sim/window.py, pygame-ce) driven as a person would:
# keys and mouse events into its handler, the picture read back from its surface. The
# events it queues on the virtual board (board.keys.q, (key, press/release) in order)
# are what the app would read from the key matrix. Headless: SDL's dummy video driver.
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

from host_sim.board import VirtualBoard  # noqa: E402
from app.keys import PRESS, RELEASE  # noqa: E402
from front_keys import queued, tap  # noqa: E402

from needs import need_module  # noqa: E402

pygame = need_module("pygame", "pygame", "pygame-ce is missing: pip install -r requirements.txt")
from host_sim import window  # noqa: E402
from host_sim.window import Window  # noqa: E402


def opened(tmp_path, variant="pocket"):
    b = VirtualBoard(variant, str(tmp_path))
    a = b.app(ai=None)
    a.run(2)
    w = Window(b, a)
    surf = pygame.Surface((w.width, w.height))
    w.draw(surf)
    return b, a, w, surf


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k)


def test_window_letters_press_the_function_keys_and_other_keys_press_nothing(tmp_path):
    b, a, w, _ = opened(tmp_path)
    lay = b.layout
    for k, name in ((pygame.K_m, "MENU"), (pygame.K_u, "UNDO"), (pygame.K_BACKSPACE, "UNDO"),
                    (pygame.K_o, "OK"), (pygame.K_RETURN, "OK"), (pygame.K_h, "HINT")):
        assert w.handle(key(k)) is True
        assert queued(b) == tap(lay.fn_key(name)), name
    # keys of no meaning, the knob's keys and wheel on a board without a knob, a right
    # click and a click off every key: nothing queued, the window stays open
    caption = a.caption
    for ev in (key(pygame.K_z), key(pygame.K_F1), key(pygame.K_SPACE), key(pygame.K_LEFTBRACKET),
               pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=2, pos=w.centres[0]),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=w.centres[0]),
               pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(1, 1))):
        assert w.handle(ev) is True and queued(b) == [], ev
    a.run(2)
    assert a.caption == caption


def test_window_backspace_takes_back_a_move_clicked_on_the_board(tmp_path):
    b, a, w, _ = opened(tmp_path)
    a.new_game(("hexgo", None, [], 0, 1))
    a.run(2)
    d4 = a.screen.place.cell[a.screen.g.board.index("d4")]
    for _ in range(2):                   # pressed, then confirmed
        w.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=w.centres[d4]))
        a.run(2)
    assert [a.screen.g.text(m) for m in a.screen.g.history()] == ["d4"]
    w.handle(key(pygame.K_BACKSPACE))
    a.run(2)
    assert a.screen.g.history() == []


def test_window_knob_turns_by_wheel_and_brackets_and_presses_by_space_and_middle_button(tmp_path):
    b, a, w, _ = opened(tmp_path, "hexboard")
    knob = b.layout.knob                 # knob: counter-clockwise, +1 clockwise, +2 button
    for ev, want in ((pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1), [(knob + 1, PRESS)]),
                     (pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2), [(knob, PRESS)] * 2),
                     (key(pygame.K_RIGHTBRACKET), [(knob + 1, PRESS)]),
                     (key(pygame.K_LEFTBRACKET), [(knob, PRESS)]),
                     (key(pygame.K_SPACE), tap(knob + 2)),
                     (pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=2, pos=(1, 1)), tap(knob + 2))):
        assert w.handle(ev) is True
        assert queued(b) == want, ev
    # turned clockwise in the menu, the pointer comes onto a cell, which the screen
    # names by the game it chooses
    assert a.pointer == -1
    w.handle(key(pygame.K_RIGHTBRACKET))
    a.run(5)
    assert a.pointer >= 0 and a.pointed == "HexGo"


def test_window_closes_on_q_escape_and_its_close_button_without_another_frame(tmp_path):
    b, a, w, _ = opened(tmp_path)
    for ev in (key(pygame.K_q), key(pygame.K_ESCAPE), pygame.event.Event(pygame.QUIT)):
        assert w.handle(ev) is False
    frames = []
    a.frame = lambda: frames.append(1)
    w.open()
    try:
        w.run(2)
        assert len(frames) == 2              # open: it runs the frames asked for
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        w.run(5)
        assert len(frames) == 2              # closed before the next frame
    finally:
        pygame.display.quit()


def ink(surf, y0, y1, x1):
    """Pixels not the background in the band of rows y0..y1-1, columns 0..x1-1."""
    return sum(surf.get_at((x, y))[:3] != window.BACKGROUND
               for y in range(y0, y1) for x in range(0, x1))


def test_window_caption_is_drawn_under_the_buttons_in_at_most_three_lines(tmp_path):
    b, a, w, _ = opened(tmp_path)
    top = w.grid_h + 48                  # the pocket board's four keys are buttons
    assert w.buttons and top + 3 * 18 <= w.height            # three lines fit the window
    surf = pygame.Surface((w.width, w.height + 40))          # room to see a fourth
    a.caption = ""
    w.draw(surf)
    assert ink(surf, top, surf.get_height(), w.width) == 0
    a.caption = "HexGo"
    w.draw(surf)
    assert ink(surf, top, top + 18, 12) == 0 and ink(surf, top, top + 18, 80) > 0
    assert ink(surf, w.grid_h + 38, top, w.width) == 0       # between the buttons and it
    assert ink(surf, top + 18, surf.get_height(), w.width) == 0
    a.caption = " ".join(["word%d" % i for i in range(200)])
    lines = w.wrap(a.caption, w.width - 24)
    assert len(lines) > 3 and all(w.font.size(t)[0] <= w.width - 24 for t in lines)
    w.draw(surf)
    for k in range(3):
        assert ink(surf, top + 18 * k, top + 18 * (k + 1), w.width) > 0, k
    assert ink(surf, top + 54, surf.get_height(), w.width) == 0          # the fourth line is not drawn


def test_window_draws_the_hexboards_screen_two_pixels_a_pixel(tmp_path):
    b, a, w, surf = opened(tmp_path, "hexboard")
    o = b.screen
    x0, y0 = w.grid_w, (w.grid_h - 2 * o.height) // 2
    lit = 0
    for y in range(o.height):
        for x in range(o.width):
            want = (170, 215, 255) if o.pixel(x, y) else (0, 0, 0)
            lit += o.pixel(x, y)
            for dx in (0, 1):
                for dy in (0, 1):
                    assert surf.get_at((x0 + 2 * x + dx, y0 + 2 * y + dy))[:3] == want, (x, y)
    assert lit > 100                      # the menu's caption is on it


def test_window_dark_cells_are_drawn_dark_and_n_shows_the_games_names(tmp_path):
    b, a, w, surf = opened(tmp_path)
    a.new_game(("hexgo", None, [], 0, 1))
    a.run(2)
    g7 = b.layout.find("g7")                         # hexgo's d4, unlit at the start
    c = [int(v) for v in w.centres[g7]]
    w.draw(surf)
    assert max(b.rgb(g7)) < 8 and surf.get_at(c)[:3] == window.DARK_CELL
    plain = surf.copy()
    w.handle(key(pygame.K_n))
    w.draw(surf)
    box = pygame.Rect(0, 0, 2 * w.size, w.size)
    box.center = c

    def named(text):
        s = plain.copy()
        t = w.small.render(text, True, (235, 235, 235))
        s.blit(t, t.get_rect(center=w.centres[g7]))
        return [s.get_at((x, y)) for x in range(box.left, box.right) for y in range(box.top, box.bottom)]

    drawn = [surf.get_at((x, y)) for x in range(box.left, box.right) for y in range(box.top, box.bottom)]
    assert drawn == named("d4") and drawn != named("g7")
    w.handle(key(pygame.K_n))                         # off again
    w.draw(surf)
    assert all(surf.get_at((x, y)) == plain.get_at((x, y))
               for x in range(box.left, box.right) for y in range(box.top, box.bottom))
