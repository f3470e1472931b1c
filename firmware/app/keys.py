# Key events as the hardware interface delivers them (DESIGN.md section 6), and the
# queue that holds presses while the computer thinks.
#
# A key is a layout cell index (0..n-1) or a function key n + k, where k is the key's
# place in the layout's "keys" list (Layout.fn_key("MENU")). Drivers import the kind
# constants from here, so the chip, the simulator and the app agree on them.
from micropython import const

PRESS = const(1)
RELEASE = const(2)
HOLD = const(3)

_SIZE = const(32)          # presses kept while busy; a person cannot outrun that


class Reader:
    """Passes every waiting event of `keys` to handle(key, kind).
    A driver may offer poll() -> key * 4 + kind, or -1 when empty: that path
    allocates nothing, where iterating events() builds a generator each frame.
    Both methods are looked up once here (each look-up would build a bound method)."""

    def __init__(self, keys, handle):
        self._poll = getattr(keys, "poll", None)
        self._events = keys.events
        self._handle = handle

    def read(self):
        handle = self._handle
        poll = self._poll
        if poll is not None:
            e = poll()
            while e >= 0:
                handle(e >> 2, e & 3)
                e = poll()
            return
        for key, kind in self._events():
            handle(key, kind)


class Queue:
    """A ring of key presses, preallocated: keys pressed during a search are kept
    in order and replayed once the search is over, never dropped silently (when
    the ring is full the oldest press goes, which only a stuck key can cause)."""

    def __init__(self):
        self._k = bytearray(2 * _SIZE)       # 16-bit keys: the full board has 275
        self._head = 0
        self._len = 0

    def __len__(self):
        return self._len

    def push(self, key):
        if self._len == _SIZE:
            self._head = (self._head + 1) % _SIZE
            self._len -= 1
        j = 2 * ((self._head + self._len) % _SIZE)
        self._k[j] = key & 255
        self._k[j + 1] = key >> 8
        self._len += 1

    def pop(self):
        """The oldest press, or -1."""
        if not self._len:
            return -1
        j = 2 * self._head
        self._head = (self._head + 1) % _SIZE
        self._len -= 1
        return self._k[j] | (self._k[j + 1] << 8)

    def clear(self):
        self._head = self._len = 0
