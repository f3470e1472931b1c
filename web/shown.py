# Which game's rules the page's Rules panel opens on (web/rules.js): the game on the
# grid, else the one the menu has selected or already chosen, else "" (the panel then
# shows its first game).
import browser


def game():
    a = browser.board.app
    play = browser.board.play_screen()
    if play is not None:
        return play.name
    s = a.screen
    if getattr(s, "page", None) == "game":
        sel = getattr(s, "sel", -1)
        if sel >= 0:
            v = s.items[sel][3]
            return v if v not in ("settings", "continue", "learn") else ""
        return ""
    return getattr(s, "game", None) or ""
