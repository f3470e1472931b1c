"""The simulator's command line:

  python -m host_sim play GAME [--base N] [--pie] ... [--opponent L1..L5|mc:N|random|none] [--as X|O]
  python -m host_sim replay RECORD         (a record line, or a file of them)
  python -m host_sim bench [--ai | --chip] [GAME ...]
  python -m host_sim match GAME A B [--pairs N] [--records FILE] [--workers N] [--ray ADDRESS] [--base N] ...
"""
import argparse
import os
import sys

import host_sim  # noqa: F401  (puts firmware/ on sys.path)
import hexgames
from host_sim import diagram
from host_sim.pool import PoolError


def game_options(extra):
    """--base 7, --size=9, --pie, --no-pie -> {"base": 7, "size": 9, "pie": True}."""
    opts = {}
    i = 0
    while i < len(extra):
        word = extra[i]
        if not word.startswith("--") or len(word) < 3:
            raise ValueError("unexpected argument %r" % word)
        key, eq, value = word[2:].partition("=")
        if not eq and i + 1 < len(extra) and not extra[i + 1].startswith("--"):
            value, i = extra[i + 1], i + 1
        elif not eq:
            value = "false" if key.startswith("no-") else "true"
            key = key[3:] if key.startswith("no-") else key
        opts[key] = True if value == "true" else False if value == "false" else \
            int(value) if value.isdigit() else value
        i += 1
    return opts


def replay(source):
    lines = open(source).read().splitlines() if os.path.exists(source) else [source]
    for line in lines:
        if line.strip():
            g = hexgames.replay(line)
            print(diagram.position(g))
            print("result:", g.result(), "| to move:", "-XO"[g.to_move])


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_sim", description="Honeycomb on the PC.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play a game in the terminal",
                       epilog="game options: --base N, --size N, --pie, --neutral (see rules/<game>.md)")
    p.add_argument("game", choices=hexgames.GAMES)
    p.add_argument("--opponent", default="L3",
                   help="L1..L5: the board's own opponent (default L3); mc:N, greedy, random; "
                        "none: two people")
    p.add_argument("--as", dest="human", default="X", choices=("X", "O"), help="your side")
    p.add_argument("--seed", type=int, default=1)
    r = sub.add_parser("replay", help="replay a record and show the final position")
    r.add_argument("record")
    b = sub.add_parser("bench", help="engine speed on CPython and MicroPython")
    b.add_argument("games", nargs="*")
    b.add_argument("--ai", action="store_true", help="the opponent: ms per move, playouts, heap")
    b.add_argument("--chip", action="store_true",
                   help="on the emulated RP2040, frozen image and .mpy (tools/pico/chipbench.py)")
    m = sub.add_parser("match", help="play A against B (random, greedy, mc:N, mcts:N, L1..L5)")
    m.add_argument("game", choices=hexgames.GAMES)
    m.add_argument("a")
    m.add_argument("b")
    m.add_argument("--pairs", type=int, default=50, help="game pairs (each opening with both colours)")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--records", help="write one record line per game to this file")
    m.add_argument("--workers", type=int, help="games played at once (default: one per core)")
    m.add_argument("--ray", metavar="ADDRESS",
                   help="play on a Ray cluster: its address, auto, or local (host_sim/pool.py)")
    h = sub.add_parser("board", help="the handheld: the firmware's app on a virtual board",
                       description="Window when a display exists, else the terminal.")
    h.add_argument("--hardware", default="pocket", choices=("pocket", "full", "hexboard"))
    front = h.add_mutually_exclusive_group()
    front.add_argument("--window", action="store_true", help="pygame-ce window")
    front.add_argument("--terminal", action="store_true", help="text in this terminal")
    front.add_argument("--screenshot", metavar="FILE.png", help="render one frame to a PNG and exit")
    h.add_argument("--script", help="keys to press first: board cell names and MENU UNDO OK HINT")
    h.add_argument("--game", help="the game the menu starts on")
    h.add_argument("--store", help="folder for the saved game and settings")
    h.add_argument("--names", action="store_true", help="show cell names (window, screenshot)")
    args, extra = ap.parse_known_args(argv)
    try:
        if args.cmd == "play":
            from host_sim.textplay import play
            play(args.game, game_options(extra), args.opponent, args.human, args.seed)
        elif args.cmd == "match":
            from host_sim.match import run
            out = open(args.records, "w") if args.records else None
            run(args.game, game_options(extra), args.a, args.b, args.pairs, args.seed, out,
                workers=args.workers, ray=args.ray)
            if out:
                out.close()
        elif extra:
            ap.error("unrecognized arguments: %s" % " ".join(extra))
        elif args.cmd == "replay":
            replay(args.record)
        elif args.cmd == "board":
            from host_sim.handheld import main as board
            return board(args)
        else:
            from host_sim import bench
            (bench.chip if args.chip else bench.ai if args.ai else bench.main)(args.games)
    except (ValueError, OSError, PoolError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
