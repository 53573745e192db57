"""The data of the lobby events: ready, lock, the countdown, and the room open again (`lobby`).

The `settings` event's data is `settings.SettingsJson` itself.
"""

from typing import TypedDict

from server.room.events.players import PlayerEntry
from server.room.settings import SettingsJson


class ReadyChanged(TypedDict):
    """`ready`."""

    id: str
    ready: bool


class LockChanged(TypedDict):
    """`locked`."""

    locked: bool


class Countdown(TypedDict):
    """`countdown`: when the race starts (ms on the server's clock, with its `now` to correct skew)."""

    start_at: int
    now: int
    seconds: float
    sitting_out: list[str]


class Lobby(TypedDict):
    """`lobby`: the room is open again for a new race."""

    settings: SettingsJson
    players: list[PlayerEntry]
