"""A room is rebuilt exactly from a snapshot and the commands since: fail-over will replay rooms.

Hypothesis draws command sequences over several players and spectators (joins, rejoins by token,
ready, settings, starts with and without the unready, moves, hints, leaves, disconnects, kicks, locks,
clock ticks, rematches, host hand-overs, spectators taking seats). Every nondeterministic input (the
time, new tokens, race ids, the maze spec, a hint's answer) is fixed in the command record
(`server.room.commands`) before it is applied. The live room is snapshotted before every command; from
a few snapshots a room is rebuilt and fed the commands since, each through its JSON form as another
process would read it from the room's log, and it must answer every one exactly as the live room did
(acks, refusals, events, finished races) and end in the same state.
"""

import json
import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.bots import BOT_KINDS
from server.errors import GameError
from server.maze.generation import MazeSpec
from server.maze.model import Maze
from server.room import views
from server.room.bot_spec import BotSpec
from server.room.commands import (
    AddBot,
    AnswerHint,
    BotStep,
    ChangeSettings,
    Command,
    Disconnect,
    Join,
    Kick,
    Leave,
    Lock,
    Move,
    PassHost,
    Rematch,
    RemoveBot,
    SetReady,
    Start,
    TakeSeat,
    Tick,
    apply,
    command_from_json,
    command_to_json,
)
from server.room.envelope import Envelope, WireEvent
from server.room.events import event_from_json
from server.room.hint_rules import solve_hint
from server.room.room import Room
from server.room.settings import parse_settings
from server.room.snapshot import RoomStateJson, maze_spec, rebuild_room, room_snapshot
from server.runtime.course import build_course

T0 = 1_000_000.0
NAMES = ("Ann", "Bob", "Cid", "Dee")
DIRECTIONS = ("up", "down", "left", "right")
RACER = views.Viewer(None, racing=True)
"""A player still racing who is not the subject of any event: sees the racers' view."""


@cache
def course(spec: MazeSpec) -> tuple[Maze, list[int]]:
    return build_course(spec)


def course_of(state: RoomStateJson) -> tuple[Maze, list[int]] | None:
    spec = maze_spec(state)
    return None if spec is None else course(spec)


# the shape of a command before it is resolved against the live room: (kind, who, extra, seconds later)
raw_commands = st.tuples(
    st.sampled_from(
        [
            "join_player",
            "join_player",
            "join_spectator",
            "rejoin",
            "ready",
            "ready",
            "settings",
            "start",
            "start",
            "move",
            "move",
            "move",
            "move",
            "move",
            "move",
            "hint",
            "hint",
            "leave",
            "disconnect",
            "kick",
            "lock",
            "tick",
            "tick",
            "rematch",
            "add_bot",
            "remove_bot",
            "bot_step",
            "bot_step",
            "bot_step",
            "pass_host",
            "take_seat",
        ]
    ),
    st.integers(0, 7),
    st.integers(0, 7),
    st.sampled_from([0.0, 0.0, 0.0, 0.1, 0.5, 1.0, 2.0, 6.0, 31.0]),
)


def answer_of(room: Room, command: Command) -> tuple[Any, ...]:
    """Apply `command`; what the room answered, as plain data (a refusal by its code)."""
    try:
        outcome = apply(room, command, course)
    except GameError as error:
        return ("refused", error.code)
    for envelope in outcome.events:  # every event is a record of its kind, as the client reads it
        for wire in (envelope.to_json(), views.event_for(envelope, RACER), own_form(envelope)):
            assert event_from_json(wire["t"], json.loads(json.dumps(wire["d"]))) == wire["d"]
    ack = outcome.membership.to_json() if outcome.membership is not None else outcome.ack
    record = room.take_finished_race()
    finished = None
    if record is not None:
        finished = (record.id, record.seed, record.started_at, record.ended_at, record.results)
        finished += (record.players, record.log.to_state())
    forms = [(e.to_json(), views.event_for(e, RACER), own_form(e)) for e in outcome.events]
    return ("ok", ack, forms, finished)


def own_form(envelope: Envelope) -> WireEvent:
    """The event as the racer it is about gets it (their hint as the room's `hint_reveal` shows it)."""
    subject = envelope.d.get("id")
    return views.event_for(envelope, views.Viewer(subject if isinstance(subject, str) else None, racing=True))


def through_json(command: Command, room: Room) -> Command:
    """The command as another process reads it from the room's log."""
    text = json.dumps(command_to_json(command))
    return command_from_json(json.loads(text), lambda: room.maze)


HOST_ONLY = ("settings", "start", "kick", "lock", "rematch", "add_bot", "remove_bot", "pass_host")


def _onward(room: Room, member: str) -> tuple[int, int] | None:
    """The next cell on the shortest way to the exit for a racer, so that races get finished."""
    player = room.players.get(member)
    if room.maze is None or room.distances is None or player is None or player.trail is None:
        return None
    maze, distances, here = room.maze, room.distances, player.trail.current
    nearer = min(maze.neighbours(maze.index(here)), key=lambda i: distances[i], default=None)
    return None if nearer is None else divmod(nearer, maze.cols)


def resolve(
    room: Room, raw: tuple[str, int, int, float], now: float, serial: int, members: list[str]
) -> Command | None:
    """Pin a drawn command down against the live room: real member ids, the time, fresh values.

    Commands mostly come from those who may give them (the host, players still in), so that races
    start and end; the rest come from anyone, to be refused. A hint is asked as the server asks it
    (asking changes nothing) and its search run here; a hint that cannot be asked is no command."""
    kind, who, extra, _ = raw
    players = [p.id for p in room.active_players()]
    member = members[who % len(members)] if members else "p1"
    if kind in HOST_ONLY and room.host_id is not None and extra % 4 != 0:
        member = room.host_id
    elif players and who < 6:
        member = players[who % len(players)]
    tokens = [p.token for p in room.players.values()]
    if kind == "join_player":
        return Join(NAMES[who % 4], "player", None, f"token-{serial}", now)
    if kind == "join_spectator":
        return Join("Eve", "spectator", None, f"token-{serial}", now)
    if kind == "rejoin":
        token = tokens[who % len(tokens)] if tokens else "nobody"
        return Join("Ann", "player", token, f"token-{serial}", now)
    if kind == "ready":
        return SetReady(member, extra % 4 != 0, now)
    if kind == "settings":
        change = [
            {"hint_moves": True},
            {"hint_methods": ["random"]},
            {"max_players": 2},
            {"braid": 0.5},
            {"fog": True, "vision": 1 + extra % 3},
            {"directions": 8},
            {"hint_reveal": "whole"},
        ]
        return ChangeSettings(member, change[(extra + who) % len(change)], now)
    if kind == "start":
        try:
            spec = room.prepare_start(member, extra % 2 == 0)
        except GameError:
            spec = MazeSpec("backtracker", 5, 6, 0)  # refused by the start all the same
        return Start(member, extra % 2 == 0, spec, f"race-{serial}", now)
    if kind == "move":
        onward = _onward(room, member) if extra < 5 else None
        return Move(member, onward or DIRECTIONS[extra % 4], now)
    if kind == "hint":
        method, want_order = ("dfs", "bfs", "astar", "random")[extra % 4], extra % 2 == 0
        try:
            request = room.request_hint(member, method, want_order, now)
        except GameError:
            return None
        return AnswerHint(member, request.moves, want_order, solve_hint(request), now)
    if kind == "kick":
        return Kick(member, members[extra % len(members)] if members else "p1", now)
    if kind == "lock":
        return Lock(member, extra % 2 == 0, now)
    if kind == "leave":
        return Leave(member, now)
    if kind == "disconnect":
        return Disconnect(member, now)
    if kind == "rematch":
        return Rematch(member, now)
    if kind == "pass_host":
        return PassHost(member, members[extra % len(members)] if members else "p1", now)
    if kind == "take_seat":
        watching = sorted(room.spectators)
        seated = watching[who % len(watching)] if watching and who < 6 else member
        return TakeSeat(seated, NAMES[extra % 4], f"token-{serial}", now)
    bots = [p.id for p in room.players.values() if p.bot is not None]
    if kind == "add_bot":
        return AddBot(member, BotSpec(BOT_KINDS[extra % len(BOT_KINDS)], 1 + extra), f"bot-{serial}", now)
    if kind == "remove_bot":
        return RemoveBot(member, bots[who % len(bots)] if bots and extra else member, now)
    if kind == "bot_step":
        return BotStep(bots[who % len(bots)] if bots else member, now)
    return Tick(now)


OPENING = [("join_player", 0, 0, 0.0), ("join_player", 1, 0, 0.0), ("join_spectator", 0, 0, 0.0)]
"""Every sequence starts with two players and a spectator in the room."""


def new_room(seed: int) -> Room:
    settings = parse_settings({"preset": "custom", "rows": 5, "cols": 6, "time_limit": 30})
    return Room("abcdefghjk", settings, random.Random(seed), T0, countdown=1.0, grace=5.0)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    raws=st.lists(raw_commands, min_size=20, max_size=150),
    rebuild_at=st.lists(st.integers(0, 152), min_size=1, max_size=4, unique=True),
)
def test_snapshot_and_the_commands_since_rebuild_the_room(
    seed: int, raws: list[tuple[str, int, int, float]], rebuild_at: list[int]
) -> None:
    raws = OPENING + raws
    live = new_room(seed)
    now, members = T0, []
    commands: list[Command] = []
    answers: list[tuple[Any, ...]] = []
    snapshots: list[dict[str, Any]] = []
    for serial, raw in enumerate(raws):
        now += max(raw[3], 1.0) if raw[0] == "tick" else raw[3]  # a tick ends a countdown
        command = resolve(live, raw, now, serial, members)
        if command is None:
            continue
        snapshots.append(room_snapshot(live))
        answer = answer_of(live, command)
        if isinstance(command, Join | TakeSeat) and answer[0] == "ok" and answer[1]["id"] not in members:
            members.append(answer[1]["id"])
        commands.append(command)
        answers.append(answer)
    final = room_snapshot(live)
    for point in sorted(k % len(commands) for k in rebuild_at):
        rebuilt = rebuild_room(snapshots[point], course_of(snapshots[point]))
        assert room_snapshot(rebuilt) == snapshots[point]
        for command, answer in zip(commands[point:], answers[point:], strict=True):
            assert answer_of(rebuilt, through_json(command, rebuilt)) == answer, command
        assert room_snapshot(rebuilt) == final
        assert views.snapshot(rebuilt, views.ANYONE, now) == views.snapshot(live, views.ANYONE, now)
