"""The web page's figures in headless Chromium (Debian's), on this machine:

    python tools/web/bench.py [--moves 3] [--loads 3]

prints the first paint of the menu (ms from navigation start; cold, then warm
loads), the total transfer of a load (bytes), and per game at level 3 (--level)
on its largest board the opponent's answer time (ms from the start of its search,
right after the person's move is played and saved, to its end) and the longest
frame while it thinks (ms between the animation frames around a frame in which
it searched). Targets from issue 20:
first paint 3000 ms, answer 2000 ms, frame 100 ms, transfer 2 MB.
"""
import argparse
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402
import harness  # noqa: E402

GAMES = ("hexgo", "hexade", "xiago", "inphexion", "hexmeister", "hex")


def _wasm_version():
    """The WebAssembly build's version, as tools/wasm/package.json pins it."""
    import json
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "wasm", "package.json")) as f:
        deps = json.load(f)["dependencies"]
    return deps.get("@micropython/micropython-webassembly-pyscript", "?")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=3, help="person's moves per game")
    ap.add_argument("--loads", type=int, default=3, help="page loads for the first paint")
    ap.add_argument("--level", type=int, default=3, choices=(1, 2, 3, 4, 5))
    a = ap.parse_args(argv)
    path = harness.chromium()
    if path is None:
        print(harness.MISSING)
        return 1
    from playwright.sync_api import sync_playwright
    out = build.build(tempfile.mkdtemp(prefix="honeycomb-web-"))
    httpd, url = harness.serve(out)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path)
        print("where: headless Chromium %s (%s), the firmware on MicroPython's WebAssembly "
              "build %s, this machine" % (browser.version, path, _wasm_version()))
        ctx = browser.new_context()
        page = ctx.new_page()
        sizes = []
        # the context's requests: the page's and its service worker's (which copies
        # the files for offline use on the first load)
        ctx.on("requestfinished", lambda r: sizes.append(r.sizes()))
        paints = []
        for k in range(a.loads):
            sizes.clear()
            page.goto(url)
            harness.ready(page)
            paints.append(page.evaluate("honeycomb.firstPaint"))
            if k == 0:
                page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                page.wait_for_timeout(500)
                total = sum(s["responseBodySize"] + s["responseHeadersSize"] for s in sizes)
                count = len(sizes)
        print("first paint of the menu: %s ms (cold, then warm loads; target 3000)"
              % ", ".join("%.0f" % t for t in paints))
        print("transfer of the first load: %d bytes in %d requests, the service worker's "
              "included (target 2 MB = 2097152)" % (total, count))
        worst_answer = worst_frame = 0
        for k, game in enumerate(GAMES):
            page.evaluate("honeycomb.longestThinking = 0; honeycomb.thinkingFrames = 0")
            before = len(page.evaluate("honeycomb.answers"))
            harness.start_game(page, game, a.level, smallest=False)
            for m in range(a.moves):
                s = harness.state(page)
                if s["over"] or s["screen"] != "Play":
                    break
                harness.play_move(page, 100 * k + m)
                harness.wait_answer(page, s["plies"], timeout=60000)
            answers = page.evaluate("honeycomb.answers")[before:]
            frame = page.evaluate("honeycomb.longestThinking")
            frames = page.evaluate("honeycomb.thinkingFrames")
            board = page.evaluate("honeycomb.py.share()").split(":")[0]
            print("level %d, %-24s answers %s ms (max %.0f, median %.0f); longest frame while "
                  "thinking %.0f ms of %d" % (a.level, board, ", ".join("%.0f" % t for t in answers),
                                               max(answers), statistics.median(answers), frame, frames))
            worst_answer = max(worst_answer, max(answers))
            worst_frame = max(worst_frame, frame)
            harness.fn(page, "MENU")
            harness.frames(page)
        print("worst level-%d answer %.0f ms (target 2000 at level 3); longest frame while "
              "thinking %.0f ms (target 100)" % (a.level, worst_answer, worst_frame))
        errors = page.evaluate("honeycomb.errors")
        if errors:
            print("page errors:", errors)
        browser.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
