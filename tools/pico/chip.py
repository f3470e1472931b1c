"""An emulated Raspberry Pi Pico running real MicroPython firmware, for tests:

    chip = Chip()                      # the pocket board around it (hardware/pocket.json)
    chip.boot()                        # the kit's stock image -> REPL prompt
    out, err, us = chip.run("print(1 + 1)")
    chip.put("/x.txt", b"data"); chip.power_cycle(); chip.get("/x.txt")
    chip.press("g7"); chip.frames(); chip.tone(); chip.set_vsys(3.4)

Scripts go through the raw REPL in raw-paste mode (the flow control mpremote uses).
Every wait has a budget in emulated seconds (ChipTimeout past it).
"""
import binascii
import os
import struct

from tools.pico.board import BoardIO, describe
from tools.pico.link import BOOTROM, UF2, ChipError, ChipTimeout, Link, PowerOff, kit_dir

__all__ = ["Chip", "ChipError", "ChipTimeout", "PowerOff"]

_CHUNK = 1024                # file bytes per write() call in a put script
_PER_SCRIPT = 8              # write() calls per script: 8 KB of data, 11 KB of source
_RETRY_S = 0.1               # emulated seconds between Ctrl-Cs while waiting for a prompt


class Chip(BoardIO, Link):
    def __init__(self, variant="pocket", kit=None):
        Link.__init__(self)
        self.kit = kit or kit_dir()
        BoardIO.__init__(self, describe(variant))
        self.raw = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- power -------------------------------------------------------------------------
    def boot(self, uf2=None, budget_s=5.0, image=None):
        """Fresh flash holding `uf2` (default: the kit's stock image), or the whole
        flash `image` a save_flash() wrote, up to the REPL prompt. Returns the banner."""
        src = {"image": image} if image else {"uf2": uf2 or os.path.join(self.kit, UF2)}
        self.request("boot", bootrom=os.path.join(self.kit, BOOTROM), board=self.desc,
                     flash_size=self.desc["flash_bytes"], **src)
        return self._prompt(budget_s)

    def save_flash(self, path):
        """Writes the whole flash (firmware and file system) to `path`."""
        self.request("dump", path=os.path.abspath(path))

    def power_cycle(self, budget_s=5.0):
        """Power off and on: a new chip, the same flash (files kept). Stops at the
        REPL prompt, so main.py, if any, is interrupted: see boot_main()."""
        self.request("restart")
        self._board_restarted()
        return self._prompt(budget_s)

    def boot_main(self, ms=2000, until=None):
        """Power cycle and let the firmware boot by itself (boot.py, main.py) for `ms`
        emulated milliseconds, or until the console shows `until` (ChipTimeout if it
        does not within `ms`); returns what it printed on the serial console."""
        self.request("restart")
        self._board_restarted()
        self.raw = False
        if until is not None:
            return self.read_until(until, ms / 1000)
        return self.run_for(ms)

    def on_reset(self):
        self.raw = False
        self._board_restarted()

    def _prompt(self, budget_s):
        # Ctrl-C stops a running main.py; the CR asks the REPL for a fresh prompt. A
        # Ctrl-C that comes before main.py has started is lost, so it is repeated.
        self.raw = False
        seen = b""
        t_end = self.us + budget_s * 1e6
        self.write(b"\x03\r")
        while True:
            try:
                return seen + self.read_until(b">>> ", _RETRY_S)
            except ChipTimeout as e:
                seen += e.output
                if self.us >= t_end:
                    raise ChipTimeout("no REPL prompt within %.3g emulated s; the chip "
                                      "sent: %r" % (budget_s, seen[-600:]), seen)
            self.write(b"\x03")

    def cut_power(self, after, done=0):
        """Power fails during the flash erase or program call `after` calls from now,
        once `done` bytes of it are written (0: none; a call's size: all of it). The
        request that runs into it raises PowerOff; power_cycle() or restore() powers
        up again on the flash as the cut left it. after < 0 cancels."""
        self.request("cut", after=after, bytes=done)

    def flash_ops(self):
        """(calls so far on this chip, [(kind "E" erase | "P" program, flash offset,
        bytes, emulated us since power-up)] since the last ask)."""
        r = self.request("flash_ops")
        return r["ops"], [tuple(x) for x in r["log"]]

    def snapshot(self, name):
        """Keeps a copy of the flash (firmware and files) under `name`."""
        self.request("save", name=name)

    def restore(self, name, budget_s=5.0):
        """Puts a snapshot's flash back and power-cycles onto it (REPL prompt)."""
        self.request("load", name=name)
        self._board_restarted()
        return self._prompt(budget_s)

    # -- the raw REPL ----------------------------------------------------------------
    def enter_raw(self, budget_s=2.0):
        if self.raw:
            return
        self.write(b"\r\x03\x03\x01")
        self.read_until(b"raw REPL; CTRL-B to exit\r\n>", budget_s)
        self.raw = True

    def exit_raw(self, budget_s=2.0):
        if self.raw:
            self.write(b"\x02")
            self.read_until(b">>> ", budget_s)
            self.raw = False

    def run(self, script, budget_s=10.0):
        """Runs `script` on the chip: (stdout, stderr, emulated microseconds from the
        end of sending it to the end of its output). stderr holds a traceback."""
        if isinstance(script, str):
            script = script.encode()
        self.enter_raw()
        try:
            return self._paste(script, budget_s)
        except ChipTimeout:
            # Still running: the next enter_raw() interrupts it (Ctrl-C) and finds the
            # raw REPL again.
            self.raw = False
            raise

    def _paste(self, script, budget_s):
        self.write(b"\x05A\x01")
        if self.read(2, 2.0) != b"R\x01":
            raise ChipError("the firmware refused raw-paste mode")
        window = struct.unpack("<H", self.read(2, 2.0))[0]
        room = window
        i = 0
        while i < len(script):
            while room == 0:
                b = self.read(1, budget_s)
                if b == b"\x01":
                    room += window
                elif b == b"\x04":
                    raise ChipError("the chip ended raw paste early")
            piece = script[i:i + room]
            self.write(piece)
            room -= len(piece)
            i += len(piece)
        self.write(b"\x04")
        self.read_until(b"\x04", budget_s)   # window grants before it are not needed
        t0 = self.us
        out = self.read_until(b"\x04", budget_s)[:-1]
        err = self.read_until(b"\x04", budget_s)[:-1]
        t1 = self.us
        self.read_until(b">", 2.0)
        return out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), t1 - t0

    def exec(self, script, budget_s=10.0):
        """run() that raises ChipError with the chip's traceback; returns stdout."""
        out, err, _ = self.run(script, budget_s)
        if err:
            raise ChipError("the chip raised:\n%s" % err.strip())
        return out

    def eval(self, expr, budget_s=10.0):
        """The repr() of an expression evaluated on the chip, read back as Python."""
        import ast
        return ast.literal_eval(self.exec("print(repr(%s))" % expr, budget_s).strip())

    # -- files on the chip's LittleFS ------------------------------------------------
    def put(self, path, data):
        data = bytes(data)
        mode = "wb"
        at = 0
        while True:
            # base64, not bytes literals: the chip reads its REPL's input a byte at a
            # time, and a literal's escapes made the script up to four times the data
            lines = ["from binascii import a2b_base64 as d",
                     "f = open(%r, %r)" % (path, mode), "w = f.write"]
            for _ in range(_PER_SCRIPT):
                if at >= len(data):
                    break
                chunk = binascii.b2a_base64(data[at:at + _CHUNK], newline=False)
                lines.append("w(d(%r))" % chunk.decode())
                at += _CHUNK
            lines.append("f.close()")
            self.exec("\n".join(lines), 30.0)
            mode = "ab"
            if at >= len(data):
                return

    def get(self, path):
        out = self.exec(
            "import binascii\nwith open(%r, 'rb') as f:\n"
            " while True:\n  b = f.read(512)\n  if not b:\n   break\n"
            "  print(binascii.hexlify(b).decode())" % path, 30.0)
        return bytes.fromhex("".join(out.split()))

    def mkdir(self, path):
        """Makes `path` and its parents (those that exist already are fine)."""
        self.exec("import os\np = ''\nfor part in %r.strip('/').split('/'):\n"
                  " p += '/' + part\n try:\n  os.mkdir(p)\n except OSError:\n  pass"
                  % path)

    def put_tree(self, local, remote="/"):
        """Copies a local folder's files onto the chip under `remote`."""
        for top, dirs, files in os.walk(local):
            dirs.sort()
            rel = os.path.relpath(top, local).replace(os.sep, "/")
            where = remote.rstrip("/") + ("" if rel == "." else "/" + rel)
            if where:
                self.mkdir(where)
            for f in sorted(files):
                with open(os.path.join(top, f), "rb") as fh:
                    self.put(where + "/" + f, fh.read())
