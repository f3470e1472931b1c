# The handheld's features one by one, through the virtual board: damaged save
# files, keys queued while the computer thinks, hints, pass, refusals, marks,
# settings (brightness, sound, colour-blind palette), menus and the end screen.
import os

import pytest

import host_sim  # noqa: F401
import hexgames
from app import marks, save
from app.store import Files
from host_sim.board import VirtualBoard
from host_sim.session import Session

from test_app_sessions import hue


def two_people(name, tmp_path, **kw):
    s = Session("pocket", str(tmp_path), ai=None)
    s.start(name, **kw)
    return s


def by_name(s, *names):
    for n in names:
        s.play(s.game.parse(n))


# -- save files -------------------------------------------------------------------
def good_save(tmp_path):
    s = two_people("hexgo", tmp_path)
    by_name(s, "d4", "e4")
    return s.board.store.load(save.GAME_FILE)


def damaged(data):
    head, body = data.split(b"\n", 1)
    return {
        "garbage": b"\x00\xff\x13 not a save file",
        "empty line": b"\n",
        "cut short": data[:-7],
        "flipped bit": head + b"\n" + body[:5] + bytes([body[5] ^ 1]) + body[6:],
        "newer version": data.replace(b"honeycomb game 1 ", b"honeycomb game 2 ", 1),
        "foreign kind": save.pack("settings", {"brightness": 1}),
        "unknown game": save.pack("game", {"game": "chess", "record": "chess: e4", "position": "{}",
                                           "level": 0, "human": 1}),
        "bad record and position": save.pack("game", {"game": "hexgo", "record": "hexgo: z9",
                                                      "position": "[1]", "level": 0, "human": 1}),
        "bad settings": save.pack("game", {"game": "hexgo", "record": "hexgo base=4: d4",
                                           "position": "{}", "level": 9, "human": 3}),
        "not an object": b"honeycomb game 1 3 %08x\n[1]" % save.adler32(b"[1]"),
    }


def test_every_kind_of_damaged_save_is_reported_once_and_ignored(tmp_path):
    data = good_save(tmp_path / "good")
    for why, bad in damaged(data).items():
        folder = tmp_path / why.replace(" ", "_")
        board = VirtualBoard("pocket", str(folder))
        board.store.save(save.GAME_FILE, bad)
        s = Session(board=board, ai=None)
        assert s.on("menu"), why
        assert len(board.reports) == 1 and "could not be read" in board.reports[0], why
        assert (110, 300) in board.sound.tones, why
        # the next power-up is silent: the same file is not reported again
        board2 = VirtualBoard("pocket", str(folder))
        s2 = Session(board=board2, ai=None)
        assert s2.on("menu") and board2.reports == [], why
        # and a new game simply replaces it
        s2.start("hexgo")
        by_name(s2, "d4")
        assert save.unpack("game", board2.store.load(save.GAME_FILE))["record"] == "hexgo base=4: d4"


def test_the_notice_blinks_the_grid_red(tmp_path):
    board = VirtualBoard("pocket", str(tmp_path))
    board.store.save(save.GAME_FILE, b"rubbish")
    app = board.app(ai=None)
    reds = 0
    for _ in range(40):
        app.run(1)
        reds += all(hue(board.rgb(i)) == "X" for i in range(board.layout.n))
    assert reds >= 5
    app.run(40)
    assert app.notice_t == -1


class PowerCut(Exception):
    """The power goes: nothing after it runs (not an OSError, which the store handles)."""


class CutFiles(Files):
    """Real files, and a list of what was opened and renamed. With `cut` set, the
    next write of a game save stops halfway and the power goes."""

    def __init__(self):
        self.cut = False
        self.ops = []

    def open(self, path, mode):
        name = os.path.basename(path)
        self.ops.append(("open", name, mode))
        f = open(path, mode)
        if self.cut and "w" in mode and name.startswith(save.GAME_FILE):
            self.cut = False
            return Halfway(f)
        return f

    def rename(self, a, b):
        self.ops.append(("rename", os.path.basename(a), os.path.basename(b)))
        os.rename(a, b)


class Halfway:
    def __init__(self, f):
        self.f = f

    def write(self, data):
        self.f.write(data[:len(data) // 2])
        self.f.close()
        raise PowerCut()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()
        return False


def test_the_save_is_written_atomically_after_every_move(tmp_path):
    # After every move the power goes halfway through writing the save: the
    # last save stays whole and the next power-up resumes it; the move played
    # again is saved through a whole new file put in place by a rename.
    moves = ["d4", "e4", "c5", "d5", "e3", "c3"]
    s = two_people("hexgo", tmp_path)
    by_name(s, moves[0])
    for k in range(1, len(moves)):
        before = s.board.store.load(save.GAME_FILE)
        assert save.unpack("game", before)["record"] == "hexgo base=4: " + " ".join(moves[:k])
        s.board.store.fs = fs = CutFiles()
        fs.cut = True
        with pytest.raises(PowerCut):
            by_name(s, moves[k])
        assert (tmp_path / save.GAME_FILE).read_bytes() == before, moves[k]
        s = Session("pocket", str(tmp_path), ai=None)          # power on
        assert s.on("resume") and s.board.reports == [], moves[k]
        s.press("OK")
        assert [s.game.text(m) for m in s.game.history()] == moves[:k]
        s.board.store.fs = fs = CutFiles()
        by_name(s, moves[k])
        writes = [op for op in fs.ops
                  if op[0] == "open" and "w" in op[2] and op[1].startswith(save.GAME_FILE)]
        assert writes == [("open", save.GAME_FILE + ".tmp", "wb")], fs.ops
        assert fs.ops[-1] == ("rename", save.GAME_FILE + ".tmp", save.GAME_FILE), fs.ops
        assert not [f for f in os.listdir(str(tmp_path)) if f.endswith(".tmp")]
        d = save.unpack("game", s.board.store.load(save.GAME_FILE))
        assert d["record"] == "hexgo base=4: " + " ".join(moves[:k + 1])
        assert d["position"] == s.game.dump()


# -- the computer ----------------------------------------------------------------
@pytest.fixture
def long_search(monkeypatch):
    """HexGo's level 5 spanning several frames: the virtual clock passes 1 ms a
    reading, one a search iteration, so a frame's thinking (its slice and its spare
    time) is ~40 iterations; 200 make five frames whatever the chip's measured rate
    (CHIP_RATE) is."""
    monkeypatch.setattr(type(hexgames.new("hexgo")), "CHIP_RATE", 200)


def test_keys_pressed_while_the_computer_thinks_are_queued_not_lost(tmp_path, long_search):
    s = Session("pocket", str(tmp_path))
    s.start("hexgo", level=5, human=1)     # the longest search: several frames
    p = s.play_screen
    s.board.press(s.cell(s.game.parse("d4")))
    s.board.press(s.cell(s.game.parse("d4")))
    s.frames(1)
    assert p.thinking == 1
    frames_thinking = 0
    s.board.press("UNDO")             # while it thinks
    s.frames(1)
    while p.thinking:
        assert len(p.queue) == 1
        s.frames(1)
        frames_thinking += 1
    s.frames(2)
    assert frames_thinking >= 3       # the search ran in slices, frame by frame
    assert s.game.history() == []     # the queued UNDO took back both plies


def test_the_thinking_animation_moves_while_the_computer_thinks(tmp_path, long_search):
    s = Session("pocket", str(tmp_path))
    s.start("hexgo", level=5, human=2)    # the computer opens
    p = s.play_screen
    seen = set()
    outside = [i for i in range(s.board.layout.n) if p.place.of(i) < 0]
    while p.thinking:
        s.frames(1)
        seen.add(tuple(s.board.rgb(i) for i in outside[:12]))
    assert len(seen) >= 3


def test_a_hint_is_shown_and_ok_plays_it(tmp_path):
    s = Session("pocket", str(tmp_path))
    s.start("hexgo", level=0)               # two people, with hints from the opponent
    s.press("HINT")
    s.until(lambda: not s.play_screen.thinking)
    p = s.play_screen
    assert s.app.caption.startswith("Hint: ")
    hinted = p.entry.pending
    assert hinted >= 0 and p.hint[s.game.cells(hinted)[0]]
    s.press("OK")
    assert s.game.history() == [hinted]


def test_hint_without_the_opponent_is_refused(tmp_path):
    s = two_people("hexgo", tmp_path)
    s.press("HINT")
    assert s.board.sound.tones[-1] == (150, 120) and not s.play_screen.thinking


# -- input -----------------------------------------------------------------------
def test_a_refused_press_blinks_red_with_a_low_tone(tmp_path):
    s = two_people("hexgo", tmp_path)
    by_name(s, "d4")
    d4 = s.cell(s.game.parse("d4"))
    s.board.press(d4)
    colours = []
    for _ in range(12):
        s.frames(1)
        colours.append(s.board.rgb(d4))
    assert s.board.sound.tones[-1] == (150, 120)
    assert any(c[0] > 0 and c[1] == 0 and c[2] == 0 for c in colours)        # pure red
    assert hue(colours[-1]) == "X"                                            # then the stone again
    assert len(s.game.history()) == 1


def test_off_board_presses_and_function_keys_in_the_wrong_place_are_refused(tmp_path):
    s = two_people("hexgo", tmp_path)          # hexgo base 4 on the base-7 pocket board
    outside = [i for i in range(s.board.layout.n) if s.play_screen.place.of(i) < 0][0]
    s.press(outside)
    assert s.board.sound.tones[-1] == (150, 120)
    s.press("OK")                             # hexgo has no pass
    assert s.board.sound.tones[-1] == (150, 120) and s.game.history() == []


def test_a_second_press_commits_and_a_different_cell_moves_the_selection(tmp_path):
    s = two_people("hexgo", tmp_path)
    g = s.game
    s.press(s.cell(g.parse("d4")))
    assert s.play_screen.entry.pending == g.parse("d4") and g.history() == []
    s.press(s.cell(g.parse("c4")))
    assert s.play_screen.entry.pending == g.parse("c4")
    s.press("OK")
    assert [g.text(m) for m in g.history()] == ["c4"]


def test_a_two_cell_path_shows_where_it_can_go(tmp_path):
    s = two_people("inphexion", tmp_path)
    by_name(s, "d4")                            # X opens
    p = s.play_screen
    g = s.game
    s.press(s.cell(g.board.index("d4")))        # O starts a push of d4
    nexts = [i for i in range(g.board.n) if p.cand[i] == 1]
    assert sorted(g.board.name(i) for i in nexts) == sorted(
        g.text(m).split(">")[1] for m in g.moves() if g.text(m).startswith("d4>"))
    assert all(hue(s.rgb(i)) is not None for i in nexts)       # lit
    s.press(s.cell(g.board.index("d4")))        # the same cell again: the step is taken back
    assert not any(p.cand) and g.history() == [g.parse("d4")]
    s.press(s.cell(g.board.index("d4")), s.cell(nexts[0]), s.cell(nexts[0]))
    assert len(g.history()) == 2


def test_pass_is_armed_by_ok_and_played_by_a_second_ok(tmp_path):
    s = two_people("xiago", tmp_path)
    s.press("OK")
    assert "OK again to play pass" in s.app.caption and s.game.history() == []
    s.press("UNDO")                             # cancels the armed pass
    assert s.play_screen.armed == -1
    s.press("OK", "OK")
    assert [s.game.text(m) for m in s.game.history()] == ["pass"]


def test_undo_with_two_people_takes_back_one_move(tmp_path):
    s = two_people("hexgo", tmp_path)
    by_name(s, "d4", "e4", "c5")
    s.press("UNDO")
    assert [s.game.text(m) for m in s.game.history()] == ["d4", "e4"]
    s.press("UNDO", "UNDO", "UNDO")
    assert s.game.history() == [] and s.board.sound.tones[-1] == (150, 120)


# -- marks -----------------------------------------------------------------------
def test_hexgo_me_are_lit_in_their_owners_colour(tmp_path):
    s = two_people("hexgo", tmp_path)
    by_name(s, "e1", "a4", "d2", "a5", "c2")     # X closes the corner d1: a Me of X
    g = s.game
    me = g.info()["me"]
    assert me == {"d1": "X"}
    for name, owner in me.items():
        rgb = s.rgb(g.board.index(name))
        if owner in "XO":
            assert hue(rgb) == owner
    assert me, "the position should have a Me"


def test_hex_lights_the_edges_each_side_joins_and_says_so(tmp_path):
    s = two_people("hex", tmp_path, size=5)
    g = s.game
    assert "X joins top and bottom, O left and right" in s.app.caption
    for i in range(g.board.n):
        q, r = g.board.coord(i)
        rows, columns = r in (0, 4), q in (0, 4)
        rgb = s.rgb(i)
        want = "X" if rows and not columns else "O" if columns and not rows else None
        assert hue(rgb) == want, (g.board.name(i), rgb)
    tint = max(s.rgb(g.board.index("c1")))
    by_name(s, "c1")                          # a stone on X's edge: far brighter
    stone = s.rgb(g.board.index("c1"))
    assert hue(stone) == "X" and max(stone) > 8 * tint
    assert "joins" not in s.app.caption       # once under way, the caption has the last move


def test_xiago_territory_cells_add_up_to_the_engines_count():
    total = 0
    for seed in range(5):
        g = hexgames.new("xiago", base=4)
        from hexgames.rng import Rng
        rng = Rng(seed)
        for _ in range(30):
            if not g.to_move:
                break
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])
        mark = bytearray(g.board.n)
        counts = marks.territory(g, mark)
        t = g.info()["territory"]
        assert counts == [t["X"], t["O"]]
        assert list(mark) == _territory_by_symbols(g), seed
        total += sum(counts)
    assert total > 0                    # the positions hold some territory


def _territory_by_symbols(g):
    # rules D9, D10 read off the board's symbols, a region at a time
    b = g.board
    out = [marks.NONE] * b.n
    seen = set()
    for start in range(b.n):
        if start in seen or g._symbol(start) is not None:
            continue
        region, border = [start], set()
        seen.add(start)
        for c in region:
            for j in b.neighbours(c):
                s = g._symbol(j)
                if s is None and j not in seen:
                    seen.add(j)
                    region.append(j)
                elif s in ("X", "O"):
                    border.add(s)
        if len(border) == 1:
            for c in region:
                out[c] = marks.TERRITORY + "XO".index(min(border))
    return out


# -- settings ----------------------------------------------------------------------
def test_settings_brightness_sound_and_colour_blind_persist(tmp_path):
    s = Session("pocket", str(tmp_path), ai=None)
    s.choose("settings")
    assert s.screen.page == "settings"
    ch = {v: c for _, v, c in s.screen.choices()}
    s.press(ch[0])                       # the lowest brightness, 3 %
    s.press(ch["sound"])                 # sound off
    s.press(ch["colour_blind"])          # on
    s.press("OK")
    assert s.screen.page == "game"
    s2 = Session(board=VirtualBoard("pocket", str(tmp_path)), ai=None)
    st = s2.app.settings
    assert (st.brightness, st.sound, st.colour_blind) == (0, False, True)
    n = len(s2.board.sound.tones)
    s2.start("hexgo")
    by_name(s2, "d4", "e4")
    assert len(s2.board.sound.tones) == n             # silent
    x = s2.rgb(s2.game.parse("d4"))
    assert 0 < max(x) <= 8                            # 3 % of full drive, still lit


def test_colour_blind_stones_differ_in_brightness_and_blinking(tmp_path):
    s = Session("pocket", str(tmp_path), ai=None)
    s.app.settings.colour_blind = True
    s.app.settings.brightness = 5
    s.app.light.set_brightness(5)
    s.start("hexgo")
    by_name(s, "d4", "e4", "c5", "g1")    # older stones: no breathing last-move mark
    g = s.game
    xs, os_ = [], []
    for _ in range(60):                    # 2.4 s
        s.frames(1)
        xs.append(max(s.rgb(g.parse("d4"))))
        os_.append(max(s.rgb(g.parse("e4"))))
    assert min(xs) > max(os_)              # X bright, O dim ...
    assert min(os_) == 0 < max(os_)        # ... and O winks
    assert min(xs) == max(xs)              # X steady


# -- menus and screens ----------------------------------------------------------
def test_menu_back_and_continue(tmp_path):
    s = Session("pocket", str(tmp_path), ai=None)
    s.choose("xiago")
    assert s.screen.page == "size"
    s.press("UNDO")
    assert s.screen.page == "game"
    s.press("UNDO")                              # nothing before the first page
    assert s.board.sound.tones[-1] == (150, 120)
    s.start("hexgo")
    by_name(s, "d4")
    s.press("MENU")
    assert s.on("menu") and "Continue" in s.app.caption
    s.choose("continue")
    assert s.on("play") and len(s.game.history()) == 1


def pages_by_pressing_twice(s, values, same_frame=False):
    """Press each value's choice twice (on whatever page is shown), as the menu's
    caption asks: the pages seen before each choice, and the screen after."""
    seen = []
    for v in values:
        assert s.on("menu"), (v, s.app.caption)
        seen.append(s.screen.page)
        cell = [c for _, w, c in s.screen.choices() if w == v][0]
        if same_frame:                       # a quick double press: one frame takes both
            s.board.press(cell)
            s.board.press(cell)
            s.frames(2)
        else:
            s.press(cell, cell)
    return seen


@pytest.mark.parametrize("same_frame", [False, True])
def test_pressing_a_remembered_choice_twice_stays_on_its_page(tmp_path, same_frame):
    s = Session("pocket", str(tmp_path))
    # the first match: level 1 and X are remembered choices already (the defaults)
    assert pages_by_pressing_twice(s, ("hexgo", 1, 1), same_frame) == ["game", "opponent", "side"]
    assert s.on("play") and not s.screen.entry.busy()      # no cell taken by a stray press
    s.frames(2)
    s.press("MENU")
    # again: now every choice is the last match's, selected when its page opens
    assert s.screen.sel >= 0 and s.screen.choices()[s.screen.sel][1] == "hexgo"
    assert pages_by_pressing_twice(s, ("hexgo", 1, 1), same_frame) == ["game", "opponent", "side"]
    play = s.screen
    assert s.on("play") and play.level == 1 and play.human == 1 and not play.entry.busy()
    assert s.game.history() == [] and s.app.current is play
    # one press on a remembered choice selects it; OK takes it at once, as before
    s.press("MENU", "MENU")                # the menu; MENU again goes back to the game
    assert s.screen is play
    s.press("MENU")
    s.press([c for _, v, c in s.screen.choices() if v == "hexgo"][0])
    assert s.on("menu") and s.screen.page == "game" and "[HexGo]" in s.app.caption
    s.press("OK")
    assert s.screen.page == "opponent" and s.screen.choices()[s.screen.sel][1] == 1
    s.press("OK", "OK")
    assert s.on("play") and not s.screen.entry.busy()


def test_inphexion_flags_reach_the_engine(tmp_path):
    s = two_people("inphexion", tmp_path, flags=("pie", "neutral"))
    assert s.game.options == {"size": 7, "pie": True, "neutral": True}
    assert hue(s.rgb(s.game.board.index("d4"))) == "N"       # the neutral disc


def test_undo_from_the_end_screen_goes_back_into_the_game(tmp_path):
    s = two_people("hexade", tmp_path, size=4)
    g = s.game
    # X makes a row of six, a4..f4; it wins once it survives O's reply
    by_name(s, "a4", "g1", "d4", "g2", "b4", "g3", "c4", "d1", "e4", "a7", "f4")
    assert g.result() is None
    row = [g.board.index(c) for c in ("a4", "b4", "c4", "d4", "e4", "f4")]
    assert all(s.play_screen.mark[i] == marks.SIX for i in row)     # the six is marked
    by_name(s, "d7")
    s.until(lambda: s.on("end"))
    assert g.result()[0] == 1
    s.press("UNDO")
    assert s.on("play") and g.result() is None and len(g.history()) == 11


def test_the_frame_kernels_number_marks_symbols_and_colours_as_the_app_does():
    # app/kernels.py and app/twins.py keep these numbers as constants of their own
    # (a viper function reads no other module's): each must be the app's
    import os
    import re
    from app import palette, render, twins
    want = {"_ME": marks.ME, "_TERRITORY": marks.TERRITORY, "_SIX": marks.SIX,
            "_PENDING": marks.PENDING, "_N": palette.N, "_X_ME": palette.X_ME,
            "P_X": palette.X, "P_O": palette.O, "P_N": palette.N,
            "P_HINT": render._P_HINT, "P_FLASH": render._P_FLASH, "PALETTE": render._PALETTE}
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "app")
    want = dict((k.lstrip("_"), v) for k, v in want.items())
    for name in ("kernels.py", "twins.py"):
        with open(os.path.join(root, name)) as f:
            found = dict(re.findall(r"^_?(\w+) = const\((\w+)\)", f.read(), re.M))
        if name == "twins.py":
            assert set(want) <= set(found), set(want) - set(found)
        for key in set(want) & set(found):
            assert int(found[key], 0) == want[key], (name, key)
    assert len(render.Painter(__import__("app.layout").layout.load("pocket")).pal) == 3 * twins.PALETTE


@pytest.mark.parametrize("variant", ["pocket", "hexboard"])
def test_captions_say_what_a_cell_name_stands_for(tmp_path, variant):
    """A caption that names cells says what each is: a menu choice by its label (the
    cell only helps typing), a board size with its unit, a move with its side; and the
    HexBoard's 16 x 16 screen still shows every menu page whole."""
    from app.panel import wrap
    s = Session(variant, str(tmp_path))
    lay = s.board.layout
    choices = {"game": "hex", "size": 5, "flags": None, "opponent": 2, "side": 1}
    seen = []
    while s.on("menu"):
        m = s.screen
        cap = s.app.caption
        seen.append(m.page)
        head, body = cap.split(": ", 1)
        lines = wrap(head, 16) + wrap(body, 16)
        assert len(lines) <= 15, (m.page, lines)          # the last line: the knob's choice
        unit = "size " if m.page == "size" else ""
        for label, value, cell in m.choices():
            it = [it for it in m.items if it[3] == value][0]
            at = it[1][len(it[1]) // 2] if m.page == "size" else cell
            extra = " off" if m.page == "flags" else ""
            assert "%s%s%s at %s" % (unit, label, extra, lay.name(at)) in cap, (label, cap)
            assert "=" not in cap, cap
        if m.page == "flags":
            s.press("OK")
        else:
            s.choose(choices[m.page])
    assert seen == ["game", "size", "flags", "opponent", "side"] and s.on("play")
    assert s.app.caption.startswith("Hex: X to move (you)")
    cell = s.game.board.name(s.game.moves()[0])
    s.play(s.game.parse(cell))
    s.wait_computer()
    answer = s.game.text(s.game.history()[-1])
    assert s.app.caption == "Hex: X to move (you). Last: O played %s" % answer
    # the settings: the brightness row as one choice, with the level it is at
    s.press("MENU")
    s.choose("settings")
    assert "brightness %d of 6 at %s-%s," % (s.app.settings.brightness + 1, lay.name(lay.index(-3, 0)),
                                             lay.name(lay.index(2, 0))) in s.app.caption
    head, body = s.app.caption.split(": ", 1)
    assert len(wrap(head, 16) + wrap(body, 16)) <= 15, s.app.caption
