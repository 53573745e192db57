"""A room racing a published (hand-made) maze, in the core: the `maze` setting, the command that
carries the maze, its JSON form in the log, the snapshot that keeps it, and the rooms that refuse it."""

import json
import random

import pytest

from server.errors import GameError
from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze
from server.maze.share_code import share_code
from server.room import preview
from server.room.commands import ChangeSettings, Start, apply, command_from_json, command_to_json
from server.room.room import Room
from server.room.settings import RoomSettings, parse_settings
from server.room.snapshot import maze_spec, rebuild_room, room_snapshot
from server.runtime.course import build_course
from server.runtime.registry import new_player_token
from tests.hand_mazes import looped_maze, open_field
from tests.mazes import T0, shortest_path

CODE = share_code(looped_maze())


def lobby(settings: RoomSettings | None = None, **kwargs: object) -> tuple[Room, str]:
    """A lobby room and its host."""
    room = Room("abcdefghjk", settings or RoomSettings(), random.Random(3), T0, countdown=1.0, **kwargs)  # type: ignore[arg-type]
    host = room.join("Ann", "player", None, T0, new_token=new_player_token())[0].id
    return room, host


def refused(code: str, call: object, *args: object) -> GameError:
    with pytest.raises(GameError) as error:
        call(*args)  # type: ignore[operator]
    assert error.value.code == code, error.value.message
    return error.value


def test_a_published_maze_decides_the_size_and_directions() -> None:
    maze = open_field(7, 9, directions=8)
    code = share_code(maze)
    settings = parse_settings({"maze": code, "algorithm": "division"}, layout=maze)
    assert (settings.preset, settings.rows, settings.cols, settings.directions) == ("custom", 7, 9, 8)
    assert settings.maze == code
    assert settings.layout is maze
    assert settings.algorithm == "division"  # kept for later, though it has no 8-direction form
    assert settings.to_json()["maze"] == code
    assert "layout" not in settings.to_json()
    spec = settings.maze_spec(42)
    assert spec.layout is maze
    assert generate(spec) is maze
    changed = parse_settings({"fog": True, "rows": 7}, settings)  # the maze stays; its own size is fine
    assert changed.fog
    assert changed.layout is maze
    assert changed.maze == code


def test_bad_maze_settings_are_refused_with_what_is_wrong() -> None:
    maze = looped_maze()
    refused("bad_settings", parse_settings, {"maze": "NOT-A-CODE"}, None, maze)
    refused("bad_settings", parse_settings, {"maze": "abcdefgi"}, None, maze)  # no i in the code's letters
    refused("bad_settings", parse_settings, {"maze": 12345678}, None, maze)
    refused("unknown_maze", parse_settings, {"maze": CODE})  # nobody looked the code up
    racing = parse_settings({"maze": CODE}, layout=maze)
    error = refused("bad_settings", parse_settings, {"rows": 20}, racing)
    assert "published maze decides rows (5)" in error.message
    refused("bad_settings", parse_settings, {"preset": "easy"}, racing)
    refused("bad_settings", parse_settings, {"directions": 8}, racing)
    refused("bad_settings", parse_settings, {"layout": None})
    refused("unknown_maze", parse_settings, {"maze": "7kq2mz9b"}, racing)  # another code, no maze
    error = refused("bad_settings", parse_settings, {"maze": CODE}, None, open_field(5, 6))
    assert "not the published maze" in error.message


def test_clearing_the_maze_goes_back_to_generating() -> None:
    racing = parse_settings({"maze": CODE}, parse_settings({"algorithm": "prim"}), looped_maze())
    generated = parse_settings({"maze": None}, racing)
    assert "maze" not in generated.to_json()
    assert generated.maze is None
    assert generated.layout is None
    assert (generated.rows, generated.cols, generated.algorithm) == (5, 6, "prim")
    assert generated.maze_spec(1).layout is None
    field = open_field(6, 6, 8)
    eight = parse_settings({"maze": share_code(field), "algorithm": "eller"}, layout=field)
    error = refused("bad_settings", parse_settings, {"maze": None}, eight)  # eller has no 8 directions
    assert "eller" in error.message
    assert parse_settings({"maze": None, "directions": 4}, eight).directions == 4


def test_a_room_races_the_maze_its_settings_command_carried() -> None:
    maze = looped_maze()
    room, host = lobby()
    bob = room.join("Bob", "player", None, T0, new_token=new_player_token())[0].id
    refused("unknown_maze", room.update_settings, host, {"maze": CODE})
    change = ChangeSettings(host, {"maze": CODE}, T0, maze)
    events = apply(room, change, build_course).events
    assert [e.t for e in events] == ["settings"]
    assert events[0].d["maze"] == CODE
    room.set_ready(bob, True)
    spec = room.prepare_start(host)
    assert spec.layout == maze
    apply(room, Start(host, False, spec, "race-on-a-drawn1", T0), build_course)
    room.tick(T0 + 1)
    assert room.maze == maze
    assert room.shortest == len(shortest_path(maze)) - 1
    for pid in (host, bob):
        for cell in shortest_path(maze)[1:]:
            room.move(pid, cell, T0 + 2)
    record = room.take_finished_race()
    assert record is not None
    assert record.settings["maze"] == CODE
    assert [(row["route"], row["shortest"], row["dnf"]) for row in record.results] == [(9, 9, False)] * 2


def test_the_commands_json_form_holds_the_maze() -> None:
    maze = open_field(5, 7, 8)
    spec = MazeSpec("backtracker", 5, 7, 9, directions=8, layout=maze)
    for command in (ChangeSettings("p1", {"maze": CODE}, T0, maze), Start("p1", False, spec, "r" * 16, T0)):
        text = json.dumps(command_to_json(command))
        assert command_from_json(json.loads(text), lambda: None) == command
    old = {"kind": "settings", "member": "p1", "changes": {"fog": True}, "now": T0}  # logged before mazes
    assert command_from_json(old, lambda: None) == ChangeSettings("p1", {"fog": True}, T0)


def test_a_spec_with_a_maze_has_its_size() -> None:
    maze = looped_maze()
    with pytest.raises(GameError):
        MazeSpec("backtracker", 5, 7, 1, layout=maze)
    with pytest.raises(GameError):
        MazeSpec("backtracker", 5, 6, 1, directions=8, layout=maze)


@pytest.mark.parametrize("phase", ["lobby", "racing"])
def test_a_snapshot_keeps_the_maze(phase: str) -> None:
    maze = open_field(6, 8)
    code = share_code(maze)
    room, host = lobby(parse_settings({"maze": code, "fog": True}, layout=maze))
    if phase == "racing":
        spec = room.prepare_start(host)
        room.start(host, spec, *build_course(spec), T0, race_id="race-on-a-drawn2")
        room.tick(T0 + 1)
        room.move(host, (0, 6), T0 + 2)
    state = json.loads(json.dumps(room_snapshot(room)))
    assert state["settings"]["maze"] == code
    assert state["layout"]["rows"] == 6
    spec = maze_spec(state)
    course = build_course(spec) if spec is not None else None
    rebuilt = rebuild_room(state, course)
    assert rebuilt.settings.layout == maze
    assert rebuilt.settings == room.settings
    assert room_snapshot(rebuilt) == state
    if phase == "racing":
        assert rebuilt.maze == maze
        assert rebuilt.players[host].fog == room.players[host].fog
    else:
        assert rebuilt.prepare_start(host) == room.prepare_start(host)


def test_daily_and_ghost_rooms_refuse_a_maze() -> None:
    maze: Maze = looped_maze()
    daily, host = lobby(daily="2026-12-02", fixed_seed=5)
    refused("bad_settings", daily.update_settings, host, {"maze": CODE}, maze)
    assert daily.settings.maze is None


def test_a_room_on_a_published_maze_counts_for_its_board_on_the_maze_boards_rules() -> None:
    maze = looped_maze()
    room, _ = lobby(parse_settings({"maze": CODE}, layout=maze))
    assert preview.ranked(room)  # a custom size, yet on the maze's own board
    generous, _ = lobby(parse_settings({"maze": CODE, "hint_limit": 10}, layout=maze))
    assert not preview.ranked(generous)
    custom, _ = lobby(parse_settings({"preset": "custom", "rows": 5, "cols": 6}))
    assert not preview.ranked(custom)
