# Frozen build: Honeycomb's packages compiled into a MicroPython firmware image of
# your own, for makers who build MicroPython themselves. Frozen bytecode runs from
# flash: the modules then take no heap for their code (about 60 KB of .mpy that would
# otherwise be loaded into RAM), and boot is faster.
#
#   git clone https://github.com/micropython/micropython && cd micropython
#   git checkout v1.28.0 && make -C mpy-cross
#   make -C ports/rp2 BOARD=RPI_PICO submodules
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/honeycomb/manifest.py
#   # then copy ports/rp2/build-RPI_PICO/firmware.uf2 onto the Pico in BOOTSEL mode
#   make flash FROZEN=1       # only main.py and layouts/*.json go to the file system
#
# main.py and the layouts stay files: the rp2 port runs main.py from the file system,
# and app/layout.py opens layouts/<variant>.json there (frozen modules have no files
# beside them). Files flashed earlier as .mpy must go (make flash FROZEN=1 removes
# them): the file system comes before .frozen in sys.path and would win.
include("$(PORT_DIR)/boards/manifest.py")      # the port's own (neopixel, asyncio, ...)
package("hexgames", base_path="firmware")
package("app", base_path="firmware")
package("device", base_path="firmware")
