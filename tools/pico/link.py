"""The node process that emulates the board (tools/pico/run.mjs), seen from Python:
one JSON request a line on its stdin, one JSON reply a line on its stdout.

Everything here counts emulated time: a `budget_s` is seconds on the chip's clock,
so a hung chip fails cleanly (ChipTimeout) however slow the machine running it.
"""
import json
import os
import select
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
UF2 = "RPI_PICO-v1.28.0.uf2"
BOOTROM = "rp2040-bootrom-b1.bin"
_WALL_S = 120                  # wall seconds any request may take, plus
_WALL_PER_EMULATED_S = 60      # this many per emulated second it asks to run


class ChipError(Exception):
    """The emulator refused a request, or code on the chip raised."""


class PowerOff(ChipError):
    """The board's power was cut (Chip.cut_power()): the chip runs no more until a
    power cycle or a restore. `output`: what it sent before."""

    def __init__(self, msg, output=b""):
        super().__init__(msg)
        self.output = output


class ChipTimeout(ChipError):
    """The chip did not answer within its emulated time budget."""

    def __init__(self, msg, output=b""):
        super().__init__(msg)
        self.output = output


def kit_dir():
    """The Pico kit: $PICO_KIT, else ../shared/pico beside the repository."""
    return os.environ.get("PICO_KIT") or os.path.join(os.path.dirname(ROOT), "shared", "pico")


def missing():
    """What the emulated chip lacks on this machine, as one line, or None."""
    kit = kit_dir()
    for f in (BOOTROM, UF2):
        if not os.path.isfile(os.path.join(kit, f)):
            return ("the Pico kit's %s is missing from %s: set PICO_KIT= to the folder "
                    "holding it (see README, 'The emulated chip')" % (f, kit))
    if shutil.which("node") is None:
        return "node is missing: install Node.js 18 or newer (Debian: apt-get install nodejs)"
    if not os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js")):
        return "rp2040js is missing: run `make setup` (npm ci in tools/pico)"
    return None


class Link:
    """The emulator process and its serial line (bytes from the chip's USB CDC)."""

    def __init__(self):
        self.proc = subprocess.Popen(
            ["node", os.path.join(HERE, "run.mjs")], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=None, text=True, encoding="latin-1", bufsize=1)
        self.t_us = 0.0
        self.resets = 0                # resets the firmware made (machine.reset())

    def on_reset(self):
        """The firmware reset the chip (it restarted on the same flash)."""

    def request(self, op, **args):
        if self.proc.poll() is not None:
            raise ChipError("the emulator has exited (code %s)" % self.proc.returncode)
        args["op"] = op
        self.proc.stdin.write(json.dumps(args) + "\n")
        self.proc.stdin.flush()
        # A stuck emulator (not a stuck chip: that is an emulated budget) must not hang
        # a test run: the wall-clock limit is far above any emulation speed seen.
        limit = _WALL_S + _WALL_PER_EMULATED_S * args.get("us", 0) / 1e6
        if not select.select([self.proc.stdout], [], [], limit)[0]:
            self.proc.kill()
            raise ChipTimeout("the emulator gave no answer to '%s' within %d s of wall "
                              "time: killed" % (op, limit))
        line = self.proc.stdout.readline()
        if not line:
            raise ChipError("the emulator exited during '%s'" % op)
        reply = json.loads(line)
        if "error" in reply:
            raise ChipError("%s: %s" % (op, reply["error"]))
        if "t" in reply:
            self.t_us = reply["t"]
        if reply.get("resets", self.resets) != self.resets:
            self.resets = reply["resets"]
            self.on_reset()
        if reply.get("fault"):
            raise ChipError("the chip faulted: %s" % reply["fault"])
        if reply.get("off"):
            raise PowerOff("the power was cut during a flash write (%s)" % op,
                           reply.get("out", "").encode("latin-1"))
        return reply

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write('{"op": "quit"}\n')
                self.proc.stdin.flush()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()

    # -- the serial line -------------------------------------------------------------
    def write(self, data):
        self.request("send", data=bytes(data).decode("latin-1"))

    def read_until(self, pattern, budget_s=5.0):
        """Serial bytes up to and including `pattern`, within budget_s emulated seconds."""
        r = self.request("run", us=int(budget_s * 1e6), until=bytes(pattern).decode("latin-1"))
        out = r["out"].encode("latin-1")
        if not r["found"]:
            raise ChipTimeout("no %r from the chip within %.3g emulated s; it sent: %r"
                              % (pattern, budget_s, out[-600:]), out)
        return out

    def read(self, n, budget_s=5.0):
        r = self.request("run", us=int(budget_s * 1e6), nbytes=n)
        out = r["out"].encode("latin-1")
        if not r["found"]:
            raise ChipTimeout("%d bytes expected from the chip within %.3g emulated s, got %r"
                              % (n, budget_s, out), out)
        return out

    def run_for(self, ms):
        """Runs the chip `ms` emulated milliseconds; returns what it sent meanwhile."""
        return self.request("run", us=int(ms * 1000))["out"].encode("latin-1")

    @property
    def us(self):
        """The chip's clock: emulated microseconds since power-up."""
        return self.t_us

    def stats(self):
        return self.request("stats")
