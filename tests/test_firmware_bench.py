# The chip benchmark (tools/pico/chipbench.py, `make bench CHIP=1`) in miniature: one
# level-5 move of HexGo on the emulated RP2040 from the board's frozen image, two answers
# timed as a player waits for them in the board's loop (with the save of the player's
# move that comes before each search), and the
# tool that sets CHIP_RATE from such runs (tools/pico/chip_rate.py). Times asserted are
# emulated chip time (deterministic), never wall time. Runs after test_firmware.py,
# which builds the image; here it is only brought up to date.
import json
import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tools", "build"), os.path.join(ROOT, "tools", "pico")]
import chip_rate                    # noqa: E402
import chipbench                    # noqa: E402
import firmware                     # noqa: E402
from needs import need  # noqa: E402
from tools.pico.link import missing  # noqa: E402

sys.path[:0] = [os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_sim", "compat")]
import hexgames                     # noqa: E402


@pytest.fixture(scope="module")
def image():
    why = missing()
    need("the emulated chip (node, rp2040js, the Pico kit)", why)
    kit = os.environ.get("PICO_KIT") or firmware.KIT_DEFAULT
    need("the Pico kit", not os.path.isfile(os.path.join(kit, firmware.TARBALL))
         and "the Pico kit's MicroPython source is missing: PICO_KIT=DIR (docs/flashing.md, "
             "'Build and flash your board')")
    gone = [t for t in firmware.TOOLS if shutil.which(t) is None]
    need("the ARM toolchain", gone and "%s missing: `make firmware-deps` installs them" % ", ".join(gone))
    path, _ = firmware.build("pocket", kit=kit, log=lambda s: None)
    assert path == chipbench.frozen_uf2("pocket")


def test_a_level5_hexgo_move_on_the_chip_keeps_to_its_time(image, tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert chipbench.main(["--image", "frozen", "--moves", "1", "--seconds", "0.2",
                           "--waits", "2", "--json", str(out), "hexgo"]) == 0
    printed = capsys.readouterr().out.splitlines()
    head = printed.index(next(l for l in printed if l.startswith("frozen image")))
    assert printed[head + 1].split()[:4] == ["game", "playouts/s", "movegen/s", "L5"]
    cells = printed[head + 2].split()
    assert cells[0] == "hexgo" and len(cells) == 14
    (name, opts, row), = json.loads(out.read_text())["frozen"]
    assert (name, opts, row["game"]) == ("hexgo", {}, "hexgo")
    assert int(cells[1]) == row["playouts_s"] > 0
    (us,), (its,) = row["us"], row["its"]
    # the level's second of chip time, with room for the last iteration: 1.2 s at most
    assert 100_000 < us <= 1_200_000
    rate = hexgames.new("hexgo").CHIP_RATE
    assert 1 <= its <= rate                      # the iteration budget holds on the chip
    # the tree the app sized was allocated between the menu and the move, and the
    # heap never ran low while the opponent thought
    assert row["tree"] >= 4096
    assert row["menu_free"] - row["low_free"] >= row["tree"]
    assert row["low_free"] >= 32 * 1024
    # in the board's own loop a player waits for a level-5 answer at most 1.5 s
    # (the level's second of search, the frames around it, the move shown), and a
    # frame drawn while the computer thinks costs a few ms besides its search
    assert len(row["wait"]) == 2 and all(500 <= w <= 1500 for w in row["wait"]), row["wait"]
    assert 0 < row["frame"] <= 8000, row["frame"]
    # the player's move is saved before each search, within the wait: tens of ms
    assert len(row["save"]) == 2 and all(2000 <= us <= 150_000 for us in row["save"]), row["save"]


def test_chip_rate_is_the_lower_quartile_of_the_timed_moves(tmp_path, monkeypatch):
    row = {"game": "hexgo", "us": [1_000_000, 500_000, 990_000, 2_000_000, 800_000, 100_000],
           "its": [50, 30, 40, 90, 44, 1]}
    # per move: 50, 60, 40, 45, 55 a second (the 0.1 s move ended early: left out);
    # the lower quartile, 45, less 5%
    assert chip_rate.rate(row) == 42
    assert chip_rate.rate({"game": "hex", "us": [50_000], "its": [3]}) == 57
    with pytest.raises(ValueError, match="no timed moves"):
        chip_rate.rate({"game": "hex", "us": [], "its": []})
    rules = tmp_path / "rules.py"
    rules.write_text("class G:\n    NAME = 'g'\n    CHIP_RATE = 114   # old words\n    X = 1\n")
    monkeypatch.setattr(chip_rate, "rules_path", lambda name: str(rules))
    assert chip_rate.write("hexgo", 77) == 114
    text = rules.read_text()
    assert "    CHIP_RATE = 77    # iterations per chip second" in text
    assert text.count("CHIP_RATE") == 1 and "old words" not in text and "    X = 1\n" in text
    rules.write_text("class G:\n    X = 1\n")
    with pytest.raises(ValueError, match="0 CHIP_RATE lines"):
        chip_rate.write("hexgo", 77)
