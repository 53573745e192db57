"""A player as each viewer sees them: the entry every client gets, the fog racer's, and a position."""

from typing import cast

from server.maze.fog import bitset
from server.maze.trail import Trail
from server.room.events.players import PlayerEntry
from server.room.events.race import Position
from server.room.players import Player
from server.room.results import elapsed_ms, provisional_rank
from server.room.state import RoomState
from server.room.views.viewer import Viewer, cell_json


def player_entry(room: RoomState, player: Player) -> PlayerEntry:
    """A player as every client sees them (never the token)."""
    entry: PlayerEntry = {
        "id": player.id,
        "name": player.name,
        "colour": player.colour,
        "ready": player.ready,
        "connected": player.connected,
        "host": player.id == room.host_id,
        "moves": player.moves,
        "hints": player.hints,
        "penalty": player.penalty_ms,
        "finished": player.finished_at is not None,
        "dnf": player.dnf,
        "left": player.left,
    }
    if player.bot is not None:
        entry["bot"] = player.bot.to_json()
    if player.trail is not None and room.phase in ("racing", "finished"):
        entry["cell"] = cell_json(player.trail.current)
        entry["facing"] = player.trail.facing.value
        entry["trail"] = [cell_json(c) for c in player.trail]
        entry["distance"] = player.distance
        if player.fog is not None:  # for spectators; fog racers never get it (`fog_entry`)
            entry["seen"] = bitset(player.fog.seen)
    if player.finished_at is not None and room.started_at is not None:
        entry["time"] = elapsed_ms(player, room.started_at)
        entry["rank"] = provisional_rank(player, room.racers(), room.started_at)
    return entry


def player_entries(room: RoomState) -> list[PlayerEntry]:
    """Every player of the room (those who left a race too), in joining order."""
    return [player_entry(room, p) for p in room.players.values()]


def fog_entry(entry: PlayerEntry, viewer: Viewer) -> PlayerEntry:
    """A player entry as a fog racer may see it: their own without the distance; another's position
    only while it is in sight, and never their trail."""
    seen = cast(PlayerEntry, {k: v for k, v in entry.items() if k not in ("distance", "seen")})
    if entry["id"] == viewer.member_id:
        return seen
    shown = cast(PlayerEntry, {k: v for k, v in seen.items() if k not in ("cell", "facing", "trail")})
    room = entry.get("cell")
    if room is not None and viewer.sees is not None and (room[0], room[1]) in viewer.sees:
        shown["cell"] = room
        shown["facing"] = entry["facing"]
    return shown


def position(player: Player, trail: Trail) -> Position:
    """Where a racer stands (`trail` is theirs): a move's ack, and the data of the `moved` event."""
    return {
        "cell": cell_json(trail.current),
        "facing": trail.facing.value,
        "trail_len": len(trail),
        "moves": player.moves,
        "distance": player.distance,
    }
