# Learn on the web page (app/learn.py in the browser): the Learn item of the menu,
# a game's lesson completed by clicking the lit cells with the mouse, its captions in
# the page's caption line, and a wrong click that changes nothing.
import web_page
from harness import choose, click_cell, fn, frames, state

playwright = web_page.require()


def test_hex_lesson_completed_by_clicking_the_lit_cells(tmp_path_factory):
    with web_page.opened(tmp_path_factory) as page:
        s = choose(page, "learn")
        assert s["screen"] == "Menu" and s["page"] == "learn"
        s = choose(page, "hex")
        assert s["screen"] == "Learn" and s["lesson"] == [0, 3, False]
        captions = []
        for step in range(3):
            s = state(page)
            assert s["lesson"] == [step, 3, False], s
            shown = page.inner_text("#caption")
            assert "Learn Hex %d/3" % (step + 1) in shown and "press the lit cell" in shown
            captions.append(shown)
            lit = s["targets"]
            assert len(lit) == 1, s
            if step == 0:                     # a cell that is not lit: refused, nothing changes
                other = [c for c in range(s["n"]) if c not in lit][40]
                plies = s["plies"]
                click_cell(page, other)
                frames(page)
                s = state(page)
                assert s["plies"] == plies and not s["entering"] and s["lesson"] == [0, 3, False]
            click_cell(page, lit[0])          # selects it
            frames(page)
            assert state(page)["targets"] == [] and "again" in page.inner_text("#caption")
            click_cell(page, lit[0])          # plays it
            frames(page)
            s = state(page)
            assert s["lesson"] == [step, 3, True], s
            captions.append(page.inner_text("#caption"))
            fn(page, "OK")
            frames(page)
        assert "X wins" in captions[-1] and "lesson is done" in captions[-1]
        assert "block" in captions[2].lower()
        s = state(page)
        assert s["screen"] == "Menu" and s["page"] == "learn"
