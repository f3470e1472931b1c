# Play's flow (app/play.py) on a host of its own: the app's side of Play as a stand-in
# that records what Play asks of it (captions, tones, saves, the end screen), with a
# clock the test sets and an opponent that plays a chosen move after a chosen number
# of slices. Runs on CPython and both MicroPython VMs.
import hexgames
from app import layout
from app.play import Play, played
from app.store import Settings
from fakehw import Clock

_lay = []


def pocket():
    if not _lay:
        _lay.append(layout.load("pocket"))
    return _lay[0]


class Scripted:
    """An opponent: ready after `slices` slices, then plays the first of `moves` (move
    texts) that is legal, else the first legal move."""

    def __init__(self, level, slices=2, moves=()):
        self.level = level
        self.slices = slices
        self.moves = list(moves)
        self.started = 0
        self.thought = 0
        self.saves_then = []                     # the saves made at each slice
        self.host = None

    def start(self, g, clock=None):
        self.g = g
        self.started += 1
        self.thought = 0

    def think(self, ms, clock=None):
        self.saves_then.append(len(self.host.saves))
        self.thought += 1
        return self.thought >= self.slices

    def best(self):
        g = self.g
        while self.moves:
            t = self.moves.pop(0)
            for m in g.moves():
                if g.text(m) == t:
                    return m
        return g.moves()[0]


class Host:
    """What Play uses of the App."""

    def __init__(self, opponent=None):
        self.layout = pocket()
        self.MENU = self.layout.fn_key("MENU")
        self.UNDO = self.layout.fn_key("UNDO")
        self.OK = self.layout.fn_key("OK")
        self.HINT = self.layout.fn_key("HINT")
        self.now = 0
        self.clock = Clock()
        self.settings = Settings()
        self.opp = opponent                      # made on request, as App.opponent
        if opponent:
            opponent.host = self
        self.ai = opponent
        self.made = []
        self.caption = ""
        self.tones = []
        self.saves = []
        self.ends = []
        self.menus = 0
        self.drawn = 0
        self.painter = self

    def opponent(self, g, level):
        self.made.append(level)
        return self.opp

    def set_caption(self, text):
        self.caption = text

    def tone(self, freq, ms):
        self.tones.append(freq)

    def click(self):
        self.tones.append(1800)

    def refuse(self):
        self.tones.append(150)

    def save_game(self, play):
        self.saves.append(play.g.dump())

    def to_menu(self):
        self.menus += 1

    def show_end(self, play):
        self.ends.append(self.now)

    def draw(self, light, play, now, colour_blind):
        self.drawn += 1


def start(name="hexgo", level=0, human=1, opponent=None, moves=(), **options):
    host = Host(opponent)
    g = hexgames.new(name, **options)
    for t in moves:
        g.play(t)
    return host, Play(host, name, g, level, human)


def key_of(p, name):
    return p.place.cell[p.g.board.index(name)]


def put(p, *names):
    """Each cell pressed twice: the move spelled, then played."""
    for t in names:
        k = key_of(p, t)
        p.key(k)
        p.key(k)


def path(p, *names):
    """One move of several cells: each pressed, the last again to play it."""
    for t in names + names[-1:]:
        p.key(key_of(p, t))


def texts(p):
    return [p.g.text(m) for m in p.g.history()]


def frame(host, p, ms=40):
    """One frame as App.run makes it: tick, draw, the spare time's work."""
    host.now += ms
    p.tick(host.now)
    p.draw(None, host.now)
    p.work(10)


def test_a_move_is_said_with_its_side():
    assert played("d4", "O") == "O played d4"
    assert played("pass", "X") == "X passed" and played("swap", "O") == "O swapped"
    assert played("d4", "X", True) == "X could play d4"
    assert played("pass", "O", True) == "O could pass"


def test_the_caption_says_whose_turn_and_the_last_move():
    host, p = start()
    assert host.caption == "HexGo: X to move" and p.refuse_cell < 0      # no cell blinks
    put(p, "d4")
    assert host.caption == "HexGo: O to move. Last: X played d4"
    host, p = start("hex", size=5, pie=True)
    assert host.caption == "Hex: X to move. X joins top and bottom, O left and right"
    put(p, "a1")
    p.key(host.OK)
    assert host.caption == "Hex: OK again to play swap, Undo to cancel"
    p.key(host.OK)
    assert host.caption == "Hex: X to move. Last: O swapped"
    host, p = start(level=2, human=2, opponent=Scripted(2))
    assert host.caption == "HexGo: X to move (computer)"
    host, p = start(level=2, human=1, opponent=Scripted(2))
    assert host.caption == "HexGo: X to move (you)"
    put(p, "d4")
    assert host.caption == "HexGo: the computer (O) is thinking"


def test_the_match_is_described_as_the_menu_writes_it():
    host, p = start("hex", level=3, human=2, size=7, pie=True)
    assert p.spec() == ["hex", 7, ["pie"], 3, 2]
    host, p = start("hex", size=5)
    assert p.spec() == ["hex", 5, [], 0, 1]
    host, p = start("hexgo", base=4)
    assert p.spec() == ["hexgo", 4, [], 0, 1]


def last_turns(p):
    """{cell name: the bits of the sides whose last turn it was in}"""
    b = p.g.board
    return {b.name(i): p.last[i] for i in range(b.n) if p.last[i]}


XIAGO = ("d4-d3", "g6", "d3-e2", "e6", "j2-i2")      # turns of two moves: X, O, X...


def test_each_sides_last_turn_is_marked_as_played_and_after_a_resume():
    host, p = start()
    put(p, "d4", "e4")
    assert last_turns(p) == {"d4": 1, "e4": 2}
    put(p, "c5")
    assert last_turns(p) == {"e4": 2, "c5": 1}
    put(p, "d5")
    assert last_turns(p) == {"c5": 1, "d5": 2}
    host, p = start("xiago")
    for t in XIAGO:
        m = [m for m in p.g.moves() if p.g.text(m) == t][0]
        p.commit(m)
        assert sum(p.flash) == 0 and p.flash_t == -1      # a stone moved is no capture
    want = {"d3": 2, "e2": 2, "e6": 2, "j2": 1, "i2": 1}
    assert last_turns(p) == want and list(p.sides) == [1, 1, 2, 2, 1]
    back = Play(Host(), "xiago", hexgames.replay(p.g.record()), 0, 1)
    assert last_turns(back) == want and list(back.sides) == [1, 1, 2, 2, 1]
    # a game loaded from a position: the history from there
    g = hexgames.load(p.g.dump())
    g.play([m for m in g.moves() if g.text(m) == "i6"][0])
    back = Play(Host(), "xiago", g, 0, 1)
    assert list(back.sides) == [1] and last_turns(back) == {"i6": 1}


def test_a_capture_flashes_the_stone_taken():
    host, p = start()
    host.now = 500
    put(p, "e1", "d1", "c2", "a7")
    assert p.flash_t == -1
    host.now = 900
    put(p, "d2")                                  # d1 has no liberty left
    b = p.g.board
    assert [b.name(i) for i in range(b.n) if p.flash[i]] == ["d1"] and p.flash_t == 900
    put(p, "a6")
    assert sum(p.flash) == 0 and p.flash_t == -1
    host, p = start()                             # and an X stone taken
    put(p, "d1", "e1", "a7", "c2", "b7", "d2")
    assert [b.name(i) for i in range(b.n) if p.flash[i]] == ["d1"]


def test_keys_make_moves_with_a_click_and_a_refusal_sounds_low():
    host, p = start()
    d4 = key_of(p, "d4")
    p.key(d4)
    assert host.tones == [1800] and p.targets() == [d4]
    p.key(d4)
    assert texts(p) == ["d4"] and host.tones == [1800, 880]
    host.now = 77
    p.key(d4)                                     # taken: refused, on that cell
    assert host.tones[-1] == 150 and p.refuse_cell == d4 and p.refuse_t == 77
    off = [k for k in range(host.layout.n) if p.place.of(k) < 0][0]
    p.key(off)
    assert host.tones[-1] == 150 and p.refuse_cell == off and texts(p) == ["d4"]
    p.key(host.MENU)
    assert host.menus == 1


def test_the_cells_the_knob_visits():
    host, p = start()
    b = p.g.board
    assert p.targets() == sorted(key_of(p, b.name(i)) for i in range(b.n))
    put(p, "d4")
    assert key_of(p, "d4") not in p.targets() and len(p.targets()) == b.n - 1
    host, p = start("xiago")
    f2 = key_of(p, "f2")
    p.key(f2)
    lit = [key_of(p, t) for t in ("f2", "g2", "g1", "f1", "e2", "e3", "f3")]
    assert p.targets() == sorted(lit)
    host, p = start(level=2, human=2, opponent=Scripted(2))
    assert p.targets() == []                      # the computer's turn
    host, p = start("xiago")                      # each first cell once, the pass none
    g = p.g
    firsts = [g.cells(m)[0] for m in g.moves() if g.cells(m)]
    assert p.targets() == sorted(set(p.place.cell[c] for c in firsts))


def test_a_pass_is_armed_shown_and_lifted():
    host, p = start("xiago")
    p.key(host.OK)
    assert p.armed >= 0 and p.veil == 1 and host.tones == [1800]
    p.key(key_of(p, "d4"))                        # a press drops the armed pass
    assert p.veil == 0 and p.armed < 0
    p.key(host.OK)
    host.now = 40                                 # a time of 0 would hide `veil_t != 0`
    p.key(host.OK)                                # X passed, at time 40
    assert texts(p) == ["pass"] and p.veil == 1 and p.g.to_move == 2
    p.key(key_of(p, "g6"))                        # O's input: the pass stays shown
    assert p.veil == 1 and p.entry.busy()
    p.key(host.UNDO)                              # the input dropped, nothing undone
    assert p.veil == 1 and texts(p) == ["pass"] and host.tones[-1] == 1800
    p.tick(1540)
    assert p.veil == 1
    p.tick(1541)
    assert p.veil == 0 and p.veil_t == -1


def test_the_end_screen_comes_after_the_last_move_has_been_seen():
    host, p = start("hex", size=5, moves=("a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"))
    host.now = 100
    put(p, "a5")
    assert p.g.result() is not None and p.over_t == 100
    assert host.caption == "Hex: game over" and not p.my_turn()
    p.tick(1299)
    assert host.ends == []
    p.tick(1300)
    assert len(host.ends) == 1
    p.key(host.UNDO)                              # back into the game
    assert p.over_t == -1 and texts(p)[-1] == "b4" and p.my_turn()


def test_undo_with_two_people_takes_back_one_move_and_saves():
    host, p = start()
    p.key(host.UNDO)
    assert host.tones == [150] and host.saves == []     # nothing to take back
    assert p.refuse_cell < 0                            # ... and no cell blinks
    put(p, "d4", "e4")
    p.key(host.UNDO)
    assert texts(p) == ["d4"] and host.saves[-1] == p.g.dump()
    assert last_turns(p) == {"d4": 1} and host.caption == "HexGo: O to move. Last: X played d4"


def test_undo_against_the_computer_goes_back_to_the_start_of_your_turn():
    opp = Scripted(2, 1, ["d3-e2", "e6"])
    host, p = start("xiago", level=2, human=1, opponent=opp, moves=XIAGO[:2])
    assert list(p.sides) == [1, 1]
    run_until_idle(host, p)
    assert texts(p) == list(XIAGO[:4])
    p.key(host.UNDO)                              # its two moves and your two
    assert texts(p) == [] and p.my_turn()
    p.key(host.UNDO)
    assert host.tones[-1] == 150
    # the computer first (you are O): back to your turn, never past its first move
    opp = Scripted(2, 1, ["d4-d3", "g6", "j2-i2", "i6"])
    host, p = start("xiago", level=2, human=2, opponent=opp)
    run_until_idle(host, p)
    assert texts(p) == ["d4-d3", "g6"]
    p.key(host.UNDO)
    assert host.tones[-1] == 150 and len(texts(p)) == 2  # none of yours to undo
    m = [m for m in p.g.moves() if p.g.text(m) == "d3-e2"][0]
    p.commit(m)
    m = [m for m in p.g.moves() if p.g.text(m) == "e6"][0]
    p.commit(m)
    run_until_idle(host, p)
    assert len(texts(p)) == 6
    p.key(host.UNDO)
    assert texts(p) == ["d4-d3", "g6"] and p.my_turn()


def run_until_idle(host, p, frames=40):
    for _ in range(frames):
        frame(host, p)


def test_your_move_is_saved_once_shown_before_the_computer_searches():
    opp = Scripted(2, 3, ["e4"])
    host, p = start(level=2, human=1, opponent=opp)
    p.tick(0)                                     # the first frame: no opponent yet
    assert host.made == []
    p.tick(40)
    assert host.made == [2] and opp.started == 1  # made, and its buffers started
    put(p, "d4")
    assert p.thinking == 1 and host.saves == [] and opp.started == 2
    p.tick(80)                                    # this frame shows it: no search yet
    assert host.saves == [] and opp.thought == 0 and not p.work(10)
    p.draw(None, 80)
    assert p.work(10) and len(host.saves) == 1 and opp.thought == 0   # saved first
    assert texts(p) == ["d4"] and "thinking" in host.caption
    assert p.work(10) and opp.thought == 1
    assert p.work(10) and opp.thought == 2
    assert p.work(10) and opp.thought == 3        # ready: not asked again
    assert not p.work(10) and opp.thought == 3
    p.tick(120)                                   # ... its move played at the tick
    assert texts(p) == ["d4", "e4"] and host.tones[-1] == 660 and opp.thought == 3
    assert not p.work(10) and len(host.saves) == 1
    p.tick(160)                                   # saved at the next frame
    assert len(host.saves) == 2 and host.saves[-1] == p.g.dump()
    p.tick(200)
    assert len(host.saves) == 2 and p.my_turn()


def test_a_save_before_the_first_frame_is_drawn_waits_for_the_tick():
    opp = Scripted(2, 3, ["e4"])
    host, p = start(level=2, human=1, opponent=opp)
    p.tick(0)
    p.tick(40)
    put(p, "d4")
    p.draw(None, 40)
    p.tick(80)                                    # shown: the tick saves it, then searches
    assert len(host.saves) == 1 and opp.thought == 1 and opp.saves_then == [1]


def test_the_computer_moves_first_after_a_resume():
    opp = Scripted(2, 1, ["d4"])
    host, p = start(level=2, human=2, opponent=opp)
    assert p.computer_to_move() and p.targets() == []
    p.key(key_of(p, "e4"))                        # not yours: refused
    assert host.tones == [150]
    run_until_idle(host, p, 4)
    assert texts(p) == ["d4"] and host.saves == [p.g.dump()] and p.my_turn()


def test_keys_pressed_while_the_computer_thinks_come_in_order_afterwards():
    opp = Scripted(2, 6, ["e4"])
    host, p = start(level=2, human=1, opponent=opp)
    p.tick(0)
    p.tick(40)
    put(p, "d4")
    c5 = key_of(p, "c5")
    p.key(c5)
    p.key(c5)                                     # queued, not refused
    assert host.tones[-1] == 880 and texts(p) == ["d4"]
    run_until_idle(host, p, 10)
    assert texts(p)[:3] == ["d4", "e4", "c5"]


def test_a_hint_lights_its_cells_and_ok_plays_it():
    opp = Scripted(3, 2, ["c5"])
    host, p = start("xiago", opponent=opp)        # two people: the hint's level is 3
    host.now = 50
    p.key(host.HINT)
    assert host.made == [3] and p.thinking == 2
    p.key(key_of(p, "f2"))                        # queued while it thinks
    p.tick(60)
    p.tick(70)
    assert host.caption == "Hint: X could play c5 (lit; OK plays it)" and p.hint_t == 70
    b = p.g.board
    assert [b.name(i) for i in range(b.n) if p.hint[i]] == ["c5"]
    p.key(host.UNDO)                              # the hint dropped, nothing undone
    assert p.hint_t == -1 and texts(p) == [] and host.tones[-1] == 1800
    opp.moves = ["pass"]
    p.key(host.HINT)
    p.tick(80)
    p.tick(90)
    assert p.armed >= 0 and p.veil == 1 and "X could pass" in host.caption
    assert sum(p.hint) == 0                       # the last hint's cells are dark
    p.key(host.OK)
    assert texts(p) == ["pass"]
    host, p = start()                             # no opponent at all
    p.key(host.HINT)
    assert host.tones == [150] and p.thinking == 0 and p.refuse_cell < 0


def test_a_hint_is_refused_on_the_computers_turn():
    opp = Scripted(2, 50)
    host, p = start(level=2, human=2, opponent=opp)
    p.tick(0)
    p.tick(40)
    p.thinking = 0                                # as between its slices
    p.key(host.HINT)
    assert host.tones == [150]


def test_a_resumed_game_marks_only_each_sides_last_turn():
    g = hexgames.replay(start(moves=("d4", "e4", "c5", "d5"))[1].g.record())
    p = Play(Host(), "hexgo", g, 0, 1)
    assert last_turns(p) == {"c5": 1, "d5": 2} and list(p.sides) == [1, 2, 1, 2]


def test_the_veil_of_a_pass_goes_with_the_next_move_or_undo():
    host, p = start("xiago")
    put(p, "g6")
    assert p.veil == 0 and p.veil_t == -1
    p.key(host.OK)
    assert p.veil == 2
    off = [k for k in range(host.layout.n) if p.place.of(k) < 0][0]
    p.key(off)                                    # refused: the armed pass stays shown
    assert p.veil == 2 and p.armed >= 0 and host.tones[-1] == 150
    p.key(host.UNDO)                              # disarmed
    assert p.veil == 0 and p.armed < 0 and texts(p) == ["g6"]
    host.now = 10
    p.key(host.OK)
    p.key(host.OK)
    assert texts(p) == ["g6", "pass"] and p.veil == 2 and p.veil_t == 10
    p.key(key_of(p, "e6"))                        # X's input: the pass stays shown
    assert p.veil == 2 and p.entry.busy()
    host.now = 20
    p.key(key_of(p, "e6"))                        # the next move ends the pass's showing
    assert p.veil == 0 and p.veil_t == -1
    host.now = 100
    side = p.g.to_move
    p.key(host.OK)
    p.key(host.OK)
    assert texts(p)[-1] == "pass" and p.veil == side and p.veil_t == 100
    p.tick(1600)
    assert p.veil == side
    p.tick(1601)                                  # shown 1.5 s from its own move
    assert p.veil == 0
    host.now = 2000
    p.commit([m for m in p.g.moves() if len(p.g.cells(m)) == 1][0])
    side = p.g.to_move
    p.key(host.OK)
    p.key(host.OK)
    assert texts(p)[-1] == "pass" and p.veil == side
    p.key(host.UNDO)                              # the pass taken back: no longer shown
    assert texts(p)[-1] != "pass" and p.veil == 0


def test_a_refused_ok_blinks_no_cell():
    host, p = start()                             # HexGo has no move without cells
    p.key(host.OK)
    assert host.tones == [150] and p.refuse_cell < 0
    host, p = start(level=2, human=2, opponent=Scripted(2, 50))
    p.key(host.OK)                                # not your turn
    assert host.tones == [150] and p.refuse_cell < 0


def steps(g, moves):
    """The positions after each of moves from g's start."""
    f = hexgames.new(g.NAME, **g.options)
    out = []
    for t in moves:
        f.play(t)
        out.append(f.dump())
    return out


def test_your_every_step_is_saved_and_the_computers_turn_once_after_its_last():
    opp = Scripted(2, 2, ["d4-d3", "g6", "j2-i2", "i6"])
    host, p = start("xiago", level=2, human=2, opponent=opp)
    run_until_idle(host, p, 8)
    after = steps(p.g, XIAGO[:4])
    assert texts(p) == list(XIAGO[:2]) and host.saves == [after[1]]
    path(p, "d3", "e2")
    frame(host, p)
    assert host.saves[1:] == [after[2]]           # your first step, before it searches
    put(p, "e6")
    frame(host, p)
    assert host.saves[2] == after[3] and opp.thought == 0
    frame(host, p)                                # its search begins once it is saved
    assert opp.saves_then[-2:] == [3, 3]
    run_until_idle(host, p, 8)
    assert len(texts(p)) == 6 and len(host.saves) == 4 and host.saves[-1] == p.g.dump()


def test_undo_against_the_computer_takes_back_one_round():
    opp = Scripted(2, 1, ["e4", "d5"])
    host, p = start(level=2, human=1, opponent=opp)
    put(p, "d4")
    run_until_idle(host, p, 4)
    put(p, "c5")
    run_until_idle(host, p, 4)
    assert texts(p) == ["d4", "e4", "c5", "d5"]
    p.key(host.UNDO)
    assert texts(p) == ["d4", "e4"] and last_turns(p) == {"d4": 1, "e4": 2}


def test_undo_refused_when_only_the_computer_has_moved_since_the_resume():
    g = hexgames.load(start(moves=("d4",))[1].g.dump())       # O to move, no history
    host = Host(Scripted(2, 1, ["e4"]))
    p = Play(host, "hexgo", g, 2, 1)
    assert host.caption == "HexGo: O to move (computer)"
    run_until_idle(host, p, 4)
    assert texts(p) == ["e4"] and p.my_turn()
    p.key(host.UNDO)
    assert texts(p) == ["e4"] and host.tones[-1] == 150


def test_a_hint_names_the_side_it_is_for():
    opp = Scripted(3, 1, ["c5"])
    host, p = start(opponent=opp, moves=("d4",))
    p.key(host.HINT)
    p.tick(10)
    assert host.caption == "Hint: O could play c5 (lit; OK plays it)"
    assert p.veil == 0                            # a stone's hint: no pass shown


def test_a_move_the_engine_refuses_changes_nothing():
    host, p = start(moves=("d4",))
    m = p.g.moves()[0]
    p.commit(p.g.board.index("d4"))               # taken
    assert host.tones == [150] and p.refuse_cell < 0 and texts(p) == ["d4"]
    assert host.saves == [] and not p.unsaved and m in p.g.moves()


def test_undo_from_a_won_game_takes_back_only_the_winning_move():
    opp = Scripted(2, 1)
    host, p = start("hex", level=2, human=1, opponent=opp, size=5,
                    moves=("a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"))
    put(p, "a5")
    assert p.g.result() is not None and not p.thinking
    p.key(host.UNDO)
    assert len(texts(p)) == 8 and p.my_turn()
