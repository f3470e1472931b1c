# The web page's Rules panel (web/rules.js, web/shown.py; the pages built by
# tools/docs/pages.py into the web build): opened from the menu and from a game, it
# shows that game's rules with their pictures, in headless Chromium.
import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "web"))
import harness  # noqa: E402
import web_page  # noqa: E402
from web_page import built, site  # noqa: E402, F401 (fixtures)
from harness import click_cell, frames, ready, start_game, state  # noqa: E402

playwright = web_page.require()


@pytest.fixture
def page(site):
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=harness.chromium())
        pg = b.new_page(viewport={"width": 760, "height": 900})
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.on("console", lambda m: m.type == "error" and errors.append(m.text))
        pg.goto(site)
        ready(pg)
        frames(pg)
        yield pg
        b.close()
        assert not errors, errors


def page_of(game):
    with open(os.path.join(ROOT, "docs", "rules", game + ".md"), encoding="utf-8") as f:
        md = f.read()
    return (md.split("\n")[0].lstrip("# "), re.findall(r"^## (.+)$", md, re.M),
            re.findall(r"\]\(img/([a-z0-9-]+\.svg)\)", md))


def shown(page, game):
    """Open the panel; check it shows game's page: its title, sections and every
    picture loaded and drawn."""
    page.click("#rules-open")
    page.wait_for_selector("#rules[open] #rules-text h2")
    title, sections, pictures = page_of(game)
    got = page.evaluate("""() => {
        const t = document.getElementById("rules-text");
        return {game: t.dataset.game, title: t.querySelector("h2").textContent,
                sections: [...t.querySelectorAll("h3")].map((h) => h.textContent),
                pressed: document.querySelector("#rules-games [aria-pressed=true]").dataset.game};
    }""")
    assert got == {"game": game, "title": title, "sections": sections, "pressed": game}
    page.wait_for_function("() => [...document.querySelectorAll('#rules-text img')]"
                           ".every((i) => i.complete && i.naturalWidth > 0)")
    imgs = page.evaluate("() => [...document.querySelectorAll('#rules-text img')]"
                         ".map((i) => [i.getAttribute('src'), i.alt.length, i.naturalWidth])")
    assert [i[0] for i in imgs] == ["rules/img/" + p for p in pictures] and pictures
    assert all(alt > 10 and w > 100 for _, alt, w in imgs)


def test_rules_from_the_menu_show_the_game_selected_there(page):
    s = state(page)
    assert s["screen"] == "Menu" and s["page"] == "game"
    cell = [c[2] for c in s["choices"] if c[1] == "xiago"][0]
    click_cell(page, cell)                 # one press selects XiaGo, a second would go on
    frames(page)
    shown(page, "xiago")
    page.click("#rules-games button[data-game=hexmeister]")    # another game's page
    assert page.evaluate("document.getElementById('rules-text').dataset.game") == "hexmeister"
    page.click("#rules-close")
    assert not page.evaluate("document.getElementById('rules').open")
    assert state(page)["page"] == "game"   # reading the rules changed nothing in the menu


def test_rules_in_a_game_show_that_game_and_keys_stay_in_the_panel(page):
    s = start_game(page, "inphexion", 1)
    assert s["game"] == "inphexion"
    shown(page, "inphexion")
    page.keyboard.press("Shift+M")         # the board's Menu key, typed in the panel
    frames(page)
    assert state(page).get("game") == "inphexion" and state(page)["screen"] != "Menu"
    page.keyboard.press("Escape")
    assert not page.evaluate("document.getElementById('rules').open")


def test_the_rules_and_their_pictures_are_kept_offline(built):
    with open(os.path.join(built, "sw.js"), encoding="utf-8") as f:
        sw = f.read()
    files = ["rules.js", "rules.json"] + ["rules/img/" + p for g in
                                         ("hexgo", "hexade", "xiago", "inphexion", "hexmeister", "hex")
                                         for p in page_of(g)[2]]
    assert [f for f in files if '"%s"' % f not in sw] == []
