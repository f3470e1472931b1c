# RP2040 drivers for the hardware interface of DESIGN.md section 6 (leds, keys, clock,
# store, sound) plus the battery gauge. Only this package and main.py touch the chip
# (machine, rp2, neopixel); each module takes its pins from the layout, so the same
# drivers serve every board variant. device.board.build(layout) puts them together.
