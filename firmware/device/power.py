# Battery gauge (hardware/README.md, "Power"): VSYS / 3 on GP29 (ADC3), USB presence on
# GP24 (VBUS sense), the charger's STAT on GP27 (low while charging).
# With USB in, VSYS is USB minus a diode drop and says nothing about the cell, so
# level() reports -1 then; on battery it is a rough linear estimate between the
# layout's battery_empty_mv and battery_full_mv.
from micropython import const
from machine import ADC, Pin

_VREF_MV = const(3300)
_SAMPLES = const(8)           # averaged: the LEDs' current ripples VSYS


class Battery:
    def __init__(self, layout):
        pins = layout.pins
        p = layout.power
        self.empty = p.get("battery_empty_mv", 3500)
        self.full = p.get("battery_full_mv", 4200)
        self.div = p.get("vsys_divider", 3)
        self._adc = ADC(Pin(pins["vsys_sense"]))
        self._vbus = Pin(pins["vbus_sense"], Pin.IN) if "vbus_sense" in pins else None
        st = pins.get("charge_stat")
        self._stat = Pin(st, Pin.IN, Pin.PULL_UP) if st is not None else None

    def usb(self):
        return bool(self._vbus and self._vbus.value())

    def charging(self):
        return self.usb() and self._stat is not None and not self._stat.value()

    def mv(self):
        t = 0
        for _ in range(_SAMPLES):
            t += self._adc.read_u16()
        return t // _SAMPLES * self.div * _VREF_MV // 65535

    def level(self):
        """Charge in percent (0..100), or -1 on USB power (not measurable)."""
        if self.usb():
            return -1
        mv = self.mv()
        pct = (mv - self.empty) * 100 // (self.full - self.empty)
        return max(0, min(100, pct))

    def low(self):
        """On battery and at or below empty: warn at power-up."""
        return not self.usb() and self.mv() <= self.empty
