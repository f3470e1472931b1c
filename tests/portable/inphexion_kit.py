# inpHeXion's test helpers: positions drawn as in rules/inphexion.md and the
# fields of a game read back. Shared by test_inphexion.py (the rules' examples and
# decisions) and test_inphexion_play.py (the literal model and the playouts), two
# modules so that each fits the chip-sized heap of the MicroPython VMs.
import json
from kit import position, scaled

LETTERS = "abcdefghijk"


def diagram(text):
    """The discs of a rules-file diagram: {"X": "c4 d5", "O": ..., "N": ...}."""
    found = {"X": [], "O": [], "N": []}
    for line in text.strip().split("\n")[1:]:
        words = line.split()
        for q in range(len(words) - 1):
            if words[q + 1] != ".":
                found[words[q + 1]].append(LETTERS[q] + words[0])
    return dict((s, " ".join(sorted(found[s]))) for s in found)


def setup(text, to_move="X", hands=(20, 20), turn=10, **options):
    return position("inphexion", diagram(text), to_move, options,
                    hands={"X": hands[0], "O": hands[1]}, turn=turn)


def field(g, key):
    return json.loads(g.dump())[key]


def discs(g):
    """g's discs in the form of diagram()."""
    found = {"X": [], "O": [], "N": []}
    cells = field(g, "cells")
    for name in cells:
        found[cells[name]].append(name)
    return dict((s, " ".join(sorted(found[s]))) for s in found)


def texts(g):
    return sorted([g.text(m) for m in g.moves()])


def state(g):
    """to_move, hands, turn and the pending relocation, as in the rules file."""
    return (field(g, "to_move"), field(g, "hands")["X"], field(g, "hands")["O"],
            field(g, "turn"), field(g, "pending_relocation"))


# Example 6's position (rules section 10): a middle game both modules start from.
EX6 = """
   a b c d e f g
1  O . . . . . O
2   . . . . X X .
3    . . X X O X .
4     . X O O X . .
5      . X X . . . .
6       . . . . . . .
7        O . O . O . O
"""


OPTION_SETS = [{"size": s, "pie": pie, "neutral": neutral}
               for s in (5, 6, 7, 8, 9, 10, 11) for pie in (False, True)
               for neutral in (False, True) if s % 2 or not neutral]


def each_option_set(games_cpython, games_micropython):
    """(options, seed) for every option combination, a few games each. The
    tables of a board size are dropped once its games are done: the
    chip-sized heap of the MicroPython VM holds the test module and a few
    sizes, not all seven."""
    import gc
    from hexgames import board
    from hexgames.inphexion import rules as inphexion
    out = []
    for options in OPTION_SETS:
        for seed in range(scaled(games_cpython, games_micropython)):
            out.append((options, seed))
    size = 0
    for options, seed in out:
        if options["size"] != size:
            size = options["size"]
            board._cache.clear()
            inphexion._setups.clear()
            inphexion._links.clear()
            gc.collect()
        yield options, seed
