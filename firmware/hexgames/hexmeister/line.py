# The line a Hexmeister search is looking at: steps made and taken back in
# place on a private copy of the game (an undo stack of preallocated arrays,
# so nothing is allocated per node), a mover's bonus chain finished
# greedily, a position judged, and the best steps by the quick scorer.
from array import array
from hexgames.board import zeros
from micropython import const
from hexgames.native import pick
from hexgames.hexmeister.tables import BOARD, GATES
from hexgames.hexmeister import evaluation as ev

K = pick("hexmeister.scoring.kernels", "hexmeister.scoring.twins")
_ADJ = BOARD.adj

PLIES = const(32)         # a move, a reply, an answer and a reply to it, each with its chain
_CAP = const(8)           # captures one step can make, at most 7
_REPEAT = const(100)      # what repeating a position costs, in hundredths of a stone


def best(moves, k, start, width, val, out):
    """The `width` best of moves[0..k) by the quick scorer (ev.prepare done),
    best first, into out and their scores (+ ev.OFFSET) into val; the moves
    are read from index `start` round, so ties keep that rotation's order.
    Returns how many were kept."""
    return K.best(moves, k, start, width, val, out, ev._dv, ev._ov)


class Line:
    """g: the private copy; sp: steps made on it since the root."""

    def __init__(self):
        self.g = None
        self.s_move = zeros("i", PLIES)
        self.s_state = zeros("i", 8 * PLIES)
        self.s_caps = bytearray(_CAP * PLIES)
        self.s_res = [None] * PLIES
        self.sp = 0

    def _do(self, m):
        g = self.g
        sp = self.sp
        st = self.s_state
        b = 8 * sp
        p = g.side
        q = 3 - p
        st[b] = g.bonus
        st[b + 1] = g.turn
        st[b + 2] = p
        st[b + 3] = g.to_move
        st[b + 4] = g.nrep
        st[b + 5] = g.rmat
        st[b + 6] = g.rep[g.nrep]
        st[b + 7] = g.rep[0]
        self.s_res[sp] = g._result
        self.s_move[sp] = m
        before = g.nst[q]
        g._apply(m)
        n = before - g.nst[q]
        c = _CAP * sp
        caps = self.s_caps
        log = g.CAPLOG
        for i in range(n):
            caps[c + i] = log[i]
        caps[c + _CAP - 1] = n
        self.sp = sp + 1

    def _undo(self):
        g = self.g
        sp = self.sp - 1
        self.sp = sp
        st = self.s_state
        b = 8 * sp
        p = st[b + 2]
        m = self.s_move[sp]
        c = _CAP * sp
        g._unapply(m, p, self.s_caps, c, self.s_caps[c + _CAP - 1])
        g.bonus = st[b] != 0
        g.turn = st[b + 1]
        g.side = p
        g.to_move = st[b + 3]
        g.nrep = st[b + 4]
        g.rmat = st[b + 5]
        g.rep[g.nrep] = st[b + 6]
        g.rep[0] = st[b + 7]
        g._result = self.s_res[sp]
        self.s_res[sp] = None

    def _back(self, top):
        """Take steps back until the stack is `top` deep."""
        while self.sp > top:
            self._undo()

    def _chain(self):
        """Finish the mover's bonus chain greedily: the most valuable gate he
        can enter (each entry earns the next step). Stops when none is left
        or the game is over; the mover may still hold a step then."""
        g = self.g
        p = g.side
        while g.to_move == p and g.bonus and self.sp < PLIES - 1:
            ev.look(g)
            best = -1
            bv = -1
            cell = g.cell
            base = 13 * p
            for k in range(13):
                if ev.ent[base + k] == 1 and ev.imp[base + k] > bv:
                    bv = ev.imp[base + k]
                    best = k
            if best < 0:
                return
            c = GATES[best]
            o = -1
            for j in _ADJ[c]:
                if cell[j] == p:
                    o = j
                    break
            self._do(o << 7 | c)

    def _judge(self, me):
        """Play out the chain of the move just made and judge for `me`;
        leaves the stack where it was."""
        top = self.sp
        self._chain()
        g = self.g
        v = ev.value(g)
        if g.side != me:
            v = -v
        if g.to_move and not g.bonus:
            # a start of turn seen before: two searches that each keep to
            # their best line go round in circles to a draw by repetition;
            # counted against the searcher whoever repeats, so it looks
            # for another way on
            rep = g.rep
            n = g.nrep - 1
            h = rep[n]
            for i in range(n):
                if rep[i] == h:
                    v -= _REPEAT
                    break
        self._back(top)
        return v
