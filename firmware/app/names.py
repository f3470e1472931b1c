# Cells by name, for the front ends where a person types them (the terminal, the web
# page) and for the panel that names the knob's cell: the game's names while a game is
# on the grid, the board's elsewhere.


def shown_play(app):
    """The game on the grid (in play, or under its end or resume screen), or None."""
    s = app.screen
    return s if hasattr(s, "place") else getattr(s, "play", None)


def cell_named(app, name):
    """The layout cell a typed name means now (-1 if none): the game's names while a
    game is on the grid, the board's elsewhere and for cells off the game."""
    name = name.strip().lower()
    play = shown_play(app)
    if play is not None:
        i = play.g.board.find(name)
        if i >= 0:
            return play.place.cell[i]
    return app.layout.find(name)


def name_of(app, cell):
    """The name a player would type now for layout cell `cell`."""
    play = shown_play(app)
    i = play.place.of(cell) if play is not None else -1
    return play.g.board.name(i) if i >= 0 else app.layout.name(cell)
