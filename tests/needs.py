# A test that needs a tool this machine lacks (Chromium, node and rp2040js, the Pico
# kit, the ARM toolchain, pygame) calls need(tool, why) instead of pytest.skip: on a
# newcomer's machine it skips with its one line, but under CI (CI=true in the
# environment, as .ci/run is started) it fails, naming what was missing. A green CI
# must mean every test ran: a skipped browser or chip would otherwise pass unseen.
import os

import pytest


def in_ci():
    """True where the environment says CI (CI=true, or any value but 0/false/no)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def need(tool, why, module=False):
    """Skip (locally) or fail (under CI) when why is set; nothing when it is None.
    tool names what is missing; why is the one line saying how to get it.
    module=True at a test module's top: the whole module."""
    if not why:
        return
    if in_ci():
        # pytrace=False: the one line, not a traceback through this helper.
        pytest.fail("CI is missing %s: %s" % (tool, why), pytrace=False)
    pytest.skip(why, allow_module_level=module)


def need_module(tool, name, why):
    """The module `name`, imported; else need(tool, why) (pytest.importorskip's role)."""
    try:
        return __import__(name, fromlist=["_"])
    except ImportError:
        need(tool, why, module=True)


def need_rp2040js(pico):
    """node and rp2040js (in pico, tools/pico), for a test module of the emulated
    chip's parts that runs without the Pico kit: need() for each, module-wide."""
    import shutil
    need("node", shutil.which("node") is None
         and "node is missing: the emulated chip runs on Node.js", module=True)
    need("rp2040js", not os.path.isdir(os.path.join(pico, "node_modules", "rp2040js"))
         and "rp2040js is missing: npm ci --prefix tools/pico", module=True)
