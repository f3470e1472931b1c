# Pieces of the handheld app on both VMs: light (gamma, brightness, the current
# budget), the save container, the key queue, boards placed on a layout, and which
# games a layout offers.
import hexgames
from app import games, layout, save
from app.keys import Queue
from app.light import Light, BRIGHTNESS
from app.games import Place
from fakehw import Leds

_lay = {}


def lay(variant):
    if variant not in _lay:
        _lay[variant] = layout.load(variant)
    return _lay[variant]


class PlainLeds:
    """Only the item API: the slow path of Light.show."""

    def __init__(self, n):
        self.n = n
        self.px = [None] * n
        self.writes = 0

    def __setitem__(self, i, c):
        self.px[i] = c

    def write(self):
        self.writes += 1


def test_full_white_is_scaled_into_the_current_budget():
    for v in ("pocket", "full"):
        t = lay(v)
        leds = Leds(t.n)
        light = Light(t, leds)
        light.set_brightness(len(BRIGHTNESS) - 1)
        for i in range(t.n):
            light.put(i, (255, 255, 255))
        assert light.show()
        assert light.units == 3 * 255 * t.n and light.scale < 256
        assert sum(leds.buf) <= t.max_units
        # ... and uses it: rounding down loses less than one step per channel
        assert sum(leds.buf) > t.max_units - 3 * t.n


def test_a_game_frame_is_not_scaled_and_writes_only_on_change():
    t = lay("pocket")
    leds = Leds(t.n)
    light = Light(t, leds)
    light.put(5, (255, 48, 8))
    assert light.show() and leds.writes == 1 and light.scale == 256
    assert not light.show() and leds.writes == 1           # same frame: no write
    j = 3 * t.led[5]
    assert leds.buf[j + 1] > 0 and leds.buf[j] < leds.buf[j + 1]   # GRB: red in byte 1


def test_gamma_and_brightness():
    t = lay("pocket")
    light = Light(t, Leds(t.n))
    assert light.gamma[0] == 0 and light.gamma[255] == 255
    assert light.gamma[128] < 64                             # mid grey is dim in light
    light.set_brightness(0)                                  # 3 %
    light.put(0, (40, 0, 0))                                 # faint, but must stay visible
    light.put(1, (8, 0, 0))                                  # tiny: may go dark
    light.show()
    assert light._lin[0] == 1 and light._lin[3] == 0


def test_the_item_api_works_too():
    t = lay("pocket")
    leds = PlainLeds(t.n)
    light = Light(t, leds)
    light.put(0, (255, 255, 255))
    light.show()
    assert leds.px[t.led[0]][0] > 0 and leds.writes == 1


def test_save_container_round_trip_and_faults():
    d = {"game": "hexgo", "n": [1, 2]}
    data = save.pack("game", d)
    assert save.unpack("game", data) == d
    faults = [(b"junk", "not a Honeycomb"), (data[:-1], "length"),
              (data.replace(b" 1 ", b" 7 ", 1), "version"),
              (save.pack("settings", d), "settings file"),
              (data.replace(b"hexgo", b"hexgp"), "checksum")]
    for bad, word in faults:
        try:
            save.unpack("game", bad)
        except ValueError as e:
            assert word in str(e), (word, str(e))
        else:
            raise AssertionError("accepted a damaged file: " + word)


def test_a_saved_game_restores_with_its_history():
    g = hexgames.new("hexgo")
    for m in ("d4", "e4", "c5"):
        g.play(m)
    d = save.game_dict("hexgo", g, 2, 1)
    back = save.restore(save.unpack("game", save.pack("game", d)))
    assert back.dump() == g.dump() and back.history() == g.history()


def test_settings_survive_damage_as_defaults():
    class Store:
        files = {}

        def load(self, name):
            return self.files.get(name)

        def save(self, name, data):
            self.files[name] = data

    st = Store()
    s = save.load_settings(st)
    assert s.brightness == save.DEFAULTS["brightness"] and s.sound
    s.brightness = 0
    s.colour_blind = True
    save.store_settings(st, s)
    assert save.load_settings(st).brightness == 0 and save.load_settings(st).colour_blind
    st.files[save.SETTINGS_FILE] = b"honeycomb settings 1 9 00000000\n{garbage}"
    assert save.load_settings(st).brightness == save.DEFAULTS["brightness"]


def test_the_key_queue_keeps_order_and_drops_only_the_oldest():
    q = Queue()
    assert q.pop() == -1
    for k in (3, 300, 7):
        q.push(k)
    assert len(q) == 3 and q.pop() == 3 and q.pop() == 300
    for k in range(100):
        q.push(k)
    assert len(q) == 32 and q.pop() == 100 - 32     # the ring holds the newest 32


def test_boards_are_placed_centred():
    t = lay("pocket")
    g = hexgames.new("hexgo")
    p = Place(t, g.board)
    assert t.name(p.cell[g.board.index("d4")]) == "g7"     # centre on centre
    from hexgames.board import rhombus
    r = rhombus(7)
    p = Place(t, r)
    assert t.coord(p.cell[r.index("d4")]) == (0, 0)
    for i in range(r.n):
        assert p.of(p.cell[i]) == i
    assert p.of(t.index(6, 0)) == -1 and p.of(t.n + 1) == -1


def test_only_games_that_fit_are_offered():
    small = layout.Layout({
        "format": 2, "variant": "tiny", "title": "Tiny", "shape": "hexhex", "base": 5,
        "pitch_mm": 12, "muxes": 5, "chain": 61,
        "led": {"part": "x", "order": "GRB", "idle_ma": 1, "channel_ma": 20, "max_ma": 60},
        "power": {"led_budget_ma": 300}, "pins": {},
        "keys": [["MENU", "Menu", 61, -1], ["UNDO", "Undo", 62, -1], ["OK", "OK", 63, -1],
                 ["HINT", "Hint", 64, -1]],
        "cell_led": list(range(61)), "cell_slot": list(range(61))})
    offered = games.offered(small)
    assert "hexmeister" not in offered and "inphexion" not in offered
    assert games.sizes(small, "hexade") == [4, 5] and games.sizes(small, "xiago") == [4]
    assert games.sizes(lay("pocket"), "inphexion") == [7]
    assert games.sizes(lay("full"), "xiago") == [4, 6, 8, 10]

