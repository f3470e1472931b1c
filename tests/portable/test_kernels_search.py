# The search's walk over its tree, on trees built by hand: the descent (UCB1 from
# the root to a leaf, hexgames/kernels.py and its twin) and the backup of a leaf's
# results. Runs the set the VM picked: the twins on CPython, the viper kernels on
# the unix port and the chip (tests/test_vms.py, tests/test_chip_kernels.py).
from hexgames.native import pick
from hexgames.board import zeros
from hexgames.rng import Rng
from hexgames.tree import Tree, BETA, INVSQ, LN16, SQ64, ucb_explore
from kit import scaled

K = pick("kernels", "twins")      # the set the search picks on this VM

C = 350
WIN = 1
LOSS = 2


def _tree(root_who=1):
    t = Tree(4096)
    t.reset(root_who)
    return t


def _grow(t, v, stats):
    """Children of v, one per (visits, wins, proven); returns their nodes."""
    f = t.used
    for i in range(len(stats)):
        c = f + i
        t.visits[c], t.wins[c], t.proven[c] = stats[i]
        t.first[c] = -1
        t.kids[c] = 0
        t.who[c] = 3 - t.who[v]
    t.first[v] = f
    t.kids[v] = len(stats)
    t.used = f + len(stats)
    return list(range(f, f + len(stats)))


def _descend(t, rng, path=None, depth=0):
    """(depth, path[0..depth], the generator's state after) of one descent."""
    if path is None:
        path = zeros("i", 32)
    rs = zeros("i", 2)
    rs[0] = rng.x1
    rs[1] = rng.x2
    d = K.descend(depth, path, rs, C, t.first, t.kids, t.visits, t.wins, t.proven,
                  INVSQ, LN16, SQ64)
    return d, [path[i] for i in range(d + 1)], (rs[0], rs[1])


def test_an_untried_child_comes_first_from_the_generators_random_start():
    t = _tree()
    kids = _grow(t, 0, [(0, 0, 0)] * 5)
    seen = set()
    for seed in range(40):
        rng = Rng(seed)
        d, path, state = _descend(t, rng)
        start = Rng(seed).below(5)          # the draw below() makes ...
        assert (d, path) == (1, [0, kids[start]]), (seed, path)
        rng.below(5)                        # ... and the state it leaves
        assert state == (rng.x1, rng.x2)
        seen.add(start)
    assert len(seen) == 5


def test_the_untried_child_is_the_next_after_the_start_and_never_a_proven_loss():
    t = _tree()
    kids = _grow(t, 0, [(3, 3, 0)] * 5)
    for seed in range(20):
        s = Rng(seed).below(5)
        for i in range(5):
            t.visits[kids[i]] = 3
            t.proven[kids[i]] = 0
        t.visits[kids[s]] = 0
        t.proven[kids[s]] = LOSS            # untried but lost: passed over
        t.visits[kids[(s + 2) % 5]] = 0     # the next untried one round the list
        t.visits[kids[(s + 4) % 5]] = 0
        assert _descend(t, Rng(seed))[1] == [0, kids[(s + 2) % 5]]


def test_a_proven_win_is_taken_at_once_and_a_proven_loss_never():
    t = _tree()
    kids = _grow(t, 0, [(10, 20, LOSS), (10, 4, 0), (10, 0, WIN), (10, 6, 0)])
    assert _descend(t, Rng(1))[1] == [0, kids[2]]
    t.proven[kids[2]] = 0                   # the best mean left, the lost one passed
    assert _descend(t, Rng(1))[1] == [0, kids[3]]


def _ucb_choice(t, v):
    """The child the integer UCB1 score ranks first (the first of equals)."""
    best, top = -1, -1
    for c in range(t.first[v], t.first[v] + t.kids[v]):
        score = t.wins[c] * 1024 // (2 * t.visits[c]) + (C * ucb_explore(t.visits[v], t.visits[c]) >> 18)
        if score > top:
            best, top = c, score
    return best


def test_a_visited_node_is_left_by_its_best_ucb1_score():
    rng = Rng(9)
    for trial in range(scaled(150, 45)):
        t = _tree()
        k = 2 + rng.below(6)
        stats = []
        for i in range(k):
            n = 1 + rng.below([8, 300, 6000][trial % 3])
            stats.append((n, rng.below(2 * n + 1), 0))
        _grow(t, 0, stats)
        t.visits[0] = sum([n for n, w, p in stats]) + rng.below(3000)   # past 1024 too
        assert _descend(t, Rng(trial))[1] == [0, _ucb_choice(t, 0)], (trial, stats)
    # the better mean at equal visits, the less visited at equal means
    t = _tree()
    kids = _grow(t, 0, [(100, 50, 0), (100, 150, 0)])
    t.visits[0] = 200
    assert _descend(t, Rng(1))[1] == [0, kids[1]]
    t = _tree()
    kids = _grow(t, 0, [(1000, 1000, 0), (10, 10, 0)])
    t.visits[0] = 1010
    assert _descend(t, Rng(1))[1] == [0, kids[1]]
    # a near tie that ln(parent visits) decides, past 1024 visits (ln 2048 taken as
    # two halvings, 16 ln 2 each, and 16 ln 512): 962 + 0 against 30 + 925
    t = _tree()
    kids = _grow(t, 0, [(1, 0, 0), (1000, 1807, 0)])
    t.visits[0] = 2048
    assert _ucb_choice(t, 0) == kids[0]
    assert _descend(t, Rng(1))[1] == [0, kids[0]]


def test_the_descent_goes_down_to_a_leaf_or_a_proven_node_and_records_its_path():
    t = _tree()
    a, b = _grow(t, 0, [(30, 40, 0), (30, 20, 0)])
    a1, a2 = _grow(t, a, [(6, 2, 0), (6, 10, 0)])
    leaf = _grow(t, a2, [(0, 0, 0)])[0]
    t.visits[0], t.visits[a] = 60, 12
    assert _descend(t, Rng(3))[:2] == (3, [0, a, a2, leaf])
    # from the middle of a path: the nodes above are kept
    path = zeros("i", 32)
    path[0], path[1] = 0, a
    assert _descend(t, Rng(3), path, 1)[:2] == (3, [0, a, a2, leaf])
    t.proven[a2] = LOSS                     # a2 lost for its mover: a1 instead, a leaf
    assert _descend(t, Rng(3))[:2] == (2, [0, a, a1])
    t.proven[a] = WIN                       # a proven node ends the walk
    assert _descend(t, Rng(3))[:2] == (1, [0, a])
    t.proven[0] = WIN
    assert _descend(t, Rng(3))[:2] == (0, [0])


def _backup(t, path, n, x, o):
    p = zeros("i", 32)
    for i in range(len(path)):
        p[i] = path[i]
    K.backup(p, len(path) - 1, n, x, o, t.visits, t.wins, t.who, t.proven, t.first, t.kids)


def test_a_leafs_results_go_up_as_that_many_visits_two_points_a_win_one_a_draw():
    one, many = _tree(), _tree()
    for t in (one, many):
        a = _grow(t, 0, [(4, 4, 0), (4, 4, 0)])[0]
        leaf = _grow(t, a, [(0, 0, 0), (0, 0, 0)])[1]
        t.visits[0] = 8
    path = [0, a, leaf]
    for x, o in ((1, 0), (0, 1), (0, 1), (0, 0), (0, 1), (0, 0)):   # one at a time ...
        _backup(one, path, 1, x, o)
    _backup(many, path, 6, 1, 3)                             # ... or all six at once
    for t in (one, many):
        # root and leaf were entered by X's moves (who 1), a by O's
        assert [t.visits[v] for v in path] == [8 + 6, 4 + 6, 6]
        assert [t.wins[v] for v in path] == [2 + 2, 4 + 2 + 6, 2 + 2]
        assert not t.proven[0] and not t.proven[a]


def test_a_backup_proves_a_node_its_children_decide():
    t = _tree()
    a, b = _grow(t, 0, [(2, 2, 0), (2, 2, 0)])
    a1, a2 = _grow(t, a, [(1, 0, WIN), (1, 0, 0)])
    _backup(t, [0, a, a1], 1, 1, 0)
    # X, who moved into a1, wins there: a (O's move) is lost for O, the root not yet
    assert (t.proven[a1], t.proven[a], t.proven[0]) == (WIN, LOSS, 0)
    t.proven[b] = LOSS
    _backup(t, [0, b], 1, 1, 0)
    # each of O's replies at the root loses: X, who moved into the root, has won
    assert t.proven[0] == WIN


def test_a_player_who_moves_again_is_proven_by_his_own_next_move():
    # inpHeXion's relocation, Hexmeister's steps: a's children are O's moves too
    for proofs, a_is in (((WIN, 0), WIN), ((LOSS, LOSS), LOSS)):
        t = _tree()
        a = _grow(t, 0, [(2, 2, 0), (2, 2, 0)])[0]
        kids = _grow(t, a, [(1, 0, proofs[0]), (1, 0, proofs[1])])
        for c in kids:
            t.who[c] = t.who[a]
        _backup(t, [0, a, kids[0]], 1, 0, 1)
        assert t.proven[a] == a_is, proofs


def _rave_choice(t, v, start):
    """The child the blended (real and all-moves-as-first) score ranks first."""
    best, top = start, -1
    for c in range(t.first[v], t.first[v] + t.kids[v]):
        if t.proven[c] == WIN:
            return c
        if t.proven[c] == LOSS:
            continue
        n, a = t.visits[c], t.amaf_n[c]
        q = t.wins[c] * 1024 // (2 * n) if n else 512
        qa = t.amaf_w[c] * 1024 // (2 * a) if a else 512
        b = BETA[n] if n < 1024 else 0
        score = ((1024 - b) * q + b * qa >> 10) + (C * ucb_explore(t.visits[v], n) >> 18)
        if score > top:
            best, top = c, score
    return best


def test_rave_ranks_children_by_the_blend_of_both_rates():
    rng = Rng(5)
    for trial in range(scaled(150, 45)):
        t = _tree()
        k = 2 + rng.below(6)
        stats = []
        for i in range(k):
            n = rng.below([4, 200, 3000][trial % 3])
            if trial % 5 == 4:
                n = 1022 + rng.below(4)          # either side of 1024 visits
            p = [0, 0, 0, 0, 0, 0, 0, WIN, LOSS, LOSS][rng.below(10)] if trial % 2 else 0
            stats.append((n, rng.below(2 * n + 1), p))
        kids = _grow(t, 0, stats)
        for c in kids:
            t.amaf_n[c] = rng.below(16000)
            t.amaf_w[c] = rng.below(2 * t.amaf_n[c] + 1)
        t.visits[0] = sum([n for n, w, p in stats]) + rng.below(3000)
        start = kids[rng.below(k)]
        got = K.select_rave(0, start, C, t.first, t.kids, t.visits, t.wins, t.proven,
                            t.amaf_n, t.amaf_w, BETA, INVSQ, LN16, SQ64)
        assert got == _rave_choice(t, 0, start), (trial, stats)
    # untried children are ranked by their all-moves-as-first rate alone
    t = _tree()
    kids = _grow(t, 0, [(0, 0, 0), (0, 0, 0), (0, 0, 0)])
    t.amaf_n[kids[0]], t.amaf_w[kids[0]] = 10, 4
    t.amaf_n[kids[1]], t.amaf_w[kids[1]] = 10, 16
    t.amaf_n[kids[2]], t.amaf_w[kids[2]] = 10, 10
    got = K.select_rave(0, kids[0], C, t.first, t.kids, t.visits, t.wins, t.proven,
                        t.amaf_n, t.amaf_w, BETA, INVSQ, LN16, SQ64)
    assert got == kids[1]
    # a child scoring nothing (no wins, no exploration at one parent visit) is
    # still taken before the random start when that is a proven loss
    t = _tree()
    kids = _grow(t, 0, [(3, 0, 0), (3, 6, LOSS)])
    t.amaf_n[kids[0]] = 3
    t.visits[0] = 1
    got = K.select_rave(0, kids[1], C, t.first, t.kids, t.visits, t.wins, t.proven,
                        t.amaf_n, t.amaf_w, BETA, INVSQ, LN16, SQ64)
    assert got == kids[0]


def test_an_expansion_lists_the_moves_from_its_start_with_their_priors():
    t = _tree()
    buf = zeros("i", 5)
    prior = bytearray(5)
    for j in range(5):
        buf[j] = 100 + j
        prior[j] = (4, 8, 12, 16, 17)[j]
    for rave in (0, 1):
        t = _tree(2)
        K.expand(0, 1, 5, 3, buf, prior, 4, 16, 1, rave, t.move, t.first, t.kids, t.visits,
                 t.wins, t.amaf_n, t.amaf_w, t.who, t.proven, t.born)
        assert (t.first[0], t.kids[0]) == (1, 5)
        order = [3, 4, 0, 1, 2]                  # from the start, round the list
        for i in range(5):
            c, j = 1 + i, order[i]
            n = 8 if prior[j] >= 16 else 4       # a sure prior counts twice
            assert t.move[c] == buf[j] and t.who[c] == 1 and t.born[c] == t.visits[c] == n
            assert t.wins[c] == prior[j] * n >> 3 and t.first[c] == -1
            assert t.kids[c] == t.proven[c] == 0
            assert (t.amaf_n[c], t.amaf_w[c]) == ((n, t.wins[c]) if rave else (0, 0))


def test_a_playouts_moves_count_for_the_children_that_make_them_later_on():
    # all moves as first: each node on the path (the leaf too) credits every child
    # whose move its player made later in the playout (owner[move] == who)
    t = _tree()
    a, b = _grow(t, 0, [(4, 4, 0), (4, 4, 0)])
    kids = _grow(t, a, [(1, 1, 0), (1, 1, 0), (1, 1, 0)])
    for i in range(2):
        t.move[[a, b][i]] = 10 + i               # O's moves 10, 11 at the root
    for i in range(3):
        t.move[kids[i]] = 20 + i                 # X's moves 20, 21, 22 below a
    owner = bytearray(32)
    owner[11] = 2                                # O played 11, X 20 and 22, O 21
    owner[20] = owner[22] = 1
    owner[21] = 2
    path = zeros("i", 4)
    path[0], path[1] = 0, a
    t.amaf_n[kids[2]] = 32000                    # a full count stays as it is
    for winner, gain in ((1, 2), (2, 0), (0, 1)):
        before = [(t.amaf_n[c], t.amaf_w[c]) for c in (a, b) + tuple(kids)]
        K.backup_amaf(path, 1, winner, owner, len(owner), t.move, t.who, t.amaf_n,
                      t.amaf_w, t.first, t.kids)
        after = [(t.amaf_n[c], t.amaf_w[c]) for c in (a, b) + tuple(kids)]
        o_gain = {1: 0, 2: 2, 0: 1}[winner]
        assert after[0] == before[0]                                 # 10: nobody's
        assert after[1] == (before[1][0] + 1, before[1][1] + o_gain)  # 11: O's
        assert after[2] == (before[2][0] + 1, before[2][1] + gain)    # 20: X's
        assert after[3] == before[3]                                 # 21: O played it
        assert after[4] == before[4]                                 # 22: full
    # a move past the owner table's end is nobody's
    t.move[b] = 40
    n = t.amaf_n[b]
    K.backup_amaf(path, 0, 1, owner, len(owner), t.move, t.who, t.amaf_n, t.amaf_w,
                  t.first, t.kids)
    assert t.amaf_n[b] == n


def test_the_exploration_term_stops_growing_past_its_table():
    # 16 ln(visits) is capped at 255 (some 8 million visits): both selections agree
    t = _tree()
    kids = _grow(t, 0, [(2, 0, 0), (500, 900, 0)])     # a near tie the cap decides
    for visits in (1 << 23, 1 << 25):
        t.visits[0] = visits
        assert _descend(t, Rng(1))[1] == [0, _ucb_choice(t, 0)]
        got = K.select_rave(0, kids[0], C, t.first, t.kids, t.visits, t.wins, t.proven,
                            t.amaf_n, t.amaf_w, BETA, INVSQ, LN16, SQ64)
        assert got == _rave_choice(t, 0, kids[0])
    assert _ucb_choice(t, 0) == kids[0]          # at 255, where 254 would take the other
