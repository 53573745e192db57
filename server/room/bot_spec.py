"""The host's request for a bot: its kind and its speed, checked as the socket edge receives them."""

from dataclasses import dataclass
from typing import TypedDict

from server.bots.kinds import BOT_KINDS
from server.errors import BadSettings
from server.room.racelog import MOVE_RATE

MIN_SPEED = 1
MAX_SPEED = int(MOVE_RATE)
"""Moves a second: at most the move limit every player has, since a bot races by the same rules."""


class BotSpecJson(TypedDict):
    """A bot request on the wire: `{"kind": "dfs", "speed": 5}`."""

    kind: str
    speed: int


@dataclass(frozen=True)
class BotSpec:
    """A bot to add to a room: `kind` one of `BOT_KINDS`, `speed` whole moves a second, 1..20."""

    kind: str
    speed: int

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in BOT_KINDS:
            raise BadSettings(f"bot kind must be one of {', '.join(BOT_KINDS)}")
        speed = self.speed
        if isinstance(speed, bool) or not isinstance(speed, int) or not MIN_SPEED <= speed <= MAX_SPEED:
            raise BadSettings(
                f"bot speed must be a whole number of moves a second from {MIN_SPEED} to {MAX_SPEED}"
            )

    @classmethod
    def parse(cls, data: object) -> "BotSpec":
        """A spec from a JSON payload `{"kind", "speed"}`; `BadSettings` naming what is wrong. A whole
        float (5.0) is read as the number; other fields are refused."""
        if not isinstance(data, dict):
            raise BadSettings('a bot must be a JSON object {"kind", "speed"}')
        unknown = sorted(str(key) for key in data if key not in ("kind", "speed"))
        if unknown:
            raise BadSettings(f"unknown bot field {unknown[0]!r}")
        for key in ("kind", "speed"):
            if key not in data:
                raise BadSettings(f"a bot needs {key!r}")
        speed = data["speed"]
        if isinstance(speed, float) and speed.is_integer():
            speed = int(speed)
        return cls(data["kind"], speed)

    def to_json(self) -> BotSpecJson:
        """The wire form, as `parse` reads it."""
        return {"kind": self.kind, "speed": self.speed}
