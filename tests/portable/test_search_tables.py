# What the search is built on: its integer tables against their definitions, the
# generator's 30-bit draws, and a search object used again (a new root starts clean,
# a larger board gets larger buffers).
from math import exp
import hexgames
from hexgames.ai import Search
from hexgames.rng import Rng
from hexgames.tree import BETA, INVSQ, LN16, RAVE_K, SQ64


def test_invsq_is_4096_over_the_square_root():
    assert len(INVSQ) == 1024 and INVSQ[0] == 4096
    for n in range(1, 1024):
        q = INVSQ[n]                       # the floor of 4096 / sqrt(n), in integers
        assert q * q * n <= 4096 * 4096 < (q + 1) * (q + 1) * n, n


def test_ln16_is_sixteen_natural_logarithms():
    assert len(LN16) == 1024 and LN16[0] == 0
    for n in range(1, 1024):
        k = LN16[n]                        # the floor of 16 ln n
        assert exp(k / 16) <= n * 1.000001 and n < exp((k + 1) / 16), n


def test_sq64_is_64_square_roots_of_a_sixteenth_capped_at_255():
    assert len(SQ64) == 256
    for v in range(256):
        s = SQ64[v]                        # min(255, floor(64 sqrt(v / 16))) = floor(16 sqrt v)
        if s < 255:
            assert s * s <= 256 * v < (s + 1) * (s + 1), v
        else:
            assert 255 * 255 <= 256 * v, v


def test_beta_is_the_rave_weight_schedule():
    assert len(BETA) == 1024 and BETA[0] == 1024
    for n in range(1024):
        b = BETA[n]                        # floor(1024 sqrt(K / (3n + K)))
        d = 3 * n + RAVE_K
        assert b * b * d <= 1024 * 1024 * RAVE_K < (b + 1) * (b + 1) * d, n


def test_thirty_bits_are_two_draws_of_fifteen():
    a, b = Rng(77), Rng(77)
    top = 0
    for _ in range(200):
        r = a.bits30()
        hi = b.bits15()
        assert r == hi << 15 | b.bits15()
        assert 0 <= r < 1 << 30
        top = max(top, r)
    assert top >= 1 << 29


def test_a_search_started_again_has_a_clean_root():
    s = Search(1, memory=8 * 1024)
    s.start(hexgames.new("hexgo"))
    for _ in range(50):
        s.iterate()
    t = s.tree
    assert t.visits[0] > 0
    g = hexgames.new("hexgo")
    g.play(g.moves()[5])
    s.start(g)
    assert (t.visits[0], t.wins[0], t.proven[0], t.born[0]) == (0, 0, 0, 0)
    assert t.first[0] == 1 and t.kids[0] == len(g.moves()) and t.used == 1 + t.kids[0]
    assert t.who[0] == 1                     # X moved into the root
    # a root that cannot be expanded (the game is over) lists nothing, whatever
    # the tree held before
    done = hexgames.new("hex", size=5)
    while done.to_move:
        done.play(done.moves()[0])
    s.start(done)
    assert s.ranked() == [] and s.tree.used == 1


def test_a_search_used_again_on_a_larger_board_grows_its_buffers():
    s = Search(1, memory=16 * 1024)
    for size in (5, 7, 5):
        g = hexgames.new("hex", size=size)
        s.start(g)
        assert len(s.buf) >= size * size
        for _ in range(60):
            s.iterate()
        legal = g.moves()
        ranked = s.ranked()
        assert len(ranked) == len(legal) and all([m in legal for sc, m in ranked])
        t = s.tree
        kids = range(t.first[0], t.first[0] + t.kids[0])
        assert sum([t.visits[c] - t.born[c] for c in kids]) == 60


def test_a_search_used_again_on_other_options_takes_them():
    # inpHeXion with and without the pie rule keeps buffers of one size: the
    # search's copies must still be made anew, or its moves are the old rules'
    s = Search(1, memory=16 * 1024)
    for pie in (False, True, False):
        g = hexgames.new("inphexion", pie=pie)
        g.play(g.moves()[3])
        s.start(g)
        for _ in range(30):
            s.iterate()
        assert sorted([m for sc, m in s.ranked()]) == sorted(g.moves()), pie
