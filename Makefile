# Honeycomb: every target sets itself up on a fresh machine.
#   make play     play in the simulator (GAME=hexgo by default)
#   make test     the whole test suite, on CPython and on real MicroPython VMs
#   make bench    engine speed on CPython and the MicroPython unix port
#                 (CHIP=1: the opponent timed on the emulated RP2040, tools/pico/chipbench.py)
#   make firmware the board's image, build/honeycomb-<variant>.uf2 (VARIANT=full,
#                 PICO_KIT=dir or MICROPY_DIR=your micropython v1.28.0 checkout)
#   make flash    put the firmware on a board (PORT=/dev/ttyACM0 VARIANT=full RELEASE=1 FROZEN=1)
#   make web      build the handheld's web page (build/web) and serve it at http://127.0.0.1:8000/
#   make bench-web  the web page's figures in headless Chromium (first paint, answers, frames, bytes)
#   make strength the strength table (tools/bench/strength.py, hours; GAMES="hex xiago" for some;
#                 JOBS=N games at once, default one per core; RAY=ADDRESS|auto|local on Ray)
#   make mutants  mutation testing with cosmic-ray: every mutant of one target's modules
#                 against its CPython tests (GAME=hexgo, or engine, search, app; hours), or
#                 SAMPLE=40 a seeded sample of the targets at the score (CI runs it)
#   make faults   power cuts, bouncy presses and whole games on the emulated RP2040, one
#                 summary (hours; QUICK=1: a sample of each in under ten minutes)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
WASM := tools/wasm
PICO := tools/pico
GAME ?= hexgo
# The Pico kit (MicroPython's source for the board, the emulator's boot ROM, ...):
# beside the project's clone in CI. Tests that need it skip without it (fail under CI).
PICO_KIT ?= ../shared/pico
export PICO_KIT
KIT_SRC := $(PICO_KIT)/micropython-1.28.0-rp2-src.tar.xz
FW_DEBS := gcc-arm-none-eabi libnewlib-arm-none-eabi cmake build-essential g++
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play test bench setup clean flash firmware firmware-deps web bench-web chromium faults strength mutants

play: $(VENV)/.installed
	$(PY) -m host_sim board --game $(GAME) --hardware $(or $(HARDWARE),pocket)

# The tests run in one process per core and one more (pytest-xdist), a test file to
# a process: the emulated chip's files, one chip each, then run side by side. The one
# more fills the time the others leave a core idle (a chip test's serial stretches,
# the image's build between its parallel steps, pip at the start): CI on 2 cores took
# 26.2 minutes with 3 processes, 29.5 with 2 (2026-11-29, same commit). A test process
# that dies ends the run (--max-worker-restart 0): its replacement once sat idle
# and the run waited for it until stopped. The files go out longest first
# (tests/conftest.py), not by their number of tests (--no-loadscope-reorder).
TEST_JOBS := $(shell echo $$(( $$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) + 1 )))
test: setup
	$(PY) -m pytest -n $(or $(JOBS),$(TEST_JOBS)) --dist loadfile --no-loadscope-reorder --max-worker-restart 0 tests

bench: $(VENV)/.installed $(if $(CHIP),$(PICO)/node_modules/.installed)
	$(PY) -m host_sim bench $(if $(CHIP),--chip)

# Its OpenSpiel rows need OpenSpiel; RAY=... installs Ray too.
strength: $(VENV)/.installed $(VENV)/.openspiel $(if $(RAY),$(VENV)/.ray)
	$(PY) tools/bench/strength.py $(if $(JOBS),--workers $(JOBS)) $(if $(RAY),--ray $(RAY)) $(GAMES)

faults: $(VENV)/.installed $(PICO)/node_modules/.installed
	$(PY) -m tools.pico.faults $(if $(QUICK),--quick)

# Mutants of the rule engine and the app's core (tools/mutants.py): the score per module,
# failing below 85% killed; the survivors' diffs in build/mutants/. JOBS copies of the
# tree run side by side (2 by default); ONLY=reuse.py runs one module of GAME; SAMPLE=100
# runs that many of them, seeded (SEED=1; without GAME, of the targets CI samples).
# GAME's default (hexgo) is play's: a sample is of GAME only when it is given.
MUTATED = $(if $(SAMPLE),$(if $(filter command line environment,$(origin GAME)),$(GAME)),$(GAME))
mutants: $(VENV)/.installed $(VENV)/.mutants
	$(PY) tools/mutants.py --jobs $(or $(JOBS),2) $(if $(SAMPLE),--sample $(SAMPLE) --seed $(or $(SEED),1)) $(MUTATED) $(if $(ONLY),--only $(ONLY))

# Compiles firmware/ with mpy-cross for the board's .mpy version, copies what changed
# with mpremote, resets the board (tools/build/deploy.py). PORT defaults to mpremote's auto.
flash: $(VENV)/.installed
	$(PY) tools/build/deploy.py --port $(or $(PORT),auto) $(if $(VARIANT),--variant $(VARIANT)) $(if $(RELEASE),--release) $(if $(FROZEN),--frozen)

# Builds MicroPython for the Pico with firmware/ frozen in (tools/build/firmware.py): the file
# to drop onto the Pico's USB drive. Incremental: a second run redoes what changed.
# Only the standard library: no .venv needed.
firmware: firmware-deps
	$(PYTHON) tools/build/firmware.py --variant $(or $(VARIANT),pocket) $(if $(MICROPY_DIR),--micropython $(MICROPY_DIR),--kit $(PICO_KIT))

# The ARM toolchain and build tools, from Debian's packages when one is missing.
firmware-deps:
	@command -v arm-none-eabi-gcc >/dev/null && command -v cmake >/dev/null \
	  && command -v g++ >/dev/null && test -e /usr/lib/arm-none-eabi/include/stdio.h \
	  || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(FW_DEBS); }

# Everything the tests need: the ARM toolchain only where the kit is there to build from.
setup: $(VENV)/.installed $(VENV)/.mutants $(VENV)/.openspiel $(VENV)/.ray $(WASM)/node_modules/.installed $(PICO)/node_modules/.installed \
	chromium $(if $(wildcard $(KIT_SRC)),firmware-deps)

web: $(VENV)/.installed $(WASM)/node_modules/.installed
	$(PY) tools/web/build.py
	@echo "serving build/web at http://127.0.0.1:8000/ (Ctrl-C stops)"
	$(PY) -m http.server 8000 --bind 127.0.0.1 --directory build/web

bench-web: setup
	$(PY) tools/web/bench.py

# The browser tests drive Debian's Chromium (never a browser download): installed
# here when missing; where that fails, those tests skip and say why, but under CI
# (CI=true) it is an error: CI runs every test (tests/needs.py).
chromium:
	@if ! command -v chromium >/dev/null 2>&1; then \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		case "$${CI:-}" in ""|0|false|no) fail=false;; *) fail=true;; esac; \
		if command -v apt-get >/dev/null 2>&1; then \
			echo "installing Debian's chromium for the browser tests"; \
			$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null \
				|| { $$fail && echo "CI is missing Chromium: apt-get install chromium failed" >&2 && exit 1; \
				     echo "could not install chromium: the browser tests will skip"; }; \
		else \
			$$fail && echo "CI is missing Chromium: no apt-get to install it" >&2 && exit 1; \
			echo "no apt-get: install Chromium by hand, or the browser tests skip"; \
		fi; \
	fi

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.mutants: requirements-mutants.txt $(VENV)/.installed
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-mutants.txt
	touch $@

# The optional packages, each installed only by the targets that need it (the tests
# among them: CI runs every test, tests/needs.py).
$(VENV)/.openspiel: requirements-openspiel.txt $(VENV)/.installed
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-openspiel.txt
	touch $@

$(VENV)/.ray: requirements-ray.txt $(VENV)/.installed
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-ray.txt
	touch $@

$(WASM)/node_modules/.installed: $(WASM)/package.json $(WASM)/package-lock.json
	cd $(WASM) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# rp2040js, the emulated RP2040 the chip tests boot MicroPython on (tools/pico).
$(PICO)/node_modules/.installed: $(PICO)/package.json $(PICO)/package-lock.json
	cd $(PICO) && npm ci --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) $(WASM)/node_modules $(PICO)/node_modules .pytest_cache build/web
