"""The emulated Pico's USB serial on a pseudo-terminal, for tools that want a port:

    python -m tools.pico.serial [--uf2 FILE] [--variant pocket] [--link PATH]
    mpremote connect /dev/pts/N exec "print(1)"      # the path it prints

The chip boots (the kit's stock image by default) and runs until this process is
stopped, never faster than real time. machine.reset() (`mpremote reset`) restarts it
on the same flash, as a Pico reboots, and the port stays open. --link makes a
symlink to the terminal (a stable name for scripts).
"""
import argparse
import errno
import os
import select
import signal
import sys
import time
import tty

from tools.pico.link import missing

_SLICE_MS = 4                  # emulated time run between looks at the terminal
_BACKLOG = 1 << 16             # chip output kept while no one reads the terminal


class Bridge:
    def __init__(self, chip):
        self.chip = chip
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)                   # bytes through as they are, no echo
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)
        self.backlog = b""
        self.transcript = bytearray()            # the console's last _BACKLOG bytes
        self.stopped = False

    def pump(self):
        """One round: terminal -> chip, run a slice, chip -> terminal."""
        r, _, _ = select.select([self.master], [], [], 0)
        if r:
            try:
                data = os.read(self.master, 4096)
            except OSError as e:
                if e.errno not in (errno.EIO, errno.EAGAIN):
                    raise
                data = b""
            if data:
                self.chip.write(data)
        out = self.chip.run_for(_SLICE_MS)
        if out:
            self.transcript += out
            del self.transcript[:-_BACKLOG]
        self.backlog += out
        if self.backlog:
            try:
                n = os.write(self.master, self.backlog)
            except BlockingIOError:
                n = 0
            # Nobody reading: keep the newest output, as a full USB buffer would drop.
            self.backlog = self.backlog[n:][-_BACKLOG:]

    def serve(self):
        wall0 = time.monotonic()
        emu0 = self.chip.us
        while not self.stopped:
            self.pump()
            ahead = (self.chip.us - emu0) / 1e6 - (time.monotonic() - wall0)
            if ahead > 0:
                time.sleep(ahead)

    def close(self):
        os.close(self.master)
        os.close(self.slave)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.pico.serial",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--uf2", help="firmware image (default: the Pico kit's stock image)")
    ap.add_argument("--variant", default="pocket", help="hardware/<variant>.json around the chip")
    ap.add_argument("--link", help="make this path a symlink to the terminal")
    args = ap.parse_args(argv)
    why = missing()
    if why:
        sys.exit("cannot run the emulated chip: " + why)
    from tools.pico.chip import Chip
    chip = Chip(args.variant)
    chip.boot(args.uf2)
    bridge = Bridge(chip)
    if args.link:
        if os.path.lexists(args.link):
            os.remove(args.link)
        os.symlink(bridge.path, args.link)

    def stop(*_):
        bridge.stopped = True
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print("serial: %s" % bridge.path, flush=True)
    try:
        bridge.serve()
    finally:
        bridge.close()
        chip.close()
        if args.link and os.path.islink(args.link):
            os.remove(args.link)


if __name__ == "__main__":
    main()
