# The chip's drivers (firmware/device) and main.py's idle logic on CPython, with the
# stub machine/neopixel/rp2 of tests/stubs standing in for the chip; and the key scan
# on the MicroPython unix port with the heap locked, as in an interrupt handler.
import importlib
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUBS = os.path.join(ROOT, "tests", "stubs")


@pytest.fixture
def chip(monkeypatch):
    """Stub machine/neopixel/rp2 in sys.modules; device modules imported fresh."""
    monkeypatch.syspath_prepend(STUBS)
    m = importlib.import_module("stub_machine")
    m = importlib.reload(m)
    monkeypatch.setitem(sys.modules, "machine", m)
    monkeypatch.setitem(sys.modules, "neopixel", importlib.reload(importlib.import_module("stub_neopixel")))
    monkeypatch.setitem(sys.modules, "rp2", importlib.reload(importlib.import_module("stub_rp2")))
    for name in list(sys.modules):
        if name == "device" or name.startswith("device.") or name == "main":
            monkeypatch.delitem(sys.modules, name)
    m.held[:] = []
    return m


@pytest.fixture
def layout():
    from app import layout as layouts
    return layouts.load("pocket")


def scanner(chip, layout):
    from device.keyscan import Scanner
    return Scanner(layout, layout.pins["key_addr"], layout.pins["key_read"])


def events(s):
    out = []
    e = s.poll()
    while e >= 0:
        out.append((e >> 2, e & 3))
        e = s.poll()
    return out


def test_a_press_counts_once_two_scans_agree_and_a_glitch_never(chip, layout):
    from app.keys import PRESS, RELEASE
    s = scanner(chip, layout)
    cell = layout.find("g7")
    chip.held[:] = [layout.slot[cell]]
    s.scan()
    assert events(s) == []                  # one reading is not enough
    s.scan()
    assert events(s) == [(cell, PRESS)]
    s.scan()
    assert events(s) == [] and s.down(cell)
    chip.held[:] = []
    s.scan()
    s.scan()
    assert events(s) == [(cell, RELEASE)]
    chip.held[:] = [layout.slot[0]]         # a bounce shorter than one scan period
    s.scan()
    chip.held[:] = []
    s.scan()
    s.scan()
    assert events(s) == []


def test_presses_during_a_long_search_are_kept_in_order_and_overflow_is_counted(chip, layout):
    from app.keys import PRESS, RELEASE
    s = scanner(chip, layout)
    for c in range(40):                     # 80 events: the ring holds 63
        chip.held[:] = [layout.slot[c]]
        s.scan()
        s.scan()
        chip.held[:] = []
        s.scan()
        s.scan()
    got = events(s)
    assert len(got) == 63 and s.lost == 80 - 63 and s.seen == 63
    assert got[:4] == [(0, PRESS), (0, RELEASE), (1, PRESS), (1, RELEASE)]


def test_timed_scans_that_pile_up_count_as_one_reading(chip, layout):
    # a soft timer's callbacks run back to back after long native code: two readings
    # a moment apart must not agree on a bounce (the chip's 1,000 presses found that)
    import time
    from app.keys import PRESS
    s = scanner(chip, layout)
    s.start()
    timed = chip.Timer.timers[-1].cb
    cell = layout.find("g7")
    time.sleep(0.005)
    chip.held[:] = [layout.slot[cell]]
    timed(None)
    timed(None)                             # the same moment: skipped
    assert events(s) == []
    time.sleep(0.005)                       # a scan period's half later: a second opinion
    timed(None)
    assert events(s) == [(cell, PRESS)]
    s.stop()


def test_a_held_key_never_shows_at_the_next_address_while_the_lines_settle(chip, layout):
    # The stub's mux lines show the address before for 8 us after a change (its timer
    # moves 1 us a read): the scan waits out its settling time on that timer, so only
    # the held key is seen. A 2 us wait reads each address with the levels of the one
    # before: the held key moves to the next address (its slot + 1, on the same mux).
    from app.keys import PRESS, RELEASE
    cell = layout.find("f7")
    nxt = layout.key_at[layout.slot[cell] + 1]
    assert chip.settle_us == 8 and layout.slot[cell] & 15 < 15 and nxt != 0xFFFF
    chip.held[:] = [layout.slot[cell]]
    s = scanner(chip, layout)
    for _ in range(50):
        s.scan()
    assert events(s) == [(cell, PRESS)]
    s.settle(2)
    for _ in range(5):
        s.scan()
    assert sorted(events(s)) == sorted([(nxt, PRESS), (cell, RELEASE)])


def test_a_masked_slot_is_never_a_key_and_read_slot_reads_it_once(chip, layout):
    from device.keyscan import Scanner
    cell = layout.find("g7")
    chip.held[:] = [layout.slot[cell]]
    s = scanner(chip, layout)
    assert s.read_slot(layout.slot[cell]) and not s.read_slot(layout.slot[cell] + 1)
    s.mask(layout.slot[cell])
    for _ in range(Scanner.SETTLE_US + 120):
        s.scan()
    assert events(s) == [] and not s.down(cell)


def test_the_revision_strap_is_in_the_layout_and_a_key_on_it_is_refused():
    import json
    from app import layout as layouts
    hb = layouts.load("hexboard")
    assert hb.strap["slot"] == 14 and hb.key_at[14] == 0xFFFF
    assert hb.strap["closed"] == {"revision": "v1.2", "knob_reversed": True}
    with open(os.path.join(ROOT, "firmware", "layouts", "hexboard.json")) as f:
        d = json.load(f)
    d["strap"]["slot"] = hb.slot[0]
    with pytest.raises(ValueError, match="strap.slot %d is a key's slot" % hb.slot[0]):
        layouts.Layout(d)
    d["strap"] = {"slot": 14, "open": {"revision": "v1.1"}, "closed": {}}
    with pytest.raises(ValueError, match="strap.closed must be"):
        layouts.Layout(d)


def test_holding_a_key_gives_one_hold_event(chip, layout):
    from app.keys import PRESS, HOLD
    from device import keyscan
    s = scanner(chip, layout)
    chip.held[:] = [layout.fn_slot[1]]
    for _ in range(keyscan._HOLD_SCANS + 50):
        s.scan()
    undo = layout.fn_key("UNDO")
    assert events(s) == [(undo, PRESS), (undo, HOLD)]


def test_the_scan_allocates_nothing_on_micropython(tmp_path):
    # As a hard interrupt handler would run it: with the heap locked, any allocation
    # raises MemoryError.
    script = tmp_path / "scan.py"
    script.write_text(
        "import sys, micropython\n"
        "sys.path[:0] = [%r, %r]\n"
        "import stub_machine\n"
        "sys.modules['machine'] = stub_machine\n"
        "from app import layout as L\n"
        "from device.keyscan import Scanner\n"
        "lay = L.load('full')\n"
        "s = Scanner(lay, lay.pins['key_addr'], lay.pins['key_read'])\n"
        "s.scan()\n"
        "for k in range(300):\n"
        "    stub_machine.held[:] = [lay.slot[k %% lay.n], lay.fn_slot[0]] if k %% 7 < 4 else []\n"
        "    micropython.heap_lock()\n"
        "    s.scan()\n"
        "    micropython.heap_unlock()\n"
        "    s.clear()\n"
        "print('ok', s.seen, s.lost)\n" % (STUBS, os.path.join(ROOT, "firmware")))
    p = subprocess.run([sys.executable, "-m", "micropython_unix", "-X", "heapsize=240k", str(script)],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert p.returncode == 0 and p.stdout.startswith("ok"), p.stdout + p.stderr
    assert int(p.stdout.split()[1]) > 50        # presses and releases were seen


def test_without_rp2_dma_the_neopixel_module_is_used(chip, monkeypatch):
    monkeypatch.delattr(sys.modules["rp2"], "DMA")
    from device.leds import make
    leds = make(22, 5)
    assert type(leds).__name__ == "NeoPixel"


@pytest.mark.parametrize("release", [False, True])
def test_only_a_release_build_starts_the_watchdog(chip, monkeypatch, release):
    # main.main() up to the app's start (stopped there by a KeyboardInterrupt, as
    # Ctrl-C stops it): the stub machine counts the watchdog (-1: never started)
    import main
    monkeypatch.setattr(main, "_exists", lambda path: release and path == "/release")

    def stop(layout, board):
        raise KeyboardInterrupt
    monkeypatch.setattr(main, "run_app", stop)
    with pytest.raises(KeyboardInterrupt):
        main.main()
    assert (chip.wdt_feeds >= 0) == release


class _Keys:
    def __init__(self):
        self.seen = 0
        self.cleared = 0

    def poll(self):
        return -1

    def events(self):
        return iter(())

    def clear(self):
        self.cleared += 1


def test_idle_dims_then_darkens_and_a_key_wakes_the_board_where_it_was(chip, layout, monkeypatch):
    from host_sim.board import VirtualBoard
    import main
    vb = VirtualBoard("pocket")
    a = vb.app()
    a.run(2)
    screen, level = a.screen, a.light.level
    keys = _Keys()
    idle = main.Idle(a, keys)
    vb.clock.t += main._DIM_MS
    idle.check()
    assert idle.dimmed and a.light.level < level
    keys.seen += 1                          # a key while dimmed: bright again
    idle.check()
    assert not idle.dimmed and a.light.level == level

    def sleep_ms(ms, _orig=vb.clock.sleep_ms):
        _orig(ms)
        if vb.clock.t > wake_at:
            keys.seen += 1
    monkeypatch.setattr(vb.clock, "sleep_ms", sleep_ms)
    vb.clock.t += main._OFF_MS
    wake_at = vb.clock.t + 60_000
    idle.check()                            # sleeps until the key comes
    assert idle.sleeps == 1 and keys.cleared == 1
    assert vb.leds.shown == bytes(3 * layout.n)      # it was dark meanwhile
    a.frame()
    assert a.screen is screen and a.light.level == level and any(vb.leds.shown)


class _Battery:
    def __init__(self, pct):
        self.pct = pct

    def level(self):
        return self.pct


@pytest.mark.parametrize("variant", ["pocket", "full"])
def test_settings_page_shows_the_battery_gauge(variant):
    from host_sim.board import VirtualBoard
    from app import gauge
    from app.menu import Menu
    vb = VirtualBoard(variant)
    a = vb.app()
    a.run(1)
    cs = gauge.cells(vb.layout)
    assert -1 not in cs and len(set(cs)) == 5
    a.screen = Menu(a, "settings")                # no battery (simulator): no gauge
    a.run(1)
    assert not any(any(vb.rgb(c)) for c in cs) and "battery" not in a.caption
    a.battery = _Battery(45)
    a.screen = Menu(a, "settings")
    a.run(1)
    lit = [c for c in cs if vb.rgb(c)[1] > vb.rgb(c)[2] + 5]     # green-ish cells
    assert len(lit) == 3 and "battery 45 %" in a.caption
    a.battery = _Battery(-1)
    a.screen = Menu(a, "settings")
    a.run(1)
    assert all(any(vb.rgb(c)) for c in cs) and "on USB power" in a.caption


def test_a_saved_game_that_breaks_the_boot_is_set_aside(chip, tmp_path):
    from app.save import FolderStore
    import main

    class B:
        store = FolderStore(str(tmp_path / "data"))
    B.store.save("game.sav", b"honeycomb game 1 ...")
    main.set_aside(B)
    assert B.store.load("game.sav") is None and B.store.load("game.bad")
    main.set_aside(B)                       # nothing to set aside: no error
