# Faults of a handheld on the emulated RP2040 (tools/pico): power cut inside the
# flash writes of a save, contacts that bounce under the key scan, a frame that
# hangs in a release build, a crash log written over and over, a whole game. The full
# sweeps are commands (make faults: python -m tools.pico.faults, powercut, bounce,
# games); here each runs a subset.
# Times asserted are emulated chip time, never wall time.
import os
import re

import pytest

from needs import need
from tools.pico.link import missing

WHY = missing()
need("the emulated chip (node, rp2040js, the Pico kit)", WHY, module=True)

RUNNING = b"honeycomb: pocket board running"


@pytest.fixture(scope="module")
def chip():
    from tools.pico.rig import app_chip
    c = app_chip()
    yield c
    c.close()


@pytest.mark.parametrize("game", ["hex", "inphexion"])
def test_power_cut_during_a_save_leaves_the_old_or_the_new_save_whole(chip, game):
    from tools.pico.powercut import Sweep, plan
    s = Sweep(chip, game)
    calls = s.prepare()
    # LittleFS writes a save in a few program calls (and erases a block when it
    # needs a fresh one); the last program is the commit that names the new file.
    assert calls and calls[-1][0] == "P" and all(k in "EP" for k, _, _, _ in calls)
    points = plan(calls, 14)
    assert {c for c, _ in points} == set(range(len(calls)))     # every call is cut
    for k, (call, done) in enumerate(points):
        s.cut(call, done, boot=k == len(points) - 1)
    assert s.failures == [] and s.lost == 0 and s.crashed == 0
    assert s.cuts == len(points)
    assert s.as_old >= 1 and s.as_new >= 1          # both outcomes met
    assert s.boots >= 2                             # the app resumed each of them


def test_the_sweep_plan_cuts_every_call_at_its_start_its_end_and_in_between():
    from tools.pico.powercut import plan
    calls = [("E", 0, 4096, 0), ("P", 0, 256, 1), ("P", 8192, 1024, 2)]
    points = plan(calls, 200)
    assert len(points) >= 190 and len(set(points)) == len(points)
    for i, (_, _, size, _) in enumerate(calls):
        assert (i, 0) in points and (i, size) in points
        assert any(0 < d < size for c, d in points if c == i)


def test_bouncy_presses_chords_and_holds_give_one_press_each(chip):
    from tools.pico.bounce import run
    r = run(chip, 60, seed=3)
    assert r["faults"] == []
    assert r["seen"] == r["presses"] >= 60
    assert r["chords"] >= 2 and r["long"] >= 2 and r["busy"] >= 2
    assert r["holds"] >= r["long"]          # a long hold says so once, never repeats a press


def test_a_whole_game_through_the_app_then_the_menu_and_a_new_game(chip):
    """HexGo (the shortest game) played to its end against level 2, presses in
    through the key mux, every frame drawn: the end screen, Menu, a new game,
    no exception, no crash log, and the heap's lowest point well clear of empty."""
    from tools.pico.games import play
    r = play(chip, "hexgo", 1, level=2, seed=5, say=lambda text: None)
    assert r["faults"] == [] and r["games"] == 1 and r["turns"] >= 10
    assert r["lows"][0] >= 32 * 1024


def test_a_hung_frame_in_a_release_build_resets_to_the_saved_game(chip):
    """A frame that never ends (a test build: Resume.key waits forever when /hang
    exists, the file removed first so the next start is clean): the watchdog of a
    release build resets the chip, which boots to the offer of the same saved game."""
    from tools.pico.powercut import saves
    from tools.pico.rig import FIRMWARE, boot_app
    rec, data = saves("hex")[:2]
    with open(os.path.join(FIRMWARE, "app", "screens.py")) as f:
        src = f.read()
    head = "    def key(self, key):\n        a = self.app\n        if key == a.OK or"
    assert src.count(head) == 1
    hang = ("def _hang():\n    import os, time\n    try:\n        os.remove('/hang')\n"
            "    except OSError:\n        return\n    while True:\n        time.sleep_ms(1000)\n\n\n")
    src = hang + src.replace(head, head.replace("a = self.app", "_hang()\n        a = self.app"))
    chip.restore("firmware")
    chip.mkdir("/data")
    chip.put("/data/game.sav", data)
    chip.put("/app/screens.py", src.encode())    # shadows screens.mpy
    chip.put("/release", b"")
    chip.put("/hang", b"")
    chip.put("/main.py", chip.main_py)
    console = chip.boot_main(4000, until=RUNNING)
    assert b"Traceback" not in console
    resets = chip.resets
    chip.key("OK")
    chip.run_for(100)
    chip.release()
    t0 = chip.us
    console = chip.read_until(RUNNING, 15)          # hung, reset, booted again
    assert chip.resets == resets + 1
    assert 8.0e6 <= chip.us - t0 <= 10.5e6          # the 8 s watchdog, then the boot
    assert b"Traceback" not in console
    chip.write(b"\x03")                              # the app stops for the REPL
    chip.read_until(b">>> ", 2)
    chip.exec("import os\nos.remove('/release')")    # the running watchdog is fed below
    seen = boot_app(chip)
    assert seen["SCREEN"] == "Resume" and seen["RECORD"] == rec
    assert chip.eval("'hang' in __import__('os').listdir('/')") is False


def test_a_crash_is_logged_shown_in_red_and_the_app_goes_back_to_the_menu(chip):
    """main.py's loop on the chip's own drivers, with a frame that raises once: the
    traceback goes to /crash.log, every second cell lights red on the LED chain,
    and the app is back at its menu a few frames later."""
    chip.restore("firmware")
    chip.put("/hc_main.py", chip.main_py)      # main.py's functions, not its start
    chip.frames()
    out = chip.exec(
        "import hc_main\n"
        "from app.app import App\n"
        "frame = App.frame\n"
        "n = [0]\n"
        "def bad(self):\n"
        "    n[0] += 1\n"
        "    if n[0] == 3:\n"
        "        raise ValueError('boom')\n"
        "    if n[0] == 8:\n"
        "        print('screen', type(self.screen).__name__)\n"
        "        raise KeyboardInterrupt\n"
        "    frame(self)\n"
        "App.frame = bad\n"
        "try:\n"
        "    hc_main.main()\n"
        "except KeyboardInterrupt:\n"
        "    pass\n"
        "print(open('/crash.log').read())\n", 60)
    assert "ValueError: boom" in out and "--- crash at" in out
    assert "screen Menu" in out
    n = 127                                     # the pocket board's cells, one LED each
    red = [f for _, f in chip.frames()
           if sum(1 for c in f if c[0] > 0 and c[1] == c[2] == 0) == (n + 1) // 2
           and sum(1 for c in f if c == (0, 0, 0)) == n // 2]
    assert red, "no frame with every second cell red"


def test_a_crash_log_written_by_many_crashes_stays_under_its_cap(chip):
    chip.restore("firmware")
    chip.put("/hc_main.py", chip.main_py)      # main.py's functions, not its start
    out = chip.exec(
        "import hc_main, os\n"
        "def deep(n):\n    return deep(n - 1) if n else 1 // 0\n"
        "sizes = []\n"
        "for i in range(60):\n"
        "    try:\n        deep(i % 25)\n    except Exception as e:\n        hc_main.log_crash(e)\n"
        "    sizes.append(os.stat(hc_main.LOG)[6])\n"
        "print(max(sizes), sizes[-1])\n"
        "print(open(hc_main.LOG).read().count('--- crash at'))", 120)
    (top, last), (entries,) = [list(map(int, ln.split())) for ln in out.strip().split("\n")[-2:]]
    cap = int(re.search(rb"_LOG_MAX = const\((\d+)\)", chip.main_py).group(1))
    # over the cap, the older half goes before the next entry: at most half the cap
    # plus one traceback (~2 KB for 25 frames, deduplicated by MicroPython)
    assert top <= cap + 2048 and last <= top
    assert 1 <= entries < 60
