# The `store` of the hardware interface for a real file system: one file per name
# in a folder. Portable (only `os` and open), so the chip and the simulator share it.
#
# save() is atomic: the data goes to name.tmp first, then a rename puts it in place.
# Power can fail at any moment on a handheld; with the rename, a reader finds either
# the old file or the new one, never half of each. (LittleFS, the Pico's file system,
# renames atomically over an existing file; where a rename onto an existing file is
# refused, the old file is removed first and the one unsafe moment is logged here.)
import os


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
