# Honeycomb: every target sets itself up on a fresh machine.
#   make play     play in the simulator (GAME=hexgo by default)
#   make test     the whole test suite, on CPython and on real MicroPython VMs
#   make bench    engine speed on CPython and the MicroPython unix port
#   make flash    put the firmware on a board (PORT=/dev/ttyACM0 VARIANT=full RELEASE=1 FROZEN=1)
#   make web      build the handheld's web page (build/web) and serve it at http://127.0.0.1:8000/
#   make bench-web  the web page's figures in headless Chromium (first paint, answers, frames, bytes)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
WASM := tools/wasm
GAME ?= hexgo

.PHONY: play test bench setup clean flash web bench-web chromium

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

web: $(VENV)/.installed $(WASM)/node_modules/.installed
	$(PY) tools/web/build.py
	@echo "serving build/web at http://127.0.0.1:8000/ (Ctrl-C stops)"
	$(PY) -m http.server 8000 --bind 127.0.0.1 --directory build/web

bench-web: setup
	$(PY) tools/web/bench.py

setup: $(VENV)/.installed $(WASM)/node_modules/.installed chromium

# The browser tests drive Debian's Chromium (never a browser download): installed
# here when missing; where that fails, those tests skip and say why.
chromium:
	@if ! command -v chromium >/dev/null 2>&1; then \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		if command -v apt-get >/dev/null 2>&1; then \
			echo "installing Debian's chromium for the browser tests"; \
			$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null \
				|| echo "could not install chromium: the browser tests will skip"; \
		else \
			echo "no apt-get: install Chromium by hand, or the browser tests skip"; \
		fi; \
	fi

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(WASM)/node_modules/.installed: $(WASM)/package.json $(WASM)/package-lock.json
	cd $(WASM) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) $(WASM)/node_modules .pytest_cache build/web
