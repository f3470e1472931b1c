# The chip side of tools/pico/chipbench.py: sent to the emulated RP2040's raw REPL with a
# call of probe() appended, it runs the real app on the emulated board and prints
# one line of key=value cells for one game. MicroPython only (time.ticks_us, gc).
#
# Everything is timed on the chip's own clock (time.ticks_us):
#   menu_free    free heap with the app booted and its menu lit (after a collection)
#   playouts_s   copy() + playout() from the start position, per chip second
#   movegen_s    moves_into() in tools/bench/positions/<game>.json, per chip second
#   tree         bytes of search tree the app gave the opponent (a game started from
#                the menu, as App.new_game and Play do it)
#   ms           level-N moves of a seeded game: search time per move in us,
#   its          ... and iterations (work units for Hexmeister) per move
#   low_free     the lowest free heap seen during those moves, after a collection
#                between two slices of thinking (collections are not timed)
#   wait         level-N answers in the app's own loop (main.py's, frames of the
#                app's FRAME_MS): the ms a player waits from the frame after their
#                move (a random legal one) to the frame that shows the answer
#   frame        per thinking frame, the us it spent besides searching: keys, the
#                screen's tick, the LEDs drawn and sent (median over those frames)
#   save         the us each save of the player's move took, within those waits (it
#                comes before the search: App.save_game while the computer is to think;
#                with unsaved=True that save is skipped: the wait as it would be without)
#   search       the ms of search in each of those waits (Player.spent): a wait less its
#                search is what the frames and the save add
import gc
import time

_MAX_PLIES = 1000              # as tools/bench/bench_engine.py
_SLICE_MS = 20                 # thinking in slices, as the app does between frames


def _rate(step, us):
    # step() as often as fits in `us` microseconds of chip time: calls per second
    n = 0
    t0 = time.ticks_us()
    while True:
        step(n)
        n += 1
        used = time.ticks_diff(time.ticks_us(), t0)
        if used >= us:
            return n * 1000000 // used


def _menu(variant):
    # what main.py does up to the menu: the drivers on the board's pins, the app
    from app import layout as layouts
    from app.app import App
    from device import board as boards
    layout = layouts.load(variant)
    board = boards.build(layout)
    board.start()
    a = App(layout, board.leds, board.keys, board.clock, board.store, board.sound)
    a.battery = board.battery
    a.boot()
    for _ in range(2):
        a.frame()
    return a, board


def _playouts(g, us):
    return _rate(lambda n: g.copy().playout(n + 1, _MAX_PLIES), us)


def _movegen(position, us):
    import hexgames
    from array import array
    g = hexgames.load(position)
    buf = array("i", bytes(4 * g.max_moves))
    return _rate(lambda n: g.moves_into(buf), us)


def _play(a, name, opts, level):
    # a new game chosen as the menu does it (the menu's modules unloaded), then the
    # first frames of play, which make the opponent: its tree sized and allocated
    # as on the board. Returns the game and the opponent.
    from app import games
    key, flags = games.spec(name)[1], games.spec(name)[3]
    a.new_game((name, opts.get(key) if key else None, [f for f in flags if opts.get(f)],
                level, 1))
    play = a.screen
    for _ in range(3):
        a.frame()
    return play.g, play.player


def _moves(a, g, p, moves, unbounded):
    from hexgames.rng import Rng
    if unbounded:
        # calibration: only the clock ends a move, so its iterations are what the
        # chip manages in the level's time (the figure CHIP_RATE stands for)
        type(g).CHIP_RATE = 1 << 20
    clock = a.clock
    rng = Rng(4)
    us, its = [], []
    gc.collect()
    low = gc.mem_free()
    while g.to_move and len(us) < moves:
        gc.collect()
        t0 = time.ticks_us()
        p.start(g, clock)
        spent = time.ticks_diff(time.ticks_us(), t0)
        while True:
            gc.collect()
            low = min(low, gc.mem_free())
            t0 = time.ticks_us()
            done = p.think(_SLICE_MS, clock)
            spent += time.ticks_diff(time.ticks_us(), t0)
            if done:
                break
        gc.collect()
        low = min(low, gc.mem_free())
        us.append(spent)
        its.append(p.search.playouts)
        g.play(p.best())
        for _ in range(3):                  # a few random plies, as tools/bench/bench_ai.py
            if g.to_move:
                ms = g.moves()
                g.play(ms[rng.below(len(ms))])
    return us, its, low


def _waits(a, board, level, waits, unsaved=False):
    # A game against the computer, the person playing random legal moves: each
    # computer answer timed as a player sees it, in main.py's loop (import main:
    # its loop() is the board's, with the frame pacing and the idle time).
    import main
    from hexgames.rng import Rng
    play = a.screen
    g = play.g
    clock = a.clock
    rng = Rng(5)
    out, costs, saves, searched = [], [], [], []
    save_game = a.save_game

    def timed(p):
        mine = p is play and play.thinking == 1   # the move the computer answers
        t = time.ticks_us()
        if not (mine and unsaved):                # unsaved: the wait as if it were not
            save_game(p)
        if mine:
            saves.append(time.ticks_diff(time.ticks_us(), t))
    a.save_game = timed
    while g.to_move and len(out) < waits:
        if play.computer_to_move() or play.thinking:
            t0 = time.ticks_ms()
            while play.thinking or play.computer_to_move():
                f0 = time.ticks_us()
                s0 = play.player.spent if play.player else 0
                k = len(saves)
                main.step(a, clock)
                # the frame's own cost: its time less the search's share of it
                # (and less the save of the move, counted on its own)
                spent = (play.player.spent - s0) * 1000 if play.player else 0
                costs.append(time.ticks_diff(time.ticks_us(), f0) - spent - sum(saves[k:]))
            out.append(time.ticks_diff(time.ticks_ms(), t0))
            searched.append(play.player.spent)
            for _ in range(4):              # the person's frames before a press: the
                main.step(a, clock)         # answer is saved there, as on a board
        else:
            ms = g.moves()
            play.commit(ms[rng.below(len(ms))])       # as a press does, in a frame:
            play.draw(a.light, a.now)                 # the rest of that frame
            a.light.show()
    del a.save_game
    # the mean: while the computer thinks only one frame in App.DRAW_WHILE_THINKING
    # is drawn, so a median would be the cost of one kind of frame or the other
    return out, sum(costs) // len(costs) if costs else 0, saves, searched


def probe(name, opts, level=5, moves=8, seconds=1, position=None, unbounded=False,
          variant="pocket", waits=0, unsaved=False):
    gc.collect()
    a, board = _menu(variant)
    gc.collect()
    cells = ["game=" + name, "menu_free=%d" % gc.mem_free()]
    g, p = _play(a, name, opts, level)
    cells.append("tree=%d" % a.tree_bytes)
    us = int(seconds * 1000000)
    if us:
        cells.append("playouts_s=%d" % _playouts(g, us))
        if position:
            cells.append("movegen_s=%d" % _movegen(position, us))
    gc.collect()
    if moves:
        t, its, low = _moves(a, g, p, moves, unbounded)
        cells += ["us=" + ",".join(map(str, t)), "its=" + ",".join(map(str, its)),
                  "low_free=%d" % low]
    if waits:
        _play(a, name, opts, level)             # a new game, the person moving first
        gc.collect()
        w, cost, saves, searched = _waits(a, board, level, waits, unsaved)
        cells += ["wait=" + ",".join(map(str, w)), "frame=%d" % cost,
                  "save=" + ",".join(map(str, saves)),
                  "search=" + ",".join(map(str, searched))]
    board.stop()
    print("PROBE " + " ".join(cells))
