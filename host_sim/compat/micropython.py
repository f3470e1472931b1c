"""CPython stand-in for MicroPython's `micropython` module (only what the firmware uses)."""


def const(value):
    return value


def native(func):
    return func


viper = native
