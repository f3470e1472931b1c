# What the app keeps between reads and writes of its files: the settings, and the
# `store` of the hardware interface (DESIGN.md section 6) for a real file system.
# The containers (versions, checksums) are in app/save.py, loaded only to read or
# write; this module stays, so it is small.
import os
from hexgames import GAMES
from micropython import const

DEFAULTS = {
    "brightness": 3,         # index into light.BRIGHTNESS: 3 % .. 100 %
    "sound": True,
    "colour_blind": False,
    "last": None,            # the last match chosen: [game, size, flags, level, human]
    "ignored": -1,           # checksum of a bad save file already reported
}


def _match(last):
    """last is [game, size, flags, level, human] as the menu writes it."""
    if not isinstance(last, list) or len(last) != 5:
        return False
    game, size, flags, level, human = last
    if game not in GAMES or not (size is None or type(size) is int):
        return False
    if not isinstance(flags, list) or [f for f in flags if not isinstance(f, str)]:
        return False
    return type(level) is int and 0 <= level <= 5 and type(human) is int and human in (1, 2)


class Settings:
    def __init__(self, d=None):
        for k in DEFAULTS:
            setattr(self, k, DEFAULTS[k])
        if d:
            # a value of the wrong type or out of range keeps its default: a damaged
            # file costs a choice, never a start-up (the menu trusts these)
            for k in DEFAULTS:
                if k in d and type(d[k]) is type(DEFAULTS[k]):
                    setattr(self, k, d[k])
            if _match(d.get("last")):
                self.last = d["last"]
        if not 0 <= self.brightness <= 5:
            self.brightness = DEFAULTS["brightness"]

    def to_dict(self):
        return {k: getattr(self, k) for k in DEFAULTS}


# -- a store on a file system --------------------------------------------------------
# The `store` of the hardware interface for a real file system: one file per name in
# a folder. Only `os` and open, so the chip and the simulator share it.
# save() is atomic: the data goes to name.tmp first, then a rename puts it in place.
# Power can fail at any moment on a handheld; with the rename, a reader finds either
# the old file or the new one, never half of each. LittleFS, the Pico's file system,
# renames over an existing file atomically. Where a rename onto an existing file is
# refused ("target exists", EEXIST: FAT, Windows), the old file is removed, and only
# then, once name.tmp is complete: a power cut in that moment leaves name.tmp alone,
# and load() takes it. Any other failure (a full flash) leaves the old file as it was.
_EEXIST = const(17)
MAX_FILE = const(40960)     # bytes read at most: a save is a few KB, and a huge file
                            # must not take the heap at boot (it fails its checks)


class Files:
    """The file operations FolderStore uses: os and open (tests pass a faulty one)."""

    def open(self, path, mode):
        return open(path, mode)

    def rename(self, a, b):
        os.rename(a, b)

    def remove(self, path):
        os.remove(path)

    def mkdir(self, path):
        os.mkdir(path)


class FolderStore:
    def __init__(self, folder, files=None):
        self.fs = files or Files()
        self.folder = folder.rstrip("/") + "/" if folder else ""
        if self.folder:
            try:
                self.fs.mkdir(self.folder.rstrip("/"))
            except OSError:
                pass                # exists already

    def _path(self, name):
        return self.folder + name

    def _read(self, path):
        try:
            with self.fs.open(path, "rb") as f:
                return f.read(MAX_FILE + 1)
        except OSError:
            return None

    def load(self, name):
        path = self._path(name)
        data = self._read(path)
        if data is None:            # cut between removing the old and renaming the new
            data = self._read(path + ".tmp")
        return data

    def save(self, name, data):
        path = self._path(name)
        tmp = path + ".tmp"
        fs = self.fs
        try:
            with fs.open(tmp, "wb") as f:
                n = f.write(data)
            if n is not None and n != len(data):
                raise OSError(28, "wrote %d of %d bytes" % (n, len(data)))   # ENOSPC
        except OSError:
            self._drop(tmp)         # half a file: the old one stays
            raise
        try:
            fs.rename(tmp, path)
        except OSError as e:
            if not e.args or e.args[0] != _EEXIST:
                self._drop(tmp)
                raise
            fs.remove(path)         # the new file is complete: now the old may go
            fs.rename(tmp, path)

    def _drop(self, path):
        try:
            self.fs.remove(path)
        except OSError:
            pass
