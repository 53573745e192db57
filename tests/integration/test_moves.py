"""Moves over the socket: refusals with stable codes that change nothing, and the racing phase rules."""

from typing import Any

import pytest

from server.maze.directions import direction_between
from server.maze.model import Cell, Maze
from tests.mazes import shortest_path

from .conftest import Client, Harness, StartServer, closed_neighbour, start_race


async def racing_solo(arena: Harness) -> tuple[Client, Maze]:
    code = await arena.create_room()
    runner = await arena.client()
    await runner.join(code, "Runner")
    return runner, await start_race(runner)


def first_room_with_a_wall(maze: Maze, path: list[Cell]) -> tuple[int, Cell]:
    """The first path room with a closed in-bounds side, and the room behind that wall."""
    for i, room in enumerate(path):
        behind = closed_neighbour(maze, room)
        if behind is not None:
            return i, behind
    raise AssertionError("no walls at all along the path")


REFUSED_MOVES: list[tuple[Any, str]] = [
    ({"dir": "north"}, "bad_direction"),
    ({"dir": ""}, "bad_direction"),
    ({"dir": 5}, "bad_direction"),
    ({"dir": None}, "bad_direction"),
    ({"dir": ["up"]}, "bad_direction"),
    ({"dir": "u" * 11}, "bad_direction"),
    ({"to": "0,1"}, "bad_payload"),
    ({"to": [0]}, "bad_payload"),
    ({"to": [0, 1, 2]}, "bad_payload"),
    ({"to": [0.5, 1]}, "bad_payload"),
    ({"to": [True, 0]}, "bad_payload"),
    ({"to": [5000, 0]}, "bad_payload"),
    ({"to": None}, "bad_payload"),
    ({"dir": "up", "to": [0, 1]}, "bad_payload"),
    ({"dir": "up", "seq": -1}, "bad_payload"),
    ({"dir": "up", "seq": "7"}, "bad_payload"),
    ({"dir": "up", "seq": True}, "bad_payload"),
    ({"dir": "up", "seq": 2**53}, "bad_payload"),
    ({}, "bad_payload"),
    ({"direction": "up"}, "bad_payload"),
    (None, "bad_payload"),
    ("up", "bad_payload"),
    ([0, 1], "bad_payload"),
    (3, "bad_payload"),
]


async def test_illegal_moves_are_refused_and_change_nothing(arena: Harness) -> None:
    runner, maze = await racing_solo(arena)
    path = shortest_path(maze)
    at, behind = first_room_with_a_wall(maze, path)
    await runner.walk(path[1 : at + 1])
    here = path[at]
    before = await runner.me()
    assert before["cell"] == list(here)

    refusals: list[tuple[Any, str]] = [
        ({"to": list(behind)}, "wall"),
        ({"to": list(here)}, "not_adjacent"),
        ({"to": [here[0] + 1, here[1] + 1]}, "not_adjacent"),
        ({"to": [here[0] + 2, here[1]]}, "not_adjacent"),
        ({"to": [-1, 0]}, "out_of_bounds"),
        ({"to": [0, maze.cols]}, "out_of_bounds"),
        ({"to": [maze.rows, maze.cols - 1]}, "out_of_bounds"),
        *REFUSED_MOVES,
    ]
    wall_dir = direction_between(here, behind)
    assert wall_dir is not None
    refusals.append(({"dir": wall_dir.value}, "wall"))
    refusals.append(({"dir": wall_dir.value.upper(), "seq": 4}, "wall"))
    for payload, code in refusals:
        assert await runner.refused("move", payload) == code, payload
    after = await runner.me()
    assert after == before
    moved = runner.of_type("moved")
    assert len(moved) == at


async def test_moves_off_the_edge_are_out_of_bounds(arena: Harness) -> None:
    runner, maze = await racing_solo(arena)
    assert maze.entrance == (0, 0)
    for payload in ({"dir": "up"}, {"dir": "left"}, {"to": [-1, 0]}, {"to": [0, -1]}):
        assert await runner.refused("move", payload) == "out_of_bounds"
    assert (await runner.me())["trail"] == [[0, 0]]


async def test_a_legal_move_acks_the_new_position_and_echoes_seq(arena: Harness) -> None:
    runner, maze = await racing_solo(arena)
    path = shortest_path(maze)
    step = direction_between(path[0], path[1])
    assert step is not None
    ack = await runner.ok("move", {"dir": f" {step.value.upper()} ", "seq": 41})
    assert ack == {
        "ok": True,
        "cell": list(path[1]),
        "facing": step.value,
        "trail_len": 2,
        "moves": 1,
        "distance": len(path) - 2,
        "seq": 41,
    }
    ack = await runner.ok("move", {"to": list(path[0])})  # stepping back pops the trail
    assert (ack["cell"], ack["trail_len"], ack["moves"]) == (list(path[0]), 1, 2)
    assert "seq" not in ack


async def test_moves_before_the_race_are_not_racing(start_server: StartServer) -> None:
    harness = await start_server(countdown=0.6)
    code = await harness.create_room()
    runner = await harness.client()
    await runner.join(code, "Runner")
    for payload in ({"dir": "down"}, {"to": [0, 1]}):
        assert await runner.refused("move", payload) == "not_racing"
    assert await runner.refused("hint", {"method": "bfs"}) == "not_racing"
    await runner.ok("start", {})
    assert (await runner.resync())["phase"] == "countdown"
    for payload in ({"dir": "down"}, {"to": [0, 1]}):
        assert await runner.refused("move", payload) == "not_racing"
    assert await runner.refused("hint", {"method": "bfs"}) == "not_racing"
    await runner.wait_for("started")
    assert not runner.of_type("moved")


async def test_moves_after_finishing_are_refused(arena: Harness) -> None:
    code = await arena.create_room()
    winner, other = await arena.client(), await arena.client()
    await winner.join(code, "Winner")
    await other.join(code, "Other")
    maze = await start_race(winner, other)
    path = shortest_path(maze)
    await winner.walk(path[1:])
    last = path[-2]
    assert await winner.refused("move", {"to": list(last)}) == "finished"
    assert await winner.refused("hint", {"method": "bfs"}) == "finished"
    me = await winner.me()
    assert (me["finished"], me["cell"], me["rank"]) == (True, list(maze.exit), 1)
    await other.walk(path[1:])
    await other.wait_for("race_over")
    assert await other.refused("move", {"to": list(last)}) == "not_racing"


@pytest.mark.parametrize("payload", [{"dir": "down"}, {"to": [1, 0]}])
async def test_spectators_cannot_move(arena: Harness, payload: dict[str, Any]) -> None:
    code = await arena.create_room()
    runner, watcher = await arena.client(), await arena.client()
    await runner.join(code, "Runner")
    await watcher.join(code, "Watcher", role="spectator")
    assert await watcher.refused("move", payload) == "not_player"
    await start_race(runner)
    assert await watcher.refused("move", payload) == "not_player"
    assert await watcher.refused("hint", {"method": "bfs"}) == "not_player"
