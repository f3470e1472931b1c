# Faults found when the firmware was tried as a new user would: a save nested
# 100,000 deep, a rename that fails on a full flash, inpHeXion disc counts that
# contradict the hands, buffers built through a temporary of their own size.
# Each test here failed before its fix. Runs on CPython and both MicroPython VMs.
import gc
import json
import sys

import hexgames
from hexgames.board import zeros
from hexgames.game import MAX_DEPTH, MAX_TEXT, parse_json
from app import save
from app.store import FolderStore, Files
from kit import raises, scaled, unload_games

ON_MICROPYTHON = sys.implementation.name == "micropython"


# -- JSON: bounded depth and size -------------------------------------------------
def deep(n):
    return "[" * n + "]" * n


def test_a_position_nested_100000_deep_is_a_value_error():
    # 100,000 deep was a RecursionError on CPython, a MemoryError on MicroPython
    # (whose heap holds 10,000 deep: 20 KB of text)
    gc.collect()
    k = scaled(10000, 4000)
    for text in (deep(scaled(100000, 4000)), '{"game": ' + deep(k) + "}", "{" * k):
        msg = raises(ValueError, hexgames.load, text)
        assert "nested more than %d" % MAX_DEPTH in msg or "characters long" in msg, msg[:200]
        text = None
    assert "nested more than %d" % MAX_DEPTH in raises(ValueError, hexgames.load, deep(k))
    # brackets inside strings do not nest
    d = parse_json('{"a": "' + "[" * 100 + '", "b": [[1]]}')
    assert d["a"] == "[" * 100 and d["b"] == [[1]]
    # an escaped quote does not end a string
    assert parse_json('["\\"[[[[[[[[[[[[", [2]]')[1] == [2]
    # what Honeycomb writes fits
    assert parse_json(deep(MAX_DEPTH)) is not None
    assert "nested" in raises(ValueError, parse_json, deep(MAX_DEPTH + 1))


def test_a_long_text_is_refused_before_it_is_parsed():
    gc.collect()
    text = " " * (MAX_TEXT + 1)         # one block: the check comes before any copy
    assert "more than %d" % MAX_TEXT in raises(ValueError, hexgames.load, text)
    text = None
    assert "UTF-8" in raises(ValueError, parse_json, b"\xff\xfe")
    assert "JSON text" in raises(ValueError, parse_json, 3)


def test_a_checksummed_save_nested_deep_is_a_bad_save_not_a_crash():
    from fakehw import Store
    store = Store()
    gc.collect()
    for n in (scaled(100000, 4000), scaled(10000, 4000)):
        body = ('{"game": "hexgo", "record": "hexgo base=4: ", "position": '
                + deep(n) + ', "level": 1, "human": 1}').encode()
        store.save(save.GAME_FILE, b"honeycomb game 1 %d %08x\n" % (len(body), save.adler32(body)) + body)
        d, g, bad = save.read_game(store)
        assert d is None and g is None and ("nested" in bad[0] or "characters long" in bad[0]), bad
    # the settings likewise: defaults, no exception
    body = deep(scaled(10000, 4000)).encode()
    store.save(save.SETTINGS_FILE,
               b"honeycomb settings 1 %d %08x\n" % (len(body), save.adler32(body)) + body)
    assert save.load_settings(store).brightness == save.DEFAULTS["brightness"]


def test_any_failure_to_read_a_save_is_a_bad_save():
    # the position is valid JSON but no game: whatever the error type, the
    # save is reported as bad and the board goes to the menu
    store = FolderStore("", files=MemFiles())
    for position in ('{"game": "hexgo", "options": {}, "cells": [], "to_move": "X"}',
                     '{"game": "hexgo", "options": {"base": [4]}, "cells": {}, "to_move": "X"}',
                     '[]', '"x"', '{"game": 7}'):
        d = {"game": "hexgo", "record": "bad", "position": position, "level": 1, "human": 1}
        save.write_game(store, d)
        d, g, bad = save.read_game(store)
        assert g is None and bad and bad[0], (position, bad)
    from fakehw import Leds, Keys, Clock, Sound
    from app import layout
    from app.app import App
    lay = layout.load("pocket")
    said = []
    a = App(lay, Leds(lay.n), Keys(), Clock(), store, Sound(), said.append, ai=None)
    a.boot()
    a.run(2)
    assert a.current is None and a.screen.__class__.__name__ == "Menu"
    assert "could not be read" in said[-1]


# -- the store: a rename that fails must not cost the last good save --------------
class MemFiles(Files):
    """A file system in a dict, with faults on demand: rename_error (an errno
    for every rename), full (bytes a write may still put down)."""

    def __init__(self):
        self.files = {}
        self.rename_error = None
        self.full = -1
        self.renames_refused = 0

    def open(self, path, mode):
        return MemFile(self, path, mode)

    def rename(self, a, b):
        if self.rename_error is not None:
            self.renames_refused += 1
            raise OSError(self.rename_error, "rename refused")
        if a not in self.files:
            raise OSError(2, "no such file")
        self.files[b] = self.files.pop(a)

    def remove(self, path):
        if path not in self.files:
            raise OSError(2, "no such file")
        del self.files[path]

    def mkdir(self, path):
        raise OSError(17, "exists")


class MemFile:
    def __init__(self, fs, path, mode):
        self.fs = fs
        self.path = path
        if "r" in mode:
            if path not in fs.files:
                raise OSError(2, "no such file")
            self.pos = 0
        else:
            fs.files[path] = b""

    def read(self, n=-1):
        data = self.fs.files[self.path]
        out = data[self.pos:] if n < 0 else data[self.pos:self.pos + n]
        self.pos += len(out)
        return out

    def write(self, data):
        fs = self.fs
        if fs.full >= 0:
            room = fs.full
            fs.full = max(0, fs.full - len(data))
            fs.files[self.path] += bytes(data[:room])
            if room < len(data):
                raise OSError(28, "no space left on device")
            return len(data)
        fs.files[self.path] += bytes(data)
        return len(data)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_a_rename_failing_on_a_full_flash_keeps_the_last_good_save():
    fs = MemFiles()
    store = FolderStore("data", files=fs)
    store.save("game.sav", b"good")
    assert fs.files == {"data/game.sav": b"good"}
    fs.rename_error = 28                        # ENOSPC
    assert raises(OSError, store.save, "game.sav", b"newer") is not None
    assert fs.renames_refused == 1
    assert store.load("game.sav") == b"good" and fs.files == {"data/game.sav": b"good"}


def test_a_write_cut_short_by_a_full_flash_keeps_the_last_good_save():
    fs = MemFiles()
    store = FolderStore("data", files=fs)
    store.save("game.sav", b"good")
    fs.full = 3
    raises(OSError, store.save, "game.sav", b"newer and longer")
    assert fs.files == {"data/game.sav": b"good"}      # the half file is gone too
    assert store.load("game.sav") == b"good"


def test_target_exists_replaces_the_old_file_only_once_the_new_one_is_complete():
    fs = MemFiles()
    store = FolderStore("data", files=fs)
    store.save("game.sav", b"old")

    # a rename onto an existing file refused (FAT, Windows): remove, then rename
    first = [True]
    rename = fs.rename

    def refuse_once(a, b):
        if first[0] and b in fs.files:
            first[0] = False
            # the new file is complete when the old one may go
            assert fs.files[a] == b"new"
            raise OSError(17, "exists")
        rename(a, b)
    fs.rename = refuse_once
    store.save("game.sav", b"new")
    assert fs.files == {"data/game.sav": b"new"}
    # a power cut between the removal and the rename: the complete new file is found
    fs.files = {"data/game.sav.tmp": b"newest"}
    assert store.load("game.sav") == b"newest"
    assert store.load("missing") is None


def test_a_huge_file_is_read_only_so_far():
    from app.store import MAX_FILE
    fs = MemFiles()
    store = FolderStore("", files=fs)
    fs.files["game.sav"] = b"honeycomb game 1 9 00000000\n" + b"x" * (MAX_FILE + 100)
    data = store.load("game.sav")
    assert len(data) == MAX_FILE + 1
    d, g, bad = save.read_game(store)
    assert g is None and "length" in bad[0], bad


# -- inpHeXion: counts that contradict the hands ------------------------------------
def inphexion(cells, hands, turn, **extra):
    d = {"game": "inphexion", "options": {"size": 5}, "cells": cells, "to_move": "X",
         "hands": hands, "turn": turn}
    for k in extra:
        d[k] = extra[k]
    return json.dumps(d)


def test_inphexion_refuses_disc_counts_that_contradict_the_hands():
    b = hexgames.new("inphexion", size=5).board
    names = [b.name(i) for i in range(b.n)]
    # 20 X discs on a 5x5 board (hands of 13) with 13 still in hand
    twenty = {}
    for i in range(20):
        twenty[names[i]] = "X"
    msg = raises(ValueError, hexgames.load, inphexion(twenty, {"X": 13, "O": 13}, 20))
    assert "X has 20 discs on the board and 13 in hand" in msg, msg
    # turn 0 with 10 discs on the board
    ten = {}
    for i in range(10):
        ten[names[i]] = "XO"[i % 2]
    msg = raises(ValueError, hexgames.load, inphexion(ten, {"X": 8, "O": 8}, 0))
    assert "10 X and O discs" in msg and "0 completed turns" in msg, msg
    # counts that add up are taken, including a pending relocation's extra disc
    g = hexgames.load(inphexion(ten, {"X": 8, "O": 8}, 10))
    assert g.result() is None and g.moves()
    unload_games()


# -- buffers allocated once ---------------------------------------------------------
def allocated(fn, *args):
    """Bytes fn allocates, or None where this VM cannot tell: exact on the
    WebAssembly VM, whose GC runs only between calls; an upper bound on the unix
    port. On CPython the heap is no concern (and arrays grow by their own rules)."""
    if not ON_MICROPYTHON or not hasattr(gc, "mem_alloc"):
        return None, fn(*args)
    gc.collect()
    before = gc.mem_alloc()
    keep = fn(*args)
    return gc.mem_alloc() - before, keep


def test_buffers_are_allocated_once_not_through_a_temporary():
    n = 2000
    used, a = allocated(zeros, "i", n)
    assert len(a) == n and max(a) == 0 and min(a) == 0
    # 4n for the items: a bytes temporary of the same size would double it
    # (on the unix port a collection inside may hide it: only an upper bound)
    assert used is None or used < 4 * n + 512, used
    for code, size in (("H", 2), ("b", 1), ("B", 1), ("h", 2), ("I", 4)):
        used, a = allocated(zeros, code, n)
        assert len(a) == n and max(a) == 0 and used is None or used < size * n + 512, (code, used)
    from hexgames import game
    game._buffer[0] = game.array("i")
    used, a = allocated(game._move_buffer, n)
    assert len(a) == n and (used is None or used < 4 * n + 512), used
    game._buffer[0] = game.array("i")


def test_a_last_match_that_does_not_fit_this_board_is_forgotten():
    # a settings file from another board, or damaged, once started a game of a
    # size the game lacks (ValueError at the menu's last press)
    from fakehw import Leds, Keys, Clock, Sound, Store
    from app import layout
    from app.app import App
    from app.store import Settings
    store = Store()
    s = Settings()
    s.last = ["hexgo", 99, ["pie"], 1, 1]
    save.store_settings(store, s)
    assert save.load_settings(store).last == ["hexgo", 99, ["pie"], 1, 1]
    lay = layout.load("pocket")
    keys = Keys()
    a = App(lay, Leds(lay.n), keys, Clock(), store, Sound(), lambda t: None, ai=None)
    a.boot()
    a.run(2)
    assert a.screen.size is None
    for label, v, cell in a.screen.choices():
        if v == "hexgo":
            keys.press(cell)
            a.run(2)
            keys.press(cell)
            a.run(2)
    assert a.current is not None and a.current.g.board.n == 37
    # damaged fields are dropped by Settings itself
    assert Settings({"last": ["hexgo", "4", [], 1, 1]}).last is None
    assert Settings({"last": ["chess", 4, [], 1, 1], "brightness": True}).last is None
    assert Settings({"brightness": True}).brightness == save.DEFAULTS["brightness"]
    unload_games()


# -- loading a game's modules ------------------------------------------------------
def test_the_engine_loads_a_module_with_its_own_collections_and_restores_the_threshold():
    threshold = getattr(gc, "threshold", None)
    unload_games()
    if threshold is not None:
        threshold(-1)                  # no tuning by an app
    g = hexgames.new("hexmeister")
    assert hexgames.need("hexmeister.search", "Search") is not None
    if threshold is not None:
        assert threshold() == -1
    assert g.moves()
    g = None
    for k in [k for k in sys.modules if k.startswith("hexgames.hexmeister")]:
        sys.modules.pop(k)          # its search too: the next tests get the heap back
    unload_games()
