# HexGo's move priors (hexgames/hexgo/twins_priors.py: what a move does to the
# cells around it, weighed as a deep search weighs it): the order the weights
# promise, on the rules' own examples, and the search starting each child at
# its prior. The kernel is held to the twin in test_kernels_hexgo.py.
from array import array
import hexgames
from hexgames.ai import Search
from hexgames.hexgo.rules import KP, _ADJ, _NB
from kit import position, random_game, scaled


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


# The priors as twins_priors.py defines them, computed here from the cells'
# symbols and the board's neighbours alone, with the weights as documented
WEIGHTS = {"corner": -20, "enters": 88, "own": -4, "own2": -6, "enemy": 9, "enemy3": -8,
           "open": 9, "me_own": 48, "me_enemy": -22, "me_even": 39, "capture": 122}


def _model(g, moves):
    adj = g.board.adj
    sym = [g._symbol(i) or "." for i in range(37)]
    me, you = "-XO"[g.to_move], "-XO"[3 - g.to_move]
    empty = [s not in "XO" for s in sym]     # captured Me (x, o) are empty too

    def lone(j, c):                          # c is j's only empty neighbour
        return [a for a in adj[j] if empty[a]] == [c]

    scores = []
    for c in moves:
        w = WEIGHTS
        s = 256 + (w["corner"] if len(adj[c]) == 3 else 0)
        if not [a for a in adj[c] if empty[a]]:
            s += w["enters"]
        own = len([j for j in adj[c] if sym[j] == me])
        enemy = len([j for j in adj[c] if sym[j] == you])
        opened = len([j for j in adj[c] if sym[j] == "."])   # none a Me: c is empty
        s += w["own"] * own + w["enemy"] * enemy + w["open"] * opened
        s += (w["own2"] if own >= 2 else 0) + (w["enemy3"] if enemy >= 3 else 0)
        for j in adj[c]:
            if not lone(j, c):
                continue
            mine = len([a for a in adj[j] if sym[a] == me]) + 1
            theirs = len([a for a in adj[j] if sym[a] == you])
            if sym[j] == ".":
                s += w["me_own"] if mine > theirs else w["me_enemy"] if theirs > mine else w["me_even"]
            elif sym[j] == you and 2 * mine > len(adj[j]):
                s += w["capture"]
        scores.append(s)
    mean = sum(scores) // len(scores)
    return mean, [min(16, max(0, 8 + ((s - mean) >> 3))) for s in scores]


def test_every_prior_is_the_documented_sum_along_seeded_games():
    buf = array("i", bytes(4 * 37))
    checked = 0
    for seed in range(scaled(30, 3)):
        g = random_game("hexgo", {}, seed, check=False)
        moves = g.history()
        g = hexgames.new("hexgo")
        for m in moves:
            for side in (1, 2):
                g.to_move = side
                k = g.moves_into(buf)
                out = bytearray(37)
                sc = array("i", bytes(4 * 37))
                mean = KP.priors(g.st, buf, k, out, side, _NB, _ADJ, sc)
                want = _model(g, [buf[i] for i in range(k)])
                assert (mean, list(out[:k])) == want, (g.record(), side)
                checked += k
            g.to_move = g.side
            g.play(m)
    assert checked > scaled(20000, 2000)
    assert KP.priors(g.st, buf, 0, bytearray(1), 1, _NB, _ADJ, array("i", [0])) == 0   # no moves
