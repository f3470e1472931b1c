# Hexmeister: every worked example of rules/hexmeister.md section 10, then our own cases.
import hexgames
from hexgames import IllegalMove
from hexgames.game import encode
from kit import position, rejects, raises, random_game, scaled

BOARD = hexgames.new("hexmeister").board


def diagram(rows, to_move="X", **extra):
    """A position from rows drawn as in the rules file ("11      . . X . . .       a11-f11")."""
    stones = {"X": [], "O": []}
    for line in rows.strip().split("\n"):
        words = line.split()
        first = BOARD.index(words[-1].split("-")[0])
        for k, s in enumerate(words[1:-1]):
            if s != ".":
                stones[s].append(BOARD.name(first + k))
    return position("hexmeister", {"X": " ".join(stones["X"]), "O": " ".join(stones["O"])},
                    to_move, **extra)


def stones(g):
    """{"X": set of cells, "O": set of cells}."""
    out = {"X": set(), "O": set()}
    for i in range(BOARD.n):
        s = g._symbol(i)
        if s:
            out[s].add(BOARD.name(i))
    return out


def field(g, key):
    d = g.dump()
    return d.split('"%s": ' % key)[1].split(",")[0].split("}")[0]


def texts(g):
    return [g.text(m) for m in g.moves()]


def moves_of(g, origin):
    return sorted([t for t in texts(g) if t.startswith(origin + "-")])


def legal(g, *steps):
    ms = texts(g)
    for s in steps:
        assert s in ms, s


# -- the board map of section 2 ----------------------------------------------------

MAP = """
 1      G B B B B G       f1-k1
 2     R L L L L L R      e2-k2
 3    R L G R R G L R     d3-k3
 4   R L R L L L R L R    c4-k4
 5  R L R L R R L R L R   b5-k5
 6 G L G L R G R L G L G  a6-k6
 7  R L R L R R L R L R   a7-j7
 8   R L R L L L R L R    a8-i8
 9    R L G R R G L R     a9-h9
10     R L L L L L R      a10-g10
11      G B B B B G       a11-f11
"""


def test_board_map_matches_the_rules():
    from hexgames.hexmeister_map import CLASS, BASE_OF, GATES, GROUPS, LANE, GATE, RING
    seen = 0
    for line in MAP.strip().split("\n"):
        words = line.split()
        first = BOARD.index(words[-1].split("-")[0])
        for k, s in enumerate(words[1:-1]):
            i = first + k
            want = {"G": GATE, "L": LANE, "R": RING, "B": RING}[s]
            assert CLASS[i] == want, BOARD.name(i)
            assert (BASE_OF[i] != 0) == (s == "B"), BOARD.name(i)
            seen += 1
    assert seen == 91 and len(GATES) == 13
    for a in GATES:                               # no two gates are adjacent
        for b in GATES:
            assert b not in BOARD.adj[a]
    assert [len(g) for g in GROUPS] == [5] * 9 + [6, 6]
    for g in GATES:
        if BOARD.name(g) != "f6":                 # every other gate lies in two triangles
            assert len([t for t in GROUPS[:6] if g in t]) == 2


# -- worked examples ----------------------------------------------------------------

def test_example_1_opening():
    g = hexgames.new("hexmeister")
    assert sorted(texts(g)) == ["drop b11", "drop c11", "drop d11", "drop e11"]
    g.play("drop c11")
    assert g.to_move == 2
    assert sorted(texts(g)) == ["drop g1", "drop h1", "drop i1", "drop j1"]


EX2 = """
 1      . . O . . .       f1-k1
11      . . X . . .       a11-f11
"""


def test_example_2_one_move_from_the_base_reaches_almost_everything():
    g = diagram(EX2, turn=2, reserves={"X": 17, "O": 17})
    legal(g, "c11-b11", "c11-c10", "c11-f8", "c11-f7", "c11-a9", "c11-g1", "c11-a11", "c11-f11")
    for t in ("c11-f6", "c11-c9", "c11-f9"):
        rejects(g, t, t.split("-")[1], "gate", "adjacent")
    from hexgames.hexmeister_map import GATES
    want = set([BOARD.name(i) for i in range(91) if i not in GATES]) - set(["c11", "h1"])
    want |= set(["a11", "f11"])
    got = moves_of(g, "c11")
    assert len(got) == 78 and set([t.split("-")[1] for t in got]) == want
    assert len(texts(g)) == 81
    g.play("c11-f11")                 # own base gate from the base: no bonus
    assert g.to_move == 2 and field(g, "bonus") == "false"


EX3A = """
 1      . . . . O .       f1-k1
 2     . . O X O . .      e2-k2
10     . . . X . . .      a10-g10
11      . . . X . .       a11-f11
"""

EX3B = """
 1      . . O O . .       f1-k1
 8   . . . . . . . X .    a8-i8
 9    . . . . . X . .     a9-h9
10     . . . X . X .      a10-g10
11      . . . X X .       a11-f11
"""


def test_example_3a_moats_stop_movement():
    g = diagram(EX3A, turn=10)
    assert moves_of(g, "h2") == ["h2-g3", "h2-h1", "h2-h3", "h2-i1"]


def test_example_3b_own_gates_can_be_jumped():
    g = diagram(EX3B, turn=12)
    legal(g, "f10-f8")
    assert len(moves_of(g, "f10")) == 72
    h = diagram(EX3B.replace(". . . . . X . .", ". . . . . O . ."), turn=12)
    assert moves_of(h, "f10") == sorted("f10-e10 f10-e9 f10-f11 f10-g10 f10-g8 f10-g9 f10-h9".split())
    rejects(h, "f10-f8", "route")


EX4 = """
 1      . O O . . .       f1-k1
 2     . . . . O . .      e2-k2
 8   . . . . . . . X .    a8-i8
 9    . . . . . . X .     a9-h9
11      . . X . . .       a11-f11
"""


def test_example_4_entering_a_gate_earns_a_bonus_step():
    g = diagram(EX4, turn=6, reserves={"X": 15, "O": 15})
    rejects(g, "h8-f9", "f9", "adjacent")
    rejects(g, "c11-f9", "f9", "adjacent")
    rejects(g, "h8-i6", "i6", "adjacent")
    g.play("g9-f9")
    assert g.to_move == 1 and field(g, "bonus") == "true" and field(g, "turn") == "6"
    assert "pass" in texts(g)
    g.play("drop e11")
    assert g.to_move == 2 and field(g, "turn") == "7" and field(g, "bonus") == "false"
    assert '"reserves": {"X": 14, "O": 15}' in g.dump()
    assert g.record().endswith(": g9-f9 drop e11")


EX5 = """
 1      . . O O . .       f1-k1
10     . . . . . X .      a10-g10
11      . . . X . .       a11-f11
"""


def test_example_5_the_base_gate_exception():
    g = diagram(EX5, turn=4, reserves={"X": 16, "O": 16})
    legal(g, "d11-f11", "d11-a11", "f10-f11")
    h = g.copy()
    h.play("d11-f11")
    assert h.to_move == 2 and field(h, "turn") == "5"
    h = g.copy()
    h.play("d11-a11")
    assert h.to_move == 2
    g.play("f10-f11")
    assert g.to_move == 1 and field(g, "bonus") == "true"


EX6 = """
 1      . . O . . .       f1-k1
 2     . . O . . . .      e2-k2
 8   . . . X O X . . .    a8-i8
10     . . . . X . .      a10-g10
"""


def test_example_6_capture_by_proximity():
    g = diagram(EX6, turn=6)
    g.play("e10-e9")
    s = stones(g)
    assert s["X"] == set(["d8", "f8", "e9"]) and s["O"] == set(["h1", "g2"])
    assert g.to_move == 1 and field(g, "bonus") == "true"


EX7 = """
 1      . . O . . .       f1-k1
 9    . X O O . . . .     a9-h9
10     . X . . . . .      a10-g10
11      . . O . . .       a11-f11
"""


def test_example_7_a_secured_cell_can_be_crossed_but_not_occupied():
    g = diagram(EX7, turn=10)
    assert "c10" in g.info()["secured"]["O"]
    rejects(g, "b10-c10", "c10", "secured by O")
    legal(g, "b10-d10", "b10-b11", "b10-a11", "b10-e10")
    h = g.copy()
    h.play("b10-a11")
    assert h.to_move == 1 and field(h, "bonus") == "true"


EX8 = """
 1      . . O . . .       f1-k1
 2     . . O . O . .      e2-k2
 6 . . . . . O . . . . .  a6-k6
 9    . . . . . X . .     a9-h9
10     . . X . . . .      a10-g10
11      X . . . . X       a11-f11
"""


def test_example_8_capture_by_triangulation():
    g = diagram(EX8, turn=14)
    g.play("c10-c9")
    s = stones(g)
    assert "f6" not in s["O"] and s["X"] == set(["c9", "f9", "a11", "f11"])
    assert g.to_move == 1 and field(g, "bonus") == "true"
    g.play("pass")                       # one bonus only
    assert g.to_move == 2


EX9 = """
 1      O . . . . O       f1-k1
 3    . . O . . O . .     d3-k3
 6 O X O . . O . . O . .  a6-k6
 7  . X . . . . . . . .   a7-j7
 8   . . . X . . . . .    a8-i8
 9    . . . . . X . .     a9-h9
10     . . X . . . .      a10-g10
11      X . . . . X       a11-f11
"""

EX9_AFTER = """
 1      O . . . . O       f1-k1
 3    . . O . . O . .     d3-k3
 6 O X . X . . . . O . .  a6-k6
 7  . X . . . . . . . .   a7-j7
 9    . . X . . X . .     a9-h9
11      X . . . . X       a11-f11
"""


def test_example_9_nullification_and_the_cascade_when_it_ends():
    g = diagram(EX9, turn=30)
    assert g.info()["gates"] == {"X": 3, "O": 8}
    g.play("c10-c9")
    assert "f6" in stones(g)["O"]                    # nullified: nothing captured
    assert "f6" not in g.info()["secured"]["X"]
    assert g.to_move == 1 and field(g, "bonus") == "true"
    legal(g, "d8-d6")
    g.play("d8-d6")
    assert stones(g) == stones(diagram(EX9_AFTER, turn=30))
    assert g.to_move == 1 and field(g, "bonus") == "true" and field(g, "turn") == "30"
    assert g.info()["gates"] == {"X": 4, "O": 6}


EX10 = """
 1      . . O O . .       f1-k1
 2     . . . . . O .      e2-k2
 6 . . . . . . . X . . .  a6-k6
 8   . . . X O X . . .    a8-i8
 9    . . . . . . X .     a9-h9
10     . . . . X . .      a10-g10
"""


def test_example_10_a_chain_of_bonus_steps():
    g = diagram(EX10, turn=12, reserves={"X": 13, "O": 14})
    for step in ("g9-f9", "e10-e9", "h6-i6"):
        g.play(step)
        assert g.to_move == 1 and field(g, "bonus") == "true" and field(g, "turn") == "12"
    g.play("pass")
    s = stones(g)
    assert s["X"] == set(["f9", "e9", "i6", "d8", "f8"]) and "e8" not in s["O"]
    assert g.to_move == 2 and field(g, "turn") == "13" and field(g, "bonus") == "false"
    assert g.record().endswith(": g9-f9 e10-e9 h6-i6 pass")


EX11 = """
 1      . . O O . .       f1-k1
 2     . . O . . . .      e2-k2
 5  . . . . O . . . . .   b5-k5
 6 X . X . X . . . X . X  a6-k6
"""


def test_example_11_alignment():
    g = diagram(EX11, turn=20)
    g.play("e6-f6")
    assert g.result() == (1, 0, 0, "alignment")
    assert g.to_move == 0 and g.moves() == []
    assert field(g, "to_move") == '"O"' and field(g, "bonus") == "false" and field(g, "turn") == "21"
    rejects(g, "pass", "over")
    assert hexgames.load(g.dump()).result() == (1, 0, 0, "alignment")


EX12 = """
 1      . O O . . .       f1-k1
 3    . . X . . X . .     d3-k3
 5  . . . O . . . . . .   b5-k5
 6 . . X . . . . . X . .  a6-k6
 9    . . . . . X . .     a9-h9
10     . . X . . . .      a10-g10
"""


def test_example_12_encirclement():
    g = diagram(EX12, turn=20)
    g.play("c10-c9")
    assert g.result() == (1, 0, 0, "encirclement") and g.to_move == 0
    assert hexgames.load(g.dump()).result() == (1, 0, 0, "encirclement")


EX13 = """
 1      O . . . . O       f1-k1
 2     . . . O . . .      e2-k2
 3    . . O . . O . .     d3-k3
 6 O . O . . O . . O . .  a6-k6
 9    . . X . . X . .     a9-h9
11      X . . X . X       a11-f11
"""


def test_example_13_exposing_ones_own_centre_stone_is_illegal():
    g = diagram(EX13, "O", turn=31)
    for t in ("c6-d6", "a6-b6", "i3-h4"):
        rejects(g, t, "f6", "secured by X")
    legal(g, "f6-e6", "h2-h3", "drop g1")
    assert moves_of(g, "f6") == sorted("f6-e6 f6-g6 f6-f5 f6-g5 f6-e7 f6-f7".split())
    ms = texts(g)
    assert len(ms) == 86
    for t in ms:
        assert t.startswith("f6-") or t.startswith("h2-") or t.startswith("drop ")


def test_example_14_draw_by_repetition():
    steps = "drop c11 drop h1 c11-d11 h1-i1 d11-c11 i1-h1 c11-d11 h1-i1 d11-c11 i1-h1"
    g = hexgames.replay("hexmeister base=6: " + steps)
    assert g.result() == (0, 0, 0, "repetition") and g.to_move == 0
    h = hexgames.replay("hexmeister base=6: " + steps.rsplit(" ", 1)[0])
    assert h.result() is None and h.to_move == 2
    # a set-up position counts once: two more returns make the third occurrence
    p = diagram(EX2, turn=2, reserves={"X": 17, "O": 17})
    for k, t in enumerate("c11-d11 h1-i1 d11-c11 i1-h1 c11-d11 h1-i1 d11-c11 i1-h1".split()):
        assert p.result() is None, k
        p.play(t)
    assert p.result() == (0, 0, 0, "repetition")
