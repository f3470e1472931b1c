"""Build the board's firmware image: `make firmware [VARIANT=pocket|full|hexboard]`.

    python tools/build/firmware.py [--variant pocket|full|hexboard] [--kit DIR | --micropython DIR]

MicroPython v1.28.0 for the board's chip with Honeycomb frozen in (BOARD=RPI_PICO for a
layout on a Pico; a board made from the layout's "flash" section for a bare RP2040, the
HexBoard: tools/build/board_def.py):
the packages of firmware/ through manifest.py, plus main.py and a generated module,
`honeycomb_image`, that names the board variant and carries its layout, so the image
boots into the app with nothing on the file system. The result is
build/honeycomb-<variant>.uf2: the file to drop onto the Pico's USB drive (BOOTSEL).

Sources, one of:
  --kit DIR          (default ../shared/pico, or $PICO_KIT) holding
                     micropython-1.28.0-rp2-src.tar.xz: MicroPython with the submodules
                     ports/rp2 needs; unpacked under build/pico/.
  --micropython DIR  your own checkout of micropython at tag v1.28.0 with its submodules
                     (make -C ports/rp2 submodules).
Everything is built under build/, so a second run only redoes what changed. The Pico
SDK is told to do without picotool (PICO_NO_PICOTOOL): its only work for an RP2040
image is the UF2, which write_uf2() makes from firmware.bin, byte for byte the same,
and building picotool took 47 s of CPU in the first build.
"""
import argparse
import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "hardware"))
import board_def                    # noqa: E402  (beside this file)
import hwlayout                     # noqa: E402  (tools/hardware)

try:
    import fcntl                    # the build lock (POSIX); elsewhere builds run alone
except ImportError:
    fcntl = None

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(ROOT, "build")
KIT_DEFAULT = os.path.join(os.path.dirname(ROOT), "shared", "pico")
TARBALL = "micropython-1.28.0-rp2-src.tar.xz"
# The kit's README lists this checksum: a truncated or different file stops the build
# before it can fail in some obscure way half an hour later.
TARBALL_SHA256 = "a3451e224d06c1bcb26fe86f4758736060abfd439da000b20ef95b9b0d20ec83"
MP_NAME = "micropython-1.28.0"
VARIANTS = hwlayout.VARIANTS
IMAGE_MODULE = "honeycomb_image"
TOOLS = ("arm-none-eabi-gcc", "cmake", "make", "cc", "c++")
DEBS = "gcc-arm-none-eabi libnewlib-arm-none-eabi cmake build-essential g++"
WHERE = ("get it from the Pico kit (../shared/pico), or use a checkout of MicroPython "
         "v1.28.0 from micropython.org / GitHub (git clone -b v1.28.0 "
         "https://github.com/micropython/micropython, then make -C ports/rp2 submodules) "
         "with MICROPY_DIR=")


class Fail(Exception):
    pass


def run(cmd, cwd=None, env=None, log=None):
    """Run a build step; on failure, Fail with the step and the end of its output."""
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if log:
        with open(log, "a") as f:
            f.write("$ %s\n%s\n" % (" ".join(cmd), p.stdout))
    if p.returncode:
        tail = "\n".join(p.stdout.splitlines()[-30:])
        raise Fail("%s failed (exit %d):\n%s" % (" ".join(cmd), p.returncode, tail))
    return p.stdout


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def write_if_changed(path, text):
    """Write text unless the file already holds it: make then sees nothing new."""
    try:
        with open(path) as f:
            if f.read() == text:
                return False
    except OSError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)
    return True


def unpack_kit(kit, dest):
    """The kit's source tree under dest (unpacked once per tarball); its root."""
    tarball = os.path.join(kit, TARBALL)
    if not os.path.isfile(tarball):
        raise Fail("%s is missing: %s" % (tarball, WHERE))
    stamp = os.path.join(dest, ".unpacked")
    digest = sha256(tarball)
    try:
        with open(stamp) as f:
            if f.read().strip() == digest:
                return dest
    except OSError:
        pass
    if digest != TARBALL_SHA256:
        raise Fail("%s has sha256 %s, not the kit's %s: a damaged or different file; %s"
                   % (tarball, digest, TARBALL_SHA256, WHERE))
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    with tarfile.open(tarball) as t:
        t.extractall(dest, filter="tar") if hasattr(tarfile, "tar_filter") else t.extractall(dest)
    with open(stamp, "w") as f:
        f.write(digest + "\n")
    return dest


# MicroPython v1.28.0's mpy-tool.py aligns frozen Thumb native code to 2 bytes, but on
# the Cortex-M0+ (ARMv6-M) the native emitter loads every constant wider than 16 bits
# from a literal it places assuming a 4-byte-aligned start (asmthumb.c asserts as
# much for code in RAM). A frozen viper function that lands at 2 mod 4 reads such
# constants wrong: on the emulated chip app/kernels.py crashed the app with unaligned
# reads. The build aligns frozen native code to 4 bytes.
_ALIGN_OLD = '            # ARMVxxM or RV{32,64}IMC -- two byte align.\n            self.fun_data_attributes += " __attribute__ ((aligned (2)))"'
_ALIGN_NEW = '            # ARMVxxM or RV{32,64}IMC -- four byte align (Honeycomb: see tools/build/firmware.py)\n            self.fun_data_attributes += " __attribute__ ((aligned (4)))"'
_ALIGN_PREV = _ALIGN_NEW.replace("tools/build/", "tools/")     # a tree patched before the move


def align_native(mp, rp2_build, log):
    """Patches mp's tools/mpy-tool.py to align frozen native code to 4 bytes (see
    above); when it changed, the frozen modules are generated again."""
    path = os.path.join(mp, "tools", "mpy-tool.py")
    with open(path) as f:
        text = f.read()
    if _ALIGN_NEW in text or _ALIGN_PREV in text:
        return
    if _ALIGN_OLD not in text:
        raise Fail("%s: the frozen native code's alignment is not where v1.28.0 has it; "
                   "check that it is 4 bytes for ARMv6-M before freezing viper code" % path)
    write_if_changed(path, text.replace(_ALIGN_OLD, _ALIGN_NEW))
    log("mpy-tool.py: frozen native code aligned to 4 bytes (Cortex-M0+ literals)")
    stale = os.path.join(rp2_build, "frozen_content.c")
    if os.path.exists(stale):
        os.remove(stale)


def jobs():
    return os.cpu_count() or 1


def image_module(variant):
    """Source of honeycomb_image: the variant the image boots into and its layout, the
    text of layouts/<variant>.json (a string constant: frozen, it stays in flash)."""
    with open(os.path.join(ROOT, "firmware", "layouts", variant + ".json")) as f:
        text = f.read()
    return ("# Generated by tools/build/firmware.py: the board this firmware image was built for.\n"
            "VARIANT = %r\nLAYOUTS = {%r: %r}\n" % (variant, variant, text))


def manifest(gen):
    """The frozen manifest: the project's manifest.py, main.py, honeycomb_image."""
    firmware = os.path.join(ROOT, "firmware")
    return "\n".join([
        "# Generated by tools/build/firmware.py for `make firmware`.",
        "include(%r)" % os.path.join(ROOT, "manifest.py"),
        "module('main.py', base_path=%r)" % firmware,
        "module('%s.py', base_path=%r)" % (IMAGE_MODULE, gen),
    ]) + "\n"


def flash_budget(mp, layout):
    """Bytes of flash the image may use: the board's flash less the file system."""
    room = board_def.flash_room(layout)
    if room is not None:
        return room
    def define(path, name):
        with open(path) as f:
            m = re.search(r"#define\s+%s\s+\((\d+)\s*\*\s*1024(?:\s*\*\s*1024)?\)" % name,
                          f.read())
        if not m:
            return None
        return int(m.group(1)) * (1024 * 1024 if "1024 * 1024" in m.group(0) else 1024)
    storage = (define(os.path.join(mp, "ports/rp2/boards", board_def.PICO, "mpconfigboard.h"),
                      "MICROPY_HW_FLASH_STORAGE_BYTES")
               or define(os.path.join(mp, "ports/rp2/mpconfigport.h"),
                         "MICROPY_HW_FLASH_STORAGE_BYTES"))
    flash = define(os.path.join(mp, "lib/pico-sdk/src/boards/include/boards/pico.h"),
                   "PICO_FLASH_SIZE_BYTES")
    if storage is None or flash is None:
        raise Fail("cannot read the flash layout of %s from %s" % (board_def.PICO, mp))
    return flash - storage


# UF2 (github.com/microsoft/uf2): 512-byte blocks of 256 bytes each, 32-byte header.
UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)     # start 0, start 1, end
UF2_NOT_MAIN_FLASH = 0x0001
UF2_FAMILY_PRESENT = 0x2000
RP2040_FAMILY = 0xE48BFF56
FLASH_BASE = 0x10000000       # the RP2040's XIP flash, where the image is written


def write_uf2(code, base=FLASH_BASE, family=RP2040_FAMILY):
    """The UF2 file that writes code (a flash image from its first byte) at base:
    one block per 256 bytes, the last padded with zeros, as picotool writes it."""
    count = (len(code) + 255) // 256
    out = bytearray()
    for i in range(count):
        page = code[256 * i:256 * i + 256]
        out += struct.pack("<8I", UF2_MAGIC[0], UF2_MAGIC[1], UF2_FAMILY_PRESENT,
                           base + 256 * i, 256, i, count, family)
        out += page + bytes(476 - len(page))
        out += struct.pack("<I", UF2_MAGIC[2])
    return bytes(out)


def read_uf2(data):
    """(family ids, {address: payload}) of a UF2 image for flash; ValueError naming
    the first block that is not a well-formed, numbered UF2 block."""
    if not data or len(data) % 512:
        raise ValueError("%d bytes: not a whole number of 512-byte UF2 blocks" % len(data))
    total = len(data) // 512
    families, blocks = set(), {}
    for i in range(total):
        m0, m1, flags, addr, size, seq, count, family = struct.unpack_from("<8I", data, 512 * i)
        (m2,) = struct.unpack_from("<I", data, 512 * i + 508)
        if (m0, m1, m2) != UF2_MAGIC:
            raise ValueError("block %d: bad UF2 magic numbers" % i)
        if seq != i or count != total:
            raise ValueError("block %d: numbered %d of %d, in a file of %d blocks"
                             % (i, seq, count, total))
        if flags & UF2_NOT_MAIN_FLASH:
            continue
        if not flags & UF2_FAMILY_PRESENT:
            raise ValueError("block %d: no family id" % i)
        if size != 256 or addr % 256:
            raise ValueError("block %d: %d bytes at 0x%08x, not a 256-byte page"
                             % (i, size, addr))
        if addr in blocks:
            raise ValueError("block %d: address 0x%08x written twice" % (i, addr))
        families.add(family)
        blocks[addr] = data[512 * i + 32:512 * i + 32 + size]
    return families, blocks


def build(variant, kit=None, micropython=None, out_dir=BUILD, log=print):
    """Build the image: (its path, the bytes of flash it may take). One build at a
    time per build folder (the tests run in two processes and share it)."""
    if variant not in VARIANTS:
        raise Fail("unknown variant %r: choose one of %s" % (variant, ", ".join(VARIANTS)))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, ".build.lock"), "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(variant, kit, micropython, out_dir, log)


def _build(variant, kit, micropython, out_dir, log):
    try:
        layout = hwlayout.load(os.path.join(ROOT, "hardware", variant + ".json"))
    except ValueError as e:
        raise Fail(str(e))
    board = board_def.board_name(layout)
    env = dict(os.environ)
    # ports/rp2's Makefile adds its own (the board, the manifest) to these
    env["CMAKE_ARGS"] = "-DPICO_NO_PICOTOOL=1"
    kit = os.path.abspath(kit or os.environ.get("PICO_KIT") or KIT_DEFAULT)
    if micropython:
        mp = os.path.abspath(micropython)
        if not os.path.isfile(os.path.join(mp, "lib", "pico-sdk", "README.md")):
            raise Fail("%s is not a MicroPython checkout with its submodules "
                       "(no lib/pico-sdk/README.md): run make -C ports/rp2 submodules "
                       "there, or %s" % (mp, WHERE))
        tag = hashlib.sha256(mp.encode()).hexdigest()[:8]
        rp2_build = os.path.join(out_dir, "rp2-" + tag)
    else:
        src = unpack_kit(kit, os.path.join(out_dir, "pico"))
        mp = os.path.join(src, MP_NAME)
        rp2_build = os.path.join(out_dir, "rp2-kit")
        # The tarball is no git repository: stop git from finding the project's around
        # it, or the firmware would call itself by the project's commit, not v1.28.0
        # (git compares the ceiling with the real path of the folder it starts in).
        env["GIT_CEILING_DIRECTORIES"] = os.path.realpath(src)
    if board != board_def.PICO:
        rp2_build += "-" + variant              # its own board: its own build
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if missing:
        raise Fail("%s missing: `make firmware-deps` installs Debian's %s"
                   % (", ".join(missing), DEBS))
    os.makedirs(out_dir, exist_ok=True)
    steps = os.path.join(out_dir, "firmware-build.log")      # every step's full output
    open(steps, "w").close()
    t = time.time()
    run(["make", "-C", os.path.join(mp, "mpy-cross"), "-j%d" % jobs()], env=env, log=steps)
    log("mpy-cross: %.0f s" % (time.time() - t))
    align_native(mp, rp2_build, log)
    gen = os.path.join(out_dir, "frozen")
    write_if_changed(os.path.join(gen, IMAGE_MODULE + ".py"), image_module(variant))
    man = os.path.join(gen, "manifest.py")
    write_if_changed(man, manifest(gen))
    if board == board_def.PICO:
        which = "BOARD=" + board
    else:
        which = "BOARD_DIR=" + board_def.write(layout, os.path.join(out_dir, "boards"))
    t = time.time()
    cache = os.path.join(rp2_build, "CMakeCache.txt")
    if os.path.isfile(cache):
        with open(cache) as f:
            configured = "PICO_NO_PICOTOOL" in f.read()
        if not configured:      # a build folder from before: configured for picotool
            run(["cmake", "-DPICO_NO_PICOTOOL=1", rp2_build], env=env, log=steps)
    run(["make", "-C", os.path.join(mp, "ports", "rp2"), "-j%d" % jobs(), which,
         "BUILD=" + rp2_build, "FROZEN_MANIFEST=" + man], env=env, log=steps)
    log("image (%s, %s): %.0f s" % (board, variant, time.time() - t))
    image = os.path.join(out_dir, "honeycomb-%s.uf2" % variant)
    with open(os.path.join(rp2_build, "firmware.bin"), "rb") as f:
        uf2 = write_uf2(f.read())
    with open(image + ".tmp", "wb") as f:
        f.write(uf2)
    os.replace(image + ".tmp", image)
    return image, flash_budget(mp, layout)


def menu_heap(image, variant):
    """(free heap in bytes with the app at its menu, None) on the emulated chip
    (tools/pico), or (None, why not) where the emulator is missing."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from tools.pico.link import missing
    why = missing()
    if why:
        return None, why
    from tools.pico import heap
    from tools.pico.chip import Chip
    from tools.pico.handheld import Handheld
    with Chip(variant) as chip:
        chip.boot(image)
        h = Handheld(chip)
        h.start_app()
        return heap.menu_free(h), None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="pocket", help="board variant: pocket, full or hexboard")
    ap.add_argument("--kit", help="folder with %s (default $PICO_KIT or ../shared/pico)"
                    % TARBALL)
    ap.add_argument("--micropython", help="your own micropython v1.28.0 checkout")
    a = ap.parse_args()
    try:
        image, budget = build(a.variant, a.kit, a.micropython)
    except Fail as e:
        print("firmware: %s" % e, file=sys.stderr)
        return 1
    size = os.path.getsize(image)
    code = size // 2      # a UF2 block is 512 bytes carrying 256 of the image
    print("%s: %d bytes (%d KiB of code in flash, %d%% of the %d KiB left beside the "
          "file system)" % (os.path.relpath(image, ROOT), size, code // 1024,
                            100 * code // budget, budget // 1024))
    free, why = menu_heap(image, a.variant)
    if why:
        print("free heap at the menu: not measured (%s)" % why)
    else:
        print("free heap at the menu: %d bytes (the image on the emulated RP2040)" % free)
    return 0


if __name__ == "__main__":
    sys.exit(main())
