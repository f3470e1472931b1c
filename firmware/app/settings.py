# The player's settings, kept across power cycles in the store.
from app import save

DEFAULTS = {
    "brightness": 3,         # index into light.BRIGHTNESS: 3 % .. 100 %
    "sound": True,
    "colour_blind": False,
    "last": None,            # the last match chosen: [game, size, flags, level, human]
    "ignored": -1,           # checksum of a bad save file already reported
}


class Settings:
    def __init__(self, d=None):
        for k in DEFAULTS:
            setattr(self, k, DEFAULTS[k])
        if d:
            for k in DEFAULTS:
                if k in d and type(d[k]) is type(DEFAULTS[k]) or k == "last":
                    setattr(self, k, d.get(k))
        if not 0 <= self.brightness <= 5:
            self.brightness = DEFAULTS["brightness"]

    def to_dict(self):
        return {k: getattr(self, k) for k in DEFAULTS}


def load(store):
    """Settings from the store; defaults when missing or unreadable (a damaged
    settings file costs the player a brightness choice, never a start-up)."""
    data = store.load(save.SETTINGS_FILE)
    if data:
        try:
            return Settings(save.unpack("settings", data))
        except (ValueError, TypeError):
            pass
    return Settings()


def store_settings(store, s):
    store.save(save.SETTINGS_FILE, save.pack("settings", s.to_dict()))
