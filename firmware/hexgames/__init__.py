# Honeycomb's rule engine: one small interface for every game (see DESIGN.md).
# Game modules are imported on first use, so the chip only holds the rules
# of the games actually played.
import gc
import sys
from micropython import const

from hexgames.game import IllegalMove, check_options, load_json

_IMPORT_GC = const(4096)    # bytes allocated between collections while a module loads

GAMES = ("hexgo", "hexade", "xiago", "inphexion", "hexmeister", "hex")


def need(module, attr):
    """hexgames.<module>.<attr>, the module imported on a heap just collected when
    it is not loaded yet. Game and search modules build their tables as they are
    imported, in blocks of a few KB; a heap left full of garbage (without the
    app's GC threshold) may hold no such block in one piece although a third of
    it is free: Hexmeister's search failed so on the unix port."""
    full = "hexgames." + module
    if full in sys.modules:
        return getattr(sys.modules[full], attr)
    gc.collect()
    # While the tables are built, a collection after every few KB allocated, so
    # that the temporaries of one table are gone before the next is placed; the
    # caller's setting comes back after (MicroPython only: CPython has no threshold)
    threshold = getattr(gc, "threshold", None)
    before = threshold() if threshold else -1
    if threshold:
        threshold(_IMPORT_GC)
    try:
        return getattr(__import__(full, None, None, (attr,)), attr)
    finally:
        if threshold:
            threshold(before)


def _module(name):
    if name not in GAMES:
        raise ValueError("unknown game %r (games: %s)" % (name, ", ".join(GAMES)))
    return need(name, "GAME")


def new(name, **options):
    """A new game at its start position; options as in rules/<game>.md."""
    cls = _module(name)
    return cls(check_options(name, cls.OPTIONS, options))


def load(text):
    """A game from a position in JSON (DESIGN.md section 4)."""
    d = load_json(text)
    opts = d.get("options", {})
    if not isinstance(opts, dict):
        raise ValueError("position: 'options' must be an object")
    g = new(d.get("game"), **opts)
    g._load(d)
    return g


def replay(line):
    """A game from a one-line record `name opt=value ...: move move ...`."""
    head, sep, body = line.partition(":")
    if not sep:
        raise ValueError("record needs a ':' after the game name and options")
    words = head.split()
    if not words:
        raise ValueError("record has no game name")
    opts = {}
    for w in words[1:]:
        key, eq, v = w.partition("=")
        if not eq or not key or not v:
            raise ValueError("record option %r is not key=value" % (w,))
        opts[key] = True if v == "true" else False if v == "false" else int(v) if v.isdigit() else v
    g = new(words[0], **opts)
    for k, tok in enumerate(g._tokens(body)):
        try:
            g.play(g.parse(tok))
        except ValueError as e:
            raise IllegalMove("record move %d %r: %s" % (k + 1, tok, e))
    return g
