# XiaGo: every worked example of rules/xiago.md section 12, then our own
# cases: notation, options, positions, the decisions of section 11, random
# games on every base, and playouts checked step by step against moves().
import hexgames
from hexgames import IllegalMove
from hexgames.game import load_json
from kit import position, rejects, raises, random_game, scaled, unload_games

INITIAL = "d2 f2 b4 d4 f4 b6 d6"       # base 4 (rules section 3)


def xiago(x="", o="", to_move="X", n=INITIAL, base=4, **extra):
    return position("xiago", {"X": x, "O": o, "N": n}, to_move, {"base": base}, **extra)


def new(base):
    """A new game; a big board first frees the other shapes, as the chip,
    which holds one board at a time, would (the test heap is the chip's)."""
    if base >= 8:
        unload_games()
    return hexgames.new("xiago", base=base)


def cells(g):
    """The position's cells as a string "name:symbol" list, sorted."""
    d = load_json(g.dump())["cells"]
    return sorted([k + ":" + d[k] for k in d])


def expect(g, x, o, n=INITIAL):
    want = ([c + ":X" for c in x.split()] + [c + ":O" for c in o.split()]
            + [c + ":N" for c in n.split()])
    assert cells(g) == sorted(want), (cells(g), sorted(want))


def texts(g, prefix=""):
    return sorted([g.text(m) for m in g.moves() if g.text(m).startswith(prefix)])


def legal(g, text):
    return g.parse(text) in g.moves()


# -- the worked examples ----------------------------------------------------------

def test_example_1_neutral_moves_in_the_initial_position():
    g = hexgames.new("xiago", base=4)
    assert texts(g, "d4-") == ["d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4"]
    assert texts(g, "b4-") == ["b4-a4", "b4-a5", "b4-b3", "b4-b5", "b4-c3", "b4-c4"]
    rejects(g, "d4-f4", "f4", "occupied")
    rejects(g, "d2-d4", "d4", "occupied")
    rejects(g, "d4-f4 e5", "f4", "occupied")
    # "on every base": six one-step moves per piece, nothing longer (base 10
    # on MicroPython: test_base_10_within_the_chip_heap)
    for base in scaled((4, 6, 8, 10), (4, 6, 8)):
        g = new(base)
        steps = [m for m in g.moves() if "-" in g.text(m)]
        pieces = load_json(g.dump())["cells"]
        assert len(steps) == 6 * len(pieces)
        for m in steps:
            a, b = g.cells(m)
            assert g.board.distance(a, b) == 1
        g = steps = None
    unload_games()


def test_example_2_capture_by_placement_at_the_edge():
    g = xiago("b5 c3 a6", "a5 b3")
    g.play("a4")
    expect(g, "b5 c3 a6 a4", "b3")
    g = xiago("b5 c3", "a5 b3")                  # a6 vacant: a4 is suicide
    rejects(g, "a4", "a4", "suicide")
    rejects(g, "b3", "b3 is occupied by an O stone")
    rejects(g, "c3", "c3 is occupied by an X stone")


def test_example_3_capture_by_a_neutral_move():
    g = xiago("d5 f5 e6", "e5")
    g.play("d4-e4")
    assert g.to_move == 1
    expect(g, "d5 f5 e6", "", "d2 f2 b4 e4 f4 b6 d6")
    assert '"must_place": true' in g.dump()
    g.play("e5")
    expect(g, "d5 f5 e6 e5", "", "d2 f2 b4 e4 f4 b6 d6")
    assert g.to_move == 2
    h = xiago("d5 f5 e6", "e5")                  # the same as one turn token
    h.play("d4-e4 e5")
    assert h.dump() == g.dump()


EX4_N = "e2 f2 b4 d4 f4 b6 d6"


def test_example_4_a_neutral_move_may_not_take_your_own_last_liberty():
    g = xiago("e5", "d5 f5 e6", n=EX4_N)
    rejects(g, "e2-e4", "e2-e4", "e5", "liberty")
    rejects(g, "e2-e4 g1", "e5", "liberty")
    rejects(g, "d4-e4", "e5", "liberty")
    assert legal(g, "e2-e3")                     # the slide passes e3, may stop there
    g.play("e4")                                 # e4+e5 keep e3 and f3
    expect(g, "e4 e5", "d5 f5 e6", EX4_N)
    # the contrast: b4 leaves a liberty behind as a4 is taken
    g = xiago("a5", "b5 a6")
    g.play("b4-a4 g1")
    expect(g, "a5 g1", "b5 a6", "d2 f2 a4 d4 f4 b6 d6")


def test_example_5_a_neutral_move_that_fills_your_last_liberty_but_captures():
    g = xiago("e5 c5 c6", "d5 f5 e6", n=EX4_N)
    g.play("e2-e4")
    expect(g, "e5 c5 c6", "f5 e6", "e4 f2 b4 d4 f4 b6 d6")
    g.play("d5")
    expect(g, "e5 c5 c6 d5", "f5 e6", "e4 f2 b4 d4 f4 b6 d6")
    g = xiago("e5 c5 c6", "d5 f5 e6", n=EX4_N)
    rejects(g, "d4-e4 d5", "d4-e4", "e5", "liberty")
    rejects(g, "d4-e4", "e5", "liberty")


def test_example_6_ko_and_superko():
    g = hexgames.replay("xiago base=4: a4 b3 b5 g1 a6")
    expect(g, "a4 b5 a6", "b3 g1")
    g.play("a5")
    expect(g, "b5 a6", "b3 g1 a5")
    rejects(g, "a4", "a4", "superko")
    g.play("d7")
    g.play("e1")
    g.play("a4")
    expect(g, "a4 b5 a6 d7", "b3 g1 e1")


EX7_X = "b3 c3 d3 e3 f3 g3 a4 c4 e4 g4"
EX7_O = "a5 b5 c5 d5 e5 f5"


def test_example_7_end_of_game_and_scoring():
    g = xiago(EX7_X, EX7_O)
    assert g.info() == {"komi": 2.5, "territory": {"X": 7, "O": 7}}
    g.play("pass")
    assert g.result() is None
    g.play("pass")
    assert g.result() == (1, 17, 15.5, "score")
    assert g.to_move == 0 and g.moves() == []
    rejects(g, "d1", "over")
    g = hexgames.replay("xiago base=4: pass pass")
    assert g.result() == (2, 0, 2.5, "score")
    assert g.info() == {"komi": 2.5, "territory": {"X": 0, "O": 0}}


def test_example_8_the_neutral_move_prepares_the_placement_captures():
    g = xiago("b5 c3", "a5 b3")
    rejects(g, "a4", "a4", "suicide")
    rejects(g, "b6-a7 a4", "b6-a7 a4", "suicide")
    assert legal(g, "b6-a7")                     # fine on its own
    g.play("b6-a6 a4")
    expect(g, "b5 c3 a4", "b3", "d2 f2 b4 d4 f4 a6 d6")


def test_example_9_passes():
    g = hexgames.replay("xiago base=4: e5 pass c4 pass")
    assert g.result() is None and g.to_move == 1
    g.play("pass")
    assert g.result() == (1, 30, 2.5, "score")
    assert g.info()["territory"] == {"X": 28, "O": 0}


# -- section 13 and the decisions of section 11 -----------------------------------

def test_move_counts_of_the_checklist():
    g = hexgames.new("xiago", base=4)
    ms = g.moves()
    assert len(ms) == 1 + 30 + 42 and g.text(ms[0]) == "pass"
    for m in ms:
        if "-" in g.text(m):
            h = g.copy()
            h.play(m)
            assert len(h.moves()) == 30 and h.to_move == 1
            assert "pass" not in texts(h)
    assert len(hexgames.new("xiago").moves()) == 1 + 72 + 114     # base 6 (section 10)


PIECES = {      # rules section 3, the table
    4: INITIAL,
    6: "f2 h2 j2 d4 f4 h4 j4 b6 d6 f6 h6 j6 b8 d8 f8 h8 b10 d10 f10",
    8: "h2 j2 l2 n2 f4 h4 j4 l4 n4 d6 f6 h6 j6 l6 n6 b8 d8 f8 h8 j8 l8 n8 b10 d10 f10 "
       "h10 j10 l10 b12 d12 f12 h12 j12 b14 d14 f14 h14",
    10: "j2 l2 n2 p2 r2 h4 j4 l4 n4 p4 r4 f6 h6 j6 l6 n6 p6 r6 d8 f8 h8 j8 l8 n8 p8 r8 "
        "b10 d10 f10 h10 j10 l10 n10 p10 r10 b12 d12 f12 h12 j12 l12 n12 p12 b14 d14 f14 "
        "h14 j14 l14 n14 b16 d16 f16 h16 j16 l16 b18 d18 f18 h18 j18",
}


def test_initial_neutral_pieces_and_komi_on_every_base():
    want = {4: (30, 2.5), 6: (72, 2.5), 8: (132, 4.5), 10: (210, 4.5)}
    for base in (4, 6, 8, 10):
        g = new(base)
        b = g.board
        pieces = [b.name(i) for i in range(b.n) if g._symbol(i) == "N"]
        assert sorted(pieces) == sorted(PIECES[base].split())
        assert b.n - len(pieces) == want[base][0]
        assert g.info() == {"komi": want[base][1], "territory": {"X": 0, "O": 0}}
        for name in pieces:                      # D1: both axial coordinates even
            q, r = b.coord(b.index(name))
            assert q % 2 == 0 and r % 2 == 0
        g = b = pieces = None
    unload_games()


def test_d3_slides_stop_on_any_vacant_cell_of_the_line():
    g = xiago("", "", n="d2 f2 b4 d4 f4 b6 d7")     # d6 went to d7
    assert texts(g, "d4-") == ["d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-d6", "d4-e3", "d4-e4"]
    rejects(g, "d4-d7", "occupied")
    g = xiago("d5", "")
    rejects(g, "d4-d6", "d6", "occupied")
    rejects(g, "d4-f5", "not on one straight line")
    g = xiago("", "", n="d2 f2 b4 d4 g4 b6 d6")
    rejects(g, "b4-e4", "blocked at d4")
    rejects(g, "e4-f4", "e4", "no neutral piece")


def test_d5_a_neutral_move_needs_a_legal_placement_after_it():
    # X fills every free cell but e4 and a7: X's group keeps two eyes. For O
    # every slide frees a liberty for X, and every placement stays suicide.
    g = hexgames.new("xiago", base=4)
    free = [g.board.name(i) for i in range(g.board.n)
            if g.board.name(i) not in INITIAL.split() + ["e4", "a7"]]
    g = xiago(" ".join(free), "", "O")
    assert texts(g) == ["pass"]
    rejects(g, "d4-e4", "no legal placement")
    rejects(g, "e4", "suicide")
    x = xiago(" ".join(free), "", "X")
    assert texts(x) == ["a7", "b6-a7", "d4-e4", "e4", "f4-e4", "pass"]


def test_d6_d7_superko_counts_the_set_up_position_and_the_neutral_pieces():
    # The position after turn 5 of example 6, set up: it is in the history.
    g = xiago("a4 b5 a6", "b3 g1", "O")
    g.play("a5")
    rejects(g, "a4", "superko")
    g.play("d6-d7")                               # a moved neutral piece: a new position
    g.play("a4")
    expect(g, "a4 b5 a6", "b3 g1", "d2 f2 b4 d4 f4 b6 d7")


def test_d12_pass_is_always_legal_and_only_two_in_a_row_end():
    g = hexgames.replay("xiago base=4: pass d4-e4 d4 pass")
    assert g.to_move == 2 and g.result() is None
    assert g.parse("pass") in g.moves()
    g.play("c3")
    g.play("pass")
    assert g.result() is None
    g.play("pass")
    assert g.result() is not None


def test_d9_d10_regions_bounded_by_neutral_pieces_and_the_edge():
    # A region enclosed by X and neutral pieces only is X's; a neutral piece
    # inside it scores nothing; a region touching no stone is nobody's.
    g = xiago("c2 e1 e2 e3 c3 d3", "a7")
    assert g.info()["territory"] == {"X": 1, "O": 0}         # d1: c2 e1 X, d2 N
    g = xiago("a7", "g1", n="e1 c2 d2 b4 d4 f4 b6")
    assert g.info()["territory"] == {"X": 0, "O": 0}         # d1 touches no stone
    g.play("pass")
    g.play("pass")
    assert g.result() == (2, 1, 3.5, "score")


# -- notation, options, positions ---------------------------------------------------

def test_notation_and_input_paths():
    g = hexgames.new("xiago", base=4)
    step = g.parse("d4-e4")
    assert g.text(step) == "d4-e4" and g.parse("pass") != step
    assert g.cells(step) == [g.board.index("d4"), g.board.index("e4")]
    assert g.cells(g.parse("e5")) == [g.board.index("e5")] and g.cells(g.parse("pass")) == []
    for bad in ("D4", "z9", "d4-", "-e4", "d4-e4-f4", "d4e4", "", "a1", "d4-z9", "pass-d4"):
        msg = raises(IllegalMove, g.parse, bad)
        assert repr(bad) in msg, msg
    assert "give 'd4-e4' and 'e5' one at a time" in raises(IllegalMove, g.parse, "d4-e4 e5")
    rejects(g, "d4-e4 pass", "'d4-e4 pass'", "not pass")
    for bad in ("d4 e5", "d4-e4 e5 f5", "d4-e4 e4-d4"):
        rejects(g, bad, repr(bad), "not a XiaGo turn")
    raises(ValueError, g.text, -1)
    raises(ValueError, g.text, 5 << 20)
    rejects(g, -1, "not a XiaGo move")
    rejects(g, 3 << 20, "not a XiaGo move")
    # input paths are prefix-free (only pass has an empty one)
    for h in (g, xiago("b5 c3", "a5 b3"), xiago("e5 c5 c6", "d5 f5 e6", n=EX4_N)):
        paths = [h.cells(m) for m in h.moves() if h.cells(m)]
        for a in paths:
            for b in paths:
                assert a == b or a != b[:len(a)], (a, b)


def test_a_turn_in_progress():
    g = hexgames.new("xiago", base=4)
    start = g.dump()
    g.play("d4-e4")
    rejects(g, "pass", "pass", "must place")
    rejects(g, "b4-a4", "one neutral move per turn")
    rejects(g, "d4-e4 e5", "one neutral move per turn")
    rejects(g, "e4", "occupied", "neutral piece")
    mid = g.dump()
    assert hexgames.load(mid).dump() == mid
    assert g.undo() == g.parse("d4-e4") and g.dump() == start    # the step alone
    g.play("d4-e4")
    g.play("d4")                                 # the cell just left
    assert g.to_move == 2 and g.record() == "xiago base=4: d4-e4 d4"
    h = hexgames.replay(g.record())
    assert h.dump() == g.dump() and h.history() == g.history()
    assert hexgames.replay("xiago base=4: d4-e4").dump() == mid   # a step token
    g = hexgames.replay("xiago base=4: pass")
    rejects(g, "d4-e4 e4", "d4-e4 e4", "occupied")   # taken back whole: O's pass stands
    rejects(g, "d4-d4", "one cell or more")
    g.play("pass")
    assert g.result() == (2, 0, 2.5, "score")


def test_options():
    assert hexgames.new("xiago").options == {"base": 6}              # D15
    assert hexgames.new("xiago").board.n == 91
    for bad in (5, 12, "4", 4.0, True):
        assert "base" in raises(ValueError, hexgames.new, "xiago", base=bad)
    assert "size" in raises(ValueError, hexgames.new, "xiago", size=7)
    assert "base" in raises(ValueError, hexgames.replay, "xiago base=7: d4")
    assert "move 2" in raises(IllegalMove, hexgames.replay, "xiago base=4: d5 d5")
    assert "move 3" in raises(IllegalMove, hexgames.replay, "xiago base=4: c3 d4-e4 pass")


def test_positions_round_trip_and_bad_ones_are_refused():
    g = xiago("e5", "", "O", passes=1)
    assert g.dump().endswith('"to_move": "O", "passes": 1}')
    g.play("pass")
    assert g.result() == (1, 30, 2.5, "score")
    done = g.dump()
    assert '"to_move": "X"' in done and '"passes": 2' in done
    h = hexgames.load(done)
    assert h.result() == g.result() and h.to_move == 0 and h.dump() == done
    m = xiago("d5 f5 e6", "", "X", n="d2 f2 b4 e4 f4 b6 d6", must_place=True)
    assert m.to_move == 1 and len(texts(m)) == 27
    assert [t for t in texts(m) if t == "pass" or "-" in t] == []
    base = '{"game": "xiago", "options": {"base": 4}, "cells": {%s}, "to_move": "X"%s}'
    pieces = ", ".join(['"%s": "N"' % c for c in INITIAL.split()])
    cases = (
        (base % (pieces + ', "d5": "x"', ""), "d5"),
        (base % (pieces + ', "q9": "X"', ""), "q9"),
        (base % ('"d4": "N"', ""), "neutral pieces"),
        (base % (pieces + ', "a4": "N"', ""), "neutral pieces"),
        (base % (pieces + ', "d1": "X", "e1": "O", "c2": "O"', ""), "d1"),
        (base % (pieces + ', "d1": "X", "e1": "O", "c2": "O"', ""), "no liberty"),
        (base % (pieces, ', "must_place": 1'), "must_place"),
        (base % (pieces, ', "passes": 3'), "passes"),
        (base % (pieces, ', "passes": 1, "must_place": true'), "must_place"),
        (base % (pieces, ', "passes": true'), "passes"),
    )
    for text, word in cases:
        assert word in raises(ValueError, hexgames.load, text), (text, word)
    # must_place with no legal placement: unreachable, refused
    free = [g.board.name(i) for i in range(g.board.n)
            if g.board.name(i) not in INITIAL.split() + ["e4", "a7"]]
    bad = xiago(" ".join(free), "", "O").dump().replace('"to_move": "O"',
                                                        '"to_move": "O", "must_place": true')
    assert "no legal placement" in raises(ValueError, hexgames.load, bad)


def test_a_loaded_must_place_position_starts_an_empty_history():
    # Set up between O's slide and O's owed placement: only the position after
    # the placement is recorded, so X may later recreate the set-up stones.
    g = xiago("b5 a6 a4", "b3", "O", must_place=True)
    g.play("a5")                                 # captures a4
    expect(g, "b5 a6", "b3 a5")
    g.play("a4")                                 # recaptures: never recorded before
    expect(g, "b5 a6 a4", "b3")


# -- random games, playouts and an independent count ------------------------------

def score_by_hand(g):
    """Rules section 9 written out again, from the cell symbols only."""
    b = g.board
    sym = [g._symbol(i) or "." for i in range(b.n)]
    pts = {"X": sym.count("X"), "O": sym.count("O")}
    seen = [False] * b.n
    for i in range(b.n):
        if sym[i] != "." or seen[i]:
            continue
        region, touch, todo = 0, set(), [i]
        seen[i] = True
        while todo:
            c = todo.pop()
            region += 1
            for j in b.neighbours(c):
                if sym[j] == "." and not seen[j]:
                    seen[j] = True
                    todo.append(j)
                elif sym[j] in "XO":
                    touch.add(sym[j])
        if len(touch) == 1:
            pts[touch.pop()] += region
    return pts["X"], pts["O"]


def plain_moves(b, sym, p, must, seen):
    """Legal moves as text, read straight from rules sections 6 and 10:
    lists of symbols, flood fills, no state kept between calls."""
    me, you = "XO"[p - 1], "OX"[p - 1]

    def dead(t, colour):
        out = []
        done = [False] * b.n
        for i in range(b.n):
            if t[i] != colour or done[i]:
                continue
            group, todo, free = [], [i], False
            done[i] = True
            while todo:
                c = todo.pop()
                group.append(c)
                for j in b.neighbours(c):
                    if t[j] == ".":
                        free = True
                    elif t[j] == colour and not done[j]:
                        done[j] = True
                        todo.append(j)
            if not free:
                out += group
        return out

    def place(t, c):            # the position after the placement, or None
        t = t[:]
        t[c] = me
        for j in dead(t, you):
            t[j] = "."
        if dead(t, me) or "".join(t) in seen:
            return None
        return t

    out = [b.name(c) for c in range(b.n) if sym[c] == "." and place(sym, c)]
    if must:
        return out
    out.append("pass")
    for a in range(b.n):
        if sym[a] != "N":
            continue
        q, r = b.coord(a)
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            k = 1
            while b.at(q + k * dq, r + k * dr) >= 0 and sym[b.at(q + k * dq, r + k * dr)] == ".":
                t = sym[:]
                t[a] = "."
                t[b.at(q + k * dq, r + k * dr)] = "N"
                for j in dead(t, you):
                    t[j] = "."
                if not dead(t, me) and [c for c in range(b.n) if t[c] == "." and place(t, c)]:
                    out.append(b.name(a) + "-" + b.name(b.at(q + k * dq, r + k * dr)))
                k += 1
    return out


def test_moves_agree_with_a_plain_reading_of_the_rules():
    # Random games (neutral steps included) where every move list is checked
    # against plain_moves; positions are compared as symbol strings.
    from hexgames.rng import Rng
    for base, seed, plies in ((4, 3, 400), (4, 2, 400), (6, 1, 60))[:scaled(3, 1)]:
        g = hexgames.new("xiago", base=base)
        b = g.board
        rng = Rng(seed)

        def symbols():
            d = load_json(g.dump())["cells"]
            return [d.get(b.name(i), ".") for i in range(b.n)]

        seen = set(["".join(symbols())])
        while g.to_move and len(g.history()) < plies:
            sym = symbols()
            ms = g.moves()
            must = '"must_place": true' in g.dump()
            want = plain_moves(b, sym, g.side, must, seen)
            assert sorted([g.text(m) for m in ms]) == sorted(want)
            m = ms[rng.below(len(ms))]
            g.play(m)
            if m < b.n:
                seen.add("".join(symbols()))


def test_random_games_keep_every_invariant_on_every_base():
    for base, n in ((4, scaled(40, 6)), (6, scaled(8, 1)), (8, scaled(2, 1)), (10, scaled(1, 0))):
        new(base)
        for seed in range(n):
            check = base <= 6 or not seed and base == 8
            g = random_game("xiago", {"base": base}, seed, check=check)
            assert hexgames.load(g.dump()).result() == g.result()
            x, o = score_by_hand(g)
            komi = g.info()["komi"]
            assert g.result() == (1 if x > o + komi else 2, x, o + komi, "score")
            g = None
    unload_games()


def test_playouts_end_reload_and_agree_with_the_count():
    for base, n in ((4, scaled(200, 30)), (6, scaled(40, 6)), (8, scaled(6, 1)),
                    (10, scaled(3, 0))):
        g = new(base)
        for seed in range(n):
            h = g.copy()
            r = h.playout(seed, 5000)
            assert r is not None and r == h.result() and h.to_move == 0
            assert hexgames.load(h.dump()).result() == r
            x, o = score_by_hand(h)
            assert r[1:3] == (x, o + g.info()["komi"])
        assert g.to_move == 1 and g.history() == []      # the original is untouched
        g = h = None
    unload_games()
    g = hexgames.new("xiago", base=4)
    assert g.copy().playout(7, 500) == g.copy().playout(7, 500)
    h = g.copy()
    assert h.playout(1, 3) is None and h.to_move in (1, 2)
    assert g.copy().playout(1, 0) is None
    raises(IllegalMove, h.undo)


def test_base_10_within_the_chip_heap():
    # The biggest board from a clean heap: the move list, a playout and a
    # random game, each counted again by hand. (No dump here: a base-10 dump
    # is too big for the MicroPython test heap.)
    import gc
    from array import array
    from hexgames.rng import Rng
    unload_games()
    buf = array("i", bytes(4 * 1471))              # the max_moves of base 10
    try:
        g = new(10)
        assert g.max_moves == len(buf) and len(g.moves()) == 1 + 210 + 6 * 61
        h = g.copy()
        r = h.playout(1, 5000)
        x, o = score_by_hand(h)
        assert r == (1 if x > o + 4.5 else 2, x, o + 4.5, "score")
        h = None
        gc.collect()
        # a random game through moves_into()/play(): moves() lists are too
        # big for the fragmented test heap (see kit.random_game for the rest);
        # 300 random steps, then the first legal one (a pass) to the end
        rng = Rng(1)
        steps = 0
        while g.to_move:
            k = g.moves_into(buf)
            assert 0 < k <= g.max_moves and steps < 5000
            g.play(buf[rng.below(k) if steps < 300 else 0])
            steps += 1
        x, o = score_by_hand(g)
        assert g.result() == (1 if x > o + 4.5 else 2, x, o + 4.5, "score")
    finally:
        g = h = None
        unload_games()


def test_every_playout_step_is_a_legal_move():
    # Run the same seeded playout cut off after 1, 2, 3, ... plies: each step
    # (a pass, or the one new stone of the mover) must be in moves() of the
    # position before it, history and superko included, and lead to it.
    starts = [hexgames.new("xiago", base=4), xiago("b5 c3", "a5 b3")]
    m = hexgames.new("xiago", base=4)
    m.play("d4-e4")
    starts.append(m)                           # an owed placement comes first
    for g in starts:
        for seed in range(scaled(8, 1)):
            prev = g.copy()
            for k in range(1, 500):
                h = g.copy()
                h.playout(seed, k)
                before = load_json(prev.dump())["cells"]
                after = load_json(h.dump())["cells"]
                mover = "XO"[prev.side - 1]
                new = [c for c in after if after[c] == mover and before.get(c) != mover]
                mv = g.parse(new[0]) if new else g.parse("pass")
                assert len(new) <= 1 and mv in prev.moves(), (seed, k, new)
                prev.play(mv)
                assert prev.dump() == h.dump()
                if not h.to_move:
                    break
            assert not prev.to_move and prev.result() == h.result()


def test_playouts_and_moves_into_allocate_nothing_per_move():
    import gc
    if not hasattr(gc, "mem_alloc"):
        return                                  # CPython: nothing to measure
    from array import array
    for base in (4, 6):
        g = hexgames.new("xiago", base=base)
        for ply in ("c3", "d4-e4", "d4", "e3"):
            if base == 4:
                g.play(ply)
        buf = array("i", bytes(4 * g.max_moves))
        g.moves_into(buf)
        g.copy().playout(1, 1000)               # warm-up
        used = []
        for plies in (2, 30):
            h = g.copy()
            gc.collect()
            gc.disable()
            a = gc.mem_alloc()
            h.playout(5, plies)
            b = gc.mem_alloc()
            g.moves_into(buf)
            c = gc.mem_alloc()
            gc.enable()
            assert h.result() is None
            used.append(b - a)
            assert c == b, "moves_into allocated %d bytes" % (c - b)
        assert used[0] == used[1], "playout: %d bytes for 2 plies, %d for 30" % tuple(used)


def test_the_owners_marks_are_the_territory_info_counts():
    # owners_into (the handheld's marks): a vacant region whose edge touches stones
    # of one colour only is that colour's, neutral pieces aside; every cell of it
    # is marked, and the marks add up to info()'s territory
    from kit import midgame
    for seed in range(scaled(40, 4)):
        base = (4, 6)[seed % 2]
        g = midgame("xiago", {"base": base}, 20 + seed, seed)
        cell, adj, n = g.cell, g.adj, g.n
        want = [0] * n
        seen = set()
        for s in range(n):
            if cell[s] or s in seen:
                continue
            region, touch = [s], set()
            seen.add(s)
            for c in region:
                for j in adj[c]:
                    if cell[j] == 0 and j not in seen:
                        seen.add(j)
                        region.append(j)
                    elif cell[j] in (1, 2):
                        touch.add(cell[j])
            if len(touch) == 1:
                owner = touch.pop()
                for c in region:
                    want[c] = owner
        buf = bytearray(n)
        g.owners_into(buf)
        assert list(buf) == want, (seed, g.record())
        t = g.info()["territory"]
        assert [t["X"], t["O"]] == [want.count(1), want.count(2)]
        unload_games()
