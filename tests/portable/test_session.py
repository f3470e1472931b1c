# A session on the handheld that goes through all six games, twice, in one VM
# with the chip's heap (on the unix port: each test module gets a VM of its own,
# and this one needs the whole heap). Runs on CPython and MicroPython.
import gc
import sys

import hexgames
from kit import unload_games

ON_MICROPYTHON = sys.implementation.name == "micropython"


def test_a_session_switches_through_all_six_games_twice_within_the_heap():
    # On the unix port with the chip's 240 KB, the app kept every game's rules and
    # tables once played and ran out of heap at the fourth game of a session; each
    # game now drops the others' modules (and builds its tables on a collected heap).
    import app.app as appmod
    if ON_MICROPYTHON and appmod.__file__.endswith(".py"):
        return                         # sources compiled at import: not the board's heap
    from fakehw import Leds, Keys, Clock, Sound, Store
    from app import layout, games
    from app.app import App
    from hexgames.rng import Rng
    unload_games()
    lay = layout.load("pocket")
    a = App(lay, Leds(lay.n), Keys(), Clock(), Store(), Sound(), lambda t: None)
    assert a.ai is not None            # the opponent is part of the firmware
    a.boot()
    a.run(2)
    rng = Rng(9)
    at_menu = []
    for rnd in range(2):
        for name in hexgames.GAMES:
            a.new_game([name, games.default_size(lay, name), [], 2, 1])
            p = a.screen
            for _ in range(400):
                a.run(1)
                g = p.g
                if not g.to_move or len(g.history()) >= 8:
                    break
                if p.my_turn() and not p.thinking:
                    ms = g.moves()
                    p.commit(ms[rng.below(len(ms))])
            assert len(p.g.history()) >= 8 or not p.g.to_move, name
            assert p.player is not None
            a.to_menu()
            p = g = None               # the board keeps no old game: nor does the test
            a.run(2)
        gc.collect()
        if ON_MICROPYTHON:
            at_menu.append(gc.mem_free())
    if at_menu:
        assert at_menu[1] >= at_menu[0] - 4096, at_menu
    a = None
    unload_games()
