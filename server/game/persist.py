"""A room's whole state as JSON and back, so open rooms survive a server restart.

The maze itself is not stored: it is regenerated from the settings and seed, which is exact because
generation is a pure function of them. The clock is paused over the downtime: every stored moment is
shifted by it on restore, so elapsed race times are what they were when the server stopped, and every
player gets a fresh grace period to reconnect.
"""

import random
from collections.abc import Callable
from typing import Any

from server.game.directions import Direction
from server.game.generation import MazeSpec
from server.game.maze import Maze
from server.game.players import Player
from server.game.racelog import RaceLog
from server.game.room import Room
from server.game.settings import parse_settings
from server.game.trail import Trail

STATE_VERSION = 1


def _player_state(player: Player) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.name,
        "colour": player.colour,
        "token": player.token,
        "joined_at": player.joined_at,
        "ready": player.ready,
        "trail": [list(c) for c in player.trail] if player.trail is not None else None,
        "facing": player.trail.facing.value if player.trail is not None else None,
        "moves": player.moves,
        "hints": player.hints,
        "penalty_ms": player.penalty_ms,
        "finished_at": player.finished_at,
        "dnf": player.dnf,
        "left": player.left,
        "distance": player.distance,
    }


def room_state(room: Room) -> dict[str, Any]:
    """Everything needed to rebuild `room`; spectators are not kept (they simply join again)."""
    state = room.rng.getstate()
    return {
        "state_version": STATE_VERSION,
        "code": room.code,
        "settings": room.settings.to_json(),
        "phase": room.phase,
        "version": room.version,
        "host_id": room.host_id,
        "seed": room.seed,
        "daily": room.daily,
        "fixed_seed": room.fixed_seed,
        "race_id": room.race_id,
        "start_at": room.start_at,
        "started_at": room.started_at,
        "ended_at": room.ended_at,
        "results": room.results,
        "log": room.log.to_state(),
        "serial": room.serial,
        "countdown": room.countdown,
        "grace": room.grace,
        "rng": [state[0], list(state[1]), state[2]],
        "players": [_player_state(p) for p in room.players.values()],
        "locked": room.locked,
        "sitting_out": sorted(room.sitting_out),
    }


def maze_spec(state: dict[str, Any]) -> MazeSpec | None:
    """The spec of the stored room's current maze, if it has one."""
    if state["seed"] is None or state["phase"] == "lobby":
        return None
    s = state["settings"]
    return MazeSpec(s["algorithm"], s["rows"], s["cols"], state["seed"], s["braid"], s["openings"])


def restore_room(
    state: dict[str, Any],
    course: tuple[Maze, list[int]] | None,
    saved_at: float,
    now: float,
    token_factory: Callable[[], str] | None = None,
) -> Room:
    """Rebuild a room from `room_state`, its maze and distances from `maze_spec`, pausing the clock."""
    if state.get("state_version") != STATE_VERSION:
        raise ValueError("unknown room state version")
    shift = max(0.0, now - saved_at)

    def moved(moment: float | None) -> float | None:
        return None if moment is None else moment + shift

    rng = random.Random()
    version, internal, gauss = state["rng"]
    rng.setstate((version, tuple(internal), gauss))
    extra = {"token_factory": token_factory} if token_factory is not None else {}
    room = Room(
        state["code"],
        parse_settings(state["settings"]),
        rng,
        now,
        countdown=state["countdown"],
        grace=state["grace"],
        daily=state["daily"],
        fixed_seed=state["fixed_seed"],
        **extra,
    )
    room.phase = state["phase"]
    room.version = state["version"]
    room.host_id = state["host_id"]
    room.seed = state["seed"]
    room.race_id = state["race_id"]
    room.start_at = moved(state["start_at"])
    room.started_at = moved(state["started_at"])
    room.ended_at = moved(state["ended_at"])
    room.results = state["results"]
    room.log = RaceLog.from_state(state["log"], room.settings.cols)
    room.serial = state["serial"]
    room.locked = bool(state.get("locked", False))  # rooms saved before locks existed are open
    room.sitting_out = set(state.get("sitting_out", ()))
    if course is not None:
        room.maze, room.distances = course
    for data in state["players"]:
        player = Player(data["id"], data["name"], data["colour"], data["token"], data["joined_at"])
        player.ready = data["ready"]
        player.connected = False
        player.disconnected_at = now
        if data["trail"] is not None:
            player.trail = Trail([(r, c) for r, c in data["trail"]], Direction(data["facing"]))
        player.moves = data["moves"]
        player.hints = data["hints"]
        player.penalty_ms = data["penalty_ms"]
        player.finished_at = moved(data["finished_at"])
        player.dnf = data["dnf"]
        player.left = data["left"]
        player.distance = data["distance"]
        room.players[player.id] = player
    return room
