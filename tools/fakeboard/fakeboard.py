"""A Raspberry Pi Pico without the hardware, for flashing tests (DESIGN.md section 8).

    python tools/fakeboard/fakeboard.py [--image FILE] [--held 128]
    # prints the port, e.g. /dev/pts/5; then: mpremote connect /dev/pts/5 ...

The port is the slave side of a pseudo-terminal. Behind it runs the MicroPython unix
port (`python -m micropython_unix -X heapsize=240k`, the chip's heap) on a second
pseudo-terminal, and this relay copies bytes between the two. The unix port's own
REPL is MicroPython's pyexec, so the friendly REPL, raw REPL (Ctrl-A), raw-paste mode
and Ctrl-C (SIGINT through the child's terminal) are the real thing. What the unix port
does differently, the relay fixes up:
  * Ctrl-D at an empty REPL ends the unix process, where a board soft-resets: the
    relay prints "MPY: soft reboot" and starts a new process (which runs main.py after
    a friendly-REPL reset, or goes back into the raw REPL, as rp2 does);
  * machine.reset() (stub) prints a marker; the relay restarts the process as a
    power-up, running boot.py and main.py;
  * code run from the raw REPL runs with the terminal still raw, so Ctrl-C arrives as
    a plain byte: while such code runs (from the host's Ctrl-D to the board's "\x04>"),
    the relay turns Ctrl-C into SIGINT itself.
Files live in a LittleFS2 image of the Pico's size (1408 KB, 352 blocks of 4 KB),
mounted at / by start.py; machine, neopixel and rp2 are stubs that record LED frames
(`import machine; machine.led_writes, machine.led_last`).
"""
import argparse
import fcntl
import os
import pty
import select
import signal
import subprocess
import sys
import threading
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))
PICO_FLASH = 1408 * 1024           # the rp2 port's filesystem on a 2 MB Pico
MARK = b"\x00fakeboard:reset\x00"
_EXEC_AS_TTY = ("import os, sys, fcntl, termios; os.setsid(); "
                "fcntl.ioctl(0, termios.TIOCSCTTY, 0); os.execv(sys.executable, sys.argv[1:])")


class FakeBoard:
    def __init__(self, image, heap="240k", held=(), vsys_mv=None):
        self.image = image
        self.heap = heap
        self.env = dict(os.environ, FAKEBOARD_IMAGE=os.path.abspath(image),
                        FAKEBOARD_HELD=",".join(str(s) for s in held))
        if vsys_mv is not None:
            self.env["FAKEBOARD_VSYS_MV"] = str(vsys_mv)
        self.boots = 0                  # processes started: power-ups and resets
        self.transcript = bytearray()   # everything the board said (last 64 KB)
        self._raw = False
        self._stop = threading.Event()
        self._proc = None

    # -- life cycle ------------------------------------------------------------------
    def start(self):
        if not os.path.exists(self.image):
            with open(self.image, "wb") as f:
                f.write(b"\xff" * PICO_FLASH)          # erased flash
        self.m, self.s = pty.openpty()
        tty.setraw(self.s)              # no echo back into the board
        fl = fcntl.fcntl(self.m, fcntl.F_GETFL)
        fcntl.fcntl(self.m, fcntl.F_SETFL, fl | os.O_NONBLOCK)
        self.port = os.ttyname(self.s)
        self._spawn("power-up")
        self._thread = threading.Thread(target=self._relay, daemon=True)
        self._thread.start()
        return self.port

    def stop(self):
        self._stop.set()
        self._thread.join(5)
        self._kill()
        for fd in (self.m, self.s):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def _spawn(self, mode):
        cm, cs = pty.openpty()
        mode_bits = tty.tcgetattr(cs)
        tty.setraw(cs)
        attrs = tty.tcgetattr(cs)
        attrs[3] |= tty.ISIG            # Ctrl-C while code runs -> SIGINT, as on the board
        tty.tcsetattr(cs, tty.TCSANOW, attrs)
        del mode_bits
        env = dict(self.env, FAKEBOARD_MODE="raw" if mode == "raw" else "")
        args = [sys.executable, "-c", _EXEC_AS_TTY, sys.executable, "-m", "micropython_unix",
                "-X", "heapsize=" + self.heap, "-i", os.path.join(HERE, "start.py")]
        self._proc = subprocess.Popen(args, stdin=cs, stdout=cs, stderr=cs, env=env,
                                      cwd=HERE, close_fds=True)
        os.close(cs)
        self.cm = cm
        self._want_raw = mode == "raw"  # enter the raw REPL once the prompt shows
        self._held_back = bytearray()
        self._running = False           # code from the raw REPL is running
        self._tail = b""
        self.boots += 1

    def _kill(self):
        p = self._proc
        if p and p.poll() is None:
            p.kill()
            p.wait(5)
        try:
            os.close(self.cm)
        except OSError:
            pass

    # -- the relay ---------------------------------------------------------------------
    def _to_host(self, data):
        self.transcript += data
        del self.transcript[:-65536]
        try:
            os.write(self.m, data)
        except BlockingIOError:
            pass                        # nobody reading: a board's USB drops it too

    def _relay(self):
        while not self._stop.is_set():
            try:
                r, _, _ = select.select([self.m, self.cm], [], [], 0.05)
            except (OSError, ValueError):
                r = []
            if self.m in r:
                try:
                    data = os.read(self.m, 4096)
                except (BlockingIOError, OSError):
                    data = b""
                for c in data:
                    if c == 1:
                        self._raw = True
                    elif c == 2:
                        self._raw = False
                    elif c == 4 and self._raw:
                        self._running = True
                    elif c == 3 and self._running:
                        self._running = False
                        try:
                            os.kill(self._proc.pid, signal.SIGINT)
                        except OSError:
                            pass
                if data:
                    try:
                        os.write(self.cm, data)
                    except OSError:
                        pass
            out = b""
            if self.cm in r:
                try:
                    out = os.read(self.cm, 4096)
                except OSError:         # EIO: the process has gone
                    out = b""
            if out:
                self._from_board(out)
            elif self._proc.poll() is not None:
                self._restart("soft")

    def _from_board(self, out):
        if MARK in out:
            self._to_host(out.split(MARK)[0])
            self._restart("hard")
            return
        if self._want_raw:
            # A new process after a soft reset from the raw REPL: swallow its banner,
            # then Ctrl-A; its "raw REPL; CTRL-B to exit" is what mpremote waits for.
            self._held_back += out
            if self._held_back.endswith(b">>> "):
                self._want_raw = False
                os.write(self.cm, b"\x01")
            return
        if b"\x04>" in self._tail + out:
            # The raw REPL's prompt after a run (anywhere in the chunk: under load the
            # friendly banner that follows a Ctrl-B may come in the same read).
            self._running = False
        self._tail = out[-1:]
        self._to_host(out)

    def _restart(self, how):
        self._kill()
        if how == "hard":
            self._raw = False
            self._spawn("power-up")
        else:
            self._to_host(b"MPY: soft reboot\r\n")
            self._spawn("raw" if self._raw else "soft")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--image", default="/tmp/honeycomb-fakeboard.img")
    ap.add_argument("--held", default="", help="key slots held down, e.g. 128")
    a = ap.parse_args()
    held = [int(x) for x in a.held.split(",") if x]
    with FakeBoard(a.image, held=held) as b:
        print(b.port, flush=True)
        try:
            while True:
                time.sleep(1)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
