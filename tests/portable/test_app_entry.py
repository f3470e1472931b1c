# The entry of moves (app/entry.py) press by press: what lights up, what blinks, when
# a move is played, taking a step back, moves without cells armed by OK. On a game of
# made-up paths (every case in a few moves) and on xiago's two-cell moves. Runs on
# CPython and both MicroPython VMs.
import hexgames
from app.entry import Entry, TAKEN, REFUSED


class Paths:
    """A game as Entry sees it: its legal moves and each move's cells."""

    def __init__(self, paths):
        self.paths = paths

    def moves(self):
        return list(range(len(self.paths)))

    def cells(self, m):
        return list(self.paths[m])


N = 8
# move 0 is one cell; 1 and 2 share two steps; 3 passes; 5 is the first cell of 4
G = Paths([[0], [1, 2, 3], [1, 2, 4], [], [5, 6], [5], []])


def lit(e):
    """cand as {cell: code} without the zeros."""
    return {c: e.cand[c] for c in range(len(e.cand)) if e.cand[c]}


def test_a_fresh_entry_is_idle():
    e = Entry(N)
    assert not e.busy() and lit(e) == {} and e.sel == []
    assert e.press(G, 7) == REFUSED and not e.busy()        # no move starts at 7


def test_each_step_lights_where_the_path_goes_on():
    e = Entry(N)
    assert e.press(G, 1) == TAKEN and e.busy()
    assert lit(e) == {1: 2, 2: 1} and e.sel == [1]
    assert e.press(G, 2) == TAKEN
    assert lit(e) == {1: 2, 2: 2, 3: 1, 4: 1}
    assert e.press(G, 3) == TAKEN                           # a whole move: it blinks
    assert lit(e) == {1: 2, 2: 2, 3: 3}
    assert e.press(G, 3) == 1                               # pressed again: played


def test_the_last_cell_pressed_again_takes_that_step_back():
    e = Entry(N)
    e.press(G, 1)
    e.press(G, 2)
    assert e.press(G, 2) == TAKEN and e.sel == [1] and lit(e) == {1: 2, 2: 1}
    assert e.press(G, 1) == TAKEN and not e.busy() and lit(e) == {}


def test_a_press_that_continues_nothing_starts_anew_or_is_refused():
    e = Entry(N)
    e.press(G, 1)
    e.press(G, 2)
    e.press(G, 3)
    assert e.press(G, 6) == REFUSED                         # nothing starts at 6
    assert e.sel == [1, 2, 3] and lit(e) == {1: 2, 2: 2, 3: 3}   # the input stays
    assert e.press(G, 5) == TAKEN                           # starts a move anew
    assert e.sel == [5] and lit(e) == {5: 3, 6: 1}          # whole, and a prefix of 4
    assert e.press(G, 6) == TAKEN and lit(e) == {5: 2, 6: 3}
    assert e.press(G, 6) == 4
    e.clear()
    e.press(G, 5)
    assert e.press(G, 5) == 5                               # the shorter path, confirmed


def test_move_zero_is_a_move():
    e = Entry(N)
    assert e.press(G, 0) == TAKEN and lit(e) == {0: 3}
    assert e.press(G, 0) == 0
    assert e.ok(G) == 0                                     # OK plays what the input spells
    e = Entry(N)
    g = Paths([[], [1]])
    assert e.ok(g) == TAKEN and e.armed == 0 and e.busy()
    assert e.ok(g) == 0


def test_ok_arms_the_first_move_without_cells_and_plays_it_at_the_second():
    e = Entry(N)
    e.press(G, 1)
    assert e.ok(G) == TAKEN                                 # arming drops the input
    assert e.armed == 3 and e.busy() and e.sel == [] and lit(e) == {}
    assert e.ok(G) == 3
    e.clear()
    assert not e.busy() and e.armed == -1
    assert e.ok(Paths([[0], [1, 2]])) == REFUSED


def test_a_hint_is_put_into_the_input_ready_to_confirm():
    e = Entry(N)
    e.press(G, 0)
    assert e.show(G, 2) == [1, 2, 4]
    assert lit(e) == {1: 2, 2: 2, 4: 3} and e.press(G, 4) == 2
    assert e.ok(G) == 2
    assert e.show(G, 6) == [] and e.armed == 6 and lit(e) == {} and e.ok(G) == 6


def test_xiago_stone_moves_are_entered_in_two_steps():
    g = hexgames.new("xiago")
    b = g.board
    f2, g2 = b.index("f2"), b.index("g2")
    e = Entry(b.n)
    assert e.press(g, f2) == TAKEN
    dests = [g.cells(m)[1] for m in g.moves() if len(g.cells(m)) == 2 and g.cells(m)[0] == f2]
    assert len(dests) == 6 and lit(e) == dict([(f2, 2)] + [(c, 1) for c in dests])
    e.press(g, g2)
    m = e.press(g, g2)
    assert g.text(m) == "f2-g2"
    assert g.text(e.ok(g)) == "f2-g2"
    e.clear()
    assert e.ok(g) == TAKEN and g.text(e.armed) == "pass"
