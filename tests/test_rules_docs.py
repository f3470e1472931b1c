# The rules pages' pictures (tools/docs/rules.py): drawn from the engine, each one a
# check of what its figure claims, and committed fresh.
import copy
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "docs"))
import figures  # noqa: E402
import rules  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"
GAMES = ("hexgo", "hexade", "xiago", "inphexion", "hexmeister", "hex")


def test_pictures_are_fresh():
    assert rules.stale() == [], "run: python tools/docs/rules.py"


def test_check_flag_exit_status():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "docs", "rules.py"), "--check"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_every_game_has_pictures_and_every_page_shows_only_real_ones():
    for game in GAMES:
        assert [f for f in figures.FIGURES if f.split("-")[0] == game], game
        with open(os.path.join(ROOT, "docs", "rules", game + ".md"), encoding="utf-8") as f:
            page = f.read()
        used = [line.split("(img/")[1].split(".svg")[0] for line in page.split("\n")
                if "](img/" in line]
        assert used, game
        for name in used:
            assert name in figures.FIGURES, (game, name)


def _broken(monkeypatch, name, **change):
    figs = copy.deepcopy(figures.FIGURES)
    figs[name].update(change)
    monkeypatch.setattr(rules, "FIGURES", figs)
    with pytest.raises(rules.FigureError) as e:
        rules.outputs()
    assert ("figure %s:" % name) in str(e.value)
    return str(e.value)


def test_a_capture_the_engine_does_not_make_stops_the_tool(monkeypatch):
    fig = figures.FIGURES["hexgo-capture"]
    msg = _broken(monkeypatch, "hexgo-capture", expect=dict(fig["expect"], emptied=["d4", "c5"]))
    assert "emptied ['d4']" in msg


def test_a_move_claimed_illegal_that_the_engine_plays_stops_the_tool(monkeypatch):
    msg = _broken(monkeypatch, "hexgo-locked", expect={"illegal": ["a4"]})
    assert "'a4' was played" in msg


def test_a_wrong_result_or_info_stops_the_tool(monkeypatch):
    assert "result" in _broken(monkeypatch, "hexade-six-wins", expect={"result": ("O", "six")})
    assert "info()['me']" in _broken(monkeypatch, "hexgo-me", expect={"info": {"me": {"d4": "O"}}})


def test_a_position_the_engine_refuses_stops_the_tool(monkeypatch):
    pos = copy.deepcopy(figures.FIGURES["xiago-capture"]["position"])
    pos["cells"]["a4"] = "X"                 # X on a4 and O on a5 without a liberty
    assert "refuses the position" in _broken(monkeypatch, "xiago-capture", position=pos)


def test_a_picture_shows_the_board_stones_move_and_names():
    fig = figures.FIGURES["hexgo-capture"]
    g, paths, gone, before = rules.run(fig)
    root = ET.fromstring(rules.svg(fig, g, paths, gone, before))
    assert root.tag == NS + "svg"
    assert len(root.findall(NS + "polygon")) == 37
    texts = [t.text for t in root.iter(NS + "text")]
    assert sorted(texts) == sorted([str(k) for k in range(1, 8)] + list("abcdefg"))
    stones = root.findall(NS + "circle")
    fills = sorted(c.get("fill") for c in stones)
    # X c4 e4 d5 d3 (red-orange), O c5 e3 (blue), d4's ghost and the ring of the move
    assert fills.count("#ff3008") == 4 and fills.count("#1860ff") == 2 and fills.count("none") == 2
    assert gone == ["d4"] and paths == [["d3"]]


def test_every_page_becomes_html_with_its_sections_and_pictures():
    import pages
    for game in GAMES:
        with open(os.path.join(ROOT, "docs", "rules", game + ".md"), encoding="utf-8") as f:
            md = f.read()
        text, pictures = pages.to_html(md, game)
        heads = [line[3:] for line in md.split("\n") if line.startswith("## ")]
        assert [h for h in heads if "<h3>%s</h3>" % h in text] == heads
        assert pictures == [line.split("(img/")[1][:-1] for line in md.split("\n") if line.startswith("![")]
        assert "**" not in text and "![" not in text and "`" not in text


def test_markdown_the_web_page_cannot_show_is_refused():
    import pages
    text, _ = pages.to_html("## A\n\nSome **bold** `d4` & <b>\n\n* one\n  two\n* three\n")
    assert text == ("<h3>A</h3>\n<p>Some <strong>bold</strong> <code>d4</code> &amp; &lt;b&gt;</p>\n"
                    "<ul><li>one two</li><li>three</li></ul>")
    for bad in ("| a | b |", "see [this](x.md)", "![a picture](elsewhere.png)"):
        with pytest.raises(ValueError):
            pages.to_html("# T\n\n" + bad + "\n")
