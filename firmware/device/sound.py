# The buzzer: a passive piezo on a PWM pin. tone(freq, ms) starts the note and returns
# at once (the app keeps drawing); a one-shot timer silences it. A new tone replaces
# the one sounding.
from micropython import const
from machine import PWM, Pin, Timer

_DUTY = const(16384)          # 25 % of 65535: loud enough, gentler than a square wave


class Buzzer:
    def __init__(self, pin):
        self._pwm = PWM(Pin(pin))
        self._pwm.duty_u16(0)
        self._timer = Timer()
        self._stop = self.stop            # one bound method, not one per tone
        self.tones = 0

    def tone(self, freq, ms):
        if freq <= 0 or ms <= 0:
            return
        self._pwm.freq(max(20, min(20000, freq)))
        self._pwm.duty_u16(_DUTY)
        self._timer.init(period=ms, mode=Timer.ONE_SHOT, callback=self._stop)
        self.tones += 1

    def stop(self, _t=None):
        self._pwm.duty_u16(0)


class Silent:
    """For boards without a buzzer pin in their layout."""
    tones = 0

    def tone(self, freq, ms):
        pass

    def stop(self, _t=None):
        pass
