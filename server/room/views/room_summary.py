"""The short public description of a room the HTTP API lists, with the join page's preview."""

from typing import NotRequired, TypedDict

from server.room import preview
from server.room.preview import RosterEntry
from server.room.settings import SettingsJson
from server.room.state import RoomState


class RoomSummary(TypedDict):
    """The short public description of a room the HTTP API lists."""

    code: str
    phase: str
    players: int
    spectators: int
    max_players: int
    rows: int
    cols: int
    algorithm: str
    maze: NotRequired[str]
    """The share code of the published maze the room races, only when it does: its maze is hand-made,
    whatever `algorithm` still says (as in the settings; the key never appears for a generated maze)."""
    preset: str
    public: bool
    daily: str | None
    locked: bool
    fog: bool
    full: bool
    """Every seat is taken: a newcomer would watch."""
    occupied: bool
    """A person is here: a player connected or a spectator (bots are nobody). The public list shows
    only such rooms."""
    ranked: bool
    """The room's races count for the leaderboards."""
    settings: SettingsJson
    """For the join page's preview (`preview`; not in the list of public rooms)."""
    roster: list[RosterEntry]
    """The players as a visitor sees them (`preview`; not in the list of public rooms)."""


def summary(room: RoomState) -> RoomSummary:
    """The short public description listed by the HTTP API, with the join page's preview."""
    described: RoomSummary = {
        "code": room.code,
        "phase": room.phase,
        "players": len(room.active_players()),
        "spectators": len(room.spectators),
        "max_players": room.settings.max_players,
        "rows": room.settings.rows,
        "cols": room.settings.cols,
        "algorithm": room.settings.algorithm,
        "preset": room.settings.preset,
        "public": room.settings.public,
        "daily": room.daily,
        "locked": room.locked,
        "fog": room.settings.fog,
        "full": room.seats_full,
        "occupied": room.watched,
        "ranked": preview.ranked(room),
        "settings": room.settings.to_json(),
        "roster": preview.roster(room),
    }
    if room.settings.maze is not None:
        described["maze"] = room.settings.maze
    return described
