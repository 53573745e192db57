"""8-direction races over real sockets: the room setting, diagonal moves and their refusals, hints that
step diagonally, the replay, and the rules the browser builds its form from."""

import itertools
from pathlib import Path

import pytest

from server.maze.directions import Direction, direction_between
from server.maze.generators import ALGORITHMS, EIGHT_DIRECTION_ALGORITHMS
from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze
from tests.mazes import shortest_path

from .conftest import Client, Harness, StartServer, assert_consecutive, start_race
from .hint_asks import ask, unpacked


def diagonal_steps(path: list[Cell]) -> int:
    """How many steps of a path are diagonal."""
    return sum(1 for a, b in itertools.pairwise(path) if a[0] != b[0] and a[1] != b[1])


def closed_diagonal(maze: Maze, path: list[Cell]) -> tuple[Cell, Cell]:
    """A path cell and a diagonal neighbour inside the maze behind a wall."""
    for cell in path:
        for direction in Direction:
            other = direction.step(cell)
            if direction.diagonal and maze.in_bounds(other) and not maze.is_open(cell, other):
                return cell, other
    raise AssertionError("no closed diagonal along the path")


async def racing(arena: Harness, **settings: object) -> tuple[Client, Maze]:
    code = await arena.create_room(**settings)
    runner = await arena.client()
    await runner.join(code, "Runner")
    return runner, await start_race(runner)


async def test_an_eight_direction_race_by_diagonal_moves(start_server: StartServer, tmp_path: Path) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    code = await arena.create_room(directions=8, algorithm="prim", braid=0.5)
    runner, watcher = await arena.client(), await arena.client()
    await runner.join(code, "Runner")
    assert (await runner.resync())["settings"]["directions"] == 8
    await watcher.join(code, "", role="spectator")
    maze = await start_race(runner)
    assert maze.directions == 8
    started = await watcher.wait_for("started")
    assert started["d"]["maze"]["directions"] == 8
    path = shortest_path(maze)
    assert diagonal_steps(path) > 0, "a braided 10 x 10 maze in 8 directions uses a diagonal"
    wall_from, wall_to = closed_diagonal(maze, path)

    for here, there in itertools.pairwise(path):
        if here == wall_from:
            to_wall = direction_between(here, wall_to)
            assert to_wall is not None
            assert await runner.refused("move", {"dir": to_wall.value}) == "wall"
            assert await runner.refused("move", {"to": list(wall_to)}) == "wall"
        direction = direction_between(here, there)
        assert direction is not None
        ack = await runner.ok("move", {"dir": direction.value})
        assert (ack["cell"], ack["facing"]) == (list(there), direction.value)

    over = await watcher.wait_for("race_over")
    (row,) = over["d"]["results"]
    assert (row["moves"], row["route"], row["shortest"]) == (len(path) - 1,) * 3
    assert_consecutive(watcher)
    status, body, _ = await arena.request("GET", f"/api/races/{started['d']['race']}")
    assert status == 200, body
    assert body["settings"]["directions"] == 8
    assert decode_maze(body["maze"]) == maze


async def test_diagonals_are_refused_in_a_four_direction_maze(arena: Harness) -> None:
    runner, maze = await racing(arena)
    assert maze.directions == 4
    here = tuple((await runner.me())["cell"])
    for direction in (d for d in Direction if d.diagonal):
        assert await runner.refused("move", {"dir": direction.value}) == "bad_direction"
        other = direction.step((here[0], here[1]))
        if maze.in_bounds(other):
            assert await runner.refused("move", {"to": list(other)}) == "not_adjacent"
    assert (await runner.me())["moves"] == 0


@pytest.mark.parametrize("method", ["dfs", "dfs-recursive", "bfs", "astar"])
async def test_hints_step_diagonally(arena: Harness, method: str) -> None:
    runner, maze = await racing(arena, directions=8, algorithm="classic", hint_limit=5, hint_reveal="whole")
    path = shortest_path(maze)
    await runner.walk(path[1:3])
    ack = await ask(runner, maze, method, order=True)  # equal to the core's answer, cell for cell
    assert ack["found"] is True
    hinted = unpacked(ack["path"], maze)
    assert hinted is not None
    steps = [(tuple(a), tuple(b)) for a, b in itertools.pairwise(hinted)]
    assert all(maze.is_open(a, b) for a, b in steps)  # type: ignore[arg-type]
    if method in ("bfs", "astar"):  # both shortest, A* by its Chebyshev estimate
        assert len(hinted) == len(shortest_path(maze, path[2]))


@pytest.mark.parametrize("algorithm", sorted(set(ALGORITHMS) - set(EIGHT_DIRECTION_ALGORITHMS)))
async def test_generators_without_eight_directions_are_refused(arena: Harness, algorithm: str) -> None:
    status, body, _ = await arena.request(
        "POST", "/api/rooms", json={"directions": 8, "algorithm": algorithm}
    )
    assert status == 400
    assert body["error"]["code"] == "bad_settings"
    assert "8-direction" in body["error"]["message"]
    host = await arena.client()
    await host.join(await arena.create_room(directions=8), "Host")
    assert await host.refused("settings", {"algorithm": algorithm}) == "bad_settings"
    assert (await host.resync())["settings"]["algorithm"] == "backtracker"


@pytest.mark.parametrize("value", [5, 0, -8, 8.5, "8", True, None, [8], {"n": 8}])
async def test_bad_directions_are_refused(arena: Harness, value: object) -> None:
    status, body, _ = await arena.request("POST", "/api/rooms", json={"directions": value})
    assert status == 400
    assert body["error"]["code"] == "bad_settings"


async def test_bias_is_a_room_setting(arena: Harness) -> None:
    host = await arena.client()
    await host.join(await arena.create_room(algorithm="growing-tree", bias="mixed"), "Host")
    assert (await host.resync())["settings"]["bias"] == "mixed"
    await host.ok("settings", {"algorithm": "prim"})  # kept while another generator is chosen
    assert (await host.resync())["settings"]["bias"] == "mixed"
    assert await host.refused("settings", {"bias": "oldest"}) == "bad_settings"


async def test_rules_serve_directions_and_bias(arena: Harness) -> None:
    status, rules, _ = await arena.request("GET", "/api/rules")
    assert status == 200
    assert rules["settings"]["directions"] == {"type": "choice", "default": 4, "choices": [4, 8]}
    assert rules["settings"]["bias"]["choices"] == ["newest", "random", "mixed"]
    assert rules["eight_direction_algorithms"] == list(EIGHT_DIRECTION_ALGORITHMS)
    assert "eller" not in rules["eight_direction_algorithms"]
