# The lessons of Learn (app/learn.py): a few steps per game, each one key rule shown
# on a real position. Data only, kept small for the pocket image's flash.
#
# name: (board size, steps); a step is
#   (moves from the start, in the game's notation: the position shown,
#    the move(s) the player makes, in order,
#    the engine's reply after them ("" for none),
#    what to do, what it showed)
# The positions follow the worked examples of the rules (rules/<game>.md) and
# docs/rules/<game>.md, on boards that fit every layout the game is offered on.
# tests/test_learn.py plays every step on the engine and checks what it claims
# (a capture captures, a win wins).

LESSONS = {
    "hexgo": (4, (
        ("c4 c5 e3 d5 e4 g1", "d3", "",
         "A cell walled in by more of your stones than the other's is your Me. Close the ring",
         "The cell inside is X's Me: it scores for X at the end"),
        ("c4 d4 e4 c5 d5 e3", "d3", "",
         "An enemy stone walled in the same way is captured. Wall it in",
         "O's stone is taken and its cell is X's Me"),
        ("a4 c7 g2 d5 a7 c2 a5 d1 e6 e4 d3 c5 c3 b3 d7 e5 b6 c6 f5 f4 e2 d2 g4 g1 d4 b4 e1 f2 "
         "f3 a6 f1", "b5", "",
         "The game ends when the board is full. Place the last stone",
         "Each side's prisoners fill the other's Me; the Me left count: X wins 3 to 0"),
    )),
    "hexade": (5, (
        ("e5 e1", "e8", "",
         "X's second stone must be three or more cells from its first. Place it",
         "Nearer cells were closed to it; from now on any empty cell will do"),
        ("c5 d5 g3 e5", "f5", "",
         "Two enemy stones in a line between two of yours are captured. Close the line",
         "The pair is gone. One stone alone, or three, are never taken"),
        ("a5 e1 d5 f1 b5 g1 c5 h1 e5 e9", "f5", "a9",
         "Six in a row, a triangle of six or a ring of six is a shape. Finish the row",
         "O's reply did not break the row: a shape that lasts one reply wins"),
    )),
    "xiago": (4, (
        ("b5 a5 c3 b3 a6 pass", "a4", "",
         "A group with no empty cell beside it is taken. Fill O's last liberty",
         "O's stone had no liberty left: it is off the board"),
        ("d5 e5 f5 pass e6 pass", "d4-e4 e5", "",
         "A turn may slide a neutral piece first, then place. Slide it, then place",
         "The slide took O's last liberty, and X placed on the freed cell"),
        ("b3 pass c3 pass d3 pass e3 pass f3 a5 g3 b5 a4 c5 c4 d5 e4 e5 g4 f5", "pass", "pass",
         "Two passes in a row end the game. Press OK twice to pass",
         "O passed too. Stones and walled-in cells count, O has 2.5 more: X wins 17 to 15.5"),
    )),
    "inphexion": (7, (
        ("", "d4", "",
         "X joins top and bottom, O left and right. X's first disc goes anywhere",
         "From now on every turn is a push"),
        ("d4", "d4>e4", "",
         "Push: press an enemy disc, then the empty cell it moves to. Yours takes its place",
         "O pushed X's disc aside and took its cell"),
        ("a2 a2>b1", "a2>a1", "",
         "A lone enemy disc that you wall in must be moved. Push O into the corner",
         "O's disc is walled in by X and the edges: X must move it"),
        ("a2 a2>b1 a2>a1", "a1:d4", "",
         "Press the walled-in disc, then any free cell for it",
         "It is moved, and O's turn comes. Join your edges to win"),
    )),
    "hexmeister": (6, (
        ("", "drop c11", "",
         "Stones come from a reserve of 18 onto your base, the bottom row. Drop one",
         "The stone is on the board; O drops on the top row"),
        ("drop c11 drop h1", "c11-c7", "",
         "A stone runs any distance along the lanes and stops beside them. Run it up",
         "It stopped next to a gate (a corner of a ring)"),
        ("drop c11 drop h1 c11-c7 drop i1", "c7-c6", "",
         "Stepping onto a gate earns a bonus step. Step onto it",
         "X steps again. Five gates in a line through the centre win"),
        ("drop c11 drop h1 c11-d8 h1-e8 drop c11 drop h1 c11-f8 drop i1 drop c11 drop g1 c11-e10 "
         "drop j1", "e10-e9", "",
         "Three of your stones round a cell make it yours. Put a third round O's stone",
         "O's stone there is taken, and a capture earns a bonus step too"),
    )),
    "hex": (5, (
        ("", "c3", "",
         "X joins top and bottom (the lit edges), O left and right. Take the centre",
         "Stones stay where they are put; O plays next"),
        ("c1 d1 c2 b5 c3 d2 c4", "c5", "",
         "X's chain needs one more stone to reach the bottom row. Block it",
         "O took the cell X needed: X must find another way"),
        ("c1 d1 c2 d2 b3 d3 b4 d4", "a5", "",
         "Finish X's chain from the top row to the bottom row",
         "The chain joins both edges: X wins"),
    )),
}
