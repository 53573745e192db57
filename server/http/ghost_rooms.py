"""Making ghost rooms: a stored race's player (or today's best on the daily maze) to race against.

The HTTP routes (`POST /api/ghost-rooms`, `POST /api/daily` with `"ghost": "best"`) parse the request
here, read the stored race, and build the ghost from its log off the event loop (a long race's log has
hundreds of thousands of entries). The room they make races the stored race's maze: its settings and
seed.

A daily race stays sealed until its day is over (`replays.sealed_until`): a ghost room made from one
before then is a daily room itself, so its own races are sealed the same way and nothing of the day's
maze leaks through a replay. The ghost streams its positions as it moves and never its route ahead.
"""

import asyncio
import datetime
import re
from dataclasses import dataclass

from server.errors import GameError
from server.http.replays import RACE_ID, sealed_until
from server.room.ghosts import Ghost, ghost_from_race
from server.room.settings import PRESETS, RoomSettings, parse_settings
from server.runtime.published_layouts import PublishedLayouts
from server.store.interface import Store, StoredRace

MEMBER_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}\Z")


@dataclass(frozen=True)
class GhostRoomPlan:
    """What a ghost room is made of: the ghost, the stored race's settings and seed, and the daily date
    when the race is a daily one still sealed (the room is then a daily room)."""

    ghost: Ghost
    settings: RoomSettings
    seed: int
    daily: str | None


def parse_ghost_request(data: object) -> tuple[str, str]:
    """`{"race": id, "player": member id}` of `POST /api/ghost-rooms`; anything else is `bad_payload`."""
    if not isinstance(data, dict):
        raise GameError('send {"race": race id, "player": player id}', code="bad_payload")
    race, player = data.get("race"), data.get("player")
    if not isinstance(race, str) or not isinstance(player, str):
        raise GameError('"race" and "player" must be the ids of a stored race and one of its players')
    if not RACE_ID.match(race):
        raise GameError("no stored race has that id", code="unknown_race")
    if not MEMBER_ID.match(player):
        raise GameError("that race has no player with that id", code="unknown_player")
    return race, player


async def _stored(store: Store, race_id: str) -> StoredRace:
    race = await store.race(race_id)
    if race is None:
        raise GameError("no stored race has that id", code="unknown_race")
    return race


async def ghost_room_plan(
    store: Store, layouts: PublishedLayouts, race_id: str, player_id: str, now: datetime.datetime
) -> GhostRoomPlan:
    """The ghost room of player `player_id` in stored race `race_id` (a race on a published maze: on
    that maze, looked up in `layouts`)."""
    race = await _stored(store, race_id)
    ghost = await asyncio.to_thread(ghost_from_race, race, player_id)
    daily = race["daily"] if sealed_until(race["daily"], now) is not None else None
    layout = await layouts.of_stored(race["settings"])
    return GhostRoomPlan(ghost, parse_settings(race["settings"], layout=layout), int(race["seed"]), daily)


def parse_daily_ghost(data: object) -> bool:
    """Whether a `POST /api/daily` body asks for today's best as a ghost (`"ghost": "best"`)."""
    ghost = data.get("ghost") if isinstance(data, dict) else None
    if ghost is None:
        return False
    if ghost != "best":
        raise GameError('"ghost" may only be "best": today\'s fastest finisher', code="bad_payload")
    return True


async def todays_best(store: Store, today: datetime.date, preset: str) -> Ghost:
    """The fastest finisher of today's daily maze for `preset` (the daily leaderboard's first row), as
    a ghost; `no_best` while nobody has finished it yet."""
    if preset not in PRESETS:
        raise GameError(f"the daily maze comes in {', '.join(PRESETS)}", code="bad_settings")
    board = await store.leaderboard(preset=preset, daily=today.isoformat(), limit=1)
    if not board:
        raise GameError("nobody has finished today's daily maze of that size yet", code="no_best")
    best = board[0]
    race = await _stored(store, best["race"])
    finishers = [r for r in race["results"] if not r["dnf"]]
    row = next((r for r in finishers if r["name"] == best["name"] and r["total"] == best["total"]), None)
    if row is None:
        raise GameError("today's best race could not be read back", code="no_best")
    return await asyncio.to_thread(ghost_from_race, race, row["id"])
