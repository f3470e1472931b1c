# The smallest stand-ins for the hardware interface (DESIGN.md section 6)
# shared by the portable app tests and tools/bench/heap_app.py. None of them allocates
# once built, so a frame's allocations are the app's own.

PRESS = 1            # app.keys' kinds (not imported: this file loads without firmware/)
RELEASE = 2


class Leds:
    """A neopixel-like strip: the app writes its bytes straight into buf."""
    ORDER = (1, 0, 2, 3)
    bpp = 3

    def __init__(self, n):
        self.n = n
        self.buf = bytearray(3 * n)
        self.writes = 0

    def write(self):
        self.writes += 1


class Keys:
    """Key events in a preallocated ring, read by poll() (key * 4 + kind, -1 when
    empty) as the device's scanner offers them; events() for readers without poll."""
    SIZE = 64

    def __init__(self):
        self.ring = bytearray(2 * self.SIZE)
        self.head = 0
        self.len = 0
        self.seen = 0

    def put(self, key, kind):
        e = key * 4 + kind
        j = 2 * ((self.head + self.len) % self.SIZE)
        self.ring[j] = e & 255
        self.ring[j + 1] = e >> 8
        if self.len < self.SIZE:
            self.len += 1
        else:
            self.head = (self.head + 1) % self.SIZE
        self.seen += 1

    def press(self, key):
        self.put(key, PRESS)
        self.put(key, RELEASE)

    def poll(self):
        if not self.len:
            return -1
        j = 2 * self.head
        self.head = (self.head + 1) % self.SIZE
        self.len -= 1
        return self.ring[j] | (self.ring[j + 1] << 8)

    def events(self):
        e = self.poll()
        while e >= 0:
            yield e >> 2, e & 3
            e = self.poll()

    def clear(self):
        self.head = self.len = 0


class Clock:
    """A virtual clock: each reading advances it 1 ms (so a search spends its slices
    by iterations), sleep_ms() advances it at once."""

    def __init__(self):
        self.t = 0

    def ticks_ms(self):
        self.t += 1
        return self.t

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.t += ms


class Store:
    def __init__(self):
        self.files = {}

    def load(self, name):
        return self.files.get(name)

    def save(self, name, data):
        self.files[name] = bytes(data)


class Sound:
    def __init__(self, keep=True):
        self.tones = [] if keep else None
        self.count = 0

    def tone(self, f, ms):
        self.count += 1
        if self.tones is not None:
            self.tones.append(f)
