# Hexade's knowledge for the opponent: the six counts the game keeps, the
# move priors, the playout policy (complete a six, block the opponent's) and
# the search that uses them. Positions on base 6 (names as in rules/hexade.md).
from array import array
import gc
import json
import hexgames
from hexgames import board
from hexgames.ai import Player
from hexgames.hexade.position import recount
from hexgames.hexade import tables
from hexgames.hexade.knowledge import VALUE
from hexgames.rng import Rng
from kit import position, scaled


def hexade(x="", o="", to_move="X", base=6):
    return position("hexade", {"X": x, "O": o}, to_move, {"base": base})


def priors(g):
    """{cell name: prior} of every legal move of g."""
    buf = array("i", bytes(4 * g.board.n))
    out = bytearray(g.board.n)
    k = g.moves_into(buf)
    g.priors_into(buf, k, out)
    return dict([(g.board.name(buf[i]), out[i]) for i in range(k)])


def same_counts(g):
    """The game's incremental counts equal a count from scratch."""
    h = g.copy()
    recount(h)
    assert h.cnt == g.cnt
    assert h.nsix == g.nsix
    assert h.worth == g.worth
    # every five on the board is on its owner's stack
    for p in (1, 2):
        five = (0, 5, 40)[p]
        stack = list(g.thr[(p - 1) * 48:(p - 1) * 48 + g.nthr[p]])
        for s in range(len(g.cnt)):
            if g.cnt[s] == five:
                assert s in stack, (p, s)


def test_priors_rate_a_completion_16_and_a_block_15():
    # X's row a6..e6 is completed by f6 alone (a6 is on the edge)
    g = hexade("a6 b6 c6 d6 e6", "h2 i2 j2 h9")
    pr = priors(g)
    assert pr["f6"] == 16
    assert max([pr[c] for c in pr if c != "f6"]) < 16
    # O to move there: f6 blocks X's six, rated above every other cell
    g = hexade("a6 b6 c6 d6 e6", "h2 i2 j2 h9", "O")
    pr = priors(g)
    assert pr["f6"] == 15
    assert max([pr[c] for c in pr if c != "f6"]) < 15


def test_priors_rate_a_capture_16_when_it_can_break_a_six():
    # O's row a6..f6 is complete; only X's c7, capturing c6-c5 against c4,
    # breaks it
    g = hexade("c4 h2 i2 j2 h8", "a6 b6 c6 d6 e6 f6 c5")
    pr = priors(g)
    assert pr["c7"] == 16
    # with f6's stone on a9 instead O has no six, and c7 is a capture like any other
    assert priors(hexade("c4 h2 i2 j2 h8", "a6 b6 c6 d6 e6 a9 c5"))["c7"] == 11
    # still 16 where c7 would stand in a pair O could take (c7-d7 between
    # the empty b7 and O's e7): the six must be broken whatever it costs
    assert priors(hexade("c4 h2 i2 j2 h8 d7", "a6 b6 c6 d6 e6 f6 c5 e7"))["c7"] == 16
    assert priors(hexade("c4 h2 i2 j2 h8 d7", "a6 b6 c6 d6 e6 a9 c5 e7"))["c7"] == 11 - 2
    p = Player(2, seed=1)
    p.start(g)
    p.think()
    assert g.text(p.best()) == "c7"


def test_priors_prefer_threats_and_stones_to_empty_space():
    # X's four b6..e6 (open at a6 and f6): a6 and f6 make fives (threats of six)
    g = hexade("b6 c6 d6 e6", "h2 g9")
    pr = priors(g)
    assert pr["f6"] >= 12 and pr["a6"] >= 12
    assert pr["f6"] > pr["f11"]          # far from every stone: low
    # a capture is worth more than a quiet move next to the enemy pair
    g = hexade("c6 h2", "d6 e6")
    pr = priors(g)
    assert pr["f6"] > pr["d7"]


def test_priors_dislike_a_capturable_pair():
    # X's d6 next to O's c6: X on e6 would stand in the pair d6-e6 between
    # c6 and the empty f6, which O could take at once
    g = hexade("d6 h2", "c6 g9")
    pr = priors(g)
    assert pr["e6"] < pr["d5"]


def test_priors_stay_in_range():
    # crowded small boards: many stones next to a cell, many capturable pairs
    for base in (4, 5):
        start = hexgames.new("hexade", base=base)
        for seed in range(40):
            g = start.copy()
            g.playout(seed, 4 + seed % 30)
            if g.to_move:
                for v in priors(g).values():
                    assert 0 <= v <= 16


def test_playout_completes_its_own_six():
    for seed in range(20):
        g = hexade("a6 b6 c6 d6 e6", "h2 i2 j2 h9")
        assert g.playout(seed, 1) is None
        assert g._symbol(g.board.index("f6")) == "X" and g.nsix[1] == 1
        g = hexade("h2 i2 j2 h9 k6", "a6 b6 c6 d6 e6", "O")   # and O, before any capture
        assert g.playout(seed, 1) is None
        assert g._symbol(g.board.index("f6")) == "O" and g.nsix[2] == 1


def test_playout_blocks_the_opponents_six():
    for seed in range(20):
        g = hexade("h2 i2 g9", "a6 b6 c6 d6 e6")
        g.playout(seed, 1)
        assert g._symbol(g.board.index("f6")) == "X", seed
    # but completes its own first: then O's six would come too late
    for seed in range(20):
        g = hexade("a11 b11 c11 d11 e11", "a6 b6 c6 d6 e6")
        g.playout(seed, 1)
        assert g._symbol(g.board.index("f11")) == "X", seed


def test_playouts_keep_the_counts():
    start = hexgames.new("hexade", base=6)
    for seed in range(30):
        g = start.copy()
        g.playout(seed, 20 + 3 * seed)
        same_counts(g)
    # captures take stones out of the counts, and can make a five again
    g = hexade("c6 g6 e5", "d6 f6 e4")
    g.play(g.parse("e6"))               # X's e6: no capture (single stones)
    same_counts(g)
    g = hexade("c6 f5", "d6 e6 a6 b6")
    g.play(g.parse("f6"))               # X captures d6-e6
    assert g._symbol(g.board.index("d6")) is None
    same_counts(g)


def test_random_games_keep_the_counts():
    rng = Rng(5)
    for n in range(6):
        g = hexgames.new("hexade", base=5)
        while g.to_move:
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])
            same_counts(g)
            # each ply adds a stone, each capture takes two: the stones captured
            # since the start (how far back a repetition is looked for)
            assert g.ncap == g.ply - (g.board.n - g.nemp)


def test_evaluate_takes_the_completion_and_the_lead():
    g = hexade("a6 b6 c6 d6 e6", "h2 i2 j2 h9")
    assert g.evaluate() == 1
    # a lead of several strong sixes wins the judgement every time
    g = hexade("b6 c6 d6 e6 b8 c8 d8 e8", "f1 k1", "O")
    assert g.worth > 100
    assert [g.evaluate() for _ in range(10)] == [1] * 10


def test_the_search_completes_and_blocks():
    for level in (2, 5):
        g = hexade("a6 b6 c6 d6 e6", "h2 i2 j2 h9")
        p = Player(level, seed=3)
        p.start(g)
        p.think()
        assert g.text(p.best()) == "f6"
        g = hexade("h2 i2 g9 h9", "a6 b6 c6 d6 e6")
        p.start(g)
        p.think()
        assert g.text(p.best()) == "f6"


def test_the_search_keeps_its_widest_nodes_to_the_best_priors():
    from hexgames.hexade.search import Search
    g = hexade("b6 c6 d6 e6", "h2 g9", "O")
    s = Search(1, 8 * 1024)          # the root's expansion is all it needs
    s.start(g)
    t = s.tree
    kids = [g.text(t.move[c]) for c in range(t.first[0], t.first[0] + t.kids[0])]
    assert len(kids) == Search.WIDTH
    assert "a6" in kids and "f6" in kids        # the blocks of X's threats


def _same(a, b):
    """Equal values; buffers item by item (no copies: the unix port's heap)."""
    if a is b:
        return True
    if isinstance(a, (bytearray, array, list)):
        if len(a) != len(b):
            return False
        for i in range(len(a)):
            if a[i] != b[i]:
                return False
        return True
    return a == b


def test_state_names_everything_a_move_changes():
    # The search restores its scratch game by STATE alone: after moves and
    # playouts (cut short and judged, or to the end) on the scratch game,
    # every attribute equals the root's again, in positions along random games
    from hexgames.scratch import Scratch
    rng = Rng(21)
    for base in (4, 7):
        g = hexgames.new("hexade", base=base)
        while g.to_move:
            s = Scratch()
            s.buf = s.root = s.scratch = None
            s.prepare(g)
            h = s.scratch
            for plies in (1, 2, 24, 1000):
                ms = h.moves()
                h._apply(ms[rng.below(len(ms))])
                if h.to_move:
                    h.playout(rng.bits15(), plies)
                    if h.to_move:
                        h.evaluate()
                s.restore()
                for k in s.root.state_names():
                    assert _same(getattr(h, k), getattr(s.root, k)), (base, k, g.record())
                assert sorted(s.root.state_names()) == sorted(h.state_names())
            for _ in range(5):
                if g.to_move:
                    ms = g.moves()
                    g.play(ms[rng.below(len(ms))])


def test_a_playout_cut_short_leaves_evaluates_judgement():
    # evaluate() right after a playout cut short returns the judgement the
    # playout made of where it stopped (the draw it took), a second call
    # judges afresh: the answers of judging twice after an unjudged playout
    from hexgames.hexade import knowledge, rules
    start = hexgames.new("hexade", base=7)
    for seed in range(scaled(1000, 40)):    # enough that the noise lands next to each bias
        plies = 5 + seed % 40
        g = start.copy()
        if g.playout(seed, plies) is not None:
            continue
        assert g.vals[tables.VERDICT] in (1, 2)
        first = g.evaluate()
        assert g.vals[tables.VERDICT] == 0
        second = g.evaluate()
        h = start.copy()
        rng = Rng(seed)
        rules._draws[0], rules._draws[1] = rng.x1, rng.x2
        h._play(-1, plies, 0)
        assert h.vals[tables.VERDICT] == 0
        rng.x1, rng.x2 = rules._draws[0], rules._draws[1]
        assert [first, second] == [knowledge.evaluate(h, rng), knowledge.evaluate(h, rng)]


def test_a_six_is_worth_as_much_to_o_as_to_x_and_the_kernels_gains_are_its_steps():
    # The judgement of a cut playout sums tables._worth over the sixes: a six held
    # by one side only grows in worth with each stone, is worth the same to O as to
    # X with O's sign, and is worth nothing once both hold a stone of it. GAIN is
    # the change a stone makes, GAINS the same plus 64 in bytes for the kernels.
    worth = tables._worth
    assert worth(0) == 0
    for k in range(1, 6):
        assert worth(k - 1) < worth(k) and worth(8 * k) == -worth(k), k
        for o in range(1, 6 - k + 1):
            assert worth(k + 8 * o) == 0, (k, o)
    for v in range(64):
        x, o = v % 8, v // 8
        if x and x + o <= 6:
            assert tables.GAIN[1][v] == worth(v) - worth(v - 1), v
        if o and x + o <= 6:
            assert tables.GAIN[2][v] == worth(v) - worth(v - 8), v
        assert tables.GAINS[v] == tables.GAIN[1][v] + 64 and tables.GAINS[64 + v] == tables.GAIN[2][v] + 64
    assert len(tables.GAINS) == 128


def test_the_kernels_rated_table_is_value_with_its_flags():
    # RATED is what the priors' kernel reads (the twin reads VALUE): VALUE of X's
    # counts, then of O's, each plus 32 when strong (10 and up) and 2048 when it
    # makes a five (12), so that summed over a cell's sixes the flags count them
    from hexgames.hexade.knowledge import RATED
    assert len(RATED) == 128
    strong = fives = 0
    for p in (1, 2):
        for v in range(64):
            t = VALUE[p][v]
            want = t + (32 if t >= 10 else 0) + (2048 if t == 12 else 0)
            assert RATED[64 * (p - 1) + v] == want, (p, v)
            strong += t >= 10
            fives += t == 12
    assert strong > 4 and fives == 2


def test_kernels_and_twins_repeat_the_tables_numbers():
    # kernels.py and twins.py keep tables.py's numbers as their own const()s
    # (a const of another module is a global look-up in viper); the source is
    # on CPython's path only
    from kit import ON_MICROPYTHON
    if ON_MICROPYTHON:
        return
    import os
    import re
    from hexgames.hexade import knowledge, rules
    here = os.path.dirname(tables.__file__)
    seen = 0
    for name in ("kernels.py", "twins.py", "rules.py", "opponent/kernels.py", "opponent/twins.py"):
        with open(os.path.join(here, name)) as f:
            for line in f:
                m = re.match(r"_([A-Z0-9_]+) = const\(([^#]*)\)\s*(#.*)?$", line)
                if not m:
                    continue
                mods = [mod for mod in (tables, knowledge, rules)
                        if not (mod is rules and name == "rules.py")]
                for k in ("_" + m.group(1), m.group(1)):    # its own name first
                    mod = [mod for mod in mods if hasattr(mod, k)]
                    if mod:
                        assert eval(m.group(2)) == getattr(mod[0], k), (name, line)
                        seen += 1
                        break
    assert seen >= 20


def test_pending_names_the_side_whose_six_waits_for_the_reply():
    # the beginner (greedy.py) takes such a move as a win: pending() is its only sign
    for who, other in (("X", "O"), ("O", "X")):
        g = hexade(**{who.lower(): "c6 d6 e6 f6 g6", other.lower(): "b6 d5 e7 h5"}, to_move=who)
        assert g.pending() == 0                 # neither side has a six yet
        g.play("h6")
        assert g.pending() == (1 if who == "X" else 2)
    g = hexade("c6 d6 e6 f6 g6", "b6 d5 e7 h5")
    g.play("a11")
    assert g.pending() == 0                     # a move that makes no six leaves none



def test_a_playouts_random_stones_are_the_generators_draws():
    # a random ply takes the cell hexgames/rng.py draws from the list of empty cells,
    # which starts in board order and fills a taken cell's place with its last
    # (White, X, draws his second stone again while it is within 2 of his first);
    # the kernel must draw the same (its parity with this twin is test_vms.py's)
    start = hexade(base=4)
    n = start.board.n
    hits = [0] * n
    for seed in range(20 * n):
        g = start.copy()
        g.playout(seed, 3)
        rng = Rng(seed)
        empty = list(range(n))
        want = {}
        for side in "XOX":
            i = rng.below(len(empty))
            while side == "X" and want and g.board.distance(empty[i], white) <= 2:
                i = rng.below(len(empty))     # White's second stone: drawn again near his first
            if not want:
                white = empty[i]
            want[g.board.name(empty[i])] = side
            empty[i] = empty[-1]
            empty.pop()
        assert json.loads(g.dump())["cells"] == want, seed
        hits[g.board.index([c for c in want if want[c] == "O"][0])] += 1
    assert min(hits) >= 5 and max(hits) <= 40, hits     # and they spread over the board


def test_ends_into_says_no_move_ends_the_game_unless_a_six_waits_or_one_cell_is_left():
    # 0 lets the search skip its look for wins in one; -1 makes it play them all
    def ends(g):
        ms = array("i", g.moves())
        out = bytearray(b"\x07" * len(ms))
        return g.ends_into(ms, len(ms), out), set(out)
    for to_move in ("X", "O"):
        assert ends(hexade("c6 d6 e6 f6", "b6 d5 e7", to_move)) == (0, {0})
    for who, other in (("X", "O"), ("O", "X")):
        g = hexade(**{who.lower(): "c6 d6 e6 f6 g6", other.lower(): "b6 d5 e7 h5"}, to_move=who)
        assert ends(g) == (0, {0})      # the mover's own five ends nothing at once
        g.play("h6")                    # his six: every reply ends the game
        assert ends(g)[0] == -1
    g = hexade(base=4)
    rng = Rng(0)
    while g.to_move and len(g.moves()) > 1:
        assert ends(g) == (0, {0}) or g.pending()
        g.play(g.moves()[rng.below(len(g.moves()))])
    assert g.result() is None and len(g.moves()) == 1
    assert ends(g)[0] == -1                             # the last cell fills the board


def test_a_loaded_position_puts_each_open_five_on_its_owners_stack():
    # five in a row open at both ends: two fives each; the playout's "complete a
    # six" reads the stacks, which a load builds from the cells
    for x, o in (("c6 d6 e6 f6 g6", "c5 d5 e5 f5 g5"), ("c6 d6 e6 f6 g6 c8 d8 e8 f8 g8", "a11")):
        g = hexade(x, o, "O")
        assert list(g.nthr[1:]) == [len(x.split()) // 5 * 2, len(o.split()) // 5 * 2]
        same_counts(g)


def test_a_full_stack_of_fives_drops_the_blocked_ones_to_take_a_new_one():
    # each side's stack holds 48 fives; past that, a new five makes room by
    # dropping those blocked since, or is left off if all are still open
    g = hexgames.new("hexade", base=10)
    b = g.board
    rows = {}
    for i in range(b.n):
        rows.setdefault(b.coord(i)[1], []).append(i)
    rows = [rows[r] for r in sorted(rows)]
    x = []
    for row in rows[4:16:2]:            # six rows of XXXXX.XXXXX, open at both ends: 8 fives each
        x += [row[1 + k] for k in range(11) if k != 5]
    x += rows[1][2:6]                   # and a four
    o = rows[18][0:10:2]
    g = hexade(" ".join(b.name(i) for i in x), " ".join(b.name(i) for i in o), "O", base=10)
    assert g.nthr[1] == 48
    g.play(b.name(rows[4][6]))          # O in a gap: 6 of those fives are blocked
    g.play(b.name(rows[1][6]))          # the four made a five open at both ends: 2 more
    assert g.nthr[1] == 48 - 6 + 2
    same_counts(g)
    del g, b, rows
    board._cache.pop(("hexhex", 10), None)     # base 10's tables: the VM's heap is the chip's
    tables._layouts.pop(10, None)
    gc.collect()


def _placements(b):
    """Every six on board b, as the bytes of its cells, found by laying each
    shape (tables.SHAPES, axial offsets) at every anchor where all its cells
    are on the board: the geometry, not the tables."""
    out = []
    for kind, shape in tables.SHAPES:
        for a in range(b.n):
            q0, r0 = b.coord(a)
            if kind == "hexagon":
                q0, r0 = q0 - 1, r0             # the ring lies around (q0 + 1, r0)
            cells = [b.at(q0 + dq, r0 + dr) for dq, dr in shape]
            if min(cells) >= 0:
                out.append(bytes(cells))
    return out


def _model_prior(g, sixes, own, pending, m):
    """knowledge.py's prior of move m (a cell), from its comments: the best
    six it serves (VALUE of own and enemy stones: own[] holds 1 and 2), two
    fives 14, further strong sixes +1 or +2 up to 14, an enemy pair it flanks
    11 (16 when the enemy has a six: pending), -2 if the stone would stand
    in a pair that the enemy holds one end of, the other empty."""
    b = g.board
    p = g.side
    q = 3 - p

    def at(k, d):                           # the k-th cell from m in direction d; 3 off the board
        q0, r0 = b.coord(m)
        j = b.at(q0 + k * board.DIRS[d][0], r0 + k * board.DIRS[d][1])
        return own[j] if j >= 0 else 3
    best = strong = fours = 0
    for cells in sixes:
        if m in cells:
            x = o = 0
            for c in cells:
                x += own[c] == 1
                o += own[c] == 2
            v = VALUE[p][x + 8 * o]
            best = max(best, v)
            strong += v >= 10
            fours += v == 12
    if best < 15:
        if fours >= 2:
            best = 14
        elif strong >= 2:
            best = min(14, best + (1 if strong == 2 else 2))
        if best < 11 and [d for d in range(6) if (at(1, d), at(2, d), at(3, d)) == (q, q, p)]:
            best = 16 if pending else 11
        exposed = [d for d in range(6) if at(1, d) == p and (at(2, d), at(-1, d)) in ((q, 0), (0, q))]
        if best < 15 and exposed:
            best -= 2
    return best


def test_the_priors_are_knowledges_definitions_on_random_positions():
    checked = 0
    buf = array("i", bytes(4 * 91))
    out = bytearray(91)
    own = bytearray(91)
    for base in scaled((5, 6), (5,)):
        gc.collect()
        sixes = _placements(hexgames.new("hexade", base=base).board)
        for seed in range(scaled(12, 3)):
            g = hexgames.new("hexade", base=base)
            rng = Rng(seed)
            for ply in range(scaled(40, 24)):
                if not g.to_move:
                    break
                if ply % 3 == 0 or ply < 3:
                    for i in range(g.board.n):
                        own[i] = {"X": 1, "O": 2}.get(g._symbol(i), 0)
                    q = 3 - g.side
                    pending = len([1 for cells in sixes if [own[x] for x in cells] == [q] * 6])
                    k = g.moves_into(buf)
                    g.priors_into(buf, k, out)
                    for i in range(k):
                        assert out[i] == _model_prior(g, sixes, own, pending, buf[i]), (
                            base, seed, g.dump(), g.board.name(buf[i]))
                    checked += 1
                ms = g.moves()
                g.play(ms[rng.below(len(ms))])
    assert checked > scaled(200, 25)


def test_the_kept_moves_are_the_best_and_ties_a_draw_of_the_generator():
    # search.py keeps a node's WIDTH moves of the highest priors; of those
    # tied at the lowest prior kept, selection sampling takes as many as there
    # is room for: each in turn with odds room / ties left, rng.py's below()
    # drawn from the search's generator. Kept moves come first, in order.
    from hexgames.hexade.search import K
    rng = Rng(3)
    count = array("H", bytes(34))
    for trial in range(scaled(400, 60)):
        width = 1 + rng.below(8)
        k = width + 1 + rng.below(40)       # search.py asks only with more moves than WIDTH
        spread = 1 + rng.below(17)          # few values: many ties
        moves = [100 + i for i in range(k)]
        prior = [16 - rng.below(spread) for _ in range(k)]
        buf, pri = array("i", moves), bytearray(prior)
        draws = array("i", [1 + rng.below(30000), 1 + rng.below(30000)])
        gen = Rng(1)
        gen.x1, gen.x2 = draws[0], draws[1]
        w = K.best(buf, pri, k, width, count, draws)
        # the model
        ranked = sorted(prior, reverse=True)
        low = ranked[width - 1]
        ties = prior.count(low)
        room = width - len([p for p in prior if p > low])
        kept = []
        for m, p in zip(moves, prior):
            if p > low:
                kept.append(m)
            elif p == low:
                if gen.below(ties) < room:
                    kept.append(m)
                    room -= 1
                ties -= 1
        assert w == len(kept) == width, trial
        assert list(buf[:w]) == kept, trial
        assert sorted(buf) == moves and sorted(pri) == sorted(prior), trial
        assert [pri[i] for i in range(k)] == [prior[moves.index(buf[i])] for i in range(k)]
        assert (draws[0], draws[1]) == (gen.x1, gen.x2), trial
