# One page of the web site for a browser test module: the page built once, served on
# loopback, in Debian's headless Chromium driven by playwright, and every console
# error gathered. At a module's top:
#   playwright = web_page.require()       # skips without a browser, fails under CI
# and in its fixture:
#   with web_page.opened(tmp_path_factory, "?board=hexboard") as page: yield page
# or, for pages of its own, the fixtures `built` (the site's folder) and `site` (its URL):
#   from web_page import built, site  # noqa: F401
import contextlib
import os
import sys

import pytest

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


def build_folder(tmp_path_factory):
    """The site as tools/web/build.py makes it, in a folder of its own."""
    import build  # noqa: E402 (tools/web)
    return build.build(str(tmp_path_factory.mktemp("web")))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build_folder(tmp_path_factory)


@pytest.fixture(scope="module")
def site(built):
    httpd, url = harness.serve(built)
    yield url
    httpd.shutdown()


@contextlib.contextmanager
def opened(tmp_path_factory, path="", **context):
    """A page of a new context (context: playwright's options; a 760 x 900 viewport
    unless given) loaded at the site's URL + path and ready, or not loaded at all with
    path None (page.url0 is the site). Leaving it, no console error may have shown."""
    from playwright.sync_api import sync_playwright
    httpd, url = harness.serve(build_folder(tmp_path_factory))
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
