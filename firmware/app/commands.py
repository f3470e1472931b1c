# The command keys beyond MENU, UNDO, OK and HINT, on a board that has them (the
# HexBoard's left edge): they act the same on every screen, so the app handles them
# before the screen sees the key.
from app import games
from app.light import BRIGHTNESS


def run(app, name):
    """LIGHT steps the brightness round, SOUND turns the sound on or off (both kept in
    the settings), NEW plays the last match again when no game is unfinished."""
    s = app.settings
    if name == "NEW":
        last = s.last
        busy = app.current is not None and app.current.g.result() is None
        if busy or not (isinstance(last, list) and len(last) == 5
                        and last[0] in games.offered(app.layout)
                        and last[1] in games.sizes(app.layout, last[0])):
            app.refuse()            # an unfinished game is never thrown away by one key
        else:
            app.new_game(last)
        return
    if name == "LIGHT":
        s.brightness = (s.brightness + 1) % len(BRIGHTNESS)
        app.light.set_brightness(s.brightness)
    elif name == "SOUND":
        s.sound = not s.sound
    app.store_settings()
    app.click()
