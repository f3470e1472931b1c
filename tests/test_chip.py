# The firmware on an emulated RP2040 (tools/pico: rp2040js running the stock
# MicroPython v1.28.0 image from the Pico kit): scripts, files on LittleFS across
# power cycles, the engine compiled for the Cortex-M0+ against CPython, and the
# drivers in firmware/device/ against the board the harness builds around the chip
# from hardware/pocket.json. Times asserted here are emulated chip time
# (deterministic), never wall time.
import json
import os
import random
import subprocess
import sys

import pytest

from needs import need
from tools.pico.link import missing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WHY = missing()
need("the emulated chip (node, rp2040js, the Pico kit)", WHY, module=True)

# The same script on the chip and on CPython: each game from its start, eight
# moves picked by index, then a seeded playout on a copy.
GAME_SCRIPT = """
import gc, sys
import hexgames
import hexgames.board
for name in hexgames.GAMES:
    g = hexgames.new(name)
    for i in range(8):
        ms = g.moves()
        if not ms:
            break
        g.play(ms[(i * 7 + 3) % len(ms)])
    print(g.record())
    print(g.dump())
    p = g.copy()
    p.playout(1234 + len(name), 60)
    print(name, p.result(), p.dump())
    # one game at a time, as the app plays them: its modules (and their native
    # code, in the heap from .mpy files) go before the next
    g = p = ms = None
    for mod in list(sys.modules):
        if mod.startswith("hexgames." + name):
            sys.modules.pop(mod)
    if name in dir(hexgames):
        delattr(hexgames, name)
    hexgames.board._cache.clear()
    gc.collect()
"""


@pytest.fixture(scope="module")
def chip(tmp_path_factory):
    sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
    import deploy
    from tools.pico.chip import Chip
    fw = str(tmp_path_factory.mktemp("fw"))
    deploy.build(fw)                  # .mpy for armv6m, layouts; main.py as source
    with open(os.path.join(fw, "main.py"), "rb") as f:
        main_py = f.read()
    os.remove(os.path.join(fw, "main.py"))    # the REPL stays free; a test boots it
    c = Chip("pocket")
    c.main_py = main_py
    c.banner = c.boot()
    c.boot_us = c.us
    c.put_tree(fw, "/")
    c.snapshot("firmware")
    yield c
    c.close()


@pytest.fixture
def fresh(chip):
    """The chip as the fixture left it: firmware on flash, nothing else, just powered up."""
    chip.release()
    chip.set_vsys(chip.desc["full_v"])
    chip.restore("firmware")
    return chip


def test_stock_image_boots_to_the_repl_with_its_heap(chip):
    assert b"MicroPython v1.28.0" in chip.banner and b"RP2040" in chip.banner
    assert chip.boot_us < 1e6          # to the prompt within an emulated second
    out = chip.exec("import gc\ngc.collect()\nprint(gc.mem_free(), gc.mem_alloc())")
    free, used = map(int, out.split())
    assert 200_000 < free + used < 264 * 1024 and free > 200_000


def test_script_output_and_emulated_time(fresh):
    out, err, us = fresh.run("import time\nt = time.ticks_us()\ntime.sleep_ms(100)\n"
                             "print(time.ticks_diff(time.ticks_us(), t))")
    assert err == ""
    assert 100_000 <= int(out) <= 100_500          # the chip's own clock
    assert 100_000 <= us <= 105_000                # the harness's view of the same run
    out, err, us = fresh.run("print('a')\n1 / 0")
    assert out.strip() == "a" and "ZeroDivisionError" in err and us < 100_000


def test_an_idle_repl_sleeps_as_the_usb_host_naks(fresh):
    # A host that answered every USB read with an empty packet would keep the core in
    # its USB interrupt; the emulated host holds reads back until it has bytes.
    fresh.exit_raw()
    s0 = fresh.stats()
    fresh.run_for(500)
    s1 = fresh.stats()
    awake = (s1["busy"] - s0["busy"]) / (s1["cycles"] - s0["cycles"])
    assert s1["cycles"] - s0["cycles"] == pytest.approx(500e-3 * 125e6, rel=1e-3)
    assert awake < 0.01


def test_files_survive_a_power_cycle_and_a_snapshot_restores(fresh):
    data = bytes(random.Random(7).getrandbits(8) for _ in range(9000))
    fresh.mkdir("/data/deep")
    fresh.put("/data/deep/blob.bin", data)
    fresh.power_cycle()
    assert fresh.get("/data/deep/blob.bin") == data
    assert fresh.eval("__import__('os').listdir('/data')") == ["deep"]
    resets = fresh.resets
    fresh.exit_raw()                     # machine.reset() as mpremote sends it
    fresh.write(b"import machine; machine.reset()\r")
    fresh.run_for(200)
    assert fresh.resets == resets + 1
    fresh.write(b"\r")
    assert b"MicroPython v1.28.0" in fresh.read_until(b">>> ", 2.0)
    assert fresh.get("/data/deep/blob.bin") == data
    fresh.restore("firmware")
    assert fresh.eval("'data' in __import__('os').listdir('/')") is False


def test_a_saved_flash_image_boots_another_chip_with_its_files(fresh, tmp_path):
    from tools.pico.chip import Chip
    fresh.put("/note.txt", b"kept in the image")
    fresh.save_flash(str(tmp_path / "flash.bin"))
    assert os.path.getsize(tmp_path / "flash.bin") == 2 * 1024 * 1024
    with Chip("pocket") as other:
        other.boot(image=str(tmp_path / "flash.bin"))
        assert other.get("/note.txt") == b"kept in the image"


def test_an_image_whose_boot_stage_2_fails_the_roms_check_never_starts(tmp_path):
    # The boot ROM runs the first 256 bytes of flash only if their CRC-32 matches:
    # the emulated chip refuses the same image a real one would leave as a USB drive.
    from tools.pico.chip import Chip
    from tools.pico.link import ChipError, UF2, kit_dir
    with open(os.path.join(kit_dir(), UF2), "rb") as f:
        data = bytearray(f.read())
    block = next(at for at in range(0, len(data), 512)
                 if int.from_bytes(data[at + 12:at + 16], "little") == 0x10000000)
    data[block + 32 + 40] ^= 0x01             # one bit of boot stage 2's code
    bad = tmp_path / "bad-boot2.uf2"
    bad.write_bytes(bytes(data))
    with Chip("pocket") as c:
        with pytest.raises(ChipError, match="boot stage 2 fails the boot ROM's check"):
            c.boot(str(bad), budget_s=0.5)


def test_the_2_mb_flash_shows_again_every_2_mb_as_a_real_chip_does(fresh):
    # A NOR flash ignores the address bits above its size: what the file system
    # writes at its end shows again 2 MB further on, and the board's own probe of the
    # flash size (the self-test's) reads the Pico's 2 MB.
    fresh.put("/mirror.txt", b"m" * 3000)
    out = fresh.exec(
        "import machine\n"
        "from device.board import flash_bytes\n"
        "same = all(machine.mem32[0x10000000 + a] == machine.mem32[0x10200000 + a]\n"
        "           for a in range(0x100000, 0x200000, 0x1000))\n"
        "print(same, flash_bytes())")
    assert out.split() == ["True", str(2 * 1024 * 1024)]


def test_a_chip_that_never_answers_fails_within_its_emulated_budget(fresh):
    from tools.pico.link import ChipTimeout
    with pytest.raises(ChipTimeout):
        fresh.run("while True:\n    pass", budget_s=0.3)
    assert fresh.exec("print(6 * 7)").strip() == "42"     # interrupted, REPL found again


def test_engine_compiled_for_the_cortex_m0_plays_as_on_cpython(fresh):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_sim", "compat")]))
    host = subprocess.run([sys.executable, "-c", GAME_SCRIPT], capture_output=True,
                          text=True, env=env, timeout=300)
    assert host.returncode == 0, host.stderr
    out, err, us = fresh.run(GAME_SCRIPT, budget_s=60)
    assert err == "", err
    assert out.replace("\r\n", "\n") == host.stdout
    assert out.count("\n") == 3 * 6


def test_led_chain_frame_decodes_exactly(fresh):
    frame = [(1, 2, 3), (255, 0, 128), (0, 0, 0), (17, 34, 51)] + [
        (i, 255 - i, (7 * i) & 255) for i in range(123)]
    fresh.frames()
    fresh.exec("from app import layout\nfrom device import leds\nimport time\n"
               "l = leds.make(layout.load('pocket').pins['led_data'], %d)\n"
               "for i, c in enumerate(%r):\n    l[i] = c\nl.write()\ntime.sleep_ms(2)\n"
               "l.fill((9, 8, 7))\nl.write()\ntime.sleep_ms(2)" % (len(frame), frame))
    frames = fresh.frames()
    assert [f for _, f in frames] == [frame, [(9, 8, 7)] * len(frame)]
    assert frames[0][0] < frames[1][0]


def test_keyscan_reads_cells_and_function_keys_through_the_muxes(fresh):
    fresh.press("g7")
    fresh.key("MENU", True)
    out = fresh.exec(
        "from app import layout\nfrom device import keyscan\nL = layout.load('pocket')\n"
        "s = keyscan.Scanner(L, L.pins['key_addr'], L.pins['key_read'])\n"
        "s.scan()\ns.scan()\nprint(sorted(s.events()), L.find('g7'), L.n, s.down(L.n))")
    events, g7, n, menu_down = out.strip().rsplit(" ", 3)
    g7, n = int(g7), int(n)
    PRESS, RELEASE = 1, 2                      # app.keys
    assert json.loads(events.replace("(", "[").replace(")", "]")) == [[g7, PRESS], [n, PRESS]]
    assert menu_down == "True"
    fresh.release()
    out = fresh.exec("s.scan()\ns.scan()\nprint(sorted(s.events()))")
    assert out.strip() == str([(g7, RELEASE), (n, RELEASE)])


def test_buzzer_plays_the_frequency_asked_and_stops(fresh):
    fresh.tones()
    fresh.exec("from device import sound\nimport time\nb = sound.Buzzer(26)\n"
               "b.tone(440, 100)\ntime.sleep_ms(50)")
    assert fresh.tone() == pytest.approx(440, rel=0.002)
    fresh.run_for(100)
    assert fresh.tone() is None
    (t_on, hz), (t_off, silent) = fresh.tones()
    assert hz == pytest.approx(440, rel=0.002) and silent is None
    assert 99_000 <= t_off - t_on <= 102_000


def test_battery_gauge_reads_the_vsys_set(fresh):
    script = ("from app import layout\nfrom device.power import Battery\n"
              "b = Battery(layout.load('pocket'))\nprint(b.mv(), b.level(), b.low(), b.usb())")
    fresh.set_vsys(4.2)
    mv, level, low, usb = fresh.exec(script).split()
    # 12-bit ADC steps of 2.4 mV at VSYS: a full cell may read 4199 mV, 99 %
    assert abs(int(mv) - 4200) <= 5 and int(level) >= 99 and low == "False" and usb == "False"
    fresh.set_vsys(3.85)
    mv, level, low, _ = fresh.exec(script).split()
    assert abs(int(mv) - 3850) <= 5 and 48 <= int(level) <= 51 and low == "False"
    fresh.set_vsys(3.4)
    assert fresh.exec(script).split()[2] == "True"
    fresh.set_usb_power(True)
    assert fresh.exec(script).split()[1:] == ["-1", "False", "True"]
    fresh.set_usb_power(False)


def test_main_py_boots_the_app_and_a_held_key_gives_safe_boot(fresh):
    fresh.put("/main.py", fresh.main_py)
    t0 = fresh.us
    console = fresh.boot_main(3000, until=b"honeycomb: pocket board running").decode()
    assert fresh.us - t0 < 1.5e6           # to the menu within 1.5 emulated seconds
    assert "Traceback" not in console
    frame = fresh.last_frame()
    assert frame is not None and len(frame) == 127 and any(c != (0, 0, 0) for c in frame)
    # A press through the mux reaches the running app: the LEDs change, the buzzer clicks.
    fresh.frames()
    fresh.tones()
    fresh.press("g7")
    fresh.run_for(100)
    fresh.release()
    fresh.run_for(300)
    after = fresh.last_frame()
    assert after is not None and after != frame
    assert any(hz for _, hz in fresh.tones())
    fresh.key("MENU", True)
    console = fresh.boot_main(500).decode()
    assert "safe boot (MENU held)" in console, console
    fresh.release()
    fresh.write(b"\r")
    fresh.read_until(b">>> ", 1.0)                  # the REPL is free
