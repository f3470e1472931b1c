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


# -- the playout, priors and wins in one held to their definitions, ply by ply -----
# (written against the survivors of mutation testing, tools/mutants.py: each compares
# the fast path with a plain restatement of its rule, on many small positions)

def _bridge_answer(g, p, c):
    """The other cell of the first bridge of p that a stone on c broke into, or None."""
    if c == 255:
        return None
    tri, at = g.links.bridge[p], g.links.bridge_at[p]
    for k in range(at[c], at[c + 1], 3):
        if g.cell[tri[k + 1]] == 0 and g.cell[tri[k]] == p and g.cell[tri[k + 2]] == p:
            return tri[k + 1]
    return None


def _openings(seeds, deep=False):
    """Small boards part filled by seeded random moves, the game still running (deep:
    up to most of the board, where long chains make wins in one)."""
    from hexgames.rng import Rng
    for seed in range(seeds):
        g = hexgames.new("hex", size=3 + seed % 4)
        rng = Rng(seed + 100)
        for _ in range(rng.below(g.board.n - 1) if deep else seed % 7):
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])
            if not g.to_move:
                break
        if g.to_move:
            yield g


def test_a_playout_plays_the_bridge_answer_else_a_seeded_random_cell_ply_by_ply():
    from hexgames.rng import Rng
    for g in _openings(scaled(40, 12)):
        for seed in (1, 77):
            ref = g.copy()
            rng = Rng()
            rng.seed(seed)
            last = g.last
            for k in range(1, g.nfree + 1):
                h = g.copy()
                got = h.playout(seed, k)
                if ref.to_move:               # the reference plays the policy's k-th move
                    p = ref.to_move
                    m = _bridge_answer(ref, p, last)
                    if m is None:
                        m = ref.free[rng.below(ref.nfree)]
                    ref.play(m)
                    last = m
                    assert list(h.cell) == list(ref.cell), (seed, k)
                    assert h.last == m and h.nfree == ref.nfree and h.side == 3 - p
                    assert list(h.free[:h.nfree]) == list(ref.free[:ref.nfree])
                    assert all(h.fpos[h.free[i]] == i for i in range(h.nfree))
                    assert all(h.fpos[i] == 255 for i in range(g.board.n) if h.cell[i])
                    assert h.to_move == (0 if ref.result() else 3 - p)
                # once someone links, the board fills on and the first link stands
                assert got == ref.result(), (seed, k, got, ref.result())
                assert h.nfree == g.nfree - k and h.side == (g.side if k % 2 == 0 else 3 - g.side)


def _neighbours(b, i):
    return [j for j in b.nbr[6 * i:6 * i + 6] if j != 255]


def _makes_a_bridge(g, m, p):
    """m and a stone of p two apart with the two cells between them empty."""
    b = g.board
    near = _neighbours(b, m)
    for x in range(b.n):
        if g.cell[x] != p or x == m or x in near:
            continue
        common = [a for a in _neighbours(b, x) if a in near]
        if len(common) == 2 and not g.cell[common[0]] and not g.cell[common[1]]:
            return True
    return False


def _in_an_intact_bridge(g, m, p):
    tri, at = g.links.bridge[p], g.links.bridge_at[p]
    for k in range(at[m], at[m + 1], 3):
        if g.cell[tri[k + 1]] == 0 and g.cell[tri[k]] == p and g.cell[tri[k + 2]] == p:
            return True
    return False


def test_priors_follow_their_definition_on_many_positions():
    saves = 0
    for g in _openings(scaled(300, 60), deep=True):
        p = g.side
        ms = array("i", g.moves())
        out = bytearray(len(ms))
        g.priors_into(ms, len(ms), out)
        save = _bridge_answer(g, p, g.last)
        saves += save is not None
        enemy = set(i for i in range(g.board.n) if g.cell[i] == 3 - p)
        for i in range(len(ms)):
            m = ms[i]
            if m == save:
                want = 16
            elif _in_an_intact_bridge(g, m, p):
                want = 4
            elif _makes_a_bridge(g, m, p):
                want = 11
            elif enemy & set(_neighbours(g.board, m)):
                want = 10
            else:
                want = 8
            assert out[i] == want, (g.record(), g.text(m), out[i], want)
    assert saves >= scaled(20, 5)       # positions where the last stone broke a bridge


def test_wins_in_one_are_exactly_the_moves_that_link():
    seen = 0
    for g in _openings(scaled(300, 100), deep=True):
        ms = array("i", g.moves())
        out = bytearray(len(ms))
        count = g.ends_into(ms, len(ms), out)
        wins = []
        for i in range(len(ms)):
            h = g.copy()
            h.play(ms[i])
            wins.append(g.to_move if h.result() else 0)
        assert list(out) == wins and count == sum(1 for w in wins if w), g.record()
        seen += count
    g = hexgames.new("hex", size=3, pie=True)
    g.play("a2")                        # O may swap: the swap links nothing
    ms = array("i", g.moves())
    out = bytearray(len(ms))
    assert g.ends_into(ms, len(ms), out) == 0 and ms[len(ms) - 1] == g.parse("swap")
    assert seen > scaled(30, 5)                    # the positions do hold wins in one ('deep')



def test_wins_in_one_number_as_many_groups_as_the_board_holds_apart():
    # X on the four corners of 3x3: four groups, the most n // 2 (the group table's
    # size must be more than n / 2 on the smallest board), and b2 joins c1 to a3
    g = hexgames.new("hex", size=3)
    for m in ("a1", "b1", "c1", "a2", "a3", "c2", "c3", "b3"):
        g.play(m)
    ms = array("i", g.moves())
    out = bytearray(len(ms))
    assert [g.text(m) for m in ms] == ["b2"]
    assert g.ends_into(ms, 1, out) == 1 and out[0] == 1

def test_sizes_3_to_15_only_and_swap_needs_a_stone():
    assert hexgames.new("hex", size=15).board.n == 225 and hexgames.new("hex", size=3).board.n == 9
    assert "size" in raises(ValueError, hexgames.new, "hex", size=16)
    g = position("hex", {}, "O", {"size": 4, "pie": True})   # O to move on an empty board
    assert "swap" not in [g.text(m) for m in g.moves()]
    rejects(g, "swap", "swap")


def test_a_move_names_its_cells_and_text_refuses_what_is_no_move():
    g = hexgames.new("hex", size=4, pie=True)
    g.play("b1")
    swap = [m for m in g.moves() if g.text(m) == "swap"][0]
    assert g.cells(swap) == [] and g.cells(g.parse("c3")) == [g.board.find("c3")]
    for bad in (-1, g.board.n, g.board.n + 3, "c3", None):
        assert "is not a Hex move" in raises(ValueError, g.text, bad)
    for bad in (-1, g.board.n, g.board.n + 3, None):
        rejects(g, bad, "is not a cell")
    assert g.text(g.board.n - 1) == "d4"


def test_swap_finds_a_stone_on_the_first_cell_and_refusals_read_whole():
    g = hexgames.new("hex", size=4, pie=True)
    g.play("a1")                        # on the long diagonal: swap keeps its place
    g.play("swap")
    assert '"a1": "O"' in g.dump() and g.to_move == 1
    assert rejects(g, "a1", "occupied") == "a1 is occupied"
    assert "is not a Hex move" in raises(ValueError, g.text, g.parse("swap") + 1)


def test_no_bridge_answer_where_the_far_stone_is_the_enemys():
    # X's bridge triples through c: with X on s but O on t there is no bridge to keep
    g = hexgames.new("hex", size=5)
    tri, at = g.links.bridge[1], g.links.bridge_at[1]
    c = g.board.find("c3")
    fakes = 0
    for k in range(at[c], at[c + 1], 3):
        s, m, t = tri[k], tri[k + 1], tri[k + 2]
        if s == t:
            continue
        cells = {"X": g.board.name(s) + " e5", "O": g.board.name(t)}
        h = position("hex", cells, "O", {"size": 5})
        h.play(c)                       # O breaks in: X to move, but X holds only s
        ms = array("i", h.moves())
        out = bytearray(len(ms))
        h.priors_into(ms, len(ms), out)
        assert max(out) < 16, (g.board.name(s), g.board.name(m), g.board.name(t))
        fakes += 1
    assert fakes >= 2


def test_a_finished_game_and_a_playout_of_no_plies_change_nothing():
    done = position("hex", {"X": "a1 a2 a3", "O": "b1 b2"}, "O", {"size": 3})
    buf = array("i", [7] * 10)
    assert done.moves_into(buf) == 0
    before = done.dump()
    assert done.playout(5, 10) == (1, 0, 0, "connection") and done.dump() == before
    g = _after("c3 a1", size=4)
    for plies in (0, -1):
        h = g.copy()
        assert h.playout(3, plies) is None
        assert h.dump() == g.dump() and h.nfree == g.nfree and h.to_move == g.to_move == 1
    g.playout(3)
    assert "playout" in raises(IllegalMove, g.undo)


def test_swap_empties_the_first_stones_cell():
    g = hexgames.new("hex", size=5, pie=True)
    g.play("c1")
    g.play("swap")
    assert '"a3": "O"' in g.dump() and '"c1"' not in g.dump()
    assert sum(1 for i in range(g.board.n) if g.cell[i]) == 1 and g.nfree == g.board.n - 1
