# The board in words, for the page's accessibility: what a screen reader cannot see on
# the canvas. label() describes the position (the board's aria-label); News tells the
# page's live region each move as it is played, yours and the computer's, a take-back,
# and the result. Both read the app's state only; browser.frame() sends them.
from app import games
from app.names import shown_play

_RESULT = ("Draw", "X wins", "O wins")
_PIECE = {"X": "X", "O": "O", "N": "neutral"}


def side(play, p):
    """Who side p is, in the game's words: X or O, and you or the computer."""
    xo = "XO"[p - 1]
    if not play.level:
        return xo
    return "%s (you)" % xo if p == play.human else "%s (the computer)" % xo


def label(app):
    """The position: the game, each side's cells by name, whose turn; elsewhere (the
    menu) what the screen shows, which names its choices by their cells."""
    play = shown_play(app)
    if play is None:
        return "The board. " + app.caption
    g = play.g
    held = {}
    order = []
    for name, sym in g._cell_pairs():
        if sym not in held:
            held[sym] = []
            order.append(sym)
        held[sym].append(name)
    parts = ["%s on %d cells." % (games.title(play.name), g.board.n)]
    for sym in sorted(order, key=lambda s: "XON".find(s) % 9):
        who = side(play, " XO".index(sym)) if sym in "XO" else _PIECE.get(sym, sym)
        parts.append("%s: %s." % (who, ", ".join(held[sym])))
    if not order:
        parts.append("Empty.")
    r = g.result()
    parts.append(result(play) if r is not None else "%s to move." % side(play, g.to_move))
    return " ".join(parts)


def result(play):
    winner, s1, s2, reason = play.g.result()
    you = ""
    if play.level and winner:
        you = " - you win" if winner == play.human else " - the computer wins"
    score = (" %s : %s" % (s1, s2)) if s1 or s2 else ""
    return "%s%s (%s%s)." % (_RESULT[winner], you, reason, score)


class News:
    """What happened since the last look, for the live region: a line per move."""

    def __init__(self):
        self.play = None
        self.plies = 0
        self.over = False

    def since(self, app):
        play = shown_play(app)
        if play is None:
            self.play = None
            return ""
        g = play.g
        h = g.history()
        over = g.result() is not None
        if play is not self.play:           # a game begun or resumed: nothing played yet
            self.play, self.plies, self.over = play, len(h), over
            return ""
        out = []
        if len(h) < self.plies:
            out.append("Taken back: %s to move." % side(play, g.to_move))
        for k in range(self.plies, len(h)):
            try:
                move = g.text(h[k])
            except ValueError:
                move = "a move"
            who = side(play, play.sides[k]) if k < len(play.sides) else "A side"
            out.append("%s played %s." % (who, move))
        if over and not self.over:
            out.append(result(play))
        self.plies, self.over = len(h), over
        return "\n".join(out)
