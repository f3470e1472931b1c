# inpHeXion from loaded positions at the edges of the rules: the opening, where
# the side to move places instead of pushing, and the most discs one push can
# wall in (cases the mutation run asked for: docs/tests.md).
import hexgames
from kit import position


def test_a_position_at_the_opening_is_the_first_players_to_place():
    for opts in ({}, {"size": 5}):
        g = position("inphexion", {}, "X", options=opts, turn=0)
        assert g.result() is None and g.to_move == 1
        n = opts.get("size", 7)
        assert len(g.moves()) == n * n               # a placement on any cell
        assert g.dump() == hexgames.new("inphexion", **opts).dump()
    # with no disc in hand the first player has no move, and loses (4.4)
    g = position("inphexion", {}, "X", turn=0, hands={"X": 0, "O": 25})
    assert g.result() == (2, 0, 0, "no_legal_move") and g.to_move == 0


def test_three_discs_walled_in_by_one_push_are_relocated_one_by_one():
    # X pushes d4>e4: the pushed disc on e4 and the O discs on d3 and c5 stand
    # alone among X's discs, the most one push can wall in (the other three
    # cells around d4 touch e4); each relocation takes its disc off the list
    # and leaves the others in their order
    g = position("inphexion", {"X": "e3 c4 d5 f4 f3 e5 e2 d2 c3 b5 b6 c6", "O": "d4 d3 c5"},
                 "X", turn=20)
    g.play("d4>e4")
    name = g.board.name

    def pending():
        return [name(x) for x in g.pend[:g.npend]]
    assert pending() == ["d3", "e4", "c5"] and g.to_move == 1
    g.play("d3:a1")
    assert pending() == ["e4", "c5"]
    g.play("e4:g1")
    assert pending() == ["c5"]
    g.play("c5:a7")
    assert pending() == [] and g.to_move == 2
    assert [name(c) for c in range(49) if g.cell[c] == 2] == ["a1", "g1", "a7"]
    # the turn is over: its starting cells take relocated discs again
    assert [name(c) for c in range(49) if g.forbid[c]] == []
    # the same from a saved position with the relocations pending, and after an
    # undo back into them: no link was made, so the game goes on
    h = position("inphexion", {"X": "e3 c4 d5 f4 f3 e5 e2 d2 c3 b5 b6 c6", "O": "d4 d3 c5"},
                 "X", turn=20)
    h.play("d4>e4")
    k = hexgames.load(h.dump())
    h.play("d3:a1")
    h.undo()
    for g in (k, h):
        for m in ("d3:a1", "e4:g1", "c5:a7"):
            g.play(m)
        assert g.result() is None and g.to_move == 2
        assert [name(c) for c in range(49) if g.forbid[c]] == []
    h.undo()
    h.undo()
    h.undo()
    h.undo()                            # and back before the push: no cell is barred
    assert h.npend == 0 and [name(c) for c in range(49) if h.forbid[c]] == []


def test_a_player_whose_every_push_is_blocked_loses_at_once():
    # O to move: X's discs a1 b1 have no empty neighbour (a pair, so not walled
    # in), and O's own discs, which do, are not O's to push (D11)
    g = position("inphexion", {"X": "a1 b1", "O": "a2 b2 c1"}, "O", turn=5)
    assert g.result() == (1, 0, 0, "no_legal_move") and g.to_move == 0
    g = position("inphexion", {"X": "a1 b1 d4", "O": "a2 b2 c1"}, "O", turn=6)
    assert g.result() is None and g.to_move == 2


def test_positions_whose_counts_do_not_add_up_are_refused_with_them():
    from kit import raises
    from hexgames.game import encode

    def fault(**fields):
        d = {"game": "inphexion", "options": {}, "cells": {"d4": "X", "e4": "O"},
             "to_move": "X", "hands": {"X": 24, "O": 24}, "turn": 2}
        d.update(fields)
        msg = raises(ValueError, hexgames.load, encode(d))
        assert "%" not in msg, msg
        return msg
    # a disc on the board and a full hand: one more than the game has
    assert "X has 1 discs on the board and 25 in hand, more than the 25" in \
        fault(hands={"X": 25, "O": 24})
    # two discs down after one turn
    assert "2 X and O discs on the board after 1 completed turns" in fault(turn=1)
    # a pending relocation's turn has put its disc down, one more than the
    # completed turns, but not two
    walled = {"a1": "O", "b1": "X", "a2": "X", "d4": "X", "e4": "O"}
    assert "5 X and O discs on the board after 3 completed turns" in \
        fault(cells=walled, pending_relocation=["a1"], turn=3, hands={"X": 22, "O": 23})
    # one push walls in at most three discs: one still to move and three moved
    corners = {"a1": "O", "b1": "X", "a2": "X", "d4": "X", "e4": "O"}
    assert "at most 3 discs, not 4" in fault(cells=corners, pending_relocation=["a1"],
                                             relocated_from=["c3", "d3", "e3"])


def test_a_position_without_hands_gives_each_side_what_its_full_hand_leaves():
    # size 5: a hand of 13. O with all 13 on the board has none left; with a 14th
    # the position is refused, naming the counts
    o = "a1 a2 a3 a4 a5 c1 c2 c3 c4 c5 e1 e2 e3"
    g = position("inphexion", {"X": "b1 b2 d1 d2 d3", "O": o}, "X", options={"size": 5})
    assert (g.hands[1], g.hands[2]) == (8, 0) and g.result() is None
    from kit import raises
    from hexgames.game import encode
    d = {"game": "inphexion", "options": {"size": 5}, "to_move": "X",
         "cells": dict([(c, "X") for c in "b1 b2 d1 d2 d3".split()] + [(c, "O") for c in (o + " e4").split()])}
    msg = raises(ValueError, hexgames.load, encode(d))
    assert "O has 14 discs on the board and 0 in hand, more than the 13" in msg, msg


def test_the_neutral_disc_alone_is_a_push_to_make():
    # X's only pushes are the Neutral Disc's (O's a1 has no empty neighbour): X may
    # move (N is anyone's to push), and the count of pushes must reach it
    g = position("inphexion", {"X": "b1", "O": "a1", "N": "a2"}, "X",
                 options={"size": 5, "neutral": True}, turn=2)
    assert g.result() is None and sorted(g.text(m) for m in g.moves()) == ["a2>a3", "a2>b2"]


def test_a_relocation_that_completes_the_opponents_link_ends_the_game():
    # X must move O's a1 (walled in by b1 and a2); on d3 it joins a3-c3 to e3
    g = position("inphexion", {"X": "b1 a2 c1 d1", "O": "a1 a3 b3 c3 e3"}, "X",
                 options={"size": 5}, turn=12, pending_relocation=["a1"])
    assert g.result() is None and g.to_move == 1
    g.play("a1:d3")
    assert g.result() == (2, 0, 0, "opponent_completed_connection")
    assert g.to_move == 0 and g.moves() == []


def test_a_pending_relocation_needs_a_free_cell_for_each_disc():
    # size 5, one empty cell. X must move O's a1 (walled in by b1 and a2): a5 is
    # free, so the game goes on with that one move
    x, o = "b1 c1 a2 e2 a3 b3 e3 a4 d4 e4 b5 c5", "a1 d1 e1 b2 c2 d2 c3 d3 b4 c4 d5 e5"
    g = position("inphexion", {"X": x, "O": o}, "X", options={"size": 5}, turn=24,
                 pending_relocation=["a1"])
    assert g.result() is None and [g.text(m) for m in g.moves()] == ["a1:a5"]
    # two walled in (e1, d5) and one empty cell: X's push lost at once
    x, o = "a1 b1 c1 d1 a2 c2 d2 e2 d4 e4 c5 e5", "e1 b2 a3 b3 c3 d3 a4 b4 c4 a5 b5 d5"
    g = position("inphexion", {"X": x, "O": o}, "X", options={"size": 5}, turn=24,
                 pending_relocation=["e1", "d5"])
    assert g.result() == (2, 0, 0, "relocation_impossible") and g.moves() == []
    # one relocated already (from a cell now barred) and none free for the other:
    # relocations begin only with room for all, so no game reaches this; refused,
    # with or without a link of O that the relocation made (d1 or a3 moved to c4)
    from kit import raises
    from hexgames.game import encode
    for moved in ("d1", "a3"):
        o = " ".join([c for c in "a1 d1 b2 c2 d2 a3 b3 b4 d4 e4 c5 d5".split() if c != moved] + ["c4"])
        d = {"game": "inphexion", "options": {"size": 5}, "to_move": "X", "turn": 24,
             "cells": dict([(c, "X") for c in "b1 c1 e1 a2 e2 c3 d3 e3 a4 a5 b5 e5".split()]
                           + [(c, "O") for c in o.split()]),
             "pending_relocation": ["a1"], "relocated_from": [moved]}
        msg = raises(ValueError, hexgames.load, encode(d))
        assert "pending_relocation: 1 left to relocate, 0 cells free" in msg, msg


def test_a_turn_that_leaves_the_opponent_no_move_wins_it():
    # O has no disc in hand: once X has relocated a1, O cannot move and loses
    g = position("inphexion", {"X": "b1 a2 c3", "O": "a1 e5"}, "X", options={"size": 5},
                 turn=20, hands={"X": 10, "O": 0}, pending_relocation=["a1"])
    assert g.result() is None and g.to_move == 1
    g.play("a1:e1")
    assert g.result() == (1, 0, 0, "no_legal_move") and g.to_move == 0 and g.moves() == []
