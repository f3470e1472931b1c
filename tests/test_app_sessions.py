# The whole handheld driven through the virtual board, for every game in
# hexgames.GAMES: boot -> menu -> game and level -> moves -> the computer answers ->
# undo -> save, power off, resume -> finish -> score shown. Assertions are on the
# LED buffer (what a person sees) and on the engine state.
import os

import pytest

import host_sim  # noqa: F401
import hexgames
from hexgames.rng import Rng
from app import games, save
from app.play import Play
from host_sim.board import VirtualBoard
from host_sim.session import Session


def hue(rgb):
    """'X' (red-orange stones), 'O' (blue stones), 'N' (white-ish: neutral stones),
    or None for a dark cell."""
    r, g, b = rgb
    if max(rgb) == 0:
        return None
    return "X" if 2 * r > 3 * b else "O" if 2 * b > 3 * r else "N"


def assert_board_shows(s):
    """Every stone on the LEDs in its owner's colour; free cells dimmer than
    stones, but for those the last move captured (they flash a while) and a press
    just refused (it blinks red for 450 ms)."""
    g = s.game
    refused = s.play_screen.refuse_cell
    stone_min = None
    free_max = 0
    for i in range(g.board.n):
        sym = g._symbol(i)
        rgb = s.rgb(i)
        if sym in ("X", "O"):
            assert hue(rgb) == sym, "%s holds %s but shows %r" % (g.board.name(i), sym, rgb)
            stone_min = min(stone_min or 999, max(rgb))
        elif (sym is None and not s.play_screen.cand[i] and not s.play_screen.flash[i]
              and s.cell(i) != refused):
            free_max = max(free_max, max(rgb))
    if stone_min is not None:
        assert free_max < stone_min


def human_move(s, rng):
    ms = s.game.moves()
    return ms[rng.below(len(ms))]


def human_turn(s, rng):
    """Play the whole of the human's turn (every step), by keys."""
    p = s.play_screen
    start = len(s.game.history())
    played = []
    while isinstance(s.screen, Play) and p.my_turn() and len(s.game.history()) == start + len(played):
        m = human_move(s, rng)
        s.play(m)
        played.append(m)
    return played


def variant_for(name):
    """The pocket board, or the full one for a game whose board needs it."""
    for v in ("pocket", "full"):
        if name in games.offered(VirtualBoard(v).layout):
            return v
    pytest.fail("%s fits neither board" % name)


@pytest.mark.parametrize("name", hexgames.GAMES)
def test_a_session_with_every_game(name, tmp_path):
    rng = Rng(7)
    variant = variant_for(name)
    s = Session(variant, str(tmp_path))
    # boot: the menu, every game that fits lit in its own colour
    assert s.on("menu") and s.screen.page == "game"
    labels = [c[1] for c in s.screen.choices()]
    assert name in labels
    assert s.board.rgb(s.screen.choices()[labels.index(name)][2]) != (0, 0, 0)
    s.start(name, level=1, human=1)
    g = s.game
    assert g.history() == [] and g.to_move == 1 and "to move (you)" in s.app.caption
    # two turns of ours, each answered by the computer
    for turn in range(2):
        before = len(g.history())
        mine = human_turn(s, rng)
        assert g.history()[before:before + len(mine)] == mine
        s.wait_computer()
        if g.result() is not None:
            break
        assert len(g.history()) > before + len(mine), "the computer did not answer"
        assert g.to_move == 1
        s.frames(2)
        assert_board_shows(s)
        # both sides' last moves stay marked
        p = s.play_screen
        assert any(p.last[i] & 1 for i in range(g.board.n)) or not any(g.cells(m) for m in mine)
    if g.result() is None:
        # undo takes back the computer's answer and our turn
        hist = g.history()
        sides = bytes(s.play_screen.sides)
        s.press("UNDO")
        k = len(sides)
        while k and sides[k - 1] == 2:
            k -= 1
        while k and sides[k - 1] == 1:
            k -= 1
        assert g.history() == hist[:k] and g.to_move == 1
        s.frames(2)
        assert_board_shows(s)
        # one more turn, so the save holds a game under way
        human_turn(s, rng)
        s.wait_computer()
    # power off, power on: the unfinished game is offered and goes on unchanged
    dump, hist = g.dump(), g.history()
    if g.result() is None:
        s = Session(variant, str(tmp_path))
        assert s.on("resume") and s.app.caption.startswith("Saved game")
        assert_board_shows(s)
        s.press("OK")
        assert s.on("play")
        g = s.game
        assert g.dump() == dump and g.history() == hist and g.NAME == name
        # the last moves are marked again after the resume
        assert any(s.play_screen.last)
    # finish: from a late position of the same game, saved as the app saves it
    finish(s, name, variant, tmp_path, rng)


def late_save(name, options, seed, plies_left=4):
    """The save file of a random game `plies_left` moves before its end."""
    g = hexgames.new(name, **options)
    rng = Rng(seed)
    while g.to_move:
        ms = g.moves()
        g.play(ms[rng.below(len(ms))])
    hist = g.history()
    g = hexgames.new(name, **options)
    for m in hist[:max(0, len(hist) - plies_left)]:
        g.play(m)
    return save.pack("game", save.game_dict(name, g, 1, 1))


def finish(s, name, variant, tmp_path, rng):
    options = dict(s.game.options)
    board = VirtualBoard(variant, str(tmp_path))
    board.store.save(save.GAME_FILE, late_save(name, options, 11))
    s = Session(board=board)
    assert s.on("resume")
    s.press("OK")
    g = s.game
    for _ in range(400):
        if g.result() is not None:
            break
        human_turn(s, rng)
        s.wait_computer()
    assert g.result() is not None
    # the end screen: a sweep, then the score as lit cells
    s.until(lambda: s.on("end"))
    winner, s1, s2, reason = g.result()
    assert ("Draw", "X wins", "O wins")[winner] in s.app.caption and reason in s.app.caption
    s.frames(60)
    lay = s.board.layout
    shown = [hue(s.board.rgb(i)) for i in range(lay.n)]
    if s1 or s2:
        def cells_for(v):
            w = int(v)
            return w // 10 + w % 10 + (1 if v - w >= 0.5 else 0)
        if cells_for(s1) + cells_for(s2) <= lay.n:
            assert shown.count("X") == cells_for(s1) and shown.count("O") == cells_for(s2)
    else:
        assert shown.count(None) == 0
        if winner:
            assert shown.count("XO"[winner - 1]) == lay.n
    # the finished game is saved with its result: a power cycle comes back to the
    # end screen (DESIGN.md section 4), and leaving it for the menu forgets it
    kept = save.unpack("game", board.store.load(save.GAME_FILE))
    assert hexgames.load(kept["position"]).result() == g.result()
    again = Session(board=VirtualBoard(variant, str(tmp_path)))
    assert again.on("end") and again.game.result() == g.result()
    again.press("MENU")
    assert again.on("menu") and not again.board.store.load(save.GAME_FILE)
    # OK: a new game with the same settings
    s.press("OK")
    assert s.on("play") and s.game.history() == [] and s.game.options == g.options


@pytest.mark.parametrize("name", [n for n in hexgames.GAMES if n != "hexmeister"])
def test_a_whole_game_against_level_one_through_the_keys(name, tmp_path):
    # (Hexmeister is left to the late-save finish above: its random playouts run
    # to the 300-turn limit, a minute of CPython per game at level 1.)
    rng = Rng(3)
    s = Session(variant_for(name), str(tmp_path))
    s.start(name, level=1, human=2)
    g = s.game
    for _ in range(500):
        if not s.on("play"):
            break
        human_turn(s, rng)
        s.wait_computer()
    s.until(lambda: s.on("end"))
    assert g.result() is not None
    assert len(g.history()) > 4


def test_every_fitting_board_size_is_offered_on_the_full_board(tmp_path):
    s = Session("full", str(tmp_path))
    s.choose("hexade")
    assert [v for _, v, _ in s.screen.choices()] == [4, 5, 6, 7, 8, 9, 10]
    s.choose(10)
    assert s.screen.page == "opponent"
    p = Session("pocket", str(tmp_path / "p"))
    p.choose("xiago")
    assert [v for _, v, _ in p.screen.choices()] == [4, 6]
    assert games.sizes(p.board.layout, "hexade") == [4, 5, 6, 7]


def _opponent_page(s):
    s.choose("hex")
    for _ in range(3):
        if s.screen.page == "opponent":
            return s.screen.choices()
        if s.screen.page == "flags":
            s.press("OK")
        else:
            s.choose(s.screen.choices()[0][1])
    raise AssertionError("no opponent page: " + s.app.caption)


def test_level_six_where_the_computer_has_a_clock_and_level_five_on_a_board(tmp_path):
    # the board offers levels 1-5; the simulator and the web page add level 6
    board = _opponent_page(Session("pocket", str(tmp_path / "board")))
    assert [v for _, v, _ in board] == [0, 1, 2, 3, 4, 5]
    pc = _opponent_page(Session("pocket", str(tmp_path / "pc"), levels=6))
    assert [v for _, v, _ in pc] == [0, 1, 2, 3, 4, 5, 6]
    assert pc[-1][0] == "level 6 (this computer, not on the board)"
    # level 6 is level 5's search for a second of the computer's own clock (here
    # the virtual one), not capped at the iterations the chip makes in a second
    s = Session("pocket", str(tmp_path), levels=6)
    s.start("hex", level=6, human=2)
    s.wait_computer()
    p = s.play_screen
    assert p.level == 6 and len(s.game.history()) == 1
    assert p.player.search.playouts > hexgames.new("hex").CHIP_RATE
    # its save resumes on a board as level 5
    r = Session("pocket", str(tmp_path))
    assert r.on("resume") and r.app.current.level == 5


def _power_up_on(files, folder):
    """A new board on the store as a power cut left it: its files, byte for byte."""
    os.makedirs(folder)
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data)
    return Session(board=VirtualBoard("pocket", folder))


def _files(folder):
    out = {}
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), "rb") as f:
            out[name] = f.read()
    return out


@pytest.mark.parametrize("name", ["hexgo", "hex"])
def test_a_power_cut_while_the_computer_thinks_keeps_the_players_move(name, tmp_path):
    folder = str(tmp_path / "board")
    s = Session("pocket", folder)
    s.start(name, level=5, human=1)
    g = s.game
    m = g.moves()[len(g.moves()) // 2]
    path = g.cells(m)
    s.press(*[s.cell(c) for c in path])
    s.board.press(s.cell(path[-1]))          # the press that plays it
    mine = [m]
    # the store as it is after each frame of the computer's thinking: a power cut
    # at any of them (the first frame shows the move, its spare time saves it)
    cuts = []
    p = s.play_screen
    s.frames(1)
    assert g.history() == mine and p.thinking == 1
    while p.thinking == 1:
        cuts.append(_files(folder))
        s.frames(1)
    assert len(cuts) >= 3 and len(g.history()) > 1     # it thought for a while, then answered
    for k in (0, len(cuts) // 2, len(cuts) - 1):
        r = _power_up_on(cuts[k], str(tmp_path / ("cut%d" % k)))
        assert r.on("resume"), r.app.caption
        assert r.game.history() == mine and r.game.to_move == 2     # the computer's turn
        r.press("OK")
        assert r.on("play")
        r.wait_computer()
        # the computer answered, once, and it is the person's turn: nothing played for them
        h = r.game.history()
        assert h[:1] == mine and len(h) == 2 and r.game.to_move == 1, h
        assert bytes(r.play_screen.sides) == b"\x01\x02"
        assert r.play_screen.my_turn() and not r.play_screen.thinking
        # ... and its answer is saved in turn
        kept = save.unpack("game", r.board.store.load(save.GAME_FILE))
        assert hexgames.replay(kept["record"]).history() == h
