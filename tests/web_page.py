# One page of the web site for a browser test module: the page built once, served on
# loopback, in Debian's headless Chromium driven by playwright, and every console
# error gathered. At a module's top:
#   playwright = web_page.require()       # skips without a browser, fails under CI
# and in its fixture:
#   with web_page.opened(tmp_path_factory, "?board=hexboard") as page: yield page
import contextlib
import os
import sys

from needs import need, need_module

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "web"))
import harness  # noqa: E402

VIEWPORT = {"width": 760, "height": 900}


def require():
    """playwright's sync API; without it or Chromium the module skips (needs.py)."""
    pw = need_module("playwright", "playwright.sync_api",
                     "playwright is missing: pip install -r requirements.txt")
    need("Chromium", harness.chromium() is None and harness.MISSING, module=True)
    return pw


@contextlib.contextmanager
def opened(tmp_path_factory, path="", **context):
    """A page of a new context (context: playwright's options; a 760 x 900 viewport
    unless given) loaded at the site's URL + path and ready, or not loaded at all with
    path None (page.url0 is the site). Leaving it, no console error may have shown."""
    import build  # noqa: E402 (tools/web)
    from playwright.sync_api import sync_playwright
    httpd, url = harness.serve(build.build(str(tmp_path_factory.mktemp("web"))))
    context.setdefault("viewport", VIEWPORT)
    errors = []
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=harness.chromium())
            page = b.new_context(**context).new_page()
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.url0 = url
            if path is not None:
                page.goto(url + path)
                harness.ready(page)
            yield page
            errors += page.evaluate("honeycomb.errors")
            b.close()
    finally:
        httpd.shutdown()
    assert not errors, errors
