# Hexmeister at the 8-gate nullification (rules/hexmeister.md section 4, decisions 8
# and 11, Example 13), against the model: the one corner of the rules where a step
# off a gate can expose the mover's own stone on f6, and a capture can save it.
# Random positions rarely build it, so these positions are built around it.
from hexgames.rng import Rng
import hexgames
from hexgames.game import encode
from kit import scaled
from hexmeister_model import (BOARD, M_GATES, M_TRIANGLES, M_F6, M_NB, OTHER, m_dests,
                              m_secured, m_win, check_against_model)


def around_the_nullification(rng):
    """(game, cells) or None. One side, q, holds the four outer gates of a
    triangle, and p the other eight gates and f6, less one of these nine (p
    would hold a line). Then a stone of p beside the empty gate (so that p may
    step in), and a few stones of each side, most of them beside q's gates, where
    a step of p may capture one. (q cannot also hold f6 and secure another gate:
    p's eight gates would hold the opposite triangle and capture q's f6 stone.)"""
    p = "XO"[rng.below(2)]
    q = OTHER[p]
    t = M_TRIANGLES[rng.below(6)]
    cells = [None] * 91
    for x in M_GATES:
        cells[x] = q if x in t and x != M_F6 else p
    mine = [x for x in M_GATES if cells[x] == p]
    cells[mine[rng.below(len(mine))]] = None
    near = []
    for x in M_GATES:
        if cells[x] == q:
            near += [n for n in M_NB[x] if n not in M_GATES]
        elif cells[x] is None and rng.below(4):
            cells[M_NB[x][rng.below(len(M_NB[x]))]] = p
    for sym in (p, q):
        for _ in range(rng.below(5)):
            c = near[rng.below(len(near))] if rng.below(4) else rng.below(91)
            if cells[c] is None and c not in M_GATES:
                cells[c] = sym
    if any(cells[c] and m_secured(cells, OTHER[cells[c]], c) for c in range(91)):
        return None
    if m_win(cells, "X") or m_win(cells, "O"):
        return None
    named = {}
    for c in range(91):
        if cells[c]:
            named[BOARD.name(c)] = cells[c]
    n = {"X": 0, "O": 0}
    for s in cells:
        if s:
            n[s] += 1
    d = {"game": "hexmeister", "options": {"base": 6}, "cells": named,
         "to_move": p if rng.below(4) else q, "bonus": rng.below(4) == 0, "turn": 40,
         "reserves": {"X": min(18 - n["X"], rng.below(3)), "O": min(18 - n["O"], rng.below(3))}}
    return hexgames.load(encode(d)), cells


def saved_by_a_capture(cells, p):
    """p holds f6 and exactly 8 gates, and one of p's other gate stones has a
    legal step (each leaves 7 gates: only a capture keeps f6 safe)."""
    gates = [x for x in M_GATES if cells[x] == p]
    if cells[M_F6] != p or len(gates) != 8:
        return False
    for o in gates:
        if o != M_F6 and m_dests(cells, p, o):
            return True
    return False


def enters_f6(cells, p):
    """p may step onto an empty f6 that q would secure but for the nullification."""
    if cells[M_F6] is not None:
        return False
    for o in M_NB[M_F6]:
        if cells[o] == p and M_F6 in m_dests(cells, p, o):
            return True
    return False


def test_the_engine_agrees_with_the_model_around_the_nullification():
    rng = Rng(13)
    checked = saved = entered = 0
    for _ in range(scaled(600, 150)):
        got = around_the_nullification(rng)
        if got is None or not got[0].to_move:
            continue
        g, cells = got
        p = "XO"[g.to_move - 1]
        check_against_model(g, rng, 4)
        checked += 1
        saved += saved_by_a_capture(cells, p)
        entered += enters_f6(cells, p)
    # the positions reach both rare cases: a step off a gate kept legal by its
    # capture, and an empty f6 entered although q holds a whole triangle
    assert checked > scaled(150, 30), (checked, saved, entered)
    assert saved > scaled(10, 2), (checked, saved, entered)
    assert entered > scaled(10, 2), (checked, saved, entered)
