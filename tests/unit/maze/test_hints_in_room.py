"""Hints in a racing room: rivals see that a hint was asked, never where it leads nor how far the racer
backs up; an answer searched while the racer moved is for where they asked, and a moving hint then takes
no step."""

import random

from server.maze.model import Cell
from server.maze.solvers import search
from server.maze.wire import PackedCells
from server.room.hint_rules import solve_hint
from server.room.room import Room
from server.room.settings import parse_settings
from server.runtime.course import build_course
from server.runtime.registry import new_player_token, new_race_id
from tests.mazes import dead_end_branch, shortest_path

# --- hints in a room -----------------------------------------------------------------------------------

T0 = 1_000_000.0


def racing_room(**settings: object) -> tuple[Room, str, str]:
    """A room racing a 10 x 10 looped maze with two players, Ann and Bob."""
    values = {"preset": "custom", "rows": 10, "cols": 10, "braid": 1.0, "hint_limit": 5, **settings}
    room = Room("abcdefghjk", parse_settings(values), random.Random(1), T0, countdown=1.0)
    ann = room.join("Ann", "player", None, T0, new_token=new_player_token())[0].id
    bob = room.join("Bob", "player", None, T0, new_token=new_player_token())[0].id
    room.set_ready(bob, True)
    spec = room.prepare_start(ann)
    maze, distances = build_course(spec)
    room.start(ann, spec, maze, distances, T0, race_id=new_race_id())
    room.tick(T0 + 1.0)
    return room, ann, bob


def first_step(room: Room) -> Cell:
    assert room.maze is not None
    path = search(room.maze, "bfs").path
    assert path is not None
    return path[1]


def test_racers_see_that_a_hint_was_asked_not_where_it_leads() -> None:
    room, ann, _ = racing_room()
    ack, events = room.hint(ann, "bfs", False, T0 + 2)
    [hinted] = [e for e in events if e.t == "hinted"]
    assert hinted.own_d == {k: v for k, v in ack.items() if k != "order"}
    assert isinstance(hinted.d["path"], str)
    assert hinted.racer_d == {
        "id": ann, "method": "bfs", "found": True, "explored": ack["explored"], "hints": 1, "penalty": 5000,
    }  # fmt: skip
    assert hinted.to_json() == {"v": hinted.v, "t": "hinted", "d": hinted.d}


def test_a_stuck_racers_back_up_is_hidden_from_rivals_too() -> None:
    room, ann, _ = racing_room(braid=0.0)  # a perfect maze: every side branch is a dead end
    assert room.maze is not None
    path = shortest_path(room.maze)
    at, branch = dead_end_branch(room.maze, path)
    for step in [*path[1 : at + 1], *branch]:
        room.move(ann, step, T0 + 2)
    ack, events = room.hint(ann, "dfs", False, T0 + 3)
    assert (ack["found"], ack["back_to"]) == (False, list(path[at]))
    assert isinstance(ack["back_path"], str)
    [hinted] = [e for e in events if e.t == "hinted"]
    assert hinted.racer_d == {
        key: ack[key] for key in ("id", "method", "found", "explored", "hints", "penalty")
    }


def test_a_racer_who_moves_while_the_search_runs_gets_the_hint_for_where_they_asked() -> None:
    """The answer is never searched again (on the loop) for the new cell: it says where it was asked."""
    room, ann, _ = racing_room()
    assert room.maze is not None
    entrance = room.maze.entrance
    request = room.request_hint(ann, "bfs", True, T0 + 2)
    answer = solve_hint(request)  # in the server: in a worker process, while the loop goes on
    room.move(ann, first_step(room), T0 + 2.001)
    ack, events = room.answer_hint(request, answer, T0 + 2.01)
    assert ack["from"] == list(entrance)
    assert PackedCells.from_wire(ack["path"], room.maze.size, room.maze.cols).at(0) == entrance
    assert answer.order_cells is not None
    assert ack["order"] == answer.order_cells.to_wire()
    assert (room.players[ann].hints, room.players[ann].penalty_ms) == (1, 5000)
    assert [e.t for e in events] == ["hinted"]


def test_a_moving_hint_takes_no_step_when_the_racer_moved_meanwhile() -> None:
    room, ann, _ = racing_room(hint_moves=True)
    step = first_step(room)
    request = room.request_hint(ann, "bfs", False, T0 + 2)
    answer = solve_hint(request)
    room.move(ann, step, T0 + 2.001)
    _, events = room.answer_hint(request, answer, T0 + 2.01)
    assert [e.t for e in events] == ["hinted"]
    assert room.players[ann].moves == 1
    request = room.request_hint(ann, "bfs", False, T0 + 3)
    _, events = room.answer_hint(request, solve_hint(request), T0 + 3)
    assert [e.t for e in events] == ["hinted", "moved"]
    assert room.players[ann].moves == 2
