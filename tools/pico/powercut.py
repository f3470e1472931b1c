"""Power cuts during a save, on the emulated board:

    python -m tools.pico.powercut --cuts 200            # every game, 200 cuts each
    python -m tools.pico.powercut --cuts 20 --games hex,xiago

For each game the chip holds a saved game A (after some moves) and settings that
are not the defaults; the app's store (app/store.py FolderStore.save, as the app
calls it after every move) then writes game B, one move further. A first run of
that save records its flash calls (the boot ROM's erase and program, which LittleFS
makes through MicroPython: file data, then metadata commits, the last one the
directory entry that names the new file). Each cut then restores the flash as it
was before the save, cuts the power inside one of those calls after some of its
bytes (0 bytes: between the previous call and this one, the same flash as any
moment in that gap), powers up again and reads the files back:

  * game.sav must load as A or as B exactly, byte for byte (never a mix, never
    nothing), and the settings file as it was;
  * the next save, on the file system as the cut left it, works and reads back;
  * at the first cut that kept A, the first that gave B, and every --boot-every
    cuts, the app starts as main.py starts it (layout, drivers, App.boot(), a
    frame) on the flash as the cut left it, and must resume that game (the Resume
    screen, its record) with the settings, without a traceback.

Cut points are spread over the calls in proportion to their bytes, with at least
one at the start of every call and one at its end. Prints one line per game and a
total; exit status 1 if any cut lost or mixed a save or crashed the boot.
"""
import argparse
import sys
import time
import zlib

from tools.pico.link import PowerOff
from tools.pico.rig import GAMES, app_chip, boot_app, host_firmware

PLIES = 24                  # moves in save A (B has one more): a save of a few pages
SETTINGS = {"brightness": 5, "sound": False, "colour_blind": True}
SAVE_SCRIPT = ("from app.store import FolderStore\nwith open('/next.bin', 'rb') as f:\n"
               " d = f.read()\nFolderStore('/data').save('game.sav', d)\nprint('saved')")
# The files as the app's store reads them (with its fallback to a complete .tmp),
# as length and Adler-32; then the next save, on the file system as the cut left
# it, must work and read back.
LOOK_SCRIPT = """from app.store import FolderStore
import os
def adler(d):
    a, b = 1, 0
    for c in d:
        a = (a + c) % 65521
        b = (b + a) % 65521
    return (b << 16) | a
s = FolderStore('/data')
for n in ('game.sav', 'settings.sav'):
    d = s.load(n)
    print(n, -1 if d is None else len(d), -1 if d is None else adler(d))
print(sorted(os.listdir('/data')))
d = s.load('game.sav')
s.save('game.sav', b'next ' + d)
print(s.load('game.sav') == b'next ' + d)
d = None
"""


def saves(name):
    """(record A, bytes A, record B, bytes B, settings bytes) as the app writes them,
    for a game on the pocket board's own size, played by a fixed rule."""
    host_firmware()
    import hexgames
    from app import games
    from app import layout as layouts
    from app.save import game_dict, pack
    from app.store import Settings
    lay = layouts.load("pocket")
    g = hexgames.new(name, **games.options(name, games.default_size(lay, name), ()))
    out = []
    for ply in range(PLIES + 1):
        ms = g.moves()
        if not ms or g.result() is not None:
            raise RuntimeError("%s ended before ply %d: pick fewer plies" % (name, ply))
        g.play(ms[(ply * 7 + 3) % len(ms)])
        if ply >= PLIES - 1:
            out += [g.record(), pack("game", game_dict(name, g, 2, 1))]
    s = Settings()
    for k, v in SETTINGS.items():
        setattr(s, k, v)
    return out + [pack("settings", s.to_dict())]


def plan(calls, cuts):
    """[(call index, bytes done)]: at least the start and the end of every call, the
    rest spread over all bytes written or erased, in order."""
    points = set()
    for i, (_, _, size, _) in enumerate(calls):
        points.add((i, 0))
        points.add((i, size))
    total = sum(c[2] for c in calls)
    left = max(0, cuts - len(points))
    for j in range(left):
        at = (j + 0.5) * total / left
        for i, (_, _, size, _) in enumerate(calls):
            if at < size:
                points.add((i, max(1, min(size - 1, int(at)))))
                break
            at -= size
    return sorted(points)


def fingerprint(data):
    return "%d %d" % (len(data), adler32(data))


def adler32(data):
    return zlib.adler32(data) & 0xFFFFFFFF


class Sweep:
    """The cuts of one game on one chip: counts and the first failures."""

    def __init__(self, chip, name, log=print):
        self.chip = chip
        self.name = name
        self.log = log
        self.rec_a, self.a, self.rec_b, self.b, self.settings = saves(name)
        self.cuts = self.lost = self.crashed = self.boots = 0
        self.mixed = 0              # of the lost: a file there, but neither old nor new
        self.as_old = self.as_new = 0
        self.outcomes = set()
        self.failures = []

    def prepare(self):
        c = self.chip
        c.restore("firmware")
        c.mkdir("/data")
        c.put("/data/settings.sav", self.settings)
        c.put("/data/game.sav", self.a)
        c.put("/next.bin", self.b)
        c.power_cycle()
        c.snapshot("before-" + self.name)
        c.flash_ops()
        t0 = c.us
        assert c.exec(SAVE_SCRIPT).strip() == "saved"
        self.save_us = c.us - t0
        _, calls = c.flash_ops()
        self.calls = calls
        c.power_cycle()
        c.snapshot("after-" + self.name)
        self.check_files("dry run", want=(self.b,))
        c.restore("after-" + self.name)
        seen = boot_app(c)
        if seen.get("RECORD") != self.rec_b:
            raise RuntimeError("%s: the app did not resume the save it wrote: %r" % (self.name, seen))
        return calls

    def check_files(self, where, want=None):
        out = self.chip.exec(LOOK_SCRIPT).split("\n")
        if out[3].strip() != "True":
            self.failures.append("%s: the next save after it failed" % where)
            self.lost += 1
            return None
        game = out[0].split()[1:]
        settings = out[1].split()[1:]
        good = [fingerprint(x) for x in (want or (self.a, self.b))]
        got = " ".join(game)
        fault = None
        if got not in good:
            fault = "game.sav is %s, not the old (%s) or the new (%s)" % (
                got, fingerprint(self.a), fingerprint(self.b))
        elif " ".join(settings) != fingerprint(self.settings):
            fault = "settings.sav changed: %s" % " ".join(settings)
        if fault:
            self.lost += 1
            self.mixed += got != "-1 -1"
            self.failures.append("%s: %s; files %s" % (where, fault, out[2].strip()))
        return None if fault else (got == fingerprint(self.b))

    def cut(self, call, done, boot):
        c = self.chip
        c.restore("before-" + self.name)
        c.cut_power(call, done)
        where = "%s cut in call %d %s after %d of %d bytes" % (
            self.name, call, self.calls[call][0], done, self.calls[call][2])
        try:
            c.exec(SAVE_SCRIPT)
            c.cut_power(-1)
            self.failures.append(where + ": the save ended without reaching the cut")
            self.lost += 1
            return
        except PowerOff:
            pass
        self.cuts += 1
        c.power_cycle()
        c.snapshot("cut")
        new = self.check_files(where)
        if new is None:
            return
        self.as_new += new
        self.as_old += not new
        # The app's start reads the same bytes as above: it runs on every first
        # outcome of a kind and on a sample, on the flash as the cut left it.
        if boot or new not in self.outcomes:
            self.outcomes.add(new)
            c.restore("cut")
            self.boots += 1
            try:
                seen = boot_app(c)
            except Exception as e:           # noqa: BLE001 -- any failure is the finding
                self.crashed += 1
                self.failures.append("%s: the app crashed at boot: %s" % (where, e))
                return
            want = self.rec_b if new else self.rec_a
            if seen.get("SCREEN") != "Resume" or seen.get("RECORD") != want or \
                    seen.get("SETTINGS") != "%d False" % SETTINGS["brightness"]:
                self.lost += 1
                self.failures.append("%s: the app came up with %r" % (where, seen))

    def run(self, cuts, boot_every):
        calls = self.prepare()
        for k, (call, done) in enumerate(plan(calls, cuts)):
            self.cut(call, done, boot=k % boot_every == boot_every - 1)
        return self


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cuts", type=int, default=200, help="cut points per game (>= 1)")
    ap.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    ap.add_argument("--boot-every", type=int, default=25,
                    help="start the app after every Nth cut (and the first to keep the old "
                         "save and the first to give the new one)")
    a = ap.parse_args(argv)
    games = [g for g in a.games.split(",") if g]
    bad = [g for g in games if g not in GAMES]
    if bad or a.cuts < 1 or a.boot_every < 1:
        ap.error("unknown game %s (games: %s)" % (bad[0], ", ".join(GAMES)) if bad
                 else "--cuts and --boot-every must be at least 1")
    t0 = time.time()
    chip = app_chip()
    total = {"cuts": 0, "lost": 0, "crashed": 0, "boots": 0}
    try:
        for name in games:
            s = Sweep(chip, name).run(a.cuts, a.boot_every)
            kinds = "".join(k for k, _, _, _ in s.calls)
            print("%-10s save %d+%d B, %d flash calls (%s) over %.1f ms; %d cuts: %d old, "
                  "%d new, %d lost or mixed; %d app boots, %d crashed"
                  % (name, len(s.a), len(s.b) - len(s.a), len(s.calls), kinds,
                     s.save_us / 1000, s.cuts, s.as_old, s.as_new, s.lost, s.boots,
                     s.crashed), flush=True)
            for f in s.failures[:5]:
                print("   ", f)
            total["cuts"] += s.cuts
            total["lost"] += s.lost
            total["crashed"] += s.crashed
            total["boots"] += s.boots
    finally:
        chip.close()
    print("total: %(cuts)d cuts, %(lost)d lost or mixed saves, %(boots)d app boots, "
          "%(crashed)d crashed" % total + "; %.0f s wall" % (time.time() - t0))
    return 1 if total["lost"] or total["crashed"] else 0


if __name__ == "__main__":
    sys.exit(main())
