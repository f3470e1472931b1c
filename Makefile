# Honeycomb: every target sets itself up on a fresh machine.
#   make play     play in the simulator (GAME=hexgo by default)
#   make test     the whole test suite, on CPython and on real MicroPython VMs
#   make bench    engine speed on CPython and the MicroPython unix port
#   make flash    put the firmware on a board (PORT=/dev/ttyACM0 VARIANT=full RELEASE=1 FROZEN=1)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
WASM := tools/wasm
PICO := tools/pico
GAME ?= hexgo

.PHONY: play test bench setup clean flash

play: $(VENV)/.installed
	$(PY) -m host_sim board --game $(GAME) --hardware $(or $(HARDWARE),pocket)

test: setup
	$(PY) -m pytest tests

bench: $(VENV)/.installed
	$(PY) -m host_sim bench

# Compiles firmware/ with mpy-cross for the board's .mpy version, copies what changed
# with mpremote, resets the board (tools/deploy.py). PORT defaults to mpremote's auto.
flash: $(VENV)/.installed
	$(PY) tools/deploy.py --port $(or $(PORT),auto) $(if $(VARIANT),--variant $(VARIANT)) $(if $(RELEASE),--release) $(if $(FROZEN),--frozen)

setup: $(VENV)/.installed $(WASM)/node_modules/.installed $(PICO)/node_modules/.installed

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(WASM)/node_modules/.installed: $(WASM)/package.json $(WASM)/package-lock.json
	cd $(WASM) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# rp2040js, the emulated RP2040 the chip tests boot MicroPython on (tools/pico).
$(PICO)/node_modules/.installed: $(PICO)/package.json $(PICO)/package-lock.json
	cd $(PICO) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) $(WASM)/node_modules $(PICO)/node_modules .pytest_cache
