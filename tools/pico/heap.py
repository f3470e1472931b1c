"""The handheld's heap on the emulated chip, printed (a benchmark, not a test):

    python -m tools.pico.heap [--mpy] [--uf2 FILE] [--moves N] [GAME ...]

Boots the board's image (default build/honeycomb-pocket.uf2 from `make firmware`, the
firmware frozen into flash) or, with --mpy, the kit's stock image with firmware/
compiled to .mpy on the file system (as `make flash` leaves a board). Then runs the
app as main.py does (tools/pico/handheld.py) and prints the free heap at the menu and,
per game at its pocket size against level 5 (the computer moving first): the tree the
app gave the opponent and the lowest free heap seen after a frame (and a collection)
during its first moves (two, or --moves N). Figures are bytes on the chip's own heap (MicroPython
v1.28.0, RP2040).
"""
import argparse
import os
import sys

from tools.pico.link import ROOT, ChipError, missing

GAMES = ("hexgo", "hexade", "xiago", "inphexion", "hexmeister", "hex")
IMAGE = os.path.join(ROOT, "build", "honeycomb-pocket.uf2")

# On the chip, after handheld's setup: a game against level 5 with the computer (X)
# to move first; frames until it has made `moves` moves, a person's first legal
# move played in between. Prints (tree bytes, lowest free heap, frames).
_MEASURE = """
def measure(name, moves):
    from app import games
    a.new_game([name, games.default_size(_lay, name), [], 5, 2])
    gc.collect()
    global _lo, _live
    _lo = gc.mem_free()
    _live = True
    n = 0
    made = 0
    while made < moves and n < 2000:
        go(1)
        n += 1
        p = a.current
        if p is None or p.g.result() is not None:
            break
        if not p.thinking and p.g.to_move == p.human:
            made += 1
            if made < moves:
                p.commit(p.g.moves()[0])
    _live = False
    tree = a.tree_bytes
    a.to_menu()
    go(2)
    return (tree, _lo, n)
"""


def menu_free(h):
    """Free heap with the app at its menu, after a collection."""
    return h.eval("(gc.collect(), gc.mem_free())[1]")


def measure(chip, games=GAMES, moves=2, log=None):
    """{"menu": free bytes, game: (tree bytes, lowest free bytes, frames)} for a chip
    at its REPL with the firmware on it (frozen, or .mpy files on its flash)."""
    from tools.pico.handheld import Handheld
    h = Handheld(chip, log)
    h.start_app()
    h.frames(2)
    out = {"menu": menu_free(h)}
    h.exec(_MEASURE)
    for name in games:
        out[name] = h.eval("measure(%r, %d)" % (name, moves), budget_s=60 + 40 * moves)
    return out


def mpy_chip(chip):
    """The stock image with firmware/ as .mpy files on LittleFS (make flash's way)."""
    sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
    import tempfile
    import deploy
    with tempfile.TemporaryDirectory() as d:
        deploy.build(d)
        chip.boot()
        chip.put_tree(d, "/")
    chip.power_cycle()


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.pico.heap",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--mpy", action="store_true",
                    help="the stock image with .mpy files on the file system")
    ap.add_argument("--moves", type=int, default=2, help="level-5 moves per game")
    ap.add_argument("--uf2", default=IMAGE, help="the frozen image (default %(default)s)")
    args = ap.parse_args(argv)
    why = missing()
    if why:
        sys.exit("cannot run the emulated chip: " + why)
    if not args.mpy and not os.path.isfile(args.uf2):
        sys.exit("%s is missing: build it with `make firmware`" % args.uf2)
    from tools.pico.chip import Chip
    with Chip("pocket") as chip:
        if args.mpy:
            mpy_chip(chip)
            what = "stock v1.28.0 image, .mpy files on the file system"
        else:
            chip.boot(args.uf2)
            what = "frozen image %s" % os.path.relpath(args.uf2, ROOT)
        try:
            r = measure(chip, args.games, args.moves)
        except ChipError as e:
            sys.exit("the chip failed: %s" % e)
    print("heap on the emulated RP2040 (%s), level 5, pocket board" % what)
    print("free heap at the menu: %d bytes" % r["menu"])
    print("%-11s %10s %18s" % ("game", "tree B", "lowest free B"))
    for name in args.games:
        tree, low, _ = r[name]
        print("%-11s %10d %18d" % (name, tree, low))


if __name__ == "__main__":
    main()
