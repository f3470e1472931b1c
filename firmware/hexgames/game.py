# What every game shares: options, play/undo, records, positions as JSON.
# A game module subclasses Game and supplies the rules through a few hooks
# (_start, _apply, moves_into, playout, text/parse/cells, _to_pos/_from_pos).
# Undo replays the move list from the starting position: it costs a few ms on
# the chip, but needs 4 bytes per move instead of a snapshot per move, and
# rebuilds every derived table (repetition sets included) without game code.
from array import array
from hexgames.board import zeros
import io
import json

SYMBOL = "-XO"      # player number -> position symbol


_buffer = [array("i")]
_BUFFERS = (bytearray, array, list)


def buffers(v):
    """Whether v is a tuple that holds buffers (Hexade's boards, Hexmeister's
    counts of each side)."""
    if isinstance(v, tuple):
        for x in v:
            if isinstance(x, _BUFFERS):
                return True
    return False


class _Slicer:
    def __getitem__(self, s):
        return s


# w[:] = v builds a slice object on the heap each time; w[_ALL] = v does not
# (MicroPython can't construct slice() directly, hence the indexer).
_ALL = _Slicer()[:]


def _move_buffer(size):
    """One shared move buffer, grown when a bigger game asks: moves() then
    allocates only its list."""
    if len(_buffer[0]) < size:
        _buffer[0] = None
        _buffer[0] = zeros("i", size)
    return _buffer[0]


class IllegalMove(ValueError):
    """An illegal move or unreadable notation; the game state is unchanged."""


def xo(x_value, o_value):
    """A JSON object {"X": .., "O": ..} in that order (see encode)."""
    return (("X", x_value), ("O", o_value))


def encode(v):
    """Deterministic JSON: the same text on MicroPython and CPython.
    A tuple of (key, value) pairs is an object in that order, a dict an object
    in sorted key order, a list an array. Parts go straight into one growing
    buffer: a base-10 position then costs the chip a few KB, not a hundred."""
    out = io.StringIO()
    _encode(v, out.write)
    return out.getvalue()


def _encode(v, put):
    if v is None:
        put("null")
    elif v is True:
        put("true")
    elif v is False:
        put("false")
    elif isinstance(v, (int, float)):
        put(repr(v))
    elif isinstance(v, str):
        put('"')
        put(v.replace("\\", "\\\\").replace('"', '\\"') if ("\\" in v or '"' in v) else v)
        put('"')
    elif isinstance(v, list):
        put("[")
        for k in range(len(v)):
            if k:
                put(", ")
            _encode(v[k], put)
        put("]")
    else:
        if isinstance(v, dict):
            v = tuple([(k, v[k]) for k in sorted(v)])
        put("{")
        first = True
        for k, e in v:
            if not first:
                put(", ")
            first = False
            _encode(k, put)
            put(": ")
            _encode(e, put)
        put("}")


def check_options(name, spec, given):
    """Options of new(): spec is ((option, default, allowed values), ...)."""
    known = [s[0] for s in spec]
    for k in given:
        if k not in known:
            raise ValueError("%s has no option %r (options: %s)"
                             % (name, k, ", ".join(known) or "none"))
    opts = {}
    for key, default, allowed in spec:
        v = given.get(key, default)
        if v not in allowed or type(v) is not type(default):
            raise ValueError("%s: %s must be one of %s, not %r"
                             % (name, key, ", ".join([encode(a) for a in allowed]), v))
        opts[key] = v
    return opts


class Game:
    NAME = ""
    OPTIONS = ()        # ((option, default, allowed values), ...)
    JOIN = ()           # words that take the next word into one token ("drop c11")
    # Endings a position cannot show (a repetition, a turn limit): reason -> the
    # winners it allows (0 = draw). load() takes such a result as stated; every
    # other reason must be what the position itself shows.
    UNSEEN = {}

    def __init__(self, options):
        self.options = options
        self._origin = None          # None: the standard start; else a position dict
        self._hist = []              # moves played since the origin
        self._result = None
        self._init()
        self._start()

    # -- the interface every game shares ------------------------------------
    def result(self):
        return self._result

    def moves(self):
        buf = _move_buffer(self.max_moves)
        k = self.moves_into(buf)
        return [buf[i] for i in range(k)]

    def play(self, m):
        if isinstance(m, str):
            m = self.parse(m)
        why = self._why_illegal(m)
        if why:
            raise IllegalMove(why)
        self._apply(m)
        self._hist.append(m)

    def undo(self):
        if not self._hist:
            raise IllegalMove("nothing to undo")
        if self._origin is False:
            raise IllegalMove("undo is not available after playout()")
        last = self._hist.pop()
        self._replay()
        return last

    def history(self):
        return list(self._hist)

    def copy(self):
        # No __init__: the copy shares the immutable tables and gets its own
        # state buffers from _copy_into, so the AI can copy cheaply.
        g = object.__new__(self.__class__)
        g.options = self.options
        g._origin = self._origin
        g._hist = list(self._hist)
        g._result = self._result
        self._copy_into(g)
        return g

    def state_names(self):
        """Names of the attributes that make up the position, for restore()."""
        return tuple(self.__dict__)

    def restore(self, src, names):
        """Make this game -- a copy() of src or of its game -- src's position
        again, in place: buffers are overwritten, not replaced, so the
        opponent's search allocates nothing per iteration and keeps the
        objects it planned its copies with. (A buffer of another length, a
        history that grew or XiaGo's superko table, is resized in place:
        rare, and it allocates.) Tables shared by copies (the board, maps)
        are the same objects and are skipped."""
        for k in names:
            v = getattr(src, k)
            w = getattr(self, k)
            if w is v:
                continue
            if isinstance(v, _BUFFERS):
                w[_ALL] = v
            elif buffers(v):
                for i in range(len(v)):
                    if v[i] is not w[i]:
                        w[i][_ALL] = v[i]
            else:
                setattr(self, k, v)

    def record(self):
        """One-line record: `hexgo base=4: d4 e4`."""
        head = " ".join([self.NAME] + ["%s=%s" % (k, encode(self.options[k]))
                                       for k, _, _ in self.OPTIONS])
        g = self.__class__(self.options)
        if self._origin is not None:
            g._from_pos(self._origin)
        words = []
        for m in self._hist:
            words.append(g.text(m))
            g._apply(m)
        return head + ": " + " ".join(words)

    def dump(self):
        side = self.to_move or self.side
        pairs = [("game", self.NAME), ("options", tuple([(k, self.options[k]) for k, _, _ in self.OPTIONS])),
                 ("cells", tuple(self._cell_pairs())), ("to_move", SYMBOL[side])]
        pairs += self._to_pos()
        r = self._result
        if r is not None:
            pairs.append(("result", (("winner", SYMBOL[r[0]] if r[0] else None), ("reason", r[3]))))
        return encode(tuple(pairs))

    def info(self):
        return {}

    # -- helpers for game modules --------------------------------------------
    def _why_illegal(self, m):
        """None when m is legal, else the reason. Games may give finer reasons."""
        if self.to_move == 0:
            return "the game is over"
        if m in self.moves():
            return None
        try:
            t = self.text(m)
        except ValueError:
            return "%r is not a move" % (m,)
        return "%s is not a legal move for %s" % (t, SYMBOL[self.to_move])

    def _replay(self):
        self._result = None
        if self._origin is None:
            self._start()
        else:
            self._from_pos(self._origin)
            self._take_result(self._origin)
        for m in self._hist:
            self._apply(m)

    def _cell_pairs(self):
        b = self.board
        out = []
        for i in range(b.n):
            s = self._symbol(i)
            if s:
                out.append((b.name(i), s))
        return out

    def _tokens(self, text):
        words = text.split()
        out = []
        i = 0
        while i < len(words):
            w = words[i]
            if w in self.JOIN and i + 1 < len(words):
                w = w + " " + words[i + 1]
                i += 1
            out.append(w)
            i += 1
        return out

    def _load(self, d):
        """Set up from a decoded position (called by hexgames.load)."""
        if not isinstance(d.get("cells", {}), dict):
            raise ValueError("position: 'cells' must be an object of cell: symbol")
        side = d.get("to_move")
        if side not in ("X", "O"):
            raise ValueError("position: 'to_move' must be \"X\" or \"O\", not %r" % (side,))
        for name in d.get("cells", {}):
            self.board.index(name)           # names the bad cell
        self._from_pos(d)
        self._take_result(d)
        self._origin = d
        self._hist = []

    def _take_result(self, d):
        """The position's stated result (DESIGN.md section 4). A result the
        position shows must agree with it; one it cannot show (UNSEEN) ends the
        game as stated, so a game drawn by repetition stays drawn after a resume."""
        r = d.get("result")
        if r is None:
            return
        if not isinstance(r, dict) or sorted(r) != ["reason", "winner"]:
            raise ValueError('position: result must be {"winner": "X", "O" or null, '
                             '"reason": ...}, not %r' % (r,))
        w = r["winner"]
        reason = r["reason"]
        if w not in ("X", "O", None):
            raise ValueError('position: result winner must be "X", "O" or null, not %r' % (w,))
        if not isinstance(reason, str):
            raise ValueError("position: result reason must be text, not %r" % (reason,))
        winner = 0 if w is None else SYMBOL.index(w)
        have = self._result
        said = _ending(winner, reason)
        if have is not None:
            if have[0] != winner or have[3] != reason:
                raise ValueError("position: the result says %s, but the position shows %s"
                                 % (said, _ending(have[0], have[3])))
            return
        allowed = self.UNSEEN.get(reason)
        if allowed is None:
            raise ValueError("position: the result says %s, but the position shows a running game"
                             % (said,))
        if winner not in allowed:
            raise ValueError("position: %s cannot end in %s" % (reason, _ending(winner, None)))
        self._result = (winner, 0, 0, reason)
        self.to_move = 0


def _ending(winner, reason):
    who = "a draw" if not winner else "a win for " + SYMBOL[winner]
    return who if reason is None else "%s by %s" % (who, reason)


MAX_TEXT = 32768        # bytes: a long Hexmeister record is ~10 KB, a position ~3 KB
MAX_DEPTH = 8           # nesting: what Honeycomb writes goes 3 deep


def parse_json(text, what="position"):
    """json.loads, bounded: text longer than MAX_TEXT or nested deeper than
    MAX_DEPTH is refused with a ValueError before it is parsed. Unbounded, a
    save nested 100,000 deep raised RecursionError on CPython and MemoryError
    on MicroPython, where a bad file must be just a bad file."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode()
        except UnicodeError:
            raise ValueError("%s is not UTF-8 text" % what)
    if not isinstance(text, str):
        raise ValueError("%s must be JSON text, not %s" % (what, type(text).__name__))
    if len(text) > MAX_TEXT:
        raise ValueError("%s is %d characters long, more than %d" % (what, len(text), MAX_TEXT))
    # Counting brackets is one pass in C; only text with many of them is walked
    # character by character (strings may hold brackets that do not nest).
    if text.count("[") + text.count("{") > MAX_DEPTH:
        depth = 0
        quoted = escaped = False
        for c in text:
            if quoted:
                if escaped:
                    escaped = False
                elif c == "\\":
                    escaped = True
                elif c == '"':
                    quoted = False
            elif c == '"':
                quoted = True
            elif c == "[" or c == "{":
                depth += 1
                if depth > MAX_DEPTH:
                    raise ValueError("%s is nested more than %d deep" % (what, MAX_DEPTH))
            elif c == "]" or c == "}":
                depth -= 1
    try:
        return json.loads(text)
    except ValueError as e:
        raise ValueError("%s is not valid JSON (%s)" % (what, e))


def load_json(text):
    d = parse_json(text)
    if not isinstance(d, dict):
        raise ValueError("position must be a JSON object")
    return d
