# The copies a search plays on (hexgames/scratch.py): the root and the scratch game
# made the next position in place a move later, new ones for another game or other
# options, and a game that names no STATE copied whole, searched alike.
import hexgames
from hexgames.ai import Search
from hexgames.rng import Rng
from kit import unload_games


def test_a_search_started_a_move_later_makes_its_copies_that_position_in_place():
    # Every game names its STATE: the search's root and scratch game from the last
    # move are made the new position where they are (no two copies of garbage a
    # move), equal to the game in every respect a copy would be; a game of other
    # options, whose buffers differ, gets new copies.
    other = {"hex": {"size": 5}, "hexade": {"base": 5}, "xiago": {"base": 4}}
    for name in hexgames.GAMES:
        g = s = root = scratch = buf = g2 = None
        unload_games(True)                         # one game at a time: the chip's heap
        g = hexgames.new(name)
        s = Search(3, memory=16 * 1024)
        s.start(g)
        root, scratch, buf = s.root, s.scratch, s.buf
        # an iteration restores what the game names, no more
        assert s.plain and set(s.plain) <= set(g.STATE), (name, s.plain)
        rng = Rng(7)
        for ply in range(4):
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])
            s.start(g)
            assert s.root is root and s.scratch is scratch and s.buf is buf, (name, ply)
            s.restore()
            for copy in (s.root, s.scratch):
                assert copy.dump() == g.dump() and copy.record() == g.record(), (name, ply)
                assert copy.to_move == g.to_move and copy.result() == g.result(), (name, ply)
        if name in other:                      # smaller: the move buffer is kept
            g2 = hexgames.new(name, **other[name])
            s.start(g2)
            assert s.root is not root and s.scratch is not scratch and s.buf is buf, name
            s.restore()
            assert s.root.dump() == s.scratch.dump() == g2.dump(), name
    # another game with the same options (HexGo's base 4, XiaGo's base 4)
    g = s = root = scratch = buf = g2 = None
    unload_games(True)
    s = Search(3, memory=16 * 1024)
    s.start(hexgames.new("hexgo"))
    g = hexgames.new("xiago", base=4)
    assert s.root.options == g.options
    s.start(g)
    s.restore()
    assert type(s.root) is type(s.scratch) is type(g) and s.scratch.dump() == g.dump()
    g = s = None
    unload_games(True)


def test_a_game_that_names_no_state_is_searched_as_the_same_game_naming_it():
    # Without STATE the search copies every attribute of the game, those a move
    # sets included: the same tree, node for node, and the same ranking.
    for name, opts, plies in (("hex", {"size": 5}, 3), ("hexgo", {}, 4), ("hexade", {"base": 5}, 2)):
        named = unnamed = s = t = Unnamed = seen = None
        unload_games(True)
        named = hexgames.new(name, **opts)

        class Unnamed(type(named)):
            STATE = None

        unnamed = Unnamed(named.options)
        rng = Rng(5)
        for _ in range(plies):
            ms = named.moves()
            m = ms[rng.below(len(ms))]
            named.play(m)
            unnamed.play(m)
        seen = []
        for g in (named, unnamed):
            s = Search(4, memory=16 * 1024)
            s.start(g)
            for _ in range(60):
                s.iterate()
            t = s.tree
            seen.append(([bytes(memoryview(a)[:t.used]) for a in (t.move, t.visits, t.wins)],
                         s.ranked()))
            s.start(g)                          # again: new copies, the same position
            s.restore()
            assert s.root.dump() == s.scratch.dump() == g.dump(), name
        assert seen[0] == seen[1], name
    named = unnamed = s = t = Unnamed = None
    unload_games(True)


def test_a_buffer_grown_between_two_searches_is_resized_in_place_in_the_copies():
    # XiaGo's superko table doubles in place as a game goes on: the search's
    # copies from the move before take its new length where they are, so the
    # plan of what a restore copies (pairs of these very objects) stays right.
    g = s = root = scratch = None
    unload_games(True)
    g = hexgames.new("xiago", base=4)
    s = Search(3, memory=16 * 1024)
    s.start(g)
    rng = Rng(3)
    while True:
        root, scratch, mask = s.root, s.scratch, g.tmask
        ms = g.moves()
        g.play(ms[rng.below(len(ms))])
        assert g.to_move, "the game ended before its table grew"
        s.start(g)
        assert s.root is root and s.scratch is scratch
        if g.tmask != mask:
            break
    assert len(root.t1) == len(scratch.t1) == len(g.t1) == 2 * (mask + 1)
    s.scratch._apply(s.buf[0])                 # the scratch game moves on; a restore undoes it
    s.restore()
    for copy in (s.root, s.scratch):
        assert list(copy.t1) == list(g.t1) and list(copy.t2) == list(g.t2)
        assert copy.dump() == g.dump() and copy.tcount == g.tcount
    g = s = root = scratch = None
    unload_games(True)
