# The handheld's heap on the 32-bit MicroPython VM (WebAssembly: objects the
# chip's size), the real app with the opponent at level 5, every game at its
# pocket-board size (tools/bench/heap_app.py; it prints the same numbers).
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
import heap_app  # noqa: E402

GAMES = ("hexgo", "hexade", "xiago", "inphexion", "hexmeister", "hex")


@pytest.fixture(scope="module")
def heap():
    if not os.path.isdir(os.path.join(ROOT, "tools", "wasm", "node_modules")):
        pytest.fail("the WebAssembly build is missing: run `make test` (it runs npm ci in tools/wasm)")
    return heap_app.measure(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_the_app_with_the_opponent_stays_within_its_heap(heap, game):
    r = heap[game]
    assert r["moves"] >= 6, r                  # the scenario was played: moves, hint, undo
    # The live heap with .mpy modules (their bytecode in RAM), in a model of the
    # chip's heap: the opponent's tree takes what is free beyond 40 KB, up to 32 KB,
    # and the lowest free heap between frames stays at or above 32 KB (DESIGN.md
    # section 5; tests/test_chip_e2e.py measures it on the emulated chip).
    assert r["peak_kb"] <= heap_app.CHIP_HEAP // 1024 - 32, r
    assert r["tree_kb"] >= 32, r


@pytest.mark.parametrize("game", GAMES)
def test_an_idle_frame_allocates_nothing_on_32_bit_micropython(heap, game):
    # menu frames, and game frames with a person to move (the breathing marks)
    assert heap[game]["idle_frame_bytes"] == 0, heap[game]


@pytest.mark.parametrize("game", GAMES)
def test_a_thinking_frame_allocates_little_on_32_bit_micropython(heap, game):
    # a slice of search: at most the result tuples of the playouts that end
    # a game (HexGo's, 64 bytes each); the tree and the scratch game are reused
    assert heap[game]["think_frame_bytes"] <= 2048, heap[game]
