"""The pictures of the rules pages, as positions the engine sets up and moves it plays.

Each figure: "position" (a position as hexgames.load() reads it, DESIGN.md section 4)
or "record" (a game replayed from its start), "play" (tokens the engine then plays:
their cells are ringed, a two-cell move drawn as an arrow), "alt" (what the picture
shows, in words), "refused" (cells ringed in red: moves the text says are illegal) and
"marks" (False: leave out what the handheld marks, e.g. XiaGo's territory in the
middle of a game), and "expect", the claims the engine must confirm before the picture is drawn:
"illegal"/"legal" (tokens refused/accepted before the move), "moves" (the whole list
of legal moves before it), "emptied" (cells the move left empty: captures, pushes),
"info" (entries of g.info() afterwards), "result" ((winner, reason[, score X, score
O]) or None), "to_move" ("X" or "O" afterwards).

The positions are the worked examples of the rules files in the project's shared
folder (rules/<game>.md), numbered as there.
"""


def _cells(x="", o="", n=""):
    out = {}
    for side, names in (("X", x), ("O", o), ("N", n)):
        for c in names.split():
            out[c] = side
    return out


def _hexgo(x, o, to_move, captured=""):
    cells = _cells(x, o)
    for c in captured.split():
        cells[c[:-1]] = c[-1]          # "d4x": a captured Me of X on d4
    return {"game": "hexgo", "options": {"base": 4}, "cells": cells, "to_move": to_move}


XIAGO_N = "d2 f2 b4 d4 f4 b6 d6"       # base 4's neutral pieces at the start


def _xiago(x, o, to_move, n=XIAGO_N):
    return {"game": "xiago", "options": {"base": 4}, "cells": _cells(x, o, n), "to_move": to_move}


def _hexade(x, o, to_move):
    return {"game": "hexade", "options": {"base": 6}, "cells": _cells(x, o), "to_move": to_move,
            "white_stones_placed": len(x.split())}


def _inph(x, o, to_move, hands, turn):
    return {"game": "inphexion", "options": {"size": 7, "pie": False, "neutral": False},
            "cells": _cells(x, o), "to_move": to_move, "hands": {"X": hands, "O": hands},
            "turn": turn}


def _meister(x, o, turn, reserves=None):
    cells = _cells(x, o)
    if reserves is None:
        reserves = {"X": 18 - len(x.split()), "O": 18 - len(o.split())}
    return {"game": "hexmeister", "options": {"base": 6}, "cells": cells, "to_move": "X",
            "reserves": reserves, "bonus": False, "turn": turn}


FIGURES = {
    # ---------------------------------------------------------------- HexGo
    "hexgo-me": dict(
        alt="HexGo: X plays d3 and closes a ring round d4, four X stones to two O: a Me of X",
        position=_hexgo("c4 e3 e4", "c5 d5", "X"), play="d3",
        expect={"info": {"me": {"d4": "X"}}, "emptied": []}),
    "hexgo-neutral-me": dict(
        alt="HexGo: O plays c5; d4 is enclosed three to three, a neutral Me",
        position=_hexgo("c4 d3 e4", "e3 d5", "O"), play="c5",
        expect={"info": {"me": {"d4": "N"}}}),
    "hexgo-edge-me": dict(
        alt="HexGo: O plays f5; the corner g4 has two X neighbours to one O: a Me of X",
        position=_hexgo("f4 g3", "", "O"), play="f5",
        expect={"info": {"me": {"g4": "X"}}}),
    "hexgo-capture": dict(
        alt="HexGo: X plays d3; O's d4 is walled in, four X stones to two, and taken: d4 "
            "becomes a captured Me of X",
        position=_hexgo("c4 e4 d5", "d4 c5 e3", "X"), play="d3",
        expect={"emptied": ["d4"], "info": {"me": {"d4": "X"}}}),
    "hexgo-enter": dict(
        alt="HexGo: X plays into O's Me on d4, which captures O's c4 and e4",
        position=_hexgo("b4 c3 c5 e3 e5 f4", "c4 e4 b5 d3 d5 f3", "X"), play="d4",
        expect={"emptied": ["c4", "e4"]}),
    "hexgo-locked": dict(
        alt="HexGo: d4 is a Me of X with five X neighbours: locked, no one may play there",
        position=_hexgo("c4 d3 e3 e4 d5", "c5 e5 c6 d6", "O"), refused=["d4"],
        expect={"illegal": ["d4"], "info": {"me": {"d4": "X"}}}),
    "hexgo-end": dict(
        alt="HexGo: the end of a game; X has four Me and O two, each side's prisoners "
            "fill the other's Me, X wins 3 to 0",
        record="hexgo: a4 c7 g2 d5 a7 c2 a5 d1 e6 e4 d3 c5 c3 b3 d7 e5 b6 c6 f5 f4 e2 d2 "
               "g4 g1 d4 b4 e1 f2 f3 a6 f1",
        play="b5", expect={"result": ("X", "score", 3, 0)}),
    # ---------------------------------------------------------------- Hexade
    "hexade-second-stone": dict(
        alt="Hexade: White opened on b5; his second stone may not go on b5 or within two "
            "cells of it (ringed in red)",
        record="hexade base=6: b5 f6", refused="b5 d3 c4 d4 c5 d5 a6 b6 c6 a7 b7".split(),
        expect={"illegal": "d3 c4 d4 c5 d5 a6 b6 c6 a7 b7".split(), "legal": ["e3", "d6"]}),
    "hexade-row-triangle": dict(
        alt="Hexade: two sixes: X's row a6 to f1 and O's triangle g4 h4 i4 g5 h5 g6",
        position=_hexade("a6 b5 c4 d3 e2 f1", "g4 h4 i4 g5 h5 g6", "X"),
        expect={"info": {"sixes": {
            "X": [{"kind": "row", "cells": ["f1", "e2", "d3", "c4", "b5", "a6"]}],
            "O": [{"kind": "triangle", "cells": ["g4", "h4", "i4", "g5", "h5", "g6"]}]}}}),
    "hexade-triangle-hexagon": dict(
        alt="Hexade: X's triangle f7 e8 f8 d9 e9 f9 and O's hexagon round h7 (its centre "
            "may hold anything)",
        position=_hexade("f7 e8 f8 d9 e9 f9 h7", "h6 i6 g7 i7 g8 h8", "X"),
        expect={"info": {"sixes": {
            "X": [{"kind": "triangle", "cells": ["f7", "e8", "f8", "d9", "e9", "f9"]}],
            "O": [{"kind": "hexagon", "cells": ["h6", "i6", "g7", "i7", "g8", "h8"]}]}}}),
    "hexade-capture": dict(
        alt="Hexade: X plays f6 and captures two pairs: e6 d6 (closed by c6) and f7 f8 "
            "(closed by f9); three O stones in a row are safe",
        position=_hexade("c6 f4 f9", "d6 e6 f5 f7 f8 g5 h4 i3", "X"), play="f6",
        expect={"emptied": ["d6", "e6", "f7", "f8"]}),
    "hexade-six-broken": dict(
        alt="Hexade: X has just made a triangle; O replies g6, captures the pair e6 f6 and "
            "the six is gone",
        position=_hexade("e5 f5 g5 e6 f6 e7", "c5 d6 h6", "O"), play="g6",
        expect={"emptied": ["e6", "f6"], "result": None, "info": {"sixes": {"X": [], "O": []}}}),
    "hexade-six-wins": dict(
        alt="Hexade: X made the row c6 to h6 and O's reply a11 did not break it: X wins",
        position=_hexade("c6 d6 e6 f6 g6 h6", "b6 d5 e7 h5", "O"), play="a11",
        expect={"result": ("X", "six")}),
    # ---------------------------------------------------------------- XiaGo
    "xiago-start": dict(
        marks=False, alt="XiaGo on the smallest board: seven neutral pieces on their starting cells",
        record="xiago base=4:", expect={"legal": ["d4-e4", "c3"], "illegal": ["d4-f4"]}),
    "xiago-capture": dict(
        marks=False, alt="XiaGo: X places on a4 and takes O's a5, which had no other liberty",
        position=_xiago("b5 c3 a6", "a5 b3", "X"), play="a4",
        expect={"emptied": ["a5"]}),
    "xiago-neutral-capture": dict(
        marks=False, alt="XiaGo: X slides the neutral piece from d4 to e4, which takes O's e5 off, then "
            "places on e5",
        position=_xiago("d5 f5 e6", "e5", "X"), play="d4-e4 e5",
        expect={"to_move": "O"}),
    "xiago-superko": dict(
        marks=False, alt="XiaGo: O has just taken X's a4 by playing a5; X may not take back at once on "
            "a4, it would repeat the position",
        record="xiago base=4: a4 b3 b5 g1 a6 a5", refused=["a4"],
        expect={"illegal": ["a4"], "legal": ["d7"]}),
    "xiago-score": dict(
        alt="XiaGo: the end after two passes; X has 10 stones and 7 cells of territory, O 6 "
            "stones, 7 cells and 2.5 komi: X wins 17 to 15.5",
        position=_xiago("b3 c3 d3 e3 f3 g3 a4 c4 e4 g4", "a5 b5 c5 d5 e5 f5", "X"),
        play="pass pass",
        expect={"result": ("X", "score", 17, 15.5),
                "info": {"komi": 2.5, "territory": {"X": 7, "O": 7}}}),
    # ---------------------------------------------------------------- inpHeXion
    "inphexion-push": dict(
        alt="inpHeXion: after White's first disc on d4, Black pushes it to e4 and puts a "
            "Black disc on d4",
        record="inphexion: d4", play="d4>e4",
        expect={"moves": "d4>c4 d4>c5 d4>d3 d4>d5 d4>e3 d4>e4".split()}),
    "inphexion-surround": dict(
        alt="inpHeXion: White pushes d4 to d5; Black's c4 and e3 are now each alone and "
            "walled in by White: White must move them",
        position=_inph("e2 f2 c3 d3 f3 b4 e4 b5 c5", "a1 g1 e3 c4 d4 a7 c7 e7 g7", "X", 16, 18),
        play="d4>d5",
        expect={"info": {"pending_relocation": ["e3", "c4"]}, "to_move": "X"}),
    "inphexion-relocated": dict(
        alt="inpHeXion: White puts the two surrounded discs elsewhere: c4 to a2, e3 to g4",
        position=_inph("e2 f2 c3 d3 f3 b4 e4 b5 c5", "a1 g1 e3 c4 d4 a7 c7 e7 g7", "X", 16, 18),
        play="d4>d5 c4:a2 e3:g4", expect={"to_move": "O"}),
    "inphexion-pair": dict(
        alt="inpHeXion: White pushes e4 to f4; c4 and d4 are walled in together, a pair, "
            "and stay",
        position=_inph("c3 d3 e3 b4 b5 c5 d5", "c4 d4 e4 a7 b7 c7 d7", "X", 18, 14),
        play="e4>f4", expect={"to_move": "O"}),
    "inphexion-own-goal": dict(
        alt="inpHeXion: White pushes Black's d3 into d4 and completes Black's row: Black wins",
        position=_inph("a1 b1 a7 b7 c7 d7 e7", "d3 a4 b4 c4 e4 f4 g4", "X", 18, 14),
        play="d3>d4", expect={"result": ("O", "opponent_completed_connection")}),
    # ---------------------------------------------------------------- Hexmeister
    "hexmeister-board": dict(
        alt="Hexmeister's board: gates (gold), lanes (light), moat cells (grey blue), the "
            "two bases (green); X drops a first stone on c11",
        record="hexmeister:", play="drop c11",
        expect={"moves": ["drop b11", "drop c11", "drop d11", "drop e11"]}),
    "hexmeister-gate": dict(
        alt="Hexmeister: X steps from g9 onto the adjacent gate f9 and earns a bonus step",
        position=_meister("h8 g9 c11", "g1 h1 i2", 6, {"X": 15, "O": 15}), play="g9-f9",
        expect={"to_move": "X", "illegal": ["h8-f9", "c11-f9"]}),
    "hexmeister-proximity": dict(
        alt="Hexmeister: X moves e10 to e9; e8 has three X neighbours, O's stone there is "
            "captured",
        position=_meister("d8 f8 e10", "h1 g2 e8", 6), play="e10-e9",
        expect={"emptied": ["e8"], "to_move": "X"}),
    "hexmeister-triangulation": dict(
        alt="Hexmeister: X takes c9, the fourth gate of the bottom sixth; the fifth, the "
            "centre f6, is secured and O's stone there captured",
        position=_meister("f9 c10 a11 f11", "h1 g2 i2 f6", 14), play="c10-c9",
        expect={"emptied": ["f6"], "info": {"gates": {"X": 4, "O": 0},
                                            "secured": {"X": ["f6"], "O": ["h2"]}}}),
    "hexmeister-alignment": dict(
        alt="Hexmeister: X moves e6 onto the centre and holds the five gates of row 6: X wins",
        position=_meister("a6 c6 e6 i6 k6", "h1 i1 g2 f5", 20), play="e6-f6",
        expect={"result": ("X", "alignment")}),
    # ---------------------------------------------------------------- Hex
    "hex-board": dict(
        alt="Hex on 7 x 7: X joins the top row to the bottom row (red edges), O column a "
            "to column g (blue edges)",
        record="hex size=7:"),
    "hex-win": dict(
        alt="Hex: X's chain joins row 1 to row 5 and wins",
        record="hex size=5: c1 d1 c2 d2 b3 d3 b4 d4", play="a5",
        expect={"result": ("X", "connection")}),
    "hex-swap": dict(
        alt="Hex with the pie rule: X opened c2; O swaps, the stone is mirrored to b3 and "
            "becomes O's",
        record="hex size=5 pie=true: c2", play="swap",
        expect={"to_move": "X"}),
}
