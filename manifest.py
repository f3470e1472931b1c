# Frozen build: Honeycomb's packages compiled into a MicroPython firmware image.
# Frozen bytecode runs from flash: the modules then take no heap for their code (about
# 60 KB of .mpy that would otherwise be loaded into RAM), and boot is faster.
#
#   make firmware [VARIANT=full]     # build/honeycomb-<variant>.uf2 (tools/build/firmware.py)
#
# tools/build/firmware.py freezes this manifest together with main.py and a generated module,
# honeycomb_image, that names the variant and holds its layout: the image boots into the
# app with an empty file system. Used on its own, in a MicroPython tree of your own
# (make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/honeycomb/manifest.py),
# main.py and the layouts stay files: `make flash FROZEN=1` sends only those, and
# removes .mpy files flashed earlier (the file system comes before .frozen in sys.path
# and would win).
include("$(PORT_DIR)/boards/manifest.py")      # the port's own (neopixel, asyncio, ...)
package("hexgames", base_path="firmware")
package("app", base_path="firmware")
package("device", base_path="firmware")
