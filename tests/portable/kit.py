# Shared helpers of the portable tests (plain functions and assert, so they
# run under pytest on CPython and under tools/vm/mpytest.py on MicroPython).
import sys
import hexgames
from hexgames import IllegalMove
from hexgames.game import encode
from hexgames.rng import Rng

ON_MICROPYTHON = sys.implementation.name == "micropython"


def scaled(n_cpython, n_micropython):
    """Fewer random games on the MicroPython VM, which is slower and smaller."""
    return n_micropython if ON_MICROPYTHON else n_cpython


def position(game, cells, to_move="X", options=None, **extra):
    """A position from stone lists: cells = {"X": "c4 e3", "O": "c5", "x": "d2"}."""
    opts = options or {}
    by_name = {}
    for sym in cells:
        for name in cells[sym].split():
            by_name[name] = sym
    d = {"game": game, "options": opts, "cells": by_name, "to_move": to_move}
    for k in extra:
        d[k] = extra[k]
    return hexgames.load(encode(d))


def raises(exc, fn, *args, **kw):
    """Call fn(*args, **kw); it must raise exc. Returns the message."""
    try:
        fn(*args, **kw)
    except exc as e:
        return str(e)
    raise AssertionError("%s did not raise %s" % (fn, exc.__name__))


def rejects(g, move_text, *words):
    """Playing move_text (notation or a move int) must raise IllegalMove naming each word and leave g unchanged."""
    before = g.dump()
    msg = raises(IllegalMove, g.play, move_text)
    assert g.dump() == before, "state changed by a refused move"
    for w in words:
        assert w in msg, "%r not in message %r" % (w, msg)
    for slot in ("%s", "%r", "%d"):         # a message formatted, not glued to its values
        assert slot not in msg, "unformatted message %r" % (msg,)
    return msg


def midgame(name, opts, plies, seed):
    """A game after `plies` seeded random moves (fewer where it ends first)."""
    g = hexgames.new(name, **opts)
    rng = Rng(seed)
    while g.to_move and len(g.history()) < plies:
        ms = g.moves()
        g.play(ms[rng.below(len(ms))])
    return g


class StepClock:
    """A virtual clock that moves on by `step` ms at every reading."""

    def __init__(self, step):
        self.now = 0
        self.step = step

    def ticks_ms(self):
        self.now += self.step
        return self.now

    def ticks_diff(self, a, b):
        return a - b


def random_game(name, options, seed, check=True, undo_every=7):
    """Play one seeded random game through moves()/play(); with check, assert the
    invariants of DESIGN.md section 8 along the way. Returns the finished game."""
    g = hexgames.new(name, **options)
    rng = Rng(seed)
    ply = 0
    while g.to_move:
        ms = g.moves()
        assert ms, "%s: no legal move but the game is running" % name
        assert len(ms) <= g.max_moves
        m = ms[rng.below(len(ms))]
        if check:
            before = g.dump()
            assert g.parse(g.text(m)) == m, "text/parse round trip"
            if ply % undo_every == 3:
                rejects(g, -1)
                assert raises(ValueError, g.parse, "zz99")
            g.play(m)
            if ply % undo_every == 0:
                g.undo()
                assert g.dump() == before, "undo did not restore the position"
                g.play(m)
            after = g.dump()
            assert hexgames.load(after).dump() == after, "dump/load round trip"
        else:
            g.play(m)
        ply += 1
        assert ply < 5000, "game does not end"
    assert g.result() is not None
    assert g.moves() == []
    return g


def unload_games(everything=False):
    """Forget every loaded game module and board shape, as a board that plays
    one game at a time would: tests that visit every game call it between
    games so that the chip-sized heap on MicroPython is not used up. With
    everything, a game's tables and search go too on MicroPython (as
    app.app.forget_games; CPython would make a second copy of their classes)."""
    import gc
    from hexgames import board
    if everything and ON_MICROPYTHON:
        for mod in list(sys.modules):
            parts = mod.split(".")
            if len(parts) > 1 and parts[0] == "hexgames" and parts[1] in hexgames.GAMES:
                sys.modules.pop(mod)
    for name in hexgames.GAMES:
        # the game's class goes; its tables and search stay, as a search
        # loaded before holds them anyway
        for mod in ("hexgames.%s.rules" % name, "hexgames." + name):
            sys.modules.pop(mod, None)
        if name in dir(hexgames):
            delattr(hexgames, name)
    board._cache.clear()
    gc.collect()


# -- native kernels and their twins (hexgames/native.py) --------------------------
ON_CHIP = sys.platform == "rp2"


def kernel_pair(kernels, twins):
    """(kernels module, twins module) for a kernel-parity test; fails where this VM
    did not load the kernels (the test would compare the twins with themselves)."""
    from hexgames import native
    package = kernels.split(".")[0]
    if package in ("app", "device"):
        kernels, twins = kernels[len(package) + 1:], twins[len(package) + 1:]
    else:
        package = "hexgames"
    k = native.pick(kernels, twins, package)
    t = native.load(package + "." + twins)
    assert k is not t, "%s.%s did not load on this VM" % (package, kernels)
    return k, t


def use_kernels(on):
    """Every kernel set a loaded module has picked (a global bound to a kernels or
    twins module, in hexgames and app) switched to the kernels (on) or to their
    twins: a seeded search then runs all twin code."""
    from hexgames import ai, native
    if ai.K is None:            # the search picks its set with its first tree: now
        ai.K = native.pick("kernels", "twins")
    for name in list(sys.modules):
        if name.split(".")[0] not in ("hexgames", "app"):
            continue
        mod = sys.modules[name]
        for key in dir(mod):
            k = getattr(mod, key)
            full = getattr(k, "__name__", "") if type(k) is type(sys) else ""
            base, _, leaf = full.rpartition(".")     # hexgames.hex, kernels
            if leaf in ("kernels", "twins"):
                setattr(mod, key, native.pick("kernels", "twins", base) if on
                        else native.load(base + ".twins"))


def without_ends(g):
    """g as a game that cannot tell which moves end it (no ends_into): the
    search's look for wins in one then plays each move (and, a level down,
    the move above it first)."""
    class NoEnds(type(g)):
        ends_into = None
    h = NoEnds(dict(g.options))
    h._load(hexgames.load_json(g.dump()))
    assert h.dump() == g.dump()
    return h
