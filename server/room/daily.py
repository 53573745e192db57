"""The daily maze: one seed (and generator) per UTC date and preset, the same for everyone that day, drawn
from the preset's difficulty band (`daily_band`) so that days compare fairly."""

import datetime
import functools
import hashlib
from collections.abc import Iterator

from server.errors import BadSettings
from server.maze.daily_band import BANDS, DAILY_BRAID, pick_seed
from server.maze.generation import MAX_SEED, MazeSpec
from server.maze.generators import PERFECT
from server.room.settings import PRESETS, RoomSettings

_PERFECT_NAMES = tuple(PERFECT)


def _digest(date: datetime.date, preset: str, secret: str = "") -> bytes:
    return hashlib.sha256(f"mazerace daily {date.isoformat()} {preset} {secret}".encode()).digest()


def candidate_seeds(date: datetime.date, preset: str, secret: str = "") -> Iterator[int]:
    """The fixed sequence of seeds the daily maze is drawn from: first the date's digest itself (the
    seed days had before the band), then the digests of that digest and a counter."""
    digest = _digest(date, preset, secret)
    yield int.from_bytes(digest[:8], "big") & MAX_SEED
    k = 1
    while True:
        more = hashlib.sha256(digest + k.to_bytes(4, "big")).digest()
        yield int.from_bytes(more[:8], "big") & MAX_SEED
        k += 1


@functools.lru_cache(maxsize=64)
def daily_seed(date: datetime.date, preset: str, secret: str = "") -> int:
    """The seed of `preset`'s daily maze on `date`: the first candidate whose maze is in the preset's
    difficulty band for the day's generator (`daily_band.pick_seed`); stable for the date, different
    across dates. It scores two mazes on average (at most `daily_band.MAX_TRIES`: 2 s for the hard
    preset's slowest generator), so the server asks off the event loop, and keeps the answer.

    A server keeps a `secret` so that its daily mazes cannot be worked out in advance from this code.
    """
    if preset not in PRESETS:
        raise BadSettings(f"the daily maze comes in {', '.join(PRESETS)}")
    settings = daily_settings(date, preset)
    band = BANDS[preset][settings.algorithm]

    def spec_of(seed: int) -> MazeSpec:
        s = settings
        return MazeSpec(s.algorithm, s.rows, s.cols, seed, s.braid, s.openings)

    return pick_seed(candidate_seeds(date, preset, secret), spec_of, band)


def daily_settings(date: datetime.date, preset: str) -> RoomSettings:
    """The room settings of a daily maze: the preset's size and a generator drawn from the date."""
    rows, cols = PRESETS[preset]
    algorithm = _PERFECT_NAMES[_digest(date, preset)[8] % len(_PERFECT_NAMES)]
    return RoomSettings(
        preset=preset, rows=rows, cols=cols, algorithm=algorithm, braid=DAILY_BRAID, public=True
    )
