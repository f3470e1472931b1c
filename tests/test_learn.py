# Learn (app/learn.py, app/lessons.py): every lesson step checked on the engine for
# what its words claim, and the lesson walked through the app on the virtual board:
# wrong presses change nothing, the right move advances, Menu leaves, every game's
# lesson can be finished, a paused game is left as it was.
import pytest

import host_sim  # noqa: F401
import hexgames
from app import learn, lessons, marks, save
from host_sim.session import Session

# What each step shows, as the engine must confirm it after the player's moves and
# the reply: "emptied" (stones taken or moved off), "info" (entries of g.info()), "result"
# ((winner, reason) or None), "to_move"; "illegal"/"legal" before the move.
CLAIMS = {
    "hexgo": [
        {"info": {"me": {"d4": "X"}}, "emptied": [], "result": None},
        {"info": {"me": {"d4": "X"}}, "emptied": ["d4"]},
        {"result": ("X", "score", 3, 0)},
    ],
    "hexade": [
        {"illegal": ["e6", "e7", "d7", "f6"], "legal": ["e8"], "result": None},
        {"emptied": ["d5", "e5"], "result": None},
        {"info": {"sixes": {"X": [{"kind": "row", "cells": ["a5", "b5", "c5", "d5", "e5", "f5"]}],
                            "O": []}},
         "result": ("X", "six")},
    ],
    "xiago": [
        {"emptied": ["a5"], "result": None},
        # the neutral left d4; O's e5 was taken and X's stone stands there now
        {"emptied": ["d4", "e5"], "cells": {"e5": "X", "e4": "N"}, "to_move": "O"},
        {"result": ("X", "score", 17, 15.5), "info": {"territory": {"X": 7, "O": 7}}},
    ],
    "inphexion": [
        {"cells": {"d4": "X"}, "to_move": "O"},
        {"cells": {"d4": "O", "e4": "X"}, "to_move": "X"},
        {"info": {"pending_relocation": ["a1"]}, "to_move": "X"},
        {"cells": {"a1": None, "d4": "O"}, "info": {"pending_relocation": []}, "to_move": "O"},
    ],
    "hexmeister": [
        {"cells": {"c11": "X"}, "to_move": "O"},
        {"cells": {"c11": None, "c7": "X"}, "to_move": "O"},
        {"cells": {"c7": None, "c6": "X"}, "to_move": "X",     # a gate: the bonus step
         "info": {"gates": {"X": 1, "O": 0}}},
        {"emptied": ["e8", "e10"], "cells": {"e9": "X"}, "to_move": "X",
         "info": {"secured": {"X": ["e8"], "O": []}}},
    ],
    "hex": [
        {"cells": {"c3": "X"}, "to_move": "O", "result": None},
        {"wins_before": "c5", "result": None, "to_move": "X"},
        {"result": ("X", "connection"), "info": {"chain": ["c1", "c2", "b3", "b4", "a5"]}},
    ],
}


def check(name, k):
    """Play step k of a game's lesson on the engine; AssertionError naming what
    does not hold."""
    g, mine, reply, do, shown = learn.position(name, k)
    claim = CLAIMS[name][k]
    where = "%s step %d" % (name, k + 1)
    assert mine, where + ": no move for the player"
    assert do and shown and len(do) < 100 and len(shown) < 100, where + ": a caption of one short line"
    for t in claim.get("illegal", ()):
        assert g._why_illegal(g.parse(t)) is not None, "%s: %s should be refused" % (where, t)
    for t in claim.get("legal", ()):
        assert g._why_illegal(g.parse(t)) is None, "%s: %s should be allowed" % (where, t)
    if "wins_before" in claim:                   # the threat the step answers is real
        c = g.copy()
        c.play(c.parse("a1"))
        c.play(c.parse(claim["wins_before"]))
        assert c.result() is not None and c.result()[3] == "connection", where
    before = [g._symbol(i) for i in range(g.board.n)]
    for t in mine + reply:
        g.play(g.parse(t))                       # IllegalMove: the step's move is not legal
    name_of = g.board.name
    if "emptied" in claim:
        # a stone gone from its cell, or replaced (a HexGo capture leaves a captured Me)
        emptied = [name_of(i) for i in range(g.board.n) if before[i] in ("X", "O", "N")
                   and g._symbol(i) != before[i]]
        assert sorted(emptied) == sorted(claim["emptied"]), "%s: emptied %s" % (where, emptied)
    for cell, sym in claim.get("cells", {}).items():
        assert g._symbol(g.board.index(cell)) == sym, "%s: %s holds %r" % (where, cell, g._symbol(g.board.index(cell)))
    info = g.info()
    for key, v in claim.get("info", {}).items():
        assert info.get(key) == v, "%s: info %s = %r" % (where, key, info.get(key))
    if "result" in claim:                        # (winner, reason[, score X, score O])
        r = g.result()
        got = r and ("XO"[r[0] - 1] if r[0] else "draw", r[3]) + ((r[1], r[2]) if len(claim["result"]) > 2 else ())
        want = claim["result"] and (claim["result"][0], claim["result"][-1] if len(claim["result"]) == 2
                                    else claim["result"][1]) + tuple(claim["result"][2:])
        assert got == want, "%s: result %r" % (where, r)
    if "to_move" in claim:
        assert g.to_move and "XO"[g.to_move - 1] == claim["to_move"], "%s: to move %r" % (where, g.to_move)


def test_every_game_has_a_lesson_of_three_to_five_steps_each_one_checked():
    assert sorted(lessons.LESSONS) == sorted(hexgames.GAMES) == sorted(CLAIMS)
    for name, (size, steps) in lessons.LESSONS.items():
        assert 3 <= len(steps) <= 5 and len(CLAIMS[name]) == len(steps), name
        for k in range(len(steps)):
            check(name, k)


@pytest.mark.parametrize("broken, why", [
    (("hexgo", 1, 1, "c3"), "emptied"),                 # a move that captures nothing
    (("hex", 2, 1, "e5"), "chain|result"),              # a stone that joins nothing
    (("hexade", 1, 0, "c5 d5 g3 e5 a1"), "not a cell|illegal"),
    (("xiago", 2, 2, ""), "result"),                    # no reply: one pass ends nothing
])
def test_a_broken_step_fails_the_check(monkeypatch, broken, why):
    name, k, field, value = broken
    size, steps = lessons.LESSONS[name]
    step = list(steps[k])
    step[field] = value
    steps = steps[:k] + (tuple(step),) + steps[k + 1:]
    monkeypatch.setitem(lessons.LESSONS, name, (size, steps))
    with pytest.raises((AssertionError, ValueError)) as e:
        check(name, k)
    assert any(w in str(e.value) for w in why.split("|")), str(e.value)


# -- the app ------------------------------------------------------------------------
def open_lesson(s, name):
    s.choose("learn")
    assert s.screen.page == "learn" and "Learn" in s.app.caption
    s.choose(name)
    assert isinstance(s.screen, learn.Learn), s.app.caption
    return s.screen


def enter(s, lesson):
    """The step's moves, pressed as a person does; then the reply's time."""
    while not lesson.done:
        if lesson.only.m:
            s.play(lesson.only.m[0])
        else:
            s.frames(30)                      # the scripted reply comes after a pause


def lit_cells(s, frames=14):
    """Layout cells that showed the hint's colour in any of `frames` frames."""
    seen = set()
    for _ in range(frames):
        s.frames(1)
        for i in range(s.board.layout.n):
            r, g, b = s.board.rgb(i)
            if g > 0 and g > r * 3 // 2 and b > r and g > b:     # HINT: green over blue over red
                seen.add(i)
    return seen


def test_the_target_is_lit_a_wrong_press_changes_nothing_the_right_one_advances(tmp_path):
    s = Session("pocket", str(tmp_path), ai=None)
    lesson = open_lesson(s, "hexgo")
    assert "1/3" in s.app.caption and "press the lit cell" in s.app.caption
    target = lesson.place.cell[lesson.g.parse("d3")]
    assert lit_cells(s) == {target}
    before = lesson.g.history()[:]
    for wrong in (lesson.place.cell[lesson.g.parse("a4")], 0, lesson.place.cell[lesson.g.parse("d4")]):
        s.press(wrong)
        assert s.board.sound.tones[-1] == (150, 120)
        assert lesson.g.history() == before and not lesson.entry.busy() and not lesson.done
    s.press("OK", "HINT")                  # no pass in HexGo, no hint in a lesson
    assert lesson.g.history() == before and s.board.sound.tones[-1] == (150, 120)
    s.press(target)
    assert lesson.entry.pending >= 0 and "again" in s.app.caption and lesson.g.history() == before
    s.press(target)
    assert lesson.done and len(lesson.g.history()) == len(before) + 1
    assert "Me" in s.app.caption and "next step" in s.app.caption
    assert lit_cells(s) == set()           # nothing left to press but OK
    # the result on the LEDs: d4, X's Me, glows in X's colour
    assert lesson.mark[lesson.g.board.index("d4")] != 0
    s.press(target)                        # any cell goes on, as OK does
    assert lesson.k == 1 and not lesson.done and "2/3" in s.app.caption
    s.press("UNDO")                        # the step again from its position
    assert lesson.k == 1 and len(lesson.g.history()) == 6


def test_menu_leaves_to_the_learn_page_and_undo_goes_back_to_the_games(tmp_path):
    s = Session("pocket", str(tmp_path), ai=None)
    open_lesson(s, "hex")
    s.press("MENU")
    assert s.on("menu") and s.screen.page == "learn"
    s.press("UNDO")
    assert s.screen.page == "game" and not s.app.saved
    assert s.board.store.load(save.GAME_FILE) is None       # a lesson is never saved


@pytest.mark.parametrize("name", lessons.LESSONS)
def test_every_games_lesson_can_be_finished_on_the_pocket_board(tmp_path, name):
    s = Session("pocket", str(tmp_path), ai=None)
    lesson = open_lesson(s, name)
    for k in range(lesson.steps):
        assert lesson.k == k
        enter(s, lesson)
        assert "OK" in s.app.caption
        s.frames(2)
        s.press("OK")
    assert s.on("menu") and s.screen.page == "learn"


def test_a_paused_game_is_kept_through_a_lesson(tmp_path):
    s = Session("pocket", str(tmp_path), ai=None)
    s.start("hexgo")
    s.play(s.game.parse("d4"))
    saved = s.board.store.load(save.GAME_FILE)
    s.press("MENU")
    lesson = open_lesson(s, "hexgo")
    enter(s, lesson)
    s.press("MENU", "UNDO")
    assert saved and s.board.store.load(save.GAME_FILE) == saved
    s.choose("continue")
    assert s.on("play") and [s.game.text(m) for m in s.game.history()] == ["d4"]


def test_the_hexboard_offers_learn_between_its_clusters_and_shows_the_captions(tmp_path):
    s = Session("hexboard", str(tmp_path), ai=None)
    cells = [c for _, v, c in s.screen.choices() if v == "learn"]
    assert cells and s.screen.label(cells[0]) == "Learn"
    s.choose("learn")
    # Hexmeister's board (base 6) does not fit the HexBoard: no lesson offered
    assert [v for _, v, _ in s.screen.choices()] == ["hexgo", "hexade", "xiago", "inphexion", "hex"]
    s.choose("inphexion")
    lesson = s.screen
    s.frames(12)                           # the panel sends a few lines a frame
    assert "Learn inpHeXion 1/4" in " ".join(s.app.panel.lines)
    enter(s, lesson)
    s.frames(12)
    assert "every turn is a push" in " ".join(s.app.panel.lines)


def test_a_pass_step_blinks_the_empty_cells_in_the_sides_colour_and_ok_ok_plays_it(tmp_path):
    s = Session("pocket", str(tmp_path), ai=None)
    lesson = open_lesson(s, "xiago")
    s.press("OK")                          # step 1 has a cell to press: OK is refused
    assert s.board.sound.tones[-1] == (150, 120) and not lesson.done
    lesson.setup(2)                        # the pass step
    assert lit_cells(s) == set() and "OK" in s.app.caption
    empty = [lesson.place.cell[i] for i in range(lesson.g.board.n) if lesson.g._symbol(i) is None]
    seen = set()
    for _ in range(14):
        s.frames(1)
        seen |= {c for c in empty if s.board.rgb(c)[0] > 2 * s.board.rgb(c)[2]}   # X's red
    assert len(seen) == len(empty)
    s.press(empty[0])                      # a cell: nothing to press there
    assert s.board.sound.tones[-1] == (150, 120) and not lesson.entry.busy()
    s.press("OK", "OK")
    s.frames(30)                           # O's pass, the reply
    assert lesson.done and lesson.g.result() is not None and "17 to 15.5" in s.app.caption


def test_every_lesson_that_fits_the_hexboard_can_be_finished_there(tmp_path):
    s = Session("hexboard", str(tmp_path), ai=None)
    s.choose("learn")
    for name in [v for _, v, _ in s.screen.choices()]:
        s.choose(name)
        lesson = s.screen
        assert isinstance(lesson, learn.Learn) and lesson.name == name
        for k in range(lesson.steps):
            enter(s, lesson)
            s.press("OK")
        assert s.on("menu") and s.screen.page == "learn", (name, s.app.caption)


def test_the_knob_alone_walks_a_lesson_on_the_hexboard(tmp_path):
    s = Session("hexboard", str(tmp_path), ai=None)
    s.choose("learn")
    s.choose("hex")
    lesson = s.screen
    for k in range(lesson.steps):
        target = lesson.targets()
        assert len(target) == 1
        s.board.turn(1)                    # the first stop: the lit cell
        s.frames(2)
        assert s.app.pointer == target[0]
        s.board.push_knob()                # selects it; the next stop is OK
        s.frames(2)
        s.board.turn(1)
        s.frames(2)
        s.board.push_knob()                # OK: played
        s.frames(2)
        assert lesson.done and lesson.k == k
        s.board.push_knob()                # OK again: the next step
        s.frames(2)
    assert s.on("menu") and s.screen.page == "learn"


def test_a_win_shows_on_the_board_hexs_chain_blinks(tmp_path):
    s = Session("pocket", str(tmp_path), ai=None)
    lesson = open_lesson(s, "hex")
    lesson.setup(2)
    enter(s, lesson)
    chain = [lesson.g.board.index(c) for c in ("c1", "c2", "b3", "b4", "a5")]
    assert all(lesson.mark[i] == marks.SIX for i in chain)
    looks = [[s.board.rgb(lesson.place.cell[i]) for i in chain] for _ in range(12) if not s.frames(1)]
    assert len({tuple(v) for v in looks}) > 1         # blinking (white mixed in and out)
    assert "X wins" in s.app.caption
