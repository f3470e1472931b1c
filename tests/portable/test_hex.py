# Plain Hex (the sixth game, rules in firmware/hexgames/README.md).
from array import array
import hexgames
from hexgames import IllegalMove
from kit import position, raises, rejects, random_game, scaled


def test_x_links_top_to_bottom_and_wins_at_once():
    g = hexgames.new("hex", size=3)
    for t in ("a1", "b1", "a2", "b2"):
        g.play(t)
    assert g.result() is None
    g.play("a3")
    assert g.result() == (1, 0, 0, "connection") and g.to_move == 0
    assert g.info() == {"chain": ["a1", "a2", "a3"]}
    rejects(g, "c3", "over")


def test_o_links_left_to_right():
    g = position("hex", {"X": "a1 a2 c3", "O": "a3 b2"}, "O", {"size": 3})
    g.play("c1")                      # a3-b2-c1 runs from column a to column c
    assert g.result() == (2, 0, 0, "connection")
    assert g.info()["chain"] == ["c1", "b2", "a3"]


def test_a_full_board_always_has_a_winner():
    for seed in range(scaled(300, 60)):
        g = hexgames.new("hex", size=5)
        r = g.playout(seed)
        assert r is not None and r[0] in (1, 2)
        assert hexgames.load(g.dump()).result() == r


def test_swap_reflects_and_recolours_the_first_stone():
    g = hexgames.new("hex", size=7, pie=True)
    g.play("b1")
    assert "swap" in [g.text(m) for m in g.moves()]
    g.play("swap")
    assert '"a2": "O"' in g.dump() and g.to_move == 1
    assert "swap" not in [g.text(m) for m in g.moves()]
    g.undo()
    assert '"b1": "X"' in g.dump() and g.to_move == 2


def test_swap_only_with_the_option_and_only_once():
    g = hexgames.new("hex")
    g.play("d4")
    rejects(g, "swap", "pie")
    g = hexgames.new("hex", pie=True)
    rejects(g, "swap", "first move")
    g.play("d4")
    g.play("e4")
    g.play("c4")
    rejects(g, "swap", "swap")


def test_bad_input_is_named():
    g = hexgames.new("hex")
    g.play("d4")
    rejects(g, "d4", "occupied")
    rejects(g, "h1", "h1", "7x7")
    rejects(g, "pass", "pass")
    assert "size" in raises(ValueError, hexgames.new, "hex", size=2)
    done = position("hex", {"X": "a1 a2 a3", "O": "b1 b2"}, "O", {"size": 3})
    assert done.result() == (1, 0, 0, "connection") and done.moves() == []
    assert "holds" in raises(ValueError, position, "hex", {"N": "a1"}, "X", {"size": 3})
    assert "move 2" in raises(IllegalMove, hexgames.replay, "hex size=7 pie=false: d4 d4")


def test_random_games_keep_every_invariant():
    for seed in range(scaled(300, 40)):
        random_game("hex", {"size": 4 + seed % 4, "pie": seed % 2 == 1}, seed)


def _after(moves, size=7):
    g = hexgames.new("hex", size=size)
    for t in moves.split():
        g.play(t)
    return g


def _first_playout_move(g, seed):
    h = g.copy()
    h.playout(seed, 1)
    return [g.board.name(i) for i in range(g.board.n) if h.cell[i] != g.cell[i]]


def test_a_playout_keeps_a_bridge_the_last_stone_broke_into():
    g = _after("c3 a1 d4 d3")            # X c3-d4 is a bridge over d3 and c4
    assert all(_first_playout_move(g, seed) == ["c4"] for seed in range(20))
    g = _after("c2 a7 d5 c1")            # X c2 reaches row 1 through c1 or d1
    assert all(_first_playout_move(g, seed) == ["d1"] for seed in range(20))
    g = _after("b3 c1 d6 b4")            # O broke in next to X, but into no bridge
    assert len(set(tuple(_first_playout_move(g, seed)) for seed in range(20))) > 5


def test_priors_favour_the_bridge_answer_and_shun_own_bridge_cells():
    g = _after("c3 a1 d4 d3")
    ms = array("i", g.moves())                # the opponent's buffer
    out = bytearray(len(ms))
    g.priors_into(ms, len(ms), out)
    prior = dict((g.text(ms[i]), out[i]) for i in range(len(ms)))
    assert prior["c4"] == 16 and max(v for t, v in prior.items() if t != "c4") < 16
    g = _after("c3 a1 d4 g7")            # the bridge is whole: its cells wait
    ms = array("i", g.moves())
    out = bytearray(len(ms))
    g.priors_into(ms, len(ms), out)
    prior = dict((g.text(ms[i]), out[i]) for i in range(len(ms)))
    assert prior["c4"] == prior["d3"] == 4
    assert prior["e2"] == 11              # a new bridge with d4 (over d3 and e3)
    assert all(0 <= v <= 16 for v in out)


def test_after_a_playout_each_cell_names_who_played_it_for_rave():
    g = _after("c3 a1 d4 d3")
    before = bytearray(g.cell)
    for seed in range(5):
        h = g.copy()
        h.playout(seed)
        assert getattr(h, h.AMAF) is h.cell
        xs = sum(1 for i in range(g.board.n) if h.cell[i] == 1 and not before[i])
        os_ = sum(1 for i in range(g.board.n) if h.cell[i] == 2 and not before[i])
        assert xs - os_ in (0, 1) and xs + os_ + 4 == g.board.n - h.nfree
