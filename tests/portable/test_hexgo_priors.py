# HexGo's move priors (hexgames/hexgo/twins_priors.py: what a move does to the
# cells around it, weighed as a deep search weighs it): the order the weights
# promise, on the rules' own examples, and the search starting each child at
# its prior. The kernel is held to the twin in test_kernels_hexgo.py.
from array import array
from hexgames.ai import Search
from hexgames.hexgo.rules import KP, _ADJ, _NB
from kit import position


def hexgo(x="", o="", to_move="X"):
    return position("hexgo", {"X": x, "O": o}, to_move)


def priors(g):
    buf = array("i", bytes(4 * 37))
    k = g.moves_into(buf)
    out = bytearray(37)
    g.priors_into(buf, k, out)
    return {g.text(buf[i]): out[i] for i in range(k)}


def test_on_the_empty_board_the_inner_cells_rate_above_the_edge_and_the_edge_above_a_corner():
    p = priors(hexgo())
    assert len(p) == 37
    assert {p[c] for c in ("d4", "e2", "b6")} == {9}
    assert {p[c] for c in ("e1", "a5", "g3")} == {7}
    assert {p[c] for c in ("d1", "g1", "a4", "g4", "a7", "d7")} == {3}


def test_a_capture_rates_highest():
    # Example 5: d3 encloses O's d4 with four X stones of six
    p = priors(hexgo("c4 e4 d5", "d4 c5 e3"))
    assert p["d3"] == 16
    assert sorted(p.values())[-2] < 16


def test_making_ones_own_me_rates_above_making_the_opponents():
    # Example 1: d3 closes d4 with X holding c4 d3 e3 e4 against O's c5 d5
    g = hexgo("c4 e3 e4", "c5 d5")
    mine = priors(g)
    assert mine["d3"] == max(mine.values()) > 8
    # Example 2: O's c5 would close d4 for X; X's c5 closes it for himself
    theirs = priors(hexgo("c4 d3 e3 e4", "d5", "O"))
    assert theirs["c5"] < 8
    assert priors(hexgo("c4 d3 e3 e4", "d5", "X"))["c5"] > 8


def _score(g, cell):
    """The move's raw score (before centring), as the priors weigh it."""
    buf = array("i", bytes(4 * 37))
    k = g.moves_into(buf)
    sc = array("i", bytes(4 * 37))
    KP.priors(g.st, buf, k, bytearray(37), g.to_move, _NB, _ADJ, sc)
    return sc[[g.text(buf[i]) for i in range(k)].index(cell)]


def test_a_neutral_me_rates_between_ones_own_and_the_opponents():
    # Example 3: O's c5 closes d4 at 3:3; with d3 O's instead, at 4:2 for O,
    # and with e3 X's, at 4:2 for X (c5's own neighbours the same each time)
    neutral = _score(hexgo("c4 d3 e4", "e3 d5", "O"), "c5")
    own = _score(hexgo("c4 e4", "d3 e3 d5", "O"), "c5")
    theirs = _score(hexgo("c4 d3 e3 e4", "d5", "O"), "c5")
    assert own > neutral > theirs


def test_entering_a_me_to_prevent_a_capture_rates_highest():
    # Example 11: X's e1 enters the neutral Me so that O cannot take d1
    p = priors(hexgo("d1 e2", "f1 c2 d2"))
    assert p["e1"] == max(p.values()) > 8
    assert sorted(p.values())[-2] < p["e1"]


def test_priors_are_centred_on_no_opinion():
    for g in (hexgo(), hexgo("c4 e4 d5", "d4 c5 e3"), hexgo("c4 d3 e3 e4", "d5", "O")):
        p = list(priors(g).values())
        assert 7 * len(p) <= sum(p) <= 9 * len(p)


def test_the_search_starts_each_child_at_its_prior():
    g = hexgo("c4 e4 d5", "d4 c5 e3")
    want = priors(g)
    s = Search(seed=3)
    s.start(g)
    t = s.tree
    f = t.first[0]
    n = g.PRIOR_VISITS
    assert t.kids[0] == len(want)
    for c in range(f, f + t.kids[0]):
        prior = want[g.text(t.move[c])]
        assert t.visits[c] == n
        assert t.wins[c] == prior * n // 8     # two points a win: prior/16 of n visits
