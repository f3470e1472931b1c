# What the app keeps between reads and writes of its files: the settings, and the
# `store` of the hardware interface (DESIGN.md section 6) for a real file system.
# The containers (versions, checksums) are in app/save.py, loaded only to read or
# write; this module stays, so it is small.
import os

DEFAULTS = {
    "brightness": 3,         # index into light.BRIGHTNESS: 3 % .. 100 %
    "sound": True,
    "colour_blind": False,
    "last": None,            # the last match chosen: [game, size, flags, level, human]
    "ignored": -1,           # checksum of a bad save file already reported
}


class Settings:
    def __init__(self, d=None):
        for k in DEFAULTS:
            setattr(self, k, DEFAULTS[k])
        if d:
            for k in DEFAULTS:
                if k in d and (k == "last" or type(d[k]) is type(DEFAULTS[k])):
                    setattr(self, k, d.get(k))
        if not 0 <= self.brightness <= 5:
            self.brightness = DEFAULTS["brightness"]

    def to_dict(self):
        return {k: getattr(self, k) for k in DEFAULTS}


# -- a store on a file system --------------------------------------------------------
# The `store` of the hardware interface for a real file system: one file per name in
# a folder. Only `os` and open, so the chip and the simulator share it.
# save() is atomic: the data goes to name.tmp first, then a rename puts it in place.
# Power can fail at any moment on a handheld; with the rename, a reader finds either
# the old file or the new one, never half of each. (LittleFS, the Pico's file system,
# renames atomically over an existing file; where a rename onto an existing file is
# refused, the old file is removed first: the one unsafe moment.)
class FolderStore:
    def __init__(self, folder):
        self.folder = folder.rstrip("/") + "/" if folder else ""
        if self.folder:
            try:
                os.mkdir(self.folder.rstrip("/"))
            except OSError:
                pass                # exists already

    def _path(self, name):
        return self.folder + name

    def load(self, name):
        try:
            with open(self._path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def save(self, name, data):
        path = self._path(name)
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        try:
            os.rename(tmp, path)
        except OSError:
            os.remove(path)
            os.rename(tmp, path)
