# Property-based tests (hypothesis) for every text and byte input the firmware reads:
# positions, move notation, records, save containers, settings and layout files.
# Each input, however mangled, gives a clean error (ValueError, naming the fault) or
# a valid result: a position that dumps and loads back exactly, that the side to move
# can play on from, a record that replays to the same game. Examples are derandomized
# and bounded, so CI runs the same few hundred cases each time in a few seconds each.
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import hexgames
from hexgames.rng import Rng
from app import save, layout
from app.store import DEFAULTS

BOUNDED = settings(max_examples=300, derandomize=True, deadline=None, database=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

SMALL = (("hexgo", {}), ("hexade", {"base": 5}), ("xiago", {"base": 4}),
         ("inphexion", {"size": 5}), ("inphexion", {"size": 5, "pie": True, "neutral": True}),
         ("hexmeister", {}), ("hex", {"size": 5, "pie": True}))


def _samples():
    """Positions and records met in play: each game after 0, a few and many random
    moves, and at its end."""
    out = []
    for name, opts in SMALL:
        for seed, plies in ((1, 0), (2, 3), (3, 9), (4, 25), (5, 10000)):
            g = hexgames.new(name, **opts)
            rng = Rng(seed)
            k = 0
            while g.to_move and k < plies:
                ms = g.moves()
                g.play(ms[rng.below(len(ms))])
                k += 1
            out.append((name, g.dump(), g.record()))
    return out


SAMPLES = _samples()

scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 400), st.integers(),
                    st.floats(allow_nan=False), st.text(max_size=6),
                    st.sampled_from(["X", "O", "N", "x", "o", "d4", "a1", "pass", "swap", ""]))
json_values = st.recursive(scalars, lambda kids: st.one_of(
    st.lists(kids, max_size=4), st.dictionaries(st.text(max_size=6), kids, max_size=4)),
    max_leaves=12)


def valid_game(g):
    """What an accepted position must allow: dump/load round trip, a move for the
    side to move, and the opponent's answer or a playout to the end."""
    text = g.dump()
    assert hexgames.load(text).dump() == text
    if g.to_move:
        ms = g.moves()
        assert ms, "a running game without a move"
        assert len(ms) <= g.max_moves
        h = g.copy()
        h.play(ms[len(ms) // 2])
        assert hexgames.load(h.dump()).dump() == h.dump()
        if h.to_move:
            assert h.moves()
            h.play(h.moves()[0])
        c = g.copy()
        c.playout(7, 300)
    else:
        assert g.result() is not None and g.moves() == []


def load_or_refuse(text):
    try:
        g = hexgames.load(text)
    except ValueError as e:
        assert str(e)
        return None
    valid_game(g)
    return g


# -- positions ---------------------------------------------------------------------
@BOUNDED
@given(st.data())
def test_mutated_positions_load_cleanly_or_are_refused(data):
    name, text, _ = data.draw(st.sampled_from(SAMPLES))
    d = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        what = data.draw(st.sampled_from(("field", "drop", "cell", "cell", "option", "result")))
        if what == "field":
            d[data.draw(st.sampled_from(sorted(d) + ["passes", "turn", "hands", "reserves",
                                                      "bonus", "must_place"]))] = data.draw(json_values)
        elif what == "drop" and d:
            d.pop(data.draw(st.sampled_from(sorted(d))))
        elif what == "cell" and isinstance(d.get("cells"), dict):
            g = hexgames.new(name)
            names = [g.board.name(i) for i in range(min(g.board.n, 40))] + ["z9", "a0", "A1"]
            d["cells"][data.draw(st.sampled_from(names))] = data.draw(
                st.sampled_from(["X", "O", "N", "x", "o", "?", 1, None]))
        elif what == "option" and isinstance(d.get("options"), dict):
            d["options"][data.draw(st.sampled_from(["base", "size", "pie", "neutral", "x"]))] = \
                data.draw(st.one_of(st.integers(-1, 12), st.booleans(), st.text(max_size=2)))
        elif what == "result":
            d["result"] = data.draw(st.one_of(json_values, st.fixed_dictionaries({
                "winner": st.sampled_from(["X", "O", None, "N"]),
                "reason": st.sampled_from(["connection", "six", "score", "repetition",
                                           "turn_limit", "no_legal_move", "full_board"])})))
    load_or_refuse(json.dumps(d))


@BOUNDED
@given(st.one_of(json_values.map(json.dumps), st.text(max_size=40),
                 st.binary(max_size=40).map(lambda b: b.decode("latin-1"))))
def test_any_text_as_a_position_is_refused_or_valid(text):
    load_or_refuse(text)


@settings(max_examples=len(SAMPLES), derandomize=True, deadline=None, database=None)
@given(st.sampled_from(SAMPLES))
def test_positions_of_play_round_trip_and_can_be_played_from(sample):
    name, text, record = sample
    g = hexgames.load(text)
    assert g.dump() == text
    valid_game(g)


# -- move notation -----------------------------------------------------------------
tokens = st.one_of(st.text(max_size=10), st.sampled_from(
    ["d4", "c3-c6", "drop c11", "c11-f8", "pass", "swap", "d4>d5", "c4:a2", "c3>c4 d5:a1",
     "a1-", "-a1", "drop", "e6-e6", "z99", "d4 ", " d4", "D4", "d04", "d4>", ":a1"]))


@BOUNDED
@given(st.sampled_from(SAMPLES), tokens)
def test_notation_parses_to_a_move_that_prints_back_or_is_refused(sample, text):
    name, pos, _ = sample
    g = hexgames.load(pos)
    before = g.dump()
    try:
        m = g.parse(text)
    except ValueError as e:
        assert str(e)
        m = None
    if m is not None:
        assert isinstance(m, int) and 0 <= m < 2 ** 30
        assert g.parse(g.text(m)) == m
    try:
        g.play(text)
    except ValueError as e:                 # IllegalMove is one
        assert str(e) and g.dump() == before
        return
    g.undo()
    assert g.dump() == before


# -- records -----------------------------------------------------------------------
@BOUNDED
@given(st.data())
def test_mutated_records_replay_or_are_refused(data):
    name, _, record = data.draw(st.sampled_from(SAMPLES))
    words = record.split(" ")
    for _ in range(data.draw(st.integers(1, 3))):
        k = data.draw(st.integers(0, len(words)))
        op = data.draw(st.sampled_from(("insert", "drop", "swap")))
        if op == "insert":
            words.insert(k, data.draw(tokens))
        elif op == "drop" and k < len(words):
            words.pop(k)
        elif op == "swap" and k + 1 < len(words):
            words[k], words[k + 1] = words[k + 1], words[k]
    line = " ".join(words)
    try:
        g = hexgames.replay(line)
    except ValueError as e:
        assert str(e)
        return
    assert hexgames.replay(g.record()).dump() == g.dump()
    valid_game(g)


@BOUNDED
@given(st.text(max_size=60))
def test_any_text_as_a_record_is_refused_or_replays(line):
    try:
        g = hexgames.replay(line)
    except ValueError as e:
        assert str(e)
        return
    assert hexgames.replay(g.record()).dump() == g.dump()


# -- save containers and settings --------------------------------------------------
class Store:
    def __init__(self, files=None):
        self.files = dict(files or {})

    def load(self, name):
        return self.files.get(name)

    def save(self, name, data):
        self.files[name] = bytes(data)


def _saved():
    out = []
    for name, text, record in SAMPLES[::3]:
        g = hexgames.load(text) if hexgames.load(text).to_move == 0 else hexgames.replay(record)
        out.append(save.pack("game", save.game_dict(name, g, 2, 1)))
    return out


SAVED = _saved()


def mutate_bytes(data, draw):
    b = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(("flip", "cut", "insert")))
        k = draw(st.integers(0, max(0, len(b) - 1)))
        if op == "flip" and b:
            b[k] ^= 1 << draw(st.integers(0, 7))
        elif op == "cut":
            del b[k:]
        else:
            b[k:k] = draw(st.binary(min_size=1, max_size=4))
    return bytes(b)


@BOUNDED
@given(st.data())
def test_damaged_save_files_are_bad_saves_never_a_crash(data):
    raw = data.draw(st.one_of(st.sampled_from(SAVED).map(lambda b: mutate_bytes(b, data.draw)),
                              st.binary(max_size=80)))
    d, g, bad = save.read_game(Store({save.GAME_FILE: raw}))
    if g is None:
        assert d is None and (bad is None) == (not raw) and (bad is None or bad[0])
    else:
        valid_game(g)


@BOUNDED
@given(st.data())
def test_well_checksummed_saves_with_any_body_are_bad_saves_or_games(data):
    # a body that passes the checksum but is not what the firmware wrote
    d = json.loads(data.draw(st.sampled_from(SAVED)).split(b"\n", 1)[1])
    key = data.draw(st.sampled_from(sorted(d) + ["extra"]))
    if data.draw(st.booleans()):
        d[key] = data.draw(json_values)
    else:
        d.pop(key, None)
    body = json.dumps(d).encode()
    raw = b"honeycomb game 1 %d %08x\n" % (len(body), save.adler32(body)) + body
    got, g, bad = save.read_game(Store({save.GAME_FILE: raw}))
    if g is not None:
        valid_game(g)
        assert got["level"] in range(6) and got["human"] in (1, 2)
    else:
        assert bad and bad[0]


@BOUNDED
@given(st.one_of(json_values, st.dictionaries(st.sampled_from(sorted(DEFAULTS) + ["x"]),
                                               json_values, max_size=5)))
def test_settings_from_any_json_are_valid_settings(d):
    for data in (save.pack("settings", d) if isinstance(d, dict) else b"",
                 b"honeycomb settings 1 %d %08x\n" % (len(json.dumps(d)),
                                                      save.adler32(json.dumps(d).encode()))
                 + json.dumps(d).encode()):
        s = save.load_settings(Store({save.SETTINGS_FILE: data}))
        assert type(s.brightness) is int and 0 <= s.brightness <= 5
        assert type(s.sound) is bool and type(s.colour_blind) is bool
        assert type(s.ignored) is int
        last = s.last
        assert last is None or (isinstance(last, list) and len(last) == 5
                                and last[0] in hexgames.GAMES), last
        json.dumps(s.to_dict())


# -- layout files ------------------------------------------------------------------
with open(layout._root() + "layouts/pocket.json") as _f:
    POCKET = json.load(_f)


@BOUNDED
@given(st.data())
def test_mutated_layouts_are_refused_clearly_or_valid(data):
    d = json.loads(json.dumps(POCKET))
    for _ in range(data.draw(st.integers(1, 2))):
        key = data.draw(st.sampled_from(sorted(d)))
        v = d[key]
        if isinstance(v, dict) and v and data.draw(st.booleans()):
            v[data.draw(st.sampled_from(sorted(v)))] = data.draw(json_values)
        elif isinstance(v, list) and v and data.draw(st.booleans()):
            v[data.draw(st.integers(0, len(v) - 1))] = data.draw(json_values)
        elif data.draw(st.booleans()):
            d[key] = data.draw(json_values)
        else:
            del d[key]
    check_layout(d)


@BOUNDED
@given(json_values)
def test_any_json_as_a_layout_is_refused_clearly(d):
    check_layout(d)


def check_layout(d):
    """d is refused with a message, or loads as a valid layout."""
    try:
        t = layout.Layout(d)
    except ValueError as e:
        assert str(e)
        return
    assert_valid(t, d)


def assert_valid(t, d):
    for i in range(t.n):
        assert t.index(*t.coord(i)) == i and t.find(t.name(i)) == i
    assert len(set(t.led)) == t.n and max(t.led) < t.chain      # one LED a cell
    if d["shape"] == "hexhex":
        assert t.n == 3 * t.base * (t.base - 1) + 1 and sorted(t.led) == list(range(t.n))
    assert t.max_units >= 0 and 0 <= t.dim256(10 ** 6) <= 256


@pytest.mark.parametrize("variant", ["pocket", "full", "hexboard"])
def test_the_shipped_layouts_are_valid(variant):
    # loaded without a net: a shipped layout the loader refuses fails here
    d = json.load(open(layout._root() + "layouts/%s.json" % variant))
    assert_valid(layout.Layout(d), d)
