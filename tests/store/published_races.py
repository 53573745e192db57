"""Finished races on published mazes, as the store keeps them: a result row, and a race on a maze."""

from typing import cast

from server.room.racelog import RaceLog
from server.room.records import RaceRecord
from server.room.results import ResultRow
from server.room.settings import RoomSettings, SettingsJson

T0 = 1_800_000_000.0


def finish(race: str, seat: int, name: str, total: int, *, dnf: bool = False, bot: bool = False) -> ResultRow:
    row: ResultRow = {
        "id": f"{race}-{seat}", "name": name, "colour": "#336699", "rank": seat + 1,
        "time": None if dnf else total, "penalty": 0, "total": None if dnf else total, "moves": 40,
        "hints": 0, "route": 30, "shortest": 30, "efficiency": None, "dnf": dnf, "distance": 0,
        "progress": 1.0, "cell": None, "on_shortest": None,
    }  # fmt: skip
    if bot:
        row["bot"] = "bfs"
    return row


def race_on(
    race: str, maze: str | None, results: list[ResultRow], *, end: float = 0.0, hint_limit: int = 3
) -> RaceRecord:
    """A finished race, on the published maze `maze` (or a generated one when None)."""
    settings = RoomSettings(
        preset="easy", rows=10, cols=10, algorithm="prim", hint_limit=hint_limit
    ).to_json()
    if maze is not None:
        settings = cast(SettingsJson, {**settings, "maze": maze})
    return RaceRecord(
        id=race, room_code="ROOM", settings=settings, seed=1, daily=None, started_at=T0 + end - 60,
        ended_at=T0 + end, shortest=30, players=[], results=results, log=RaceLog(10),
    )  # fmt: skip
