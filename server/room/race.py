"""The race rules: the race begins, racers move, ghosts follow their time, the race ends, the room goes
back to the lobby.

Functions over the room's state; the other rules reach a race through them (a hint that walks takes a
`step`, a bot's step is a `move`, a player leaving may end the race: `check_over`).
"""

import random

from server.bots import make_bot
from server.errors import GameError
from server.maze.fog import FogMemory
from server.maze.moves import Target, apply_move
from server.maze.race_card import card_of
from server.maze.wire import encode_maze
from server.room.events.race import MoveAck, Moved, RaceOver, Started
from server.room.ghost_views import ghost_cell, ghost_entries, ghost_moved, ghost_splits, ghost_unseen
from server.room.guards import course_of, racer_of, require_host, require_phase, trail_of
from server.room.players import Player
from server.room.racelog import RaceLog
from server.room.records import RaceRecord, race_record
from server.room.results import elapsed_ms, provisional_rank, result_rows
from server.room.state import RoomState, ms
from server.room.views.players import player_entries, position
from server.room.views.race_events import move_ack, moved_seen, moved_unseen, started_for_fog


def tick(state: RoomState, now: float) -> None:
    """The race's part of the clock: the countdown's end, the ghosts' steps, the time limit."""
    if state.phase == "countdown" and state.start_at is not None and now >= state.start_at:
        begin(state, now)
    advance_ghosts(state, now)
    check_over(state, now)


def begin(state: RoomState, now: float) -> None:
    """The countdown is over: every racer (not those sitting out) stands on the entrance."""
    maze, distances = course_of(state)
    state.phase = "racing"
    state.started_at = now
    state.results = None
    state.log = RaceLog(maze.cols)
    distance = distances[maze.index(maze.entrance)]
    fog = FogMemory.at_start(maze, state.settings.vision) if state.settings.fog else None
    for player in state.active_players():
        if player.id not in state.sitting_out:
            player.reset_for_race(maze.entrance, distance)
            player.fog = fog.copy() if fog is not None else None
            if player.bot is not None:  # a fresh brain, its ties broken by the race seed and its id
                seed = random.Random(f"{state.seed}:{player.id}").getrandbits(63)
                player.brain = make_bot(player.bot.kind, seed)
    started: Started = {
        "race": state.race_id,
        "maze": encode_maze(maze),
        "started_at": ms(now),
        "shortest": state.shortest,
        "difficulty": card_of(maze),  # measured with the maze, off the loop
        "players": player_entries(state),
    }
    if state.ghosts:
        state.ghost_made = {ghost.id: 0 for ghost in state.ghosts}
        started["ghosts"] = ghost_entries(state)  # all on the entrance, which every racer sees
    state.emit("started", started, started_for_fog(started, maze, fog) if fog is not None else None)


def elapsed(state: RoomState, now: float) -> int:
    """Milliseconds since the race began (0 before)."""
    return ms(now - (state.started_at or now))


def move(state: RoomState, member_id: str, target: Target, now: float) -> MoveAck:
    """Move a racer one cell; the ack data. Refused moves raise and change nothing."""
    player = racer_of(state, member_id, now)
    newly_seen = step(state, player, target, now)
    check_over(state, now)
    return move_ack(state, player, newly_seen)


def step(state: RoomState, player: Player, target: Target, now: float) -> list[int]:
    """Move the player; in a fog race, returns the cells the move let them see for the first time."""
    maze, distances = course_of(state)
    if player.moves >= state.move_cap():
        raise GameError("you have used every move this race allows", code="move_limit")
    cell = apply_move(maze, trail_of(player), target)
    if player.bot is None:  # a bot's step is nobody's activity: a room of bots alone idles out
        state.last_active = now
    player.moves += 1
    player.distance = distances[maze.index(cell)]
    state.log.add_move(elapsed(state, now), player.id, cell)
    newly_seen = player.fog.look_from(maze, maze.index(cell), state.settings.vision) if player.fog else []
    _emit_moved(state, player, cell)
    if cell == maze.exit:
        player.finished_at = now
        started_at = state.started_at if state.started_at is not None else now
        state.emit(
            "finished",
            {
                "id": player.id,
                "rank": provisional_rank(player, state.racers(), started_at),
                "time": elapsed_ms(player, started_at),
                "penalty": player.penalty_ms,
                "moves": player.moves,
                "hints": player.hints,
            },
        )
    return newly_seen


def _emit_moved(state: RoomState, player: Player, cell: tuple[int, int]) -> None:
    """`moved` for everyone; in a fog race also the forms racers get, by whether they see `cell`."""
    moved: Moved = {"id": player.id, **position(player, trail_of(player))}
    if not state.settings.fog:
        state.emit("moved", moved)
        return
    state.emit("moved", moved, moved_unseen(moved), seen_data=moved_seen(moved), at=cell)


def advance_ghosts(state: RoomState, now: float) -> None:
    """Move each ghost through every step its time has come for: one `ghost` event a ghost that moved
    (in a fog race, its position only to the racers who see it, as a rival's `moved`)."""
    if state.phase != "racing" or not state.ghosts:
        return
    maze = course_of(state)[0]
    so_far = min(elapsed(state, now), ms(state.settings.time_limit))
    for ghost in state.ghosts:
        made = ghost.steps_due(so_far)
        if made <= state.ghost_made[ghost.id]:
            continue
        state.ghost_made[ghost.id] = made
        cell = ghost_cell(ghost, made, maze)
        moved = ghost_moved(ghost, made, cell, maze)
        if state.settings.fog:
            state.emit("ghost", moved, ghost_unseen(moved), seen_data=moved, at=cell)
        else:
            state.emit("ghost", moved)


def check_over(state: RoomState, now: float) -> None:
    """End the race when its time is up, nobody is racing any more, or no person is left to race or
    watch it: no person connected and none within the grace period to come back (bots race for
    people; while the people are only away, the bots wait: `bot_rules.racing`). Whoever has not
    finished when it ends is out (DNF). The results, and the record."""
    if state.phase != "racing" or state.started_at is None:
        return
    timed_out = state.time_is_up(now)
    abandoned = not state.watched and not state.awaited
    if timed_out or abandoned:
        for player in state.racers():
            if player.finished_at is None:
                player.dnf = True
    if timed_out or abandoned or not any(p.racing for p in state.racers()):
        state.phase = "finished"
        state.ended_at = now
        state.results = result_rows(state.racers(), state.started_at, state.shortest)
        over: RaceOver = {
            "race": state.race_id,
            "results": state.results,
            "shortest": state.shortest,
            "shortest_routes": state.shortest_routes,
            "difficulty": state.card,
            "time_up": timed_out,
        }
        if state.ghosts:
            over["ghosts"] = ghost_splits(state)
        state.emit("race_over", over)
        # recorded now: the same command may take the room on to the lobby (the last racer left)
        state.finished_race = race_record(state)


def take_finished(state: RoomState) -> RaceRecord | None:
    """The race that ended since the last call, for the caller to store before announcing it."""
    record, state.finished_race = state.finished_race, None
    return record


def rematch(state: RoomState, member_id: str, now: float) -> None:
    """The host takes the room back to the lobby for a new maze with the same settings."""
    require_host(state, member_id)
    require_phase(state, "finished")
    state.last_active = now
    back_to_lobby(state)


def back_to_lobby(state: RoomState) -> None:
    """Open the room for a new race: those who left are forgotten, the maze and the race's times too."""
    state.players = {pid: p for pid, p in state.players.items() if not p.left}
    for player in state.players.values():
        player.reset_for_lobby()
    state.phase = "lobby"
    state.seed = None
    state.maze = None
    state.distances = None
    state.start_at = None
    state.started_at = None
    state.sitting_out = set()
    state.emit("lobby", {"settings": state.settings.to_json(), "players": player_entries(state)})
