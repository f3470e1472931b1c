# Start-up of the fake board's MicroPython process (the unix port, run with -i so its
# REPL follows): put the stub machine/neopixel/rp2 in place, mount the LittleFS image
# at / as the Pico's flash, then do what the rp2 port does after a reset: boot.py,
# and main.py unless the reset came from the raw REPL ($FAKEBOARD_MODE == "raw").
# Everything happens inside a function so the REPL's globals stay clean.


def _start():
    import os
    import sys
    import vfs
    here = __file__.rpartition("/")[0] or "."
    sys.path.insert(0, here)
    import stub_machine
    sys.modules["machine"] = stub_machine      # first: the other stubs import it
    import stub_neopixel
    import stub_rp2
    sys.modules["neopixel"] = stub_neopixel
    sys.modules["rp2"] = stub_rp2
    for m in ("stub_machine", "stub_neopixel", "stub_rp2"):
        del sys.modules[m]

    class Flash:
        # A block device on the image file: LittleFS asks for 4 KB erase blocks.
        def __init__(self, path):
            self.f = open(path, "r+b")
            self.f.seek(0, 2)
            self.blocks = self.f.tell() // 4096

        def readblocks(self, n, buf, off=0):
            self.f.seek(n * 4096 + off)
            self.f.readinto(buf)

        def writeblocks(self, n, buf, off=0):
            self.f.seek(n * 4096 + off)
            self.f.write(buf)
            self.f.flush()

        def ioctl(self, op, arg):
            if op == 4:
                return self.blocks
            if op == 5:
                return 4096
            return 0

    dev = Flash(os.getenv("FAKEBOARD_IMAGE"))
    try:
        fs = vfs.VfsLfs2(dev)
    except OSError:                    # a blank image: format it, as a new Pico does
        vfs.VfsLfs2.mkfs(dev)
        fs = vfs.VfsLfs2(dev)
    vfs.umount("/")
    vfs.mount(fs, "/")
    os.chdir("/")
    sys.path[:] = ["", ".frozen", "/lib"]
    sys.path.remove(here) if here in sys.path else None
    run = ["boot.py"] if os.getenv("FAKEBOARD_MODE") == "raw" else ["boot.py", "main.py"]
    for name in run:
        try:
            src = open(name).read()
        except OSError:
            continue
        try:
            exec(compile(src, name, "exec"), {"__name__": "__main__"})
        except BaseException as e:     # also Ctrl-C: like the board, on to the REPL
            sys.print_exception(e)
            if isinstance(e, SystemExit):
                raise


_start()
del _start
