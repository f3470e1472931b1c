# The emulated chip booted from the board's own image (`make firmware`), for the chip
# test modules: require() at a module's top skips it whole, with the reason, when node
# or the Pico kit is missing; boot(variant, log) builds the image (or reuses build/'s)
# and powers a chip up on it, its flash kept as the snapshot "image".
import os
import shutil
import sys

from needs import need
from tools.pico.link import missing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "build"))
import firmware                      # noqa: E402

KIT = os.environ.get("PICO_KIT") or firmware.KIT_DEFAULT


def require():
    why = missing()
    if not why and not os.path.isfile(os.path.join(KIT, firmware.TARBALL)):
        why = ("%s missing from %s: the Pico kit's source builds the image (PICO_KIT=DIR)"
               % (firmware.TARBALL, KIT))
    need("the emulated chip (node, rp2040js, the Pico kit)", why, module=True)


def boot(variant, log):
    """A Chip of the variant at its REPL, booted from its image; what it printed goes to log."""
    absent = [t for t in firmware.TOOLS if shutil.which(t) is None]
    need("the ARM toolchain", absent and "%s missing: `make firmware-deps` installs them" % ", ".join(absent))
    image, _ = firmware.build(variant, kit=KIT, log=lambda s: None)
    from tools.pico.chip import Chip
    c = Chip(variant)
    log.append(c.boot(image).decode(errors="replace"))   # formats the file system
    c.snapshot("image")
    return c
