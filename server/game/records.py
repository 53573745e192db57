"""What is kept of a finished race: the record the store writes and the replay reads back."""

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from server.game.errors import GameError

if TYPE_CHECKING:  # the room builds its record when a race ends; only the type is needed here
    from server.game.room import Room


@dataclass(frozen=True)
class RaceRecord:
    """A finished race: settings and seed (the maze is regenerated from them), results, the full log."""

    id: str
    room_code: str
    settings: dict[str, Any]
    seed: int
    daily: str | None
    started_at: float
    ended_at: float
    shortest: int
    players: list[dict[str, Any]]
    results: list[dict[str, Any]]
    log: list[dict[str, Any]]

    @property
    def ranked(self) -> bool:
        """Whether the race counts for the leaderboards: the daily maze, or a preset size raced on the
        standard rules (corners, no braid, hints that do not walk for you), so times compare fairly."""
        s = self.settings
        standard = s["preset"] != "custom" and s["braid"] == 0 and s["openings"] == "corners"
        return self.daily is not None or (standard and not s["hint_moves"])


def race_record(room: "Room") -> RaceRecord:
    """The record of `room`'s race, which must have just finished."""
    if (
        room.phase != "finished"
        or room.race_id is None
        or room.seed is None
        or room.started_at is None
        or room.ended_at is None
        or room.results is None
    ):
        raise GameError("the room has no finished race to record", code="wrong_phase")
    players = [{"id": p.id, "name": p.name, "colour": p.colour} for p in room.racers()]
    return RaceRecord(
        id=room.race_id,
        room_code=room.code,
        settings=room.settings.to_json(),
        seed=room.seed,
        daily=room.daily,
        started_at=room.started_at,
        ended_at=room.ended_at,
        shortest=room.shortest,
        players=players,
        results=list(room.results),
        log=[
            {**entry, "room": list(entry["room"])} if "room" in entry else dict(entry) for entry in room.log
        ],
    )
