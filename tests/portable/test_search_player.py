# The player around the search (hexgames/ai.py): what it is made with, when it
# need not search at all, how a slice of thinking ends, the shorter search of a
# turn's second ply, a move without a tree, level 6's second, how the weaker
# levels sample; and rules of the search that whole games seldom show: pacing
# at its edge, wins in one read from a random start, losing moves, cut playouts.
import gc
import hexgames
from hexgames.ai import LEVELS, Player, Search
from hexgames.rng import Rng
from hexgames.tree import Tree
from kit import StepClock, position, raises
from test_game import Line
from test_search_edges import _choices


def test_a_player_made_plainly_is_level_3_with_a_32_kb_tree():
    g = hexgames.new("hex", size=5)
    p = Player()
    p.start(g)
    assert p.level == 3 and p.budget == g.CHIP_RATE * LEVELS[3][0] // 1000
    assert p.search.tree.size == 32 * 1024 // Tree.BYTES_PER_NODE
    p = None                                # its tree freed for the next one
    gc.collect()
    assert Search().tree.size == 32 * 1024 // Tree.BYTES_PER_NODE


def test_a_game_that_names_no_chip_rate_runs_100_iterations_a_chip_second():
    g = Line({})
    assert not hasattr(g, "CHIP_RATE")
    for level in (2, 5):
        p = Player(level, memory=4096)
        p.start(g)
        assert p.budget == 100 * LEVELS[level][0] // 1000


def _played_down_to(name, seed, left=1, **options):
    """A game played at random to the first position with `left` legal moves."""
    rng = Rng(seed)
    g = hexgames.new(name, **options)
    while g.to_move and len(g.moves()) > left:
        ms = g.moves()
        g.play(ms[rng.below(len(ms))])
    assert g.to_move
    return g


def test_with_one_legal_move_or_none_there_is_nothing_to_search():
    # inpHeXion's lone move here (a disc relocated) leaves the game going on,
    # so no scan proves the root: only the count of moves ends the search
    for name, seed, opts in (("inphexion", 3, {"size": 5}), ("hex", 1, {"size": 3})):
        g = _played_down_to(name, seed, **opts)
        after = g.copy()
        after.play(g.moves()[0])
        assert (after.to_move != 0) == (name == "inphexion")
        p = Player(5, seed=seed, memory=4096)
        p.start(g)
        assert p.done
        assert p.think() and p.search.playouts == 0
        assert p.best() == g.moves()[0]
        g.play(g.moves()[0])
        if not g.to_move:
            p.start(g)
            assert p.done                  # nor in a finished game
    g = _played_down_to("inphexion", 3, 2, size=5)
    assert len(g.moves()) == 2
    p = Player(5, seed=3, memory=4096)
    p.start(g)
    assert not p.done and p.think() and p.search.playouts > 0     # two are searched


def test_a_tree_too_small_for_the_roots_moves_still_answers_the_first_legal_move():
    g = hexgames.new("hex", size=5)
    g.play(g.moves()[12])
    k = len(g.moves())
    p = Player(5, seed=1, memory=k * Tree.BYTES_PER_NODE)    # the root and k - 1 children
    p.start(g)
    p.think()
    assert p.search.tree.kids[0] == 0 and p.search.playouts == p.budget
    assert p.best() == g.moves()[0]


def test_a_slice_ends_before_an_iteration_of_one_and_a_half_times_the_average():
    # level 3 has 250 ms; every iteration "takes" 25 ms. After 9 (225 ms) a
    # tenth, reckoned at 37 ms, would pass 250: the search stops at 225 ms
    # (reckoned at 25 ms it would have run to 250)
    g = hexgames.new("hex", size=5)
    p = Player(3, seed=3, memory=8 * 1024)
    p.start(g)
    p.budget = 1 << 20
    clock = StepClock(25)
    slices = 1
    while not p.think(20, clock):           # a slice of 20 ms ends after one iteration
        slices += 1
    assert p.search.playouts == 9 == slices and p.spent == 225


def test_thinking_with_a_clock_and_no_milliseconds_runs_one_iteration():
    g = hexgames.new("hex", size=5)
    p = Player(5, seed=3, memory=8 * 1024)
    p.start(g)
    clock = StepClock(0)                    # iterations that take no time at all
    for n in (1, 2, 3):
        assert not p.think(clock=clock)
        assert p.search.playouts == n


def test_a_turns_second_ply_gets_a_quarter_of_the_levels_time_and_iterations():
    # XiaGo's placement after a neutral step (follow_up()), here on a Hex game
    # that says every ply is one
    g = hexgames.new("hex", size=5)
    h = type("Second", (type(g),), {"follow_up": lambda self: True})(dict(g.options))
    for level in (2, 3, 4, 5):
        p = Player(level, memory=4096)
        p.start(h)
        ms = LEVELS[level][0]
        assert p.ms == ms // 4 and p.budget == g.CHIP_RATE * ms // 1000 // 4, level
    p = Player(6, memory=4096)
    p.start(h)
    assert p.ms == Player.PC_MS // 4 and p.budget == 1 << 29     # level 6: the clock only


def test_level_six_stops_within_its_second_on_the_clock_alone():
    # every iteration "takes" 1 ms: after the 1000th, at 1000 ms, one more
    # would be reckoned to end past the second
    g = hexgames.new("hex", size=5)
    p = Player(6, seed=3, memory=8 * 1024)
    p.start(g)
    clock = StepClock(1)
    while not p.think(50, clock):
        pass
    assert p.spent == 1000 and p.search.playouts == 1000


def test_without_priors_a_child_starts_with_no_visits_of_its_own():
    g = Line({})                            # a game with no priors_into
    s = Search(1, memory=4096)
    s.start(g)
    t = s.tree
    kids = range(t.first[0], t.first[0] + t.kids[0])
    assert not s.priors and s.pv == 0 and len(kids) == 3
    assert [t.visits[c] for c in kids] == [0, 0, 0] == [t.born[c] for c in kids]


def test_a_paced_budget_times_the_nodes_of_a_128_kb_tree_stays_a_small_int():
    # pacing multiplies the nodes used by the budget; on the chip a product of
    # 2**30 or more would be a heap object. Larger budgets (level 6's) are not paced.
    g = hexgames.new("inphexion")
    s = Search(1, memory=4096)
    s.start(g)
    s.plan(g.CHIP_RATE)
    assert s.budget == g.CHIP_RATE                  # level 5's is
    s.plan(1 << 29)
    assert s.budget == 0
    paced = []
    for k in range(8, 30):
        for b in ((1 << k) - 1, 1 << k):
            s.plan(b)
            if s.budget:
                paced.append(b)
    assert (128 * 1024 // Tree.BYTES_PER_NODE) * max(paced) < 1 << 30


def test_each_weaker_level_samples_down_to_its_share_of_the_best_and_no_further():
    # a move with exactly the level's share of the best's visits may be played,
    # one visit fewer may not; with no visits to go by, the top-ranked is played
    for level, share in ((2, 50), (3, 60), (4, 75)):
        assert sorted(_choices(level, [(100, "a"), (share, "b")], 30)) == ["a", "b"], level
        assert _choices(level, [(100, "a"), (share - 1, "c")], 30) == {"a": 30}, level
        assert _choices(level, [(0, "a"), (0, "b")], 10) == {"a": 10}


def test_the_scratch_game_goes_back_to_the_root_or_after_any_move_even_the_first_cell():
    g = hexgames.new("hex", size=5)
    g.play(g.parse("c3"))
    s = Search(1, memory=4096)
    s.start(g)
    for m in (-1, 0, g.parse("e5")):
        s._back(m)
        h = g.copy()
        if m >= 0:
            h.play(m)
        assert bytes(s.scratch.cell) == bytes(h.cell) and s.scratch.to_move == h.to_move, m


def test_pacing_lets_the_tree_grow_by_each_iterations_share_of_the_room_left():
    # with a budget of as many iterations as the tree has nodes beside those
    # kept, iteration p (counting itself) may grow the tree to kept + p + 1 nodes
    g = hexgames.new("inphexion")
    s = Search(1, memory=16 * 1024)
    s.start(g)
    t = s.tree
    v = t.first[0]
    s._back(t.move[v])
    for kept in (0, 16):
        s.plan(t.size - kept)
        for p in (2, 3, 20, 40, 41):
            for used, grows in ((kept + p + 1, True), (kept + p + 2, False)):
                s.kept, s.playouts, t.used = kept, p, used
                t.kids[v] = 0
                assert s._expand(v, s.scratch, 1) == grows, (kept, p, used)
                assert (t.kids[v] > 0) == grows
                s._back(t.move[v])


def _losing_push(who):
    """An inpHeXion position, who to move, where a push of who's completes the
    other side's link (the pushed disc makes it), and that push."""
    from array import array
    rng = Rng(5)
    while True:
        g = hexgames.new("inphexion", size=5)
        while g.to_move:
            ms = g.moves()
            if g.to_move == who and g.ends_into is not None:
                buf = array("i", ms)
                out = bytearray(len(ms))
                if g.ends_into(buf, len(ms), out) > 0:
                    for i in range(len(ms)):
                        if out[i] == 3 - who:
                            return g, ms[i]
            g.play(ms[rng.below(len(ms))])


def test_a_move_that_makes_the_opponent_win_at_once_is_proven_lost():
    for who in (1, 2):
        g, m = _losing_push(who)
        after = g.copy()
        after.play(m)
        assert after.result()[0] == 3 - who
        s = Search(1, memory=16 * 1024)
        s.start(g)
        t = s.tree
        kid = [c for c in range(t.first[0], t.first[0] + t.kids[0]) if t.move[c] == m][0]
        assert t.who[kid] == who and t.proven[kid] == 2, who     # lost for who made it


def test_a_win_listed_first_is_found_from_any_random_start_of_the_list():
    # X joins top and bottom at a1, the first cell: the game's list of which
    # moves end it is read from the search's random start, wrapping round
    g = position("hex", {"X": "a2 a3 a4 a5", "O": "b1 c3 d4 e5"}, "X", {"size": 5})
    a1 = g.parse("a1")
    assert g.moves()[0] == a1
    for seed in range(1, 9):
        s = Search(seed, memory=4096)
        s.start(g)
        t = s.tree
        won = [t.move[c] for c in range(t.first[0], t.first[0] + t.kids[0]) if t.proven[c] == 1]
        assert won == [a1], seed


def _cut_after_one_ply(judge):
    g = hexgames.new("hex", size=5)
    attrs = {"PLAYOUT_PLIES": 1}
    if judge:
        attrs["evaluate"] = lambda self: judge
    cls = type("Cut", (type(g),), attrs)
    return cls(dict(g.options))


def test_a_playout_cut_short_is_judged_by_the_games_evaluate_or_drawn():
    # the root's wins count for O, who moved into it: two points a win, one a draw
    for judge, points in ((1, 0), (2, 2), (None, 1)):
        g = _cut_after_one_ply(judge)
        s = Search(1, memory=8 * 1024)
        s.start(g)
        for _ in range(20):
            s.iterate()
        t = s.tree
        assert t.visits[0] == 20 and t.wins[0] == points * 20, (judge, t.wins[0])


def test_a_game_asking_for_rave_and_several_playouts_a_leaf_is_refused_by_name():
    g = hexgames.new("hexgo")
    cls = type("Both", (type(g),), {"AMAF": "cell"})
    msg = raises(ValueError, Search(1, memory=4096).start, cls(dict(g.options)))
    assert msg.startswith("hexgo: ") and "LEAF_PLAYOUTS" in msg, msg
