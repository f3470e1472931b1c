# Turning presses into moves, for any game (DESIGN.md section 3).
#
# Every legal move has an input path, g.cells(m): the cells a person presses, in
# order. The cells pressed so far form a prefix; the cells that continue some legal
# move light up (cand = 1); once the prefix spells a whole move it blinks (cand = 3)
# and pressing its last cell again plays it: one stray press never plays a move.
# Pressing the last pressed cell of an unfinished path takes that step back. Paths
# are prefix-free in every game, and where one is a prefix of another anyway, the
# confirming press tells them apart. Moves without cells (pass, swap) are armed by
# OK and played by a second OK.
from micropython import const

PLAY = const(0)        # press()/ok() results besides a move to play (an int >= 0)
TAKEN = const(-1)      # the press changed the input: click
REFUSED = const(-2)    # nothing legal starts so: blink red, low tone


class Entry:
    def __init__(self, n):
        self.cand = bytearray(n)     # 1 continues the input, 2 pressed, 3 the last cell of a whole move
        self.sel = []                # game cells pressed so far
        self.pending = -1            # the whole move the input spells
        self.armed = -1              # a move without cells, waiting for its second OK

    def busy(self):
        return bool(self.sel) or self.armed >= 0

    def clear(self):
        cand = self.cand
        for i in range(len(cand)):
            cand[i] = 0
        self.sel = []
        self.pending = self.armed = -1

    def match(self, g, prefix):
        """(some legal move starts with prefix, the move it spells or -1, next cells)."""
        k = len(prefix)
        found = False
        whole = -1
        nexts = []
        for m in g.moves():
            p = g.cells(m)
            if len(p) >= k and p[:k] == prefix:
                found = True
                if len(p) == k:
                    whole = m
                else:
                    nexts.append(p[k])
        return found, whole, nexts

    def select(self, prefix, whole, nexts):
        self.clear()
        cand = self.cand
        for c in nexts:
            cand[c] = 1
        for c in prefix:
            cand[c] = 2
        if whole >= 0:
            cand[prefix[-1]] = 3
        self.sel = prefix
        self.pending = whole

    def press(self, g, gi):
        """Game cell gi pressed: a move to play, TAKEN or REFUSED."""
        sel = self.sel
        if sel and gi == sel[-1]:
            if self.pending >= 0:
                return self.pending
            prefix = sel[:-1]                 # take back the last step of the input
            if prefix:
                self.select(prefix, *self.match(g, prefix)[1:])
            else:
                self.clear()
            return TAKEN
        for prefix in (sel + [gi], [gi]):
            found, whole, nexts = self.match(g, prefix)
            if found:
                self.select(prefix, whole, nexts)
                return TAKEN
        return REFUSED

    def ok(self, g):
        """OK pressed: the move the input spells, the armed move, or else arm the
        first legal move without cells (TAKEN); REFUSED when there is none."""
        if self.pending >= 0:
            return self.pending
        if self.armed >= 0:
            return self.armed
        for m in g.moves():
            if not g.cells(m):
                self.clear()
                self.armed = m
                return TAKEN
        return REFUSED

    def show(self, g, m):
        """Put move m into the input, ready for the confirming press (hints)."""
        path = g.cells(m)
        if path:
            self.select(path, m, [])
        else:
            self.clear()
            self.armed = m
        return path
