# The firmware's layout loader (firmware/app/layout.py) on both VMs: plain functions
# and assert, run by pytest on CPython and by tools/vm/mpytest.py on MicroPython.
from app import layout

_cache = {}


def lay(variant):
    if variant not in _cache:
        _cache[variant] = layout.load(variant)
    return _cache[variant]


def test_sizes():
    p = lay("pocket")
    f = lay("full")
    assert (p.variant, p.base, p.radius, p.n) == ("pocket", 7, 6, 127)
    assert (f.variant, f.base, f.radius, f.n) == ("full", 10, 9, 271)


def test_tables_are_permutations():
    for v in ("pocket", "full", "hexboard"):
        t = lay(v)
        assert sorted(list(t.led) + [k for k in t.fn_led if k >= 0]) == list(range(t.chain))
        slots = list(t.slot) + list(t.fn_slot)
        assert len(set(slots)) == len(slots)


def test_coordinates_round_trip():
    for v in ("pocket", "full", "hexboard"):
        t = lay(v)
        for i in range(t.n):
            q, r = t.coord(i)
            assert t.index(q, r) == i
            assert t.find(t.name(i)) == i


def test_names_and_reading_order():
    p = lay("pocket")
    assert p.name(0) == "g1" and p.name(p.n - 1) == "g13"
    assert p.name(p.index(0, 0)) == "g7"
    assert p.find("a7") == p.index(-6, 0)
    f = lay("full")
    assert f.name(0) == "j1" and f.name(f.index(0, 0)) == "j10"


def test_off_board():
    p = lay("pocket")
    assert p.index(7, 0) == -1 and p.index(4, 3) == -1
    assert p.find("a1") == -1 and p.find("zz") == -1 and p.find("") == -1


def test_same_numbering_as_the_engine():
    try:
        from hexgames import board
    except ImportError:          # engine not on the path: nothing to compare with
        return
    # Pocket only: the engine's base-10 shape is big for the VM's heap; CPython checks
    # both in tests/test_hardware.py.
    t = lay("pocket")
    s = board.hexhex(t.base)
    for i in range(t.n):
        assert s.coord(i) == t.coord(i) and s.name(i) == t.name(i)


def test_scan_slots_map_back_to_keys():
    for v in ("pocket", "full"):
        t = lay(v)
        for i in range(t.n):
            assert t.key_at[t.slot[i]] == i
        for name in ("MENU", "UNDO", "OK", "HINT"):
            k = t.fn_key(name)
            assert k >= t.n and t.key_at[t.fn_slot[k - t.n]] == k
        assert t.fn_key("NOPE") == -1


def test_which_games_fit():
    p = lay("pocket")
    f = lay("full")
    assert p.fits_hexhex(7) and not p.fits_hexhex(8)     # XiaGo 6, Hexade 7; not XiaGo 8
    assert p.fits_rhombus(7) and not p.fits_rhombus(8)   # inpHeXion 7x7 exactly
    assert f.fits_hexhex(10) and f.fits_rhombus(7)


def test_brightness_cap():
    for v in ("pocket", "full"):
        t = lay(v)
        assert 0 < t.light_ma < t.led_budget_ma
        assert t.dim256(0) == 256 and t.dim256(t.max_units) == 256
        assert t.dim256(2 * t.max_units) == 128
        full_white = 3 * 255 * t.n
        assert t.dim256(full_white) * full_white // 256 <= t.max_units


def test_pins():
    p = lay("pocket")
    assert len(p.pins["key_addr"]) == 4 and len(p.pins["key_read"]) == p.muxes
    assert p.pins["vsys_sense"] == 29
