# Native kernels against their twins, the search's side (hexgames/kernels.py and
# twins.py): the same searches, node for node, and the same seeded moves at the
# top level in every game, with every kernel of the engine at once against every
# twin. Runs where viper does (the unix port, the emulated chip); CPython skips it.
import gc
import hexgames
from hexgames.ai import Player
from hexgames.rng import Rng
from array import array
from hexgames.tree import Tree
from kit import ON_CHIP, kernel_pair, midgame, unload_games, use_kernels


def _tree(p):
    """The search's whole tree: every array's bytes up to the nodes used."""
    t = p.search.tree
    n = t.used
    return [bytes(memoryview(a)[:n]) for a in (t.move, t.first, t.kids, t.visits, t.wins,
                                               t.amaf_n, t.amaf_w, t.who, t.proven, t.born)]


def _search(g, kernels, level, seed):
    use_kernels(kernels)
    try:
        p = Player(level, seed=seed, memory=12 * 1024)
        p.start(g)
        # a heap in pieces gives the search a smaller tree (Player._make), and
        # a smaller tree searches differently: say so, not "the moves differ"
        t = getattr(p.search, "tree", None)
        assert not isinstance(t, Tree) or t.size == 12 * 1024 // t.BYTES_PER_NODE, \
            "the heap held no 12 KB tree"
        p.budget = 40 if ON_CHIP else 200        # iterations (Hexmeister: work units)
        p.think()
        tree = _tree(p) if isinstance(getattr(p.search, "tree", None), Tree) else None
        return p.best(), p.search.playouts, tree
    finally:
        use_kernels(True)


def test_the_search_kernels_are_native_here():
    k, t = kernel_pair("kernels", "twins")
    for name in ("descend", "select_rave", "expand", "backup", "backup_amaf", "keep"):
        assert getattr(k, name) is not getattr(t, name)


def _same_search(name, opts, middle=24):
    # at the start and in a middle game: the move, the iterations and the whole
    # tree (nodes, visits, wins, RAVE counts, proofs). The chip's twins are
    # bytecode at a few iterations a second: there the middle game only, whose
    # tree holds the same kinds of node (the unix port checks the start too)
    unload_games(True)
    gc.collect()
    for plies, seed in ((14, 2),) if ON_CHIP else ((0, 1), (middle, 2)):
        g = midgame(name, opts, plies, seed)
        assert g.to_move, (name, plies, "the game ended before the search")
        a = _search(g, True, 5, seed)
        b = _search(g, False, 5, seed)
        assert a[0] == b[0] and a[1] == b[1], (name, plies, a[:2], b[:2])
        assert a[2] == b[2], (name, plies, "trees differ")


def test_hexgo_searches_the_same_with_kernels_and_twins():
    _same_search("hexgo", {})


def test_hexade_searches_the_same_with_kernels_and_twins():
    _same_search("hexade", {"base": 7})


def test_xiago_searches_the_same_with_kernels_and_twins():
    _same_search("xiago", {"base": 6})


def test_inphexion_searches_the_same_with_kernels_and_twins():
    _same_search("inphexion", {}, 14)          # 24 random plies end this game


def test_hexmeister_searches_the_same_with_kernels_and_twins():
    _same_search("hexmeister", {})


def test_hex_searches_the_same_with_kernels_and_twins():
    _same_search("hex", {})


def test_a_kept_subtree_is_the_same_with_kernels_and_twins():
    # a searched tree (Hex's with its RAVE counts, HexGo's), kept at the root
    # itself, at a child and at a grandchild: the same nodes, arrays and count
    k, tw = kernel_pair("kernels", "twins")
    for name in ("hex", "hexgo"):
        g = midgame(name, {}, 6, 1)
        p = Player(5, seed=1, memory=12 * 1024)
        p.start(g)
        p.budget = 40 if ON_CHIP else 200
        p.think()
        t = p.search.tree
        f = t.first[0]
        c = [x for x in range(f, f + t.kids[0]) if t.kids[x]][0]
        r = [x for x in range(t.first[c], t.first[c] + t.kids[c]) if t.visits[x]][-1]
        for v in (0, c, r):
            out = []
            for K in (k, tw):
                a = [array("i", x) for x in (t.move, t.first, t.visits, t.wins)]
                a += [array("H", x) for x in (t.kids, t.amaf_n, t.amaf_w)]
                a += [bytearray(x) for x in (t.who, t.proven, t.born)]
                n = K.keep(v, t.used, *a)
                out.append((n, [bytes(memoryview(x)[:n]) for x in a]))
            assert out[0] == out[1], (name, v)
            assert 1 <= out[0][0] <= t.used and (v or out[0][0] == t.used), (name, v)
