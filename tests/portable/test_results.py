# Finished games stay finished (DESIGN.md section 4): a finished game's position
# carries its result, load() keeps it, and a result the position contradicts is
# refused. Runs on CPython and on the MicroPython VMs.
import gc
import json

import hexgames
from kit import raises, random_game, scaled, unload_games

# small boards: the same rules, and quick on the MicroPython VMs
SMALL = (("hexgo", {}), ("hexade", {"base": 4}), ("xiago", {"base": 4}),
         ("inphexion", {"size": 5}), ("hexmeister", {}), ("hex", {"size": 5}))
REPETITION = ("hexmeister base=6: drop c11 drop h1 c11-d11 h1-i1 d11-c11 i1-h1 "
              "c11-d11 h1-i1 d11-c11 i1-h1")


def stated(text):
    """The position's result object, or None."""
    return json.loads(text).get("result")


def with_result(text, winner, reason):
    d = json.loads(text)
    d["result"] = {"winner": winner, "reason": reason}
    return json.dumps(d)


def without_result(text):
    d = json.loads(text)
    d.pop("result", None)
    return json.dumps(d)


def test_a_finished_game_of_every_kind_dumps_its_result_and_loads_finished():
    for name, opts in SMALL:
        for seed in range(scaled(4, 1)):
            g = random_game(name, opts, 101 + seed, check=False)
            w, s1, s2, reason = g.result()
            text = g.dump()
            assert stated(text) == {"winner": "-XO"[w] if w else None, "reason": reason}, text
            h = hexgames.load(text)
            assert h.result() == g.result(), (name, h.result(), g.result())
            assert h.to_move == 0 and h.moves() == []
            assert h.dump() == text
            assert "over" in raises(ValueError, h.play, g.history()[-1])
            h = None
            # the record replays to the same end
            record = g.record()
            result = g.result()
            g = None
            gc.collect()
            r = hexgames.replay(record)
            assert r.result() == result and r.dump() == text
            r = None
            # a running game writes no result
            assert stated(hexgames.new(name, **opts).dump()) is None
        unload_games(True)


def test_a_result_the_position_contradicts_is_refused():
    for name, opts in SMALL:
        g = random_game(name, opts, 7, check=False)
        w = g.result()[0]
        reason = g.result()[3]
        text = g.dump()
        if w:
            msg = raises(ValueError, hexgames.load, with_result(text, "XO"[2 - w], reason))
            assert "result" in msg and "the position shows a win for " + "-XO"[w] in msg, msg
        msg = raises(ValueError, hexgames.load, with_result(text, "-XO"[w] if w else None, "bogus"))
        assert "bogus" in msg, msg
        # a running position may not claim an ending it would show
        start = hexgames.new(name, **opts).dump()
        if reason in g.UNSEEN:
            continue
        msg = raises(ValueError, hexgames.load, with_result(start, "-XO"[w] if w else None, reason))
        assert "running game" in msg and reason in msg, msg
        # without the result the position still decides by itself what it shows
        assert hexgames.load(without_result(text)).result() == g.result()
        unload_games(True)


def test_a_result_that_is_not_a_result_is_refused_clearly():
    start = hexgames.new("hex", size=5).dump()
    for bad, word in (("X", "result must be"), ({"winner": "X"}, "result must be"),
                      ({"winner": "Z", "reason": "connection"}, "winner"),
                      ({"winner": 1, "reason": "connection"}, "winner"),
                      ({"winner": True, "reason": "connection"}, "winner"),
                      ({"winner": "X", "reason": 3}, "reason"),
                      ({"winner": "X", "reason": "connection", "by": 1}, "result must be")):
        d = json.loads(start)
        d["result"] = bad
        msg = raises(ValueError, hexgames.load, json.dumps(d))
        assert word in msg, (bad, msg)
    # null: a running game, as the rules files write it
    d = json.loads(start)
    d["result"] = None
    assert hexgames.load(json.dumps(d)).result() is None


def test_a_repetition_the_position_cannot_show_stays_a_draw():
    g = hexgames.replay(REPETITION)
    assert g.result() == (0, 0, 0, "repetition")
    text = g.dump()
    assert stated(text) == {"winner": None, "reason": "repetition"}
    h = hexgames.load(text)
    assert h.result() == (0, 0, 0, "repetition") and h.to_move == 0 and h.moves() == []
    assert "over" in raises(ValueError, h.play, "pass")
    assert "nothing to undo" in raises(ValueError, h.undo)
    c = h.copy()
    assert c.result() == (0, 0, 0, "repetition") and c.moves() == []
    # without it the same cells are a running game (a fresh count)
    assert hexgames.load(without_result(text)).result() is None
    # a repetition is a draw: no winner may be claimed by it
    msg = raises(ValueError, hexgames.load, with_result(text, "X", "repetition"))
    assert "repetition" in msg and "win for X" in msg, msg
    # a repetition on the 300th turn is reported before the turn limit
    d = json.loads(without_result(text))
    d["turn"] = 300
    assert hexgames.load(json.dumps(d)).result() == (0, 0, 0, "turn_limit")
    assert hexgames.load(with_result(json.dumps(d), None, "repetition")).result() == (0, 0, 0, "repetition")
    msg = raises(ValueError, hexgames.load, with_result(json.dumps(d), "O", "turn_limit"))
    assert "a draw by turn_limit" in msg, msg
    unload_games(True)


def test_hexade_repetition_and_full_board_are_told_apart():
    g = hexgames.new("hexade", base=4)
    text = with_result(g.dump(), None, "repetition")
    h = hexgames.load(text)
    assert h.result() == (0, 0, 0, "repetition") and h.moves() == []
    msg = raises(ValueError, hexgames.load, with_result(g.dump(), None, "full_board"))
    assert "running game" in msg
    unload_games(True)


def test_xiago_keeps_writing_passes_beside_the_result():
    g = hexgames.new("xiago", base=4)
    g.play("pass")
    g.play("pass")
    d = json.loads(g.dump())
    assert d["passes"] == 2 and d["result"]["reason"] == "score"
    assert hexgames.load(g.dump()).result() == g.result()
    # the score is counted from the cells: a claimed winner must agree with it
    w = g.result()[0]
    msg = raises(ValueError, hexgames.load, with_result(g.dump(), "XO"[2 - w], "score"))
    assert "the position shows a win for " + "-XO"[w] in msg
    unload_games(True)


def test_hex_dumps_carry_the_connection():
    g = hexgames.new("hex", size=3)
    for m in ("a1", "a2", "b1", "b2", "c1"):
        g.play(m)
    # whoever won, the dump says so and a load agrees
    if g.result() is None:
        while g.to_move:
            g.play(g.moves()[0])
    w = g.result()[0]
    assert stated(g.dump()) == {"winner": "-XO"[w], "reason": "connection"}
    assert hexgames.load(g.dump()).result() == g.result()
    unload_games(True)


def test_a_save_keeps_a_finished_game_finished():
    from app import save
    g = hexgames.replay(REPETITION)
    d = save.game_dict("hexmeister", g, 2, 1)
    back = save.unpack("game", save.pack("game", d))
    r = save.restore(back)
    assert r.result() == (0, 0, 0, "repetition") and r.moves() == []
    # a position with no record to replay: the result comes from the position
    h = hexgames.load(g.dump())
    d = save.game_dict("hexmeister", h, 2, 1)
    r = save.restore(save.unpack("game", save.pack("game", d)))
    assert r.result() == (0, 0, 0, "repetition") and r.to_move == 0
    unload_games(True)
