"""A room's whole state as JSON and back: exactly (for replaying commands on it), or across a restart.

`room_snapshot` and `rebuild_room` are exact inverses: a rebuilt room fed the commands since answers
them as the live room did, which is what fail-over will replay. `restore_room` is for a server restart:
it pauses the clock over the downtime (every stored moment is shifted by it, so elapsed race times are
what they were when the server stopped), gives every person a fresh grace period to reconnect, keeps
the bots as they were, and drops the spectators (they simply join again).

A generated maze itself is not stored: it is regenerated from the settings and seed, which is exact
because generation is a pure function of them. A room racing a published maze keeps that maze
(`layout`): the state needs no store to rebuild it.
"""

import random
from typing import NotRequired, TypedDict

from server.bots import BotState, bot_from_json
from server.maze.directions import Direction
from server.maze.fog import FogMemory, bitset, flags_of_bitset
from server.maze.generation import MazeSpec
from server.maze.model import Maze
from server.maze.trail import Trail
from server.maze.wire import MazeJson, decode_maze, encode_maze
from server.room.bot_spec import BotSpec, BotSpecJson
from server.room.ghosts import Ghost, GhostJson
from server.room.players import Player
from server.room.racelog import LogEntry, LogState, RaceLog
from server.room.results import ResultRow, saved_rows
from server.room.room import Room
from server.room.settings import SettingsJson, parse_settings, spec_for
from server.room.state import Phase

STATE_VERSION = 2
"""Version 2 added what an exact rebuild needs (spectators, presence, activity); 1 still restores."""

READABLE_VERSIONS = (1, 2)

RngState = list[int | list[int] | float | None]
"""`random.Random.getstate()` as a JSON array: `[version, [internal state], gauss or null]` (a list, not
a tuple, so a snapshot read back from JSON equals the one written)."""


class PlayerStateJson(TypedDict):
    """A player as a room's state keeps them; times on the room's clock (seconds)."""

    id: str
    name: str
    colour: str
    token: str
    joined_at: float
    ready: bool
    connected: NotRequired[bool]
    """Since version 2 (a version 1 player comes back away)."""
    disconnected_at: NotRequired[float | None]
    """Since version 2."""
    trail: list[list[int]] | None
    """The cells walked, `[r, c]` each, the last the player's cell; None before the race."""
    facing: str | None
    """A `Direction` value, with the trail."""
    moves: int
    hints: int
    penalty_ms: int
    finished_at: float | None
    dnf: bool
    left: bool
    distance: int | None
    seen: NotRequired[str]
    """In a fog race, the cells the racer has seen (`fog.bitset`)."""
    bot: NotRequired[BotSpecJson]
    """A bot's kind and speed."""
    brain: NotRequired[BotState]
    """A racing bot's brain, to continue exactly where it was."""


class GhostStateJson(GhostJson):
    """A ghost as a room's state keeps it: the record and how many steps it has made this race."""

    made: int


class RoomStateJson(TypedDict):
    """A room's whole state (`room_snapshot`), as the store and the rescue file keep it; the fields a
    version 1 state lacks are NotRequired, and `rebuild_room` gives them their old meaning."""

    state_version: int
    code: str
    settings: SettingsJson
    phase: Phase
    version: int
    host_id: str | None
    seed: int | None
    daily: str | None
    fixed_seed: int | None
    race_id: str | None
    start_at: float | None
    started_at: float | None
    ended_at: float | None
    results: list[ResultRow] | None
    log: LogState | list[LogEntry]
    """Packed (`RaceLog.to_state`), or the list of entries older servers saved."""
    serial: int
    countdown: float
    grace: float
    rng: RngState
    players: list[PlayerStateJson]
    spectators: NotRequired[list[str]]
    """Since version 2 (none before)."""
    locked: NotRequired[bool]
    """Since locks exist (open before)."""
    sitting_out: NotRequired[list[str]]
    """Since the host may start without the unready (nobody before)."""
    last_active: NotRequired[float]
    """Since version 2."""
    ghosts: NotRequired[list[GhostStateJson]]
    """Rooms with ghosts only (none before ghosts existed)."""
    layout: NotRequired[MazeJson]
    """Rooms racing a published maze only (`settings.maze`): that maze."""


def _player_state(player: Player) -> PlayerStateJson:
    state: PlayerStateJson = {
        "id": player.id,
        "name": player.name,
        "colour": player.colour,
        "token": player.token,
        "joined_at": player.joined_at,
        "ready": player.ready,
        "connected": player.connected,
        "disconnected_at": player.disconnected_at,
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
    if player.fog is not None:
        state["seen"] = bitset(player.fog.seen)
    if player.bot is not None:
        state["bot"] = player.bot.to_json()
    if player.brain is not None:
        state["brain"] = player.brain.to_json()
    return state


def room_snapshot(room: Room) -> RoomStateJson:
    """Everything needed to rebuild `room` exactly (taken between commands, when it has no events
    queued and its finished race, if any, has been taken)."""
    state = room.rng.getstate()
    snapshot: RoomStateJson = {
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
        "spectators": sorted(room.spectators),
        "locked": room.locked,
        "sitting_out": sorted(room.sitting_out),
        "last_active": room.last_active,
    }
    if room.settings.layout is not None:
        snapshot["layout"] = encode_maze(room.settings.layout)
    if room.ghosts:
        snapshot["ghosts"] = [{**g.to_json(), "made": room.ghost_made[g.id]} for g in room.ghosts]
    return snapshot


room_state = room_snapshot
"""What the server saves at shutdown: the exact snapshot (`restore_room` decides what a restart keeps)."""


def maze_spec(state: RoomStateJson) -> MazeSpec | None:
    """The spec of the stored room's current maze, if it has one."""
    if state["seed"] is None or state["phase"] == "lobby":
        return None
    return spec_for(state["settings"], state["seed"], layout_of(state))


def layout_of(state: RoomStateJson) -> Maze | None:
    """The published maze a stored room races, if it races one."""
    layout = state.get("layout")
    return decode_maze(layout) if layout is not None else None


def rebuild_room(state: RoomStateJson, course: tuple[Maze, list[int]] | None) -> Room:
    """The room `room_snapshot` took, with its maze and distances from `maze_spec`."""
    if state.get("state_version") not in READABLE_VERSIONS:
        raise ValueError("unknown room state version")
    rng = random.Random()
    version, internal, gauss = state["rng"]
    if not isinstance(internal, list):
        raise ValueError("a room state's rng holds no internal state")
    rng.setstate((version, tuple(internal), gauss))
    size = state["settings"]["rows"] * state["settings"]["cols"]
    ghosts = [(Ghost.from_json(data, size), data["made"]) for data in state.get("ghosts", [])]
    room = Room(
        state["code"],
        parse_settings(state["settings"], layout=layout_of(state)),
        rng,
        state.get("last_active", 0.0),
        countdown=state["countdown"],
        grace=state["grace"],
        daily=state["daily"],
        fixed_seed=state["fixed_seed"],
        ghosts=[ghost for ghost, _ in ghosts],
    )
    room.ghost_made = {ghost.id: int(made) for ghost, made in ghosts}
    room.phase = state["phase"]
    room.version = state["version"]
    room.host_id = state["host_id"]
    room.seed = state["seed"]
    room.race_id = state["race_id"]
    room.start_at = state["start_at"]
    room.started_at = state["started_at"]
    room.ended_at = state["ended_at"]
    room.results = saved_rows(state["results"]) if state["results"] is not None else None
    room.log = RaceLog.from_state(state["log"], room.settings.cols)
    room.serial = state["serial"]
    room.locked = bool(state.get("locked", False))  # rooms saved before locks existed are open
    room.sitting_out = set(state.get("sitting_out", ()))
    room.spectators = set(state.get("spectators", ()))
    if course is not None:
        room.maze, room.distances = course
    for data in state["players"]:
        player = Player(data["id"], data["name"], data["colour"], data["token"], data["joined_at"])
        player.ready = data["ready"]
        player.connected = data.get("connected", False)
        player.disconnected_at = data.get("disconnected_at")
        if data["trail"] is not None:
            if data["facing"] is None:
                raise ValueError("a player with a trail has no facing")
            player.trail = Trail([(r, c) for r, c in data["trail"]], Direction(data["facing"]))
        player.moves = data["moves"]
        player.hints = data["hints"]
        player.penalty_ms = data["penalty_ms"]
        player.finished_at = data["finished_at"]
        player.dnf = data["dnf"]
        player.left = data["left"]
        player.distance = data["distance"]
        seen = data.get("seen")
        if seen is not None and room.maze is not None:
            player.fog = FogMemory(flags_of_bitset(seen, room.maze.size))
        if "bot" in data:
            player.bot = BotSpec.parse(data["bot"])
        if "brain" in data:
            player.brain = bot_from_json(data["brain"])
        room.players[player.id] = player
    return room


def restore_room(
    state: RoomStateJson, course: tuple[Maze, list[int]] | None, saved_at: float, now: float
) -> Room:
    """Rebuild a room saved at `saved_at` after a restart at `now`: the clock paused over the downtime,
    every person away with a fresh grace period, every bot where it was (connected, racing or ready:
    it waits for its people, `bot_rules.racing`), no spectators."""
    room = rebuild_room(state, course)
    shift = max(0.0, now - saved_at)

    def moved(moment: float | None) -> float | None:
        return None if moment is None else moment + shift

    room.start_at = moved(room.start_at)
    room.started_at = moved(room.started_at)
    room.ended_at = moved(room.ended_at)
    room.last_active = now
    room.spectators = set()
    for player in room.players.values():
        player.finished_at = moved(player.finished_at)
        if player.bot is not None:  # driven by the server: here again as soon as the server is
            player.connected = not player.left
            player.disconnected_at = None
        else:
            player.connected = False
            player.disconnected_at = now
    host = room.players.get(room.host_id) if room.host_id is not None else None
    if host is not None and host.bot is not None:  # saved by a server that let a bot inherit it
        room.host_id = None  # the first person back takes it
    return room
