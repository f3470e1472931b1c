# The emulated Raspberry Pi Pico board for the tests: see chip.py and run.mjs.
