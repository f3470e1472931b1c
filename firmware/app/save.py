# What survives power-off: the saved game and the settings, in a versioned,
# checksummed container, kept in a `store` (DESIGN.md section 6).
#
# Container: one header line, then the body:
#     honeycomb <kind> <version> <body length> <adler-32 of the body, 8 hex digits>
# A file from another program, a newer firmware, a half-written flash page or a
# flipped bit fails one of these checks, and unpack() says which, so the app can
# report it once and carry on without it. Adler-32 is computed here in integers: the
# chip's MicroPython may lack binascii.crc32.
# The app imports this module when it reads or writes, and drops it while a game
# is played (its code would take heap beside the opponent's tree); what lives on,
# the settings and the store, is in app/store.py.
import json
from micropython import const

import hexgames
from hexgames.game import parse_json
from app.store import DEFAULTS, Settings, FolderStore   # noqa: F401 (the long-lived part)

VERSION = const(1)
GAME_FILE = "game.sav"
SETTINGS_FILE = "settings.sav"


def adler32(data):
    a = 1
    b = 0
    for c in data:
        a = (a + c) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def pack(kind, d):
    body = json.dumps(d).encode()
    head = "honeycomb %s %d %d %08x\n" % (kind, VERSION, len(body), adler32(body))
    return head.encode() + body


def unpack(kind, data):
    """The dict inside a container of this kind; ValueError naming the fault."""
    nl = data.find(b"\n")
    if nl < 0 or not data.startswith(b"honeycomb "):
        raise ValueError("not a Honeycomb file")
    try:
        words = data[:nl].decode().split()
    except UnicodeError:
        words = []
    if len(words) != 5:
        raise ValueError("damaged header")
    if words[1] != kind:
        raise ValueError("a %s file, not %s" % (words[1], kind))
    if words[2] != str(VERSION):
        raise ValueError("version %s (this firmware reads %d)" % (words[2], VERSION))
    size = len(data) - nl - 1           # checked before the body is copied out
    if words[3] != str(size):
        raise ValueError("length %d, header says %s (cut short?)" % (size, words[3]))
    body = data[nl + 1:]
    if words[4] != "%08x" % adler32(body):
        raise ValueError("checksum mismatch (damaged)")
    d = parse_json(body, "body")         # bounded: size and nesting
    if not isinstance(d, dict):
        raise ValueError("body is not a JSON object")
    return d


# -- the game ---------------------------------------------------------------------
def game_dict(name, g, level, human):
    """Everything needed to go on: the record (so undo still reaches the start),
    the position (a cross-check, and the fallback), and the match settings."""
    return {"game": name, "record": g.record(), "position": g.dump(),
            "level": level, "human": human}


def write_game(store, d):
    store.save(GAME_FILE, pack("game", d) if d else b"")


def read_game(store, prepare=None):
    """(d, game, None) for a good save, (None, None, None) when there is none,
    (None, None, (reason, checksum)) for a file that cannot be used.
    prepare(d), when given, runs between reading the file and building the game."""
    data = store.load(GAME_FILE)
    if not data:
        return None, None, None
    try:
        d = unpack("game", data)
        check(d)
        if prepare:
            prepare(d)
        g = restore(d)
    except Exception as e:      # noqa: BLE001 -- whatever fails, the file is bad, the board boots
        return None, None, (str(e) or type(e).__name__, adler32(data))
    return d, g, None


def check(d):
    if d["game"] not in hexgames.GAMES:
        raise ValueError("unknown game %r" % (d["game"],))
    level, human = d["level"], d["human"]
    if not (isinstance(level, int) and 0 <= level <= 6 and human in (1, 2)):
        raise ValueError("bad match settings")


def restore(d):
    """The saved game, with its history when the record replays to the position."""
    check(d)
    name = d["game"]
    try:
        g = hexgames.replay(d["record"])
        if g.dump() == d["position"]:
            return g
    except ValueError:
        pass
    g = hexgames.load(d["position"])    # the history is lost, the position is not
    if g.NAME != name:
        raise ValueError("position of %s in a %s save" % (g.NAME, name))
    return g


def load_settings(store):
    """Settings from the store; defaults when missing or unreadable (a damaged
    settings file costs the player a brightness choice, never a start-up)."""
    data = store.load(SETTINGS_FILE)
    if data:
        try:
            return Settings(unpack("settings", data))
        except Exception:       # noqa: BLE001 -- any fault: the defaults
            pass
    return Settings()


def store_settings(store, s):
    store.save(SETTINGS_FILE, pack("settings", s.to_dict()))
