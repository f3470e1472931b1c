# Colours. Values are perceptual (0..255 as you would pick them on a screen); light.py
# turns them into LED drive levels with gamma, brightness and the current limit.
#
# Two palettes: the normal one, and one for colour-blind players in which the two sides
# also differ in brightness and in a blinking pattern, so that a stone's owner never
# depends on telling two hues apart (about 1 in 12 men cannot tell red from green, and
# some cannot tell red from dark).

# Position symbols, as the renderer keeps them per cell (see render.SYMS).
EMPTY = 0
X = 1
O = 2
N = 3
X_ME = 4      # hexgo: a captured Me belonging to X ("x")
O_ME = 5

NORMAL = {
    X: (255, 48, 8),          # red-orange
    O: (24, 96, 255),         # blue
    N: (150, 150, 130),       # neutral stones: warm white
}
COLOUR_BLIND = {
    X: (255, 176, 0),         # amber: bright, steady
    O: (0, 120, 255),         # blue: shown dimmer and winks (see render.stone_level)
    N: (150, 150, 150),
}

WHITE = (255, 255, 255)
CANDIDATE = (70, 200, 70)     # cells that continue a legal move
CURSOR = (255, 255, 255)      # cells pressed so far
HINT = (120, 255, 160)
REFUSE = (255, 0, 0)
FLASH = (255, 220, 160)       # a stone that was just captured
ALARM = (255, 0, 0)           # a notice: e.g. an unreadable save file
DIM = (40, 40, 40)
TEST = (0, 140, 255)          # the settings page's self-test

# One colour per game for the menu's clusters.
GAME = {
    "hexgo": (0, 220, 80),
    "hexade": (255, 190, 0),
    "xiago": (0, 200, 230),
    "inphexion": (170, 60, 255),
    "hexmeister": (255, 40, 130),
}
OTHER_GAME = (200, 200, 200)  # a game this table does not know yet

# Opponent levels 1..5, from easy green to hard red; the PC's level 6 white.
LEVEL = ((0, 255, 0), (150, 255, 0), (255, 220, 0), (255, 120, 0), (255, 0, 0), (255, 255, 255))


def sides(colour_blind):
    return COLOUR_BLIND if colour_blind else NORMAL


def game_colour(name):
    return GAME.get(name, OTHER_GAME)
