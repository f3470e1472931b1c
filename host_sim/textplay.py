"""Play a game on the PC in plain text: moves in the rule files' notation."""
import hexgames
from hexgames.game import SYMBOL

from host_sim import diagram

HELP = """Type a move in the game's notation (several steps of one turn may be given
on one line, e.g. `d4-e4 e5`). Commands:
  moves     list the legal moves        names   show every cell's name
  undo      take back your last turn    record  print the game record
  help      this text                   quit    leave the game"""

WINNER = {0: "Draw", 1: "X wins", 2: "O wins"}


class TextGame:
    def __init__(self, game, opponent=None, human=1, say=print, ask=input):
        self.game = game
        self.opponent = opponent        # None: two people at one keyboard
        self.human = human
        self.say = say
        self.ask = ask

    def show(self):
        self.say(diagram.position(self.game))

    def computer_to_move(self):
        g = self.game
        return self.opponent is not None and g.to_move and g.to_move != self.human

    def computer_turn(self):
        g = self.game
        words = []
        while self.computer_to_move():
            m = self.opponent.choose(g)
            words.append(g.text(m))
            g.play(m)
        self.say("Computer (%s) plays: %s" % (SYMBOL[3 - self.human], " ".join(words)))

    def undo_turn(self):
        g = self.game
        if not g.history():
            self.say("Nothing to undo.")
            return
        g.undo()
        # against the computer, go back to a position where it is the human's turn
        while self.opponent and g.history() and g.to_move != self.human:
            g.undo()
        self.show()

    def command(self, line):
        g = self.game
        word = line.strip().lower()
        if word in ("help", "?"):
            self.say(HELP)
        elif word == "moves":
            self.say(" ".join(sorted(g.text(m) for m in g.moves())) or "(none)")
        elif word == "names":
            self.say(diagram.names(g.board))
        elif word == "undo":
            self.undo_turn()
        elif word == "record":
            self.say(g.record())
        elif word:
            self.play_line(line)

    def play_line(self, line):
        """Play every token of the line, or none of them."""
        g = self.game
        done = 0
        try:
            for tok in g._tokens(line.strip()):
                if not g.to_move or (self.opponent and g.to_move != self.human):
                    raise hexgames.IllegalMove("%r: it is not your move" % tok)
                g.play(g.parse(tok))
                done += 1
        except ValueError as e:
            for _ in range(done):
                g.undo()
            self.say("Not played: %s" % e)
            return
        self.show()

    def finish(self):
        r = self.game.result()
        self.say("Game over: %s (%s), score X %s : O %s." % (WINNER[r[0]], r[3], r[1], r[2]))
        self.say(self.game.record())

    def run(self):
        g = self.game
        self.say("Honeycomb %s. 'help' lists the commands." % g.NAME)
        self.show()
        while g.to_move:
            if self.computer_to_move():
                self.computer_turn()
                self.show()
                continue
            try:
                line = self.ask("%s to move> " % SYMBOL[g.to_move])
            except (EOFError, KeyboardInterrupt):
                self.say("")
                return None
            if line.strip().lower() in ("quit", "exit", "q"):
                return None
            self.command(line)
        self.finish()
        return g.result()


def play(name, options, opponent="L3", human="X", seed=1, say=print, ask=input):
    from host_sim.match import make
    game = hexgames.new(name, **options)
    bot = None if opponent == "none" else make(opponent, seed)
    return TextGame(game, bot, SYMBOL.index(human), say, ask).run()
