# Hexade's slow paths, kept out of the rules module: why a move is refused,
# notation, the sixes on the board for info(), and the position fields
# (rules/hexade.md section 11; set-up from JSON is in position.py). The
# class in rules.py takes these functions as its methods, under the same
# names, which the chip then interns once (g is the game).
from hexgames.game import IllegalMove, SYMBOL
from hexgames.hexade.position import set_up


def _why_illegal(g, mv):
    if not g.to_move:
        return "the game is over"
    if not isinstance(mv, int) or not 0 <= mv < g.board.n:
        return "%r is not a cell of the board" % (mv,)
    name = g.board.name(mv)
    if g.cell[g.pad[mv]]:
        return "%s is occupied" % name
    if g._restricted() and g._near_first(mv):
        return ("%s is within distance 2 of White's first stone %s: White's second stone "
                "must be at distance 3 or more" % (name, g._white_first_name()))
    return None


# -- facts -------------------------------------------------------------------
def info(g):
    b = g.board
    index = g.lay.index
    out = {}
    for p in (1, 2):
        found = []
        for kind, cells in g.lay.sixes(g.cell, p):
            ids = [index[c] for c in cells]
            ids.sort()
            found.append({"kind": kind, "cells": [b.name(i) for i in ids]})
        out[SYMBOL[p]] = found
    return {"sixes": out}


# -- notation and positions ------------------------------------------------
def text(g, mv):
    if not isinstance(mv, int) or not 0 <= mv < g.board.n:
        raise ValueError("%r is not a Hexade move" % (mv,))
    return g.board.name(mv)


def parse(g, s):
    if s == "pass":
        raise IllegalMove("there is no pass in Hexade: a move places a stone")
    i = g.board.find(s)
    if i < 0:
        raise IllegalMove("%r is not a cell of the Hexade board (a move is a cell "
                          "name in lower case, like %s)" % (s, g.board.name(g.board.n // 2)))
    return i


def cells(g, mv):
    return [mv]


def _symbol(g, i):
    v = g.cell[g.pad[i]]
    return SYMBOL[v] if v else None


def _white_first_name(g):
    return g.board.name(g.lay.index[g.white_first])


def _to_pos(g):
    placed = g._white_placed()
    first = g._white_first_name() if placed == 1 else None
    return [("white_stones_placed", placed), ("white_first", first)]


def _from_pos(g, d):
    set_up(g, d)
