"""The lobby rules: ready, settings, lock, and starting a race (its seed, maze and countdown)."""

import random

from server.errors import GameError
from server.maze.generation import MAX_SEED, MazeSpec
from server.maze.model import Maze
from server.room.guards import player_of, require_host, require_phase
from server.room.players import Player
from server.room.settings import parse_settings
from server.room.state import RoomState, ms


def set_ready(state: RoomState, member_id: str, ready: bool) -> None:
    """A player marks themselves ready (or not) in the lobby."""
    player = player_of(state, member_id)
    require_phase(state, "lobby")
    if player.ready != ready:
        player.ready = ready
        state.emit("ready", {"id": player.id, "ready": ready})


def update_settings(state: RoomState, member_id: str, data: object, layout: Maze | None = None) -> None:
    """The host changes settings in the lobby; fields left out keep their values. A published maze the
    settings newly name comes as `layout` (the edge looked its code up)."""
    check_settings_change(state, member_id)
    settings = parse_settings(data, state.settings, layout)
    if settings.max_players < len(state.active_players()):
        raise GameError(
            f"{len(state.active_players())} players are here; max_players cannot be lower",
            code="bad_settings",
        )
    if settings != state.settings:
        state.settings = settings
        state.emit("settings", settings.to_json())


def check_settings_change(state: RoomState, member_id: str) -> None:
    """Refuse a settings change that cannot happen whatever it says: not the host, not in the lobby, or
    a room whose maze is fixed (the edge asks before looking up a published maze the change names)."""
    require_host(state, member_id)
    require_phase(state, "lobby")
    if state.daily is not None:
        raise GameError("the daily maze is the same for everyone: its settings are fixed", "bad_settings")
    if state.ghosts:
        raise GameError("a ghost races its own maze: this room's settings are fixed", "bad_settings")


def lock(state: RoomState, member_id: str, locked: bool) -> None:
    """The host locks the room (no new players) or opens it again."""
    require_host(state, member_id)
    if locked != state.locked:
        state.locked = locked
        state.emit("locked", {"locked": locked})


def prepare_start(state: RoomState, member_id: str, without_unready: bool = False) -> MazeSpec:
    """Refuse a start that cannot happen; otherwise say which maze to make (it changes nothing).

    The host may start `without_unready`: players not ready then watch this race, so one player who
    never readies cannot hold the room.
    """
    require_host(state, member_id)
    require_phase(state, "lobby")
    waiting = [p.name for p in _waiting_for(state, member_id)]
    if waiting and not without_unready:
        raise GameError(
            f"waiting for {', '.join(waiting)} to be ready (or start with the ready players)",
            code="not_ready",
        )
    return state.settings.maze_spec(_race_seed(state, draw=False))


def _race_seed(state: RoomState, *, draw: bool) -> int:
    """The seed of the race being started: the daily one, or drawn from the room's random source.

    Asking (`draw=False`) reads the draw from a copy of the source and changes nothing, so the
    check before making the maze is not a change of the room; the `start` command draws it.
    """
    if state.seed is not None:
        return state.seed
    if state.fixed_seed is not None:
        return state.fixed_seed
    source = state.rng
    if not draw:
        source = random.Random()
        source.setstate(state.rng.getstate())
    return int(source.random() * MAX_SEED)


def _waiting_for(state: RoomState, host_id: str) -> list[Player]:
    """Connected players the host's start waits for (a dropped player races when back)."""
    return [p for p in state.active_players() if p.connected and not p.ready and p.id != host_id]


def start(
    state: RoomState,
    member_id: str,
    spec: MazeSpec,
    course: tuple[Maze, list[int]],
    now: float,
    without_unready: bool,
    race_id: str,
) -> None:
    """Begin the countdown with the maze and distances (`course`) made off the event loop from
    `prepare_start`'s spec. `race_id` is the id the race (and its replay) will have: the caller draws
    it, unrelated to the room code, which stays secret; it is announced when the race begins."""
    if prepare_start(state, member_id, without_unready) != spec:
        raise GameError("the settings changed while the maze was being made; start again", "wrong_phase")
    state.seed = _race_seed(state, draw=True)
    state.last_active = now
    state.race_id = race_id
    state.maze, state.distances = course
    state.phase = "countdown"
    state.start_at = now + state.countdown
    state.sitting_out = {p.id for p in _waiting_for(state, member_id)} if without_unready else set()
    state.emit(
        "countdown",
        {
            "start_at": ms(state.start_at),
            "now": ms(now),
            "seconds": state.countdown,
            "sitting_out": sorted(state.sitting_out),
        },
    )
