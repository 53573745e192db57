"""The publishing checks: room bounds, openings on the outer border, a way through; and the clear check's
walk, refused at its first bad step."""

import pytest

from server.errors import BadMaze
from server.maze.generation import MazeSpec, generate
from server.maze.maze_card import shortest_way
from server.maze.model import Cell, Maze
from server.maze.publishing import MAX_WALK_STEPS_PER_CELL, check_publishable, check_walk
from server.maze.walls import Walls


def maze() -> Maze:
    return generate(MazeSpec("backtracker", 6, 7, 3, openings="edges"))


def test_a_solvable_maze_in_bounds_with_border_openings_is_publishable() -> None:
    check_publishable(maze(), 2, 150)
    check_publishable(generate(MazeSpec("classic", 5, 5, 1, directions=8)), 5, 5)


@pytest.mark.parametrize(
    ("low", "high", "message"),
    [
        (7, 150, "2 to 150 rows".replace("2", "7") + "; this one has 6"),
        (2, 6, "2 to 6 columns; this one has 7"),
    ],
)
def test_sizes_out_of_bounds_are_refused(low: int, high: int, message: str) -> None:
    with pytest.raises(BadMaze, match=message):
        check_publishable(maze(), low, high)


def test_an_opening_inside_the_maze_is_refused() -> None:
    inside = Maze.from_walls(6, 7, maze().walls(), (0, 0), (3, 3))
    with pytest.raises(BadMaze, match=r"the exit \[3, 3\] is an opening inside the maze"):
        check_publishable(inside, 2, 150)


def test_a_maze_without_a_way_through_is_refused() -> None:
    closed = Maze.from_walls(6, 7, Walls.closed(42), (0, 0), (5, 6))
    with pytest.raises(BadMaze, match="no way from the entrance to the exit"):
        check_publishable(closed, 2, 150)


def test_the_shortest_way_and_a_walk_with_detours_and_backtracking_pass() -> None:
    m = maze()
    way = shortest_way(m)
    assert way is not None
    check_walk(m, way)
    detour = [*way[:3], way[2], way[1], way[2], *way[3:]]
    check_walk(m, detour[:3] + detour[4:])  # back and forth between two open neighbours is legal


def walk_error(m: Maze, walk: list[object]) -> str:
    with pytest.raises(BadMaze) as caught:
        check_walk(m, walk)  # type: ignore[arg-type]
    return str(caught.value)


def test_bad_walks_are_refused_at_their_first_bad_step() -> None:
    m = maze()
    way: list[Cell] = shortest_way(m) or []
    assert walk_error(m, []) == "the walk is empty"
    assert walk_error(m, way[1:]).startswith(f"the walk must start at the entrance {list(m.entrance)}")
    assert walk_error(m, way[:-1]).startswith(f"the walk must end at the exit {list(m.exit)}")
    k, blocked = next(
        (k, (r + dr, c + dc))
        for k, (r, c) in enumerate(way)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        if k and m.in_bounds((r + dr, c + dc)) and not m.is_open((r, c), (r + dr, c + dc))
    )
    message = walk_error(m, [*way[: k + 1], blocked, *way[k + 1 :]])
    assert message == f"step {k + 1} from {list(way[k])} to {list(blocked)} is not to an open neighbour"
    skipped = walk_error(m, [way[0], way[2], *way[3:]])
    assert skipped.startswith(f"step 1 from {list(way[0])} to {list(way[2])}")
    outside = (
        (-1, way[0][1]) if way[0][0] == 0 else (way[0][0], -1) if way[0][1] == 0 else (m.rows, way[0][1])
    )
    assert walk_error(m, [way[0], outside]).startswith(f"step 1 goes to {list(outside)}, outside the maze")
    assert walk_error(m, [way[0], "up"]) == "walk cell 1 must be [row, col]"
    assert walk_error(m, [way[0], [1, 2, 3]]) == "walk cell 1 must be [row, col]"
    assert walk_error(m, [way[0], [True, 0]]) == "walk cell 1 must be [row, col]"


def test_walks_are_capped_at_four_steps_a_cell() -> None:
    m = maze()
    way: list[Cell] = shortest_way(m) or []
    limit = MAX_WALK_STEPS_PER_CELL * m.size
    padding = [way[0], way[1]] * ((limit - len(way)) // 2 + 1)
    long_walk = padding + way[2:]
    if len(long_walk) - 1 > limit:
        long_walk = long_walk[2:]
    assert len(long_walk) - 1 <= limit
    check_walk(m, long_walk)
    too_long = [way[0], way[1]] * (limit // 2 + 1) + way[2:]
    assert len(too_long) - 1 > limit
    assert (
        walk_error(m, too_long)
        == f"the walk has {len(too_long) - 1} steps; at most {limit} are accepted for this maze"
    )
