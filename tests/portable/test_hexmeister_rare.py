# Hexmeister where random games seldom go: built positions, and the model.
from hexgames.rng import Rng
import hexgames
from hexgames.game import encode
from kit import position, raises, rejects, scaled
from hexgames import IllegalMove
from hexmeister_model import (BOARD, BUF, M_BASE, M_GATES, M_TRIANGLES, M_F6, M_NB, OTHER,
                              count, field, m_cells, m_count, m_dests, m_secured, m_win,
                              check_against_model, random_position)


# -- the 8-gate nullification (section 4, decisions 8 and 11, Example 13) -------------
# The one corner of the rules where a step off a gate can expose the mover's own
# stone on f6, and a capture can save it.

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


def running_positions(rng, tries):
    """(game, cells, mover) of the running positions around_the_nullification builds."""
    for _ in range(tries):
        got = around_the_nullification(rng)
        if got is not None and got[0].to_move:
            yield got[0], got[1], "XO"[got[0].to_move - 1]


def test_the_engine_agrees_with_the_model_around_the_nullification():
    rng = Rng(13)
    checked = saved = entered = 0
    for g, cells, p in running_positions(rng, scaled(300, 150)):
        check_against_model(g, rng, 4)
        checked += 1
        saved += saved_by_a_capture(cells, p)
        entered += enters_f6(cells, p)
    # the positions reach both rare cases: a step off a gate kept legal by its
    # capture, and an empty f6 entered although q holds a whole triangle
    assert checked > scaled(100, 50), (checked, saved, entered)
    assert saved > scaled(10, 4), (checked, saved, entered)
    assert entered > scaled(5, 2), (checked, saved, entered)


def test_a_playout_around_the_nullification_keeps_f6_unexposed():
    # p on f6 with exactly 8 gates, q on four of a triangle: a playout's step of p
    # off a gate must capture (or f6 hangs), whichever triangle q holds
    rng = Rng(29)
    tried = set()
    for g, cells, p in running_positions(rng, scaled(400, 120)):
        if cells[M_F6] != p or sum(1 for x in M_GATES if cells[x] == p) != 8:
            continue
        tried.add(next(k for k in range(6) if all(cells[x] == OTHER[p] for x in M_TRIANGLES[k]
                                                   if x != M_F6)))
        plies_are_steps(g, rng.below(1000), 2)
    assert len(tried) == 6, tried


def test_f6_names_its_own_fault():
    # Example 13: O holds f6 and exactly 8 gates, X four gates of T-bottom. A step
    # off another gate exposes f6; f6's own steps never do, so a far one is refused
    # for its route
    g = position("hexmeister", {"X": "c9 f9 a11 d11 f11", "O": "f1 k1 h2 f3 i3 a6 c6 f6 i6"},
                 "O", turn=31)
    rejects(g, "c6-d6", "would leave O's stone on f6 on a cell secured by X")
    rejects(g, "f6-g1", "no open route leads from f6 to g1")


def test_a_stone_on_a_cell_the_other_side_secures_is_named():
    for o in ("d5 e4 f5", "d5 e4 f5 d6", "d5 e4 f5 d6 e6 f4"):      # 3, 4 and 6 around
        msg = raises(ValueError, position, "hexmeister", {"X": "e5", "O": o}, "X")
        assert "X's stone on e5 stands on a cell O secures" in msg, msg


def test_a_stated_result_must_be_what_the_turn_limit_shows():
    msg = raises(ValueError, position, "hexmeister", {"X": "a11", "O": "f1 h1"}, "X", turn=300,
                 reserves={"X": 5, "O": 5}, result={"winner": "O", "reason": "no_legal_move"})
    assert "the result says a win for O by no_legal_move, but the position shows a draw by " \
        "turn_limit" in msg, msg


# -- has_step's quick look -----------------------------------------------------------
# Every turn's end asks whether the player to move has a step. The move list
# answers, but costs a flood per stone: a quick look answers most turn ends first.

def quick_look(cells, p, reserve, risky):
    """The quick look's answer, True or None (the move list decides): a drop
    onto an empty base cell that the other side does not hold with three
    stones around, or a stone of p that may leave its cell beside an empty
    cell off the gates that the other side does not hold so. With f6 and
    exactly 8 gates (risky) a stone on another gate may not count: a step
    off it may expose f6."""
    q = OTHER[p]
    for c in M_BASE[p]:
        if reserve and cells[c] is None and m_count(cells, M_NB[c], q) < 3:
            return True
    for o in range(91):
        if cells[o] == p and (not risky or o not in M_GATES or o == M_F6):
            for j in M_NB[o]:
                if cells[j] is None and j not in M_GATES and m_count(cells, M_NB[j], q) < 3:
                    return True
    return None


def boxed(rng, kind):
    """A game or None, p to move, where a quick look seldom shows p a step
    (though a step farther off may remain). "stones": a
    few stones of p, each empty cell beside them off the gates held by three
    stones of q around it where q's stones can stand (else p's stone there
    too), one such cell now and then by two. "nullified": p on 8 gates, q on
    the four outer gates of a triangle, and p's stone on f6 (if p holds it)
    boxed in so, so that p's free cells are all beside its other gates.
    Neither has a stone in reserve. "drops": no stone of p on the board, one
    in reserve, 2 to 4 stones of q around each of p's base cells."""
    p = "XO"[rng.below(2)]
    q = OTHER[p]
    cells = [None] * 91
    reserve = 0
    inside = []
    if kind == "nullified":
        t = M_TRIANGLES[rng.below(6)]
        for x in M_GATES:
            cells[x] = q if x in t and x != M_F6 else p
        mine = [x for x in M_GATES if cells[x] == p]
        cells[mine[rng.below(len(mine))]] = None
        if cells[M_F6] == p:
            inside = [M_F6]
    elif kind == "stones":
        inside = [rng.below(91)]
        cells[inside[0]] = p
    else:
        reserve = 1
        for c in M_BASE[p]:
            free = [n for n in M_NB[c] if cells[n] is None]
            for _ in range(2 + rng.below(3)):
                if free and m_count(cells, M_NB[c], q) < 4:
                    cells[free.pop(rng.below(len(free)))] = q
    for _ in range(8):
        for j in range(91):
            if cells[j] is not None or j in M_GATES or not [o for o in M_NB[j] if o in inside]:
                continue
            free = [c for c in M_NB[j] if cells[c] is None and c not in M_GATES]
            while m_count(cells, M_NB[j], q) < 3 and free:
                c = free.pop(rng.below(len(free)))
                if m_count(cells, M_NB[c], p) < 3 and not [
                        o for o in M_NB[c] if cells[o] == p and m_count(cells, M_NB[o], q) > 1]:
                    cells[c] = q            # no stone of either side secured by it
            if m_count(cells, M_NB[j], q) < 3:
                cells[j] = p
                inside.append(j)
    if inside and rng.below(4) == 0:        # a leak: one cell held by two only
        boxed_in = [j for j in range(91) if cells[j] is None and j not in M_GATES
                    and [o for o in M_NB[j] if o in inside]]
        for c in range(91):
            held = [j for j in M_NB[c] if j in boxed_in and m_count(cells, M_NB[j], q) == 3]
            if cells[c] == q and len(held) == 1:
                cells[c] = None
                break
    if m_count(cells, range(91), p) > 18 or m_count(cells, range(91), q) > 18:
        return None
    named = {}
    for c in range(91):
        if cells[c]:
            named[BOARD.name(c)] = cells[c]
    try:
        return hexgames.load(encode({"game": "hexmeister", "cells": named, "to_move": p,
                                     "reserves": {p: reserve, q: 0}, "turn": 60}))
    except ValueError:
        return None


KINDS = ("stones", "nullified", "drops")


def test_has_step_answers_from_a_quick_look_and_else_from_the_move_list():
    # Counted on built positions (random ones and, a quarter each, the three
    # kinds of boxed()): where the quick look shows a step, has_step answers without generating the
    # move list (K.steps); elsewhere it generates it once, and answers whether
    # the list has a step. Both kinds occur, and so do positions where the
    # nullification's risk takes a stone's free cell out of the quick look.
    from hexgames.hexmeister import moves
    real = moves._steps
    calls = [0]

    def counted(*args):
        calls[0] += 1
        return real(*args)

    rng = Rng(21)
    seen = [0, 0, 0]                  # quick, listed, the risk mattered
    moves._steps = counted
    try:
        for k in range(scaled(600, 200)):
            g = random_position(rng) if k % 4 == 0 else boxed(rng, KINDS[k % 4 - 1])
            # a game its load ended for want of a step is asked again
            if g is None or g.bonus or not (g.to_move or g.result()[3] == "no_legal_move"):
                continue
            p = "XO"[g.side - 1]
            cells = m_cells(field(g, "cells"))
            reserve = field(g, "reserves")[p]
            risky = cells[M_F6] == p and m_count(cells, M_GATES, p) == 8
            quick = quick_look(cells, p, reserve, risky)
            seen[2] += risky and quick != quick_look(cells, p, reserve, False)
            calls[0] = 0
            got = moves.has_step(g)
            asked = calls[0]
            if quick:
                assert got is True and asked == 0, g.dump()
            else:
                assert asked == 1 and got == (count(g) > 0), g.dump()
            seen[0 if quick else 1] += 1
    finally:
        moves._steps = real
    assert seen[0] > scaled(150, 50) and seen[1] > scaled(120, 40) and seen[2] > scaled(35, 10), seen


# -- a player left with far steps only ---------------------------------------------
# After O's i1-b11, X's one stone (a11) has no free cell beside it that O does not
# secure and X has no stone in reserve, yet X can step: through b10, which O secures
# (a10 b11 c9) but which X may cross. The engine's quick look at the end of a turn
# finds no step there, and the turn's end is decided by the whole move list.
FAR = {"X": "a11", "O": "f1 i1 f3 i3 k5 h6 a7 f7 c8 c9 f9 a10"}
CYCLE = ("i1-b11", "a11-e11", "b11-i1", "e11-a11")


def far(turn, to_move="O", o=FAR["O"], o_reserve=0):
    return position("hexmeister", {"X": FAR["X"], "O": o}, to_move, turn=turn,
                    reserves={"X": 0, "O": o_reserve})


def test_a_player_with_only_far_steps_plays_on():
    g = far(211)
    g.play("i1-b11")
    assert g.result() is None and g.to_move == 1 and g.turn == 212
    steps = [g.text(m) for m in g.moves()]
    assert steps and all(t.startswith("a11-") for t in steps) and "a11-b10" not in steps


def test_a_player_with_only_far_steps_draws_at_the_turn_limit():
    g = far(299)
    g.play("i1-b11")
    assert g.result() == (0, 0, 0, "turn_limit")
    g = far(298)
    g.play("i1-b11")
    assert g.result() is None


def test_a_playout_plays_on_past_a_player_with_only_far_steps():
    # O to move with X boxed in as after i1-b11: most of O's steps leave X with far
    # steps only, and the playout must carry on from there, and stop where told
    boxed = FAR["O"].replace("i1", "b11")
    for seed in (1, 2, 5):
        g = far(211, "O", boxed)
        assert g.playout(seed, 1000) is not None and not g.to_move
        g = far(211, "O", boxed)
        assert g.playout(seed, 3) is None and g.to_move and g.turn <= 214


def plies_are_steps(start, seed, plies):
    """playout(seed, k) of a copy of start is one legal step on from playout(seed,
    k - 1), for k up to plies (or the game's end)."""
    last = start.copy()
    for k in range(1, plies + 1):
        if not last.to_move:
            return
        g = start.copy()
        g.playout(seed, k)
        now, found = g.dump(), False
        del g
        for m in last.moves():
            h = last.copy()
            h.play(m)
            found = h.dump() == now
            del h
            if found:
                break
        assert found, (start.dump(), seed, k)
        last = start.copy()
        last.playout(seed, k)


def test_each_ply_of_a_playout_is_one_step_across_far_step_turn_ends():
    # The kernel hands a turn end that needs the whole move list back to the game,
    # which calls it again with the plies left: each ply is still one step.
    boxed = FAR["O"].replace("i1", "b11")
    for seed in (1, 2, 5):
        plies_are_steps(far(211, "O", boxed), seed, 9)


def test_a_playout_where_the_mover_has_no_step_returns_at_once():
    # A running game always has a step (else the turn before ended it). A state
    # broken by hand, X's reserve emptied at the start, must not hang the
    # playout, and with it the board's search: nothing is played, nothing ends.
    g = hexgames.new("hexmeister")
    g.res[1] = 0
    before = g.dump()
    assert g.moves() == []
    assert g.playout(5, 100) is None
    assert g.to_move == 1 and g.dump() == before


def test_300_turns_without_a_drop_or_a_capture_draw_at_the_turn_limit():
    # Every start of turn since the last drop or capture is kept for the
    # repetition count, so a game that never changes its material fills the
    # list to the end: 301 positions, turns 0 to 300 (a list one short would
    # be written past its end, which on the chip's native step corrupts the heap).
    rng = Rng(1)
    g = position("hexmeister", {"X": "d11 c10 b9 e10 d9 a8", "O": "h1 i2 j3 g2 h3 k4"},
                 reserves={"X": 0, "O": 0})
    material = (bytes(g.res), bytes(g.nst))
    while g.to_move:
        ms = g.moves()
        while True:
            m = ms.pop(rng.below(len(ms)))
            h = g.copy()
            h.play(m)
            if (bytes(h.res), bytes(h.nst)) == material and (h.to_move or h.turn == 300):
                break                       # no capture, and no end but the turn limit
        g.play(m)
    assert g.result() == (0, 0, 0, "turn_limit") and g.turn == 300 and g.nrep == 301


def test_a_position_with_only_far_steps_repeats_to_a_draw():
    # loaded with X to move after i1-b11 (the load counts it once): the cycle
    # brings it back twice, and the third time draws
    g = far(276, "X", FAR["O"].replace("i1", "b11"))
    for t in CYCLE[1:] + CYCLE + CYCLE[:1]:
        assert g.result() is None, t
        g.play(t)
    assert g.result() == (0, 0, 0, "repetition") and g.turn == 284
    assert g.moves_into(BUF) == 0 and g.moves() == []


def test_a_loaded_position_counts_toward_a_repetition():
    # counted once when loaded, then twice by the steps that bring it back: the
    # hash of the load and the steps' own must agree, reserves (here unequal) too
    g = far(275, "O", o_reserve=2)
    for t in CYCLE + CYCLE:
        assert g.result() is None, t
        g.play(t)
    assert g.result() == (0, 0, 0, "repetition") and g.turn == 283


# -- move generation's bookkeeping ----------------------------------------------------

def test_a_base_cell_with_four_neighbours_of_the_other_side_takes_no_drop():
    g = position("hexmeister", {"X": "f9", "O": "b11 d11 c10 d10"}, "X",
                 reserves={"X": 5, "O": 5})
    assert [g.text(m) for m in g.moves() if g.text(m).startswith("drop")] == ["drop e11"]
    rejects(g, "drop c11", "c11 is secured by O")


def test_the_stamps_restart_before_16_bits_run_out():
    # the flood's labels and stamps count up across calls, in 16-bit tables, and
    # restart past 65,000; a step list made just past that matches one made before
    from hexgames.hexmeister.moves import GS
    ctr = GS[-1]
    for seed in range(scaled(4, 2)):
        g = hexgames.new("hexmeister")
        rng = Rng(seed)
        for _ in range(40):
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])
        want = g.moves()
        for k in range(3):
            for v in (65000, 65001, 65530):
                ctr[k] = v
                assert g.moves() == want, (seed, k, v)
                assert ctr[k] < 65000 or v == 65000, (k, v)


def test_stones_with_only_each_other_beside_them_have_no_step():
    # X's four stones in the corner: around each, X's own stones, O's, and cells
    # O secures; no stone in reserve. Stones of X beside one another are no
    # free cells, which the quick look for a step must not take them for
    g = position("hexmeister", {"X": "f1 g1 e2 f2", "O": "h1 h2 d3 e3 f3 g3 h3 d4 f4"}, "X",
                 turn=50, reserves={"X": 0, "O": 9})
    assert g.result() == (2, 0, 0, "no_legal_move") and g.moves() == []


def test_a_ring_one_gate_short_is_a_threat_to_win():
    # win_threat() looks at the groups one gate short: a line has 5 gates, a ring 6
    for x, step in (("f3 i3 i6 f9 c9 b6", "b6-c6"), ("f1 k1 k6 f11 a11 b6", "b6-a6")):
        g = position("hexmeister", {"X": x, "O": "h1 i1"}, "X", turn=20,
                     reserves={"X": 10, "O": 10})
        assert g.win_threat()
        g.play(step)
        assert g.result() == (1, 0, 0, "encirclement")
        g = position("hexmeister", {"X": x, "O": "h1 i1"}, "O", turn=20,
                     reserves={"X": 10, "O": 10})
        assert not g.win_threat()


def state(g):
    """Everything a step changes (STATE), as plain values; of the repetition list
    only the entries in use."""
    out = []
    for k in g.STATE:
        v = getattr(g, k)
        if k == "rep":
            v = [v[i] for i in range(g.nrep)]
        elif isinstance(v, tuple):
            v = tuple([x if x is None or isinstance(x, (int, str)) else bytes(x) for x in v])
        elif not isinstance(v, (int, bool, str, type(None))):
            v = bytes(v)
        out.append((k, v))
    return out


def test_undo_rebuilds_every_table():
    # random steps from the start and from a loaded position, all taken back
    rng = Rng(21)
    for g in (hexgames.new("hexmeister"), far(211)):
        fresh = state(g)
        for _ in range(30):
            if not g.to_move:
                break
            ms = g.moves()
            g.play(ms[rng.below(len(ms))])
        while g.history():
            g.undo()
        assert state(g) == fresh


def test_no_undo_after_a_playout():
    g = far(211)
    g.play("i1-b11")
    g.playout(1, 5)
    assert raises(IllegalMove, g.undo) == "undo is not available after playout()"


def test_a_stated_draw_by_repetition_is_taken_as_stated():
    # a position holds no history: a repetition draw it states is believed, a
    # repetition won by one side is not a thing
    draw = {"winner": None, "reason": "repetition"}
    g = position("hexmeister", FAR, "O", turn=120, reserves={"X": 0, "O": 0}, result=draw)
    assert g.result() == (0, 0, 0, "repetition") and not g.to_move
    for w in ("X", "O"):
        msg = raises(ValueError, position, "hexmeister", FAR, "O", turn=120,
                     reserves={"X": 0, "O": 0}, result={"winner": w, "reason": "repetition"})
        assert "repetition cannot end in a win for " + w in msg, msg


def test_position_fields_at_their_edges():
    def load(**fields):
        d = {"game": "hexmeister", "options": {"base": 6},
             "cells": {"c11": "X", "d11": "X", "b10": "X", "e10": "X", "c10": "X", "g9": "X",
                       "h8": "X", "h1": "O"}, "to_move": "X"}
        d.update(fields)
        return hexgames.load(encode(d))
    g = load()                                   # reserves and turn left out
    assert g.res[1] == 11 and g.res[2] == 17 and g.turn == 0 and not g.bonus
    for fields, words in (({"reserves": {"O": 3}}, "reserves"),
                          ({"reserves": {"X": 12, "O": 0}}, "more than 18"),   # 12 + 7
                          ({"bonus": 0}, "bonus")):
        assert words in raises(ValueError, load, **fields), fields
    assert load(reserves={"X": 11, "O": 0}).res[1] == 11


def test_a_finished_game_threatens_nothing():
    g = position("hexmeister", {"X": "f3 i3 i6 f9 c9 b6", "O": "h1 i1"}, "X", turn=20,
                 reserves={"X": 10, "O": 10})
    g.play("b6-c6")
    assert g.result()[3] == "encirclement" and not g.win_threat()


# -- step numbers off the board ------------------------------------------------------

def test_step_numbers_off_the_board_are_refused():
    # a step is o << 7 | d, DROP | c (DROP = 0x4000) or PASS (0x8000); each part
    # must name one of the 91 cells
    g = far(211)
    rejects(g, 0, "f1-f1: the stone must move to another cell")
    for m in (-1, 0x4000 | 91, 0x4000 | 127, 91 << 7, 5 << 7 | 91, 5 << 7 | 127, 0x8001):
        assert "%r is not a Hexmeister step" % (m,) == raises(ValueError, g.text, m)
        rejects(g, m, "%r is not a Hexmeister step" % (m,))
    assert g.text(0x4000 | 90) == "drop f11" and g.text(90 << 7 | 89) == "f11-e11"
    assert g.text(0x8000) == "pass"
    for s in (12, None, b"a11-e11"):
        assert raises(IllegalMove, g.parse, s) == "%r is not Hexmeister notation" % (s,)
    rejects(g, "a11 -e11", "is not a Hexmeister step")


# -- the board map as the kernels read it ----------------------------------------------

def test_the_kernels_board_map_packs_each_table_at_its_offset():
    # tables.KT is what the native kernels read (CPython's twins read the tables
    # themselves): each table at its K_ offset, groups padded with 255 to their
    # slots, every byte of K_SIZE accounted for
    from hexgames.hexmeister import tables as T
    kt = T.KT
    assert len(kt) == T.K_SIZE
    filled = bytearray(T.K_SIZE)

    def at(off, data, slot=None):
        data = bytes(data)
        slot = slot or len(data)
        assert kt[off:off + slot] == data + b"\xff" * (slot - len(data)), (off, data)
        for i in range(off, off + slot):
            assert not filled[i], i
            filled[i] = 1
    at(T.K_NBR, T.BOARD.nbr)
    at(T.K_GATE_NO, T.GATE_NO)
    at(T.K_BASE_OF, T.BASE_OF)
    at(T.K_BGATE_OF, T.BASE_GATE_OF)
    at(T.K_GATES, T.GATES)
    for k in range(T.N_GROUPS):
        at(T.K_GROUPS + 6 * k, T.GROUPS[k], 6)
    at(T.K_GSIZE, T.GROUP_SIZE)
    for k in range(13):
        at(T.K_GGROUPS + 9 * k, T.GATE_GROUPS[k], 9)
        at(T.K_NGG + k, [len(T.GATE_GROUPS[k])])
        at(T.K_GTRIS + 6 * k, T.GATE_TRIANGLES[k], 6)
        at(T.K_NGT + k, [len(T.GATE_TRIANGLES[k])])
    for p in (1, 2):
        at(T.K_BASES + 4 * (p - 1), T.BASES[p])
        at(T.K_BGATES + 2 * (p - 1), T.BASE_GATES[p])
        at(T.K_PASS + 273 * (p - 1), T.PASSABLE[p])
    assert all(filled)


def test_a_drop_off_the_movers_base_names_the_base_cells():
    for side, other, cells in (("X", "O", "b11 c11 d11 e11"), ("O", "X", "g1 h1 i1 j1")):
        g = position("hexmeister", {"X": "f6", "O": "a6"}, side, reserves={"X": 3, "O": 3})
        far = "drop h1" if side == "X" else "drop c11"
        assert raises(IllegalMove, g.play, far).endswith(
            "is not one of %s's base cells (%s)" % (side, cells))
