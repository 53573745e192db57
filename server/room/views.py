"""What each viewer may see of a room: the snapshot, player entries, events and hint details.

The rules (`room` and its layers) decide; this module projects. Every snapshot and event a client gets
passes through here, so a later mode (fog of war) can hide more per viewer in one place. Today's
secrecy rules:

- no maze (nor race id) before the race starts;
- a rival's hint way (`from`, `next`, `path`, `back_to`, `back_path`) is hidden from players still
  racing; spectators, finishers and the asker see it;
- the order the search explored cells in goes only to the asker (in the hint's ack);
- in a fog race, a racer gets the maze with only the cells they have seen, others' positions only when
  they stand where the racer can see now, and no distances to the exit (not the shortest either);
  spectators and finished players see everything.
"""

from dataclasses import dataclass
from typing import NotRequired, TypedDict, cast

from server.maze.fog import FogMemory, bitset, fogged_maze, revealed, visible_now
from server.maze.hints import Hint
from server.maze.model import Cell, Maze
from server.maze.race_card import Count, DifficultyCard
from server.maze.trail import Trail
from server.maze.wire import MazeJson, encode_maze
from server.room import preview
from server.room.envelope import Envelope, WireEvent
from server.room.events.hints import HintAck, Hinted, HintSeen
from server.room.events.players import PlayerEntry
from server.room.events.race import MoveAck, Moved, MovedUnseen, Position, Started
from server.room.ghost_views import ghost_entries
from server.room.ghosts import GhostEntry
from server.room.players import Player
from server.room.preview import RosterEntry
from server.room.results import ResultRow, elapsed_ms, provisional_rank
from server.room.settings import SettingsJson
from server.room.state import RoomState, ms

HINT_SEEN_BY_RACERS = tuple(HintSeen.__annotations__)
"""What a hint shows the other players still racing: that it was asked, not where it leads."""


@dataclass(frozen=True)
class Viewer:
    """Who looks at the room: a member (or nobody in particular), whether they are still racing, and in
    a fog race the cells a racer sees now (None for everyone who sees all)."""

    member_id: str | None
    racing: bool
    sees: frozenset[Cell] | None = None

    @classmethod
    def of(cls, room: RoomState, member_id: str | None) -> "Viewer":
        """The viewer a member of `room` is now."""
        player = room.players.get(member_id) if member_id is not None else None
        racing = player is not None and player.racing
        if not racing or player is None or player.fog is None or room.maze is None or player.trail is None:
            return cls(member_id, racing)
        maze = room.maze
        in_sight = visible_now(maze, maze.index(player.trail.current), room.settings.vision)
        return cls(member_id, racing, frozenset(maze.cell(index) for index in in_sight))


ANYONE = Viewer(None, racing=False)
"""A viewer who is not racing: what a room-wide broadcast carries (racers get theirs on the side)."""


def cell_json(cell: Cell) -> list[int]:
    """A cell as `[row, col]` on the wire."""
    return [cell[0], cell[1]]


# ----- players and the room --------------------------------------------------------------------------


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
    now: int
    start_at: NotRequired[int]
    race: NotRequired[str | None]
    maze: NotRequired[MazeJson]
    started_at: NotRequired[int]
    shortest: NotRequired[int]
    difficulty: NotRequired[DifficultyCard | None]
    results: NotRequired[list[ResultRow]]
    shortest_routes: NotRequired[Count]
    ghosts: NotRequired[list[GhostEntry]]


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
    preset: str
    public: bool
    daily: str | None
    locked: bool
    fog: bool
    full: bool
    """Every seat is taken: a newcomer would watch."""
    ranked: bool
    """The room's races count for the leaderboards."""
    settings: SettingsJson
    """For the join page's preview (`preview`; not in the list of public rooms)."""
    roster: list[RosterEntry]
    """The players as a visitor sees them (`preview`; not in the list of public rooms)."""


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
        entry["room"] = cell_json(player.trail.current)
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
    if room.ghosts:
        data["ghosts"] = ghost_entries(room, viewer.sees)  # a fog racer sees a ghost only in sight
    player = room.players.get(viewer.member_id) if viewer.member_id is not None else None
    if viewer.sees is not None and player is not None and player.fog is not None and room.maze is not None:
        data["maze"] = fogged_maze(room.maze, player.fog.seen)
        data.pop("shortest", None)
        data.pop("difficulty", None)
        data["players"] = [fog_entry(entry, viewer) for entry in data["players"]]
    return data


# ----- fog -------------------------------------------------------------------------------------------


def fog_entry(entry: PlayerEntry, viewer: Viewer) -> PlayerEntry:
    """A player entry as a fog racer may see it: their own without the distance; another's position
    only while it is in sight, and never their trail."""
    seen = cast(PlayerEntry, {k: v for k, v in entry.items() if k not in ("distance", "seen")})
    if entry["id"] == viewer.member_id:
        return seen
    shown = cast(PlayerEntry, {k: v for k, v in seen.items() if k not in ("room", "facing", "trail")})
    room = entry.get("room")
    if room is not None and viewer.sees is not None and (room[0], room[1]) in viewer.sees:
        shown["room"] = room
        shown["facing"] = entry["facing"]
    return shown


def started_for_fog(started: Started, maze: Maze, start: FogMemory) -> Started:
    """`started` as every racer of a fog race gets it: the maze as seen from the entrance, and the
    players where they stand (at the entrance, in sight) without trails."""
    fogged: Started = {k: v for k, v in started.items() if k not in ("shortest", "difficulty")}  # type: ignore[assignment]
    fogged["maze"] = fogged_maze(maze, start.seen)
    at_start = Viewer(
        None, racing=True, sees=frozenset(maze.cell(i) for i, flag in enumerate(start.seen) if flag)
    )
    fogged["players"] = [fog_entry(entry, at_start) for entry in started["players"]]
    return fogged


def moved_seen(moved: Moved) -> Moved:
    """A fog race's `moved` for the mover and the racers who see where they went: no distance."""
    return cast(Moved, {k: v for k, v in moved.items() if k != "distance"})


def moved_unseen(moved: Moved) -> MovedUnseen:
    """A fog race's `moved` for the racers who cannot see where the mover went."""
    return {"id": moved["id"], "moves": moved["moves"]}


def move_ack(room: RoomState, player: Player, newly_seen: list[int]) -> MoveAck:
    """A move's ack: the position; in a fog race without the distance, with the cells just seen and
    where the rivals in sight from the new cell stand (one standing still is sent no `moved`)."""
    trail = player.trail
    maze = room.maze
    if trail is None or maze is None:
        raise ValueError("a move's ack needs a racer in a race")
    ack = cast(MoveAck, position(player, trail))
    if player.fog is not None:
        del ack["distance"]
        ack["seen"] = revealed(maze, newly_seen)["cells"]
        in_sight = visible_now(maze, maze.index(trail.current), room.settings.vision)
        ack["rivals"] = [
            {"id": rival.id, "room": cell_json(rival.trail.current), "facing": rival.trail.facing.value}
            for rival in room.racers()
            if rival is not player
            and not rival.left
            and rival.trail is not None
            and maze.index(rival.trail.current) in in_sight
        ]
    return ack


def summary(room: RoomState) -> RoomSummary:
    """The short public description listed by the HTTP API, with the join page's preview."""
    return {
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
        "ranked": preview.ranked(room),
        "settings": room.settings.to_json(),
        "roster": preview.roster(room),
    }


def position(player: Player, trail: Trail) -> Position:
    """Where a racer stands (`trail` is theirs): a move's ack, and the data of the `moved` event."""
    return {
        "room": cell_json(trail.current),
        "facing": trail.facing.value,
        "trail_len": len(trail),
        "moves": player.moves,
        "distance": player.distance,
    }


# ----- hints -----------------------------------------------------------------------------------------


def hint_data(player: Player, answer: Hint) -> Hinted:
    """The full `hinted` data: cell lists packed (base64 of 2-byte flat indices), single cells as [r, c]."""
    return {
        "id": player.id,
        "method": answer.method,
        "found": answer.found,
        "from": cell_json(answer.start),
        "next": cell_json(answer.next) if answer.next is not None else None,
        "path": answer.path_cells.to_wire() if answer.path_cells is not None else None,
        "explored": answer.explored,
        "back_to": cell_json(answer.back_to) if answer.back_to is not None else None,
        "back_path": answer.back_cells.to_wire() if answer.back_cells is not None else None,
        "explore": cell_json(answer.explore) if answer.explore is not None else None,
        "explore_path": answer.explore_cells.to_wire() if answer.explore_cells is not None else None,
        "hints": player.hints,
        "penalty": player.penalty_ms,
    }


def hint_for_racers(data: Hinted) -> HintSeen:
    """The `hinted` data the other players still racing get: that a hint was asked, not its way."""
    return {
        "id": data["id"],
        "method": data["method"],
        "found": data["found"],
        "explored": data["explored"],
        "hints": data["hints"],
        "penalty": data["penalty"],
    }


def hint_ack(data: Hinted, want_order: bool, answer: Hint) -> HintAck:
    """The asker's ack: the full hint, and the explored order when they asked for it (only theirs)."""
    ack = cast(HintAck, {**data})  # the hint's fields; the order is added below
    if want_order and answer.order_cells is not None:
        ack["order"] = answer.order_cells.to_wire()
    return ack


# ----- events ----------------------------------------------------------------------------------------


def is_redacted_for(envelope: Envelope, viewer: Viewer) -> bool:
    """Whether `viewer` gets less of `envelope` than a room-wide broadcast carries."""
    if envelope.seen_d is not None and viewer.sees is not None:
        return True  # a fog racer gets one of the fog forms, even of their own move
    return envelope.racer_d is not None and viewer.racing and viewer.member_id != envelope.d.get("id")


def hides_from_racers(envelopes: list[Envelope]) -> bool:
    """Whether some of these events are redacted for players still racing."""
    return any(envelope.racer_d is not None for envelope in envelopes)


def event_for(envelope: Envelope, viewer: Viewer) -> WireEvent:
    """`envelope` on the wire as `viewer` may see it."""
    if envelope.seen_d is not None and viewer.sees is not None and envelope.racer_d is not None:
        in_sight = viewer.member_id == envelope.d.get("id") or envelope.at in viewer.sees
        return {"v": envelope.v, "t": envelope.t, "d": envelope.seen_d if in_sight else envelope.racer_d}
    if is_redacted_for(envelope, viewer) and envelope.racer_d is not None:
        return {"v": envelope.v, "t": envelope.t, "d": envelope.racer_d}
    return envelope.to_json()
