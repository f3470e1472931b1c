"""The rules pages (docs/rules/<game>.md) for the web page: each page's Markdown as
HTML, and its pictures, written into the web build by tools/web/build.py:

    <out>/rules.json        {"games": [[game, title], ...], "pages": {game: html}}
    <out>/rules/img/*.svg   the pictures the pages show (docs/rules/img)

The pages use little Markdown: headings, paragraphs, "* " lists, a picture alone on its
line, **bold** and `code`. Anything else (a table, a link) is refused by name, so a page
never shows raw Markdown in the browser.
"""
import html
import json
import os
import re
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCS = os.path.join(ROOT, "docs", "rules")
GAMES = ("hexgo", "hexade", "xiago", "inphexion", "hexmeister", "hex")
PICTURE = re.compile(r"^!\[([^\]]*)\]\(img/([a-z0-9-]+\.svg)\)$")


def _inline(text):
    if "](" in text or "|" in text:
        raise ValueError("a link or table in the line %r: the web page's rules show neither" % text)
    out = html.escape(text, quote=False)
    out = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out)
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", out)


def to_html(md, name="page"):
    """The page's HTML and the pictures it shows ([file name, ...])."""
    out, para, items, pictures = [], [], [], []

    def flush():
        if para:
            out.append("<p>%s</p>" % _inline(" ".join(para)))
            del para[:]
        if items:
            out.append("<ul>%s</ul>" % "".join("<li>%s</li>" % _inline(" ".join(i)) for i in items))
            del items[:]

    for line in md.split("\n"):
        s = line.strip()
        pic = PICTURE.match(s)
        if not s:
            flush()
        elif s.startswith("#"):
            flush()
            level = len(s) - len(s.lstrip("#"))
            out.append("<h%d>%s</h%d>" % (level + 1, _inline(s[level:].strip()), level + 1))
        elif pic:
            flush()
            pictures.append(pic.group(2))
            out.append('<figure><img src="rules/img/%s" alt="%s"></figure>'
                       % (pic.group(2), html.escape(pic.group(1))))
        elif s.startswith("* "):
            if para:
                flush()
            items.append([s[2:]])
        elif items and line.startswith("  "):
            items[-1].append(s)              # a list item's next line
        elif s.startswith(("!", "|", "<", "```")):
            raise ValueError("%s: a line the web page cannot show: %r" % (name, s))
        else:
            if items:
                flush()
            para.append(s)
    flush()
    return "\n".join(out), pictures


def write(out):
    """Write rules.json and the pictures into the web build folder out."""
    pages, titles = {}, []
    os.makedirs(os.path.join(out, "rules", "img"), exist_ok=True)
    for game in GAMES:
        with open(os.path.join(DOCS, game + ".md"), encoding="utf-8") as f:
            md = f.read()
        titles.append([game, md.split("\n")[0].lstrip("# ").strip()])
        pages[game], pictures = to_html(md, game + ".md")
        for p in pictures:
            shutil.copy(os.path.join(DOCS, "img", p), os.path.join(out, "rules", "img", p))
    with open(os.path.join(out, "rules.json"), "w", encoding="utf-8") as f:
        json.dump({"games": titles, "pages": pages}, f, separators=(",", ":"))
