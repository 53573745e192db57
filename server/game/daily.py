"""The daily maze: one seed (and generator) per UTC date and preset, the same for everyone that day."""

import datetime
import hashlib

from server.game.errors import BadSettings
from server.game.generation import MAX_SEED
from server.game.generators import PERFECT
from server.game.settings import PRESETS, RoomSettings

_PERFECT_NAMES = tuple(PERFECT)


def _digest(date: datetime.date, preset: str, secret: str = "") -> bytes:
    return hashlib.sha256(f"mazerace daily {date.isoformat()} {preset} {secret}".encode()).digest()


def daily_seed(date: datetime.date, preset: str, secret: str = "") -> int:
    """The seed of `preset`'s daily maze on `date`: stable for the date, different across dates.

    A server keeps a `secret` so that its daily mazes cannot be worked out in advance from this code.
    """
    if preset not in PRESETS:
        raise BadSettings(f"the daily maze comes in {', '.join(PRESETS)}")
    return int.from_bytes(_digest(date, preset, secret)[:8], "big") & MAX_SEED


def daily_settings(date: datetime.date, preset: str) -> RoomSettings:
    """The room settings of a daily maze: the preset's size and a generator drawn from the date."""
    rows, cols = PRESETS[preset]
    algorithm = _PERFECT_NAMES[_digest(date, preset)[8] % len(_PERFECT_NAMES)]
    return RoomSettings(preset=preset, rows=rows, cols=cols, algorithm=algorithm, braid=0.1, public=True)
