"""The snapshot: everything a viewer needs to draw the room from scratch (a fog racer: what they know)."""

from typing import NotRequired, TypedDict

from server.maze.fog import FogMemory, fogged_maze
from server.maze.race_card import Count, DifficultyCard
from server.maze.wire import MazeJson, encode_maze
from server.room.events.players import PlayerEntry
from server.room.ghost_views import ghost_entries
from server.room.ghosts import GhostEntry
from server.room.results import ResultRow
from server.room.settings import SettingsJson
from server.room.state import RoomState, ms
from server.room.views.players import fog_entry, player_entries
from server.room.views.viewer import Viewer


class Snapshot(TypedDict):
    """Everything a client needs to draw the room from scratch (docs/protocol.md, "Snapshot")."""

    code: str
    version: int
    phase: str
    settings: SettingsJson
    host: str | None
    players: list[PlayerEntry]
    spectators: int
    locked: bool
    daily: str | None
    now: int
    start_at: NotRequired[int]
    race: NotRequired[str | None]
    maze: NotRequired[MazeJson]
    started_at: NotRequired[int]
    shortest: NotRequired[int]
    difficulty: NotRequired[DifficultyCard | None]
    results: NotRequired[list[ResultRow]]
    time_up: NotRequired[bool]
    shortest_routes: NotRequired[Count]
    ghosts: NotRequired[list[GhostEntry]]


def snapshot(room: RoomState, viewer: Viewer, now: float) -> Snapshot:
    """Everything `viewer` needs to draw the room from scratch (a fog racer gets what they may know)."""
    data: Snapshot = {
        "code": room.code,
        "version": room.version,
        "phase": room.phase,
        "settings": room.settings.to_json(),
        "host": room.host_id,
        "players": player_entries(room),
        "spectators": len(room.spectators),
        "locked": room.locked,
        "daily": room.daily,
        "now": ms(now),
    }
    if room.start_at is not None and room.phase == "countdown":
        data["start_at"] = ms(room.start_at)
    if room.maze is not None and room.phase in ("racing", "finished"):
        data["race"] = room.race_id
        data["maze"] = encode_maze(room.maze)
        data["started_at"] = ms(room.started_at or now)
        data["shortest"] = room.shortest
        data["difficulty"] = room.card
    if room.results is not None and room.phase == "finished":
        data["results"] = room.results
        data["shortest_routes"] = room.shortest_routes
        data["time_up"] = room.ended_on_time
    if room.ghosts:
        data["ghosts"] = ghost_entries(room, viewer.sees)  # a fog racer sees a ghost only in sight
    player = room.players.get(viewer.member_id) if viewer.member_id is not None else None
    if viewer.sees is not None and room.maze is not None:
        # a fog racer knows what they have seen; an onlooker what every racer was shown at the start
        fog = player.fog if player is not None else None
        seen = fog.seen if fog is not None else FogMemory.at_start(room.maze, room.settings.vision).seen
        data["maze"] = fogged_maze(room.maze, seen)
        data.pop("shortest", None)
        data.pop("difficulty", None)
        data["players"] = [fog_entry(entry, viewer) for entry in data["players"]]
    return data
