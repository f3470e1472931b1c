# The save container and the store, field by field (app/save.py, app/store.py): each
# fault of a file is refused with the error that names it and nothing is lost; the
# settings keep each good value and only that; the store's writes are all or nothing.
# Runs on CPython and both MicroPython VMs.
import json

import hexgames
from app import save
from app.store import FolderStore, Settings, DEFAULTS, MAX_FILE
from fakehw import Store
from kit import raises
from test_faults import MemFiles


def adler_by_definition(data):
    """Adler-32 from its definition (RFC 1950): A = 1 + the sum of the bytes, B = the
    sum of the A after each byte, n + n*D1 + (n-1)*D2 + ..., both modulo 65521."""
    n = len(data)
    a = (1 + sum(data)) % 65521
    b = (n + sum((n - i) * data[i] for i in range(n))) % 65521
    return (b << 16) | a


def test_adler32_is_the_standard_checksum():
    assert save.adler32(b"") == 1
    assert save.adler32(b"Wikipedia") == 0x11E60398         # RFC 1950's worked example
    # long enough for both sums to wrap the modulus many times
    for data in (b"\xff" * 6000, bytes(range(256)) * 30, b"honeycomb" * 1000):
        assert save.adler32(data) == adler_by_definition(data)


def test_the_header_names_kind_version_length_and_checksum():
    d = {"game": "hex", "n": [1, 2, 3]}
    data = save.pack("settings", d)
    body = json.dumps(d).encode()
    head, rest = data.split(b"\n", 1)
    assert rest == body
    assert head.decode().split(" ") == ["honeycomb", "settings", "1", str(len(body)),
                                        "%08x" % adler_by_definition(body)]
    assert save.unpack("settings", data) == d


def header(kind, version, size, check, body):
    return ("honeycomb %s %s %s %s\n" % (kind, version, size, check)).encode() + body


def test_each_fault_of_a_container_is_named():
    body = b'{"a": 1}'
    good = "%08x" % adler_by_definition(body)
    assert save.unpack("game", header("game", 1, 8, good, body)) == {"a": 1}
    faults = [
        (b"honeycomb game 1 8 " + good.encode(), "not a Honeycomb file"),       # no newline
        (b"honeycom game 1 8 %s\n{}" % good.encode(), "not a Honeycomb file"),
        (b"honeycomb game 1 8\n" + body, "damaged header"),
        (b"honeycomb game 1 8 %s x\n" % good.encode() + body, "damaged header"),
        (b"honeycomb \xff\xfe 1 8 " + good.encode() + b"\n" + body, "damaged header"),
        (header("settings", 1, 8, good, body), "a settings file, not game"),
        (header("game", 2, 8, good, body), "version 2 (this firmware reads 1)"),
        (header("game", 1, 9, good, body), "length 8, header says 9"),
        (header("game", 1, 7, good, body), "length 8, header says 7"),
        (header("game", 1, 8, good, body[:-1] + b"]"), "checksum mismatch"),
        (header("game", 1, 8, good.upper(), body), "checksum mismatch"),
    ]
    for data, words in faults:
        msg = raises(ValueError, save.unpack, "game", data)
        assert words in msg, (data, msg)
    for body in (b"[1, 2]", b"7"):       # JSON, checksummed, but not an object
        data = header("game", 1, len(body), "%08x" % adler_by_definition(body), body)
        assert "not a JSON object" in raises(ValueError, save.unpack, "game", data)


def game_with(moves, name="hexgo"):
    g = hexgames.new(name)
    for m in moves:
        g.play(m)
    return g


def test_no_save_an_empty_one_and_a_good_one():
    store = Store()
    assert save.read_game(store) == (None, None, None)
    save.write_game(store, None)                # a finished game: the file is emptied
    assert store.files[save.GAME_FILE] == b""
    assert save.read_game(store) == (None, None, None)
    g = game_with(("d4", "e4"))
    save.write_game(store, save.game_dict("hexgo", g, 0, 2))
    seen = []
    d, back, bad = save.read_game(store, seen.append)
    assert bad is None and seen == [d] and d["level"] == 0 and d["human"] == 2
    assert back.history() == g.history() and back.dump() == g.dump()


def test_a_bad_save_is_reported_with_the_checksum_of_the_whole_file():
    store = Store()
    save.write_game(store, save.game_dict("hexgo", game_with(("d4",)), 2, 1))
    data = store.files[save.GAME_FILE]
    store.files[save.GAME_FILE] = data[:-1]     # cut short
    d, g, bad = save.read_game(store)
    assert d is None and g is None
    assert "length" in bad[0] and bad[1] == adler_by_definition(data[:-1])
    assert store.files[save.GAME_FILE] == data[:-1]     # reading removes nothing

    def refuse(d):
        raise ValueError("not for this board")
    store.files[save.GAME_FILE] = data
    d, g, bad = save.read_game(store, refuse)
    assert g is None and bad == ("not for this board", adler_by_definition(data))

    def quiet(d):
        raise KeyError()                        # no message: the error's name stands
    assert save.read_game(store, quiet)[2][0] == "KeyError"


def test_match_settings_are_checked_at_their_bounds():
    g = game_with(())
    for level, human in ((0, 1), (6, 2), (3, 1)):
        save.check(save.game_dict("hexgo", g, level, human))
    for level, human in ((-1, 1), (7, 1), ("3", 1), (None, 1), (3, 0), (3, 3), (3, "1")):
        msg = raises(ValueError, save.check, save.game_dict("hexgo", g, level, human))
        assert "bad match settings" in msg, (level, human)
    assert "unknown game 'chess'" in raises(ValueError, save.check, save.game_dict("chess", g, 1, 1))


def test_a_record_that_does_not_replay_falls_back_to_the_position():
    g = game_with(("d4", "e4", "c5"))
    d = save.game_dict("hexgo", g, 1, 1)
    other = game_with(("d4", "e4"))
    d["record"] = other.record()                # replays, but to another position
    back = save.restore(d)
    assert back.dump() == g.dump() and back.history() == []
    d["record"] = "not a record"
    back = save.restore(d)
    assert back.dump() == g.dump() and back.history() == []
    d["position"] = game_with((), "hex").dump()
    assert "position of hex in a hexgo save" in raises(ValueError, save.restore, d)


# -- settings -------------------------------------------------------------------------
def test_each_setting_keeps_a_good_value_and_drops_a_bad_one():
    good = {"brightness": 5, "sound": False, "colour_blind": True,
            "last": ["hexgo", 4, ["pie"], 5, 2], "ignored": 1234}
    s = Settings(good)
    assert s.to_dict() == good
    assert Settings(None).to_dict() == DEFAULTS and Settings({}).to_dict() == DEFAULTS
    assert Settings({"brightness": 0}).brightness == 0
    for b in (-1, 6, 1.0, "3", True):
        assert Settings({"brightness": b}).brightness == DEFAULTS["brightness"], b
    assert Settings({"sound": 0}).sound is True and Settings({"ignored": "7"}).ignored == -1
    for last in (["hexgo", None, [], 0, 1], ["hex", 7, ["pie", "x"], 2, 2]):
        assert Settings({"last": last}).last == last
    bad = (("hexgo", 4, [], 1, 1), ["hexgo", 4, [], 1], ["hexgo", 4, [], 1, 1, 1],
           ["chess", 4, [], 1, 1], ["hexgo", True, [], 1, 1], ["hexgo", 4.0, [], 1, 1],
           ["hexgo", 4, "pie", 1, 1], ["hexgo", 4, ["pie", 3], 1, 1],
           ["hexgo", 4, [], -1, 1], ["hexgo", 4, [], 6, 1], ["hexgo", 4, [], True, 1],
           ["hexgo", 4, [], 1, 0], ["hexgo", 4, [], 1, 3], ["hexgo", 4, [], 1, True])
    for last in bad:
        assert Settings({"last": last, "brightness": 1}).last is None, last
        assert Settings({"last": last, "brightness": 1}).brightness == 1


def test_settings_survive_the_store_and_a_damaged_file_gives_the_defaults():
    store = Store()
    s = Settings({"brightness": 1, "last": ["xiago", 6, [], 2, 2]})
    save.store_settings(store, s)
    assert save.load_settings(store).to_dict() == s.to_dict()
    data = store.files[save.SETTINGS_FILE]
    for bad in (data[:-1], data.replace(b"settings", b"game", 1), b""):
        store.files[save.SETTINGS_FILE] = bad
        assert save.load_settings(store).to_dict() == DEFAULTS


# -- the store ------------------------------------------------------------------------
class ShortFiles(MemFiles):
    """Writes that report fewer bytes than asked (a full flash on some ports), or
    None (ports whose write returns nothing)."""

    def __init__(self, wrote):
        MemFiles.__init__(self)
        self.wrote = wrote
        self.made = []

    def open(self, path, mode):
        f = MemFiles.open(self, path, mode)
        if "w" in mode:
            wrote = self.wrote
            write = f.write

            def short(data):
                write(data)
                return wrote if wrote is None else min(wrote, len(data))
            f.write = short
        return f

    def mkdir(self, path):
        self.made.append(path)
        MemFiles.mkdir(self, path)


def test_the_store_keeps_its_files_in_its_folder():
    fs = ShortFiles(None)
    store = FolderStore("data/", files=fs)
    assert fs.made == ["data"]                  # made (here: it exists, and that is fine)
    store.save("a.sav", b"abc")                 # a write that returns None is complete
    assert fs.files == {"data/a.sav": b"abc"} and store.load("a.sav") == b"abc"
    fs = ShortFiles(None)
    store = FolderStore("", files=fs)
    store.save("a.sav", b"abc")
    assert fs.made == [] and fs.files == {"a.sav": b"abc"}


def test_a_short_write_is_an_error_and_keeps_the_old_file():
    fs = ShortFiles(3)
    store = FolderStore("data", files=fs)
    store.save("game.sav", b"old")              # 3 of 3 bytes: complete
    try:
        store.save("game.sav", b"newer")
    except OSError as e:
        assert e.args[0] == 28 and "wrote 3 of 5 bytes" in e.args[1], e.args   # ENOSPC
    else:
        raise AssertionError("a short write was taken")
    assert fs.files == {"data/game.sav": b"old"}


def test_a_file_that_cannot_be_made_gives_its_own_error():
    fs = MemFiles()
    store = FolderStore("", files=fs)
    store.save("game.sav", b"old")

    def unwritable(path, mode):
        if "w" in mode:
            raise OSError(30, "read-only")      # EROFS; no temporary to remove after it
        return MemFiles.open(fs, path, mode)
    fs.open = unwritable
    try:
        store.save("game.sav", b"new")
    except OSError as e:
        assert e.args[0] == 30, e.args
    else:
        raise AssertionError("an unwritable file was taken")
    assert fs.files == {"game.sav": b"old"} and store.load("game.sav") == b"old"


def test_the_file_wins_over_a_leftover_temporary_and_reads_stop_past_the_limit():
    fs = MemFiles()
    store = FolderStore("", files=fs)
    fs.files = {"game.sav": b"whole", "game.sav.tmp": b"half"}
    assert store.load("game.sav") == b"whole"
    fs.files = {"game.sav": b"x" * (MAX_FILE + 1)}
    assert len(store.load("game.sav")) == MAX_FILE + 1


def test_a_refused_rename_without_an_errno_keeps_the_old_file():
    fs = MemFiles()
    store = FolderStore("", files=fs)
    store.save("game.sav", b"old")

    def refuse(a, b):
        raise OSError()
    fs.rename = refuse
    raises(OSError, store.save, "game.sav", b"new")
    assert fs.files == {"game.sav": b"old"}


def test_a_rename_refused_for_any_other_reason_keeps_the_old_file():
    # only "target exists" (17) removes the old file first; EIO, ENOENT... do not
    for errno in (5, 2, 30):
        fs = MemFiles()
        store = FolderStore("", files=fs)
        store.save("game.sav", b"old")
        fs.rename_error = errno
        raises(OSError, store.save, "game.sav", b"new")
        assert fs.files == {"game.sav": b"old"}, errno
