# The portable test runner for MicroPython (which has no unittest or pytest).
# Run from the repository root:
#   python -m micropython_unix -X heapsize=240k tools/vm/mpytest.py [--firmware DIR] [module ...]
# It imports tests/portable/test_*.py, calls every test_* function, and ends
# with pytest's closing line "N passed, M failed"; exit status 1 on a failure.
# --firmware DIR takes the engine from DIR, e.g. modules compiled by mpy-cross
# as on the board (compiling .py sources at import costs the heap much more).
# On the WebAssembly VM: node tools/wasm/run.mjs --dir firmware --dir tests/portable
#   tools/vm/mpytest.py module ...
import gc
import os
import sys
import time


def modules(argv):
    if argv:
        return [a.split("/")[-1].replace(".py", "") for a in argv]
    names = [f[:-3] for f in os.listdir("tests/portable") if f.startswith("test_") and f.endswith(".py")]
    names.sort()
    return names


def main(argv):
    firmware = "firmware"
    if argv[:1] == ["--firmware"]:
        firmware, argv = argv[1], argv[2:]
    sys.path[:0] = [firmware, "tests/portable"]
    passed = failed = 0
    for name in modules(argv):
        gc.collect()
        try:
            mod = __import__(name)
        except Exception as e:
            failed += 1
            print("FAIL import", name)
            sys.print_exception(e)
            continue
        tests = [t for t in dir(mod) if t.startswith("test_")]
        tests.sort()
        for t in tests:
            gc.collect()
            start = time.ticks_ms()
            try:
                getattr(mod, t)()
            except Exception as e:
                failed += 1
                print("FAIL %s.%s" % (name, t))
                sys.print_exception(e)
                continue
            passed += 1
            print("ok   %s.%s (%d ms)" % (name, t, time.ticks_diff(time.ticks_ms(), start)))
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    # no SystemExit on success: the WebAssembly VM reports any exception as a failure
    if main(sys.argv[1:]):
        sys.exit(1)
