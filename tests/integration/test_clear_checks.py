"""The clear check through a real server: started on a publishable maze only, finished by a walk from
the entrance to the exit through open passages, timed on the server's clock; every wrong walk and
every wrong token refused with what is wrong."""

from pathlib import Path
from typing import Any

import pytest

from server.room.rate_limits import RateLimit
from tests.integration.conftest import Harness, StartServer
from tests.integration.maze_helpers import clear, opening_inside, post, small_maze, walled_in, way, wire
from tests.mazes import neighbours


@pytest.fixture
async def checks(start_server: StartServer, tmp_path: Path) -> Harness:
    """A server with a database (the tokens' key comes from its secret)."""
    return await start_server(db_path=tmp_path / "checks.db")


async def started(arena: Harness, maze_json: Any) -> str:
    status, body = await post(arena, "/api/clear-checks", {"maze": maze_json})
    assert status == 200, body
    return str(body["check"])


async def test_a_right_walk_passes_and_is_timed_by_the_server(checks: Harness) -> None:
    maze = small_maze(1)
    finished = await clear(checks, maze, pause=0.3)
    assert 300 <= finished["clear_ms"] < 5000
    assert isinstance(finished["cleared"], str)


@pytest.mark.parametrize(
    ("broken", "words"),
    [(walled_in, "no way from the entrance to the exit"), (opening_inside, "inside the maze")],
)
async def test_a_maze_that_cannot_be_published_cannot_be_checked(
    checks: Harness, broken: Any, words: str
) -> None:
    status, body = await post(checks, "/api/clear-checks", {"maze": wire(broken(small_maze(2)))})
    assert (status, body["error"]["code"]) == (400, "invalid_maze")
    assert words in body["error"]["message"]


def wrong_walks() -> list[tuple[str, Any, str]]:
    maze = small_maze(3)
    right = way(maze)
    entrance, exit = list(maze.entrance), list(maze.exit)
    at, wall = next(
        (n, [r + dr, c + dc])
        for n, (r, c) in enumerate(right)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
        if 0 <= r + dr < maze.rows
        and 0 <= c + dc < maze.cols
        and (r + dr, c + dc) not in neighbours(maze, (r, c))
    )
    return [
        ("not from the entrance", right[1:], "must start at the entrance"),
        ("through a wall", [*right[: at + 1], wall], "is not to an open neighbour"),
        ("not to the exit", right[:-1], "must end at the exit"),
        ("off the maze", [*right, [exit[0], exit[1] + 7]], "outside the maze"),
        ("empty", [], "the walk is empty"),
        ("not cells", [entrance, "east"], "must be [row, col]"),
        ("not a list", "east, east", "walk must be a list"),
        ("too long", [entrance, right[1]] * (2 * maze.size + 1) + right, "at most"),
    ]


@pytest.mark.parametrize(("why", "walk", "words"), wrong_walks(), ids=[w[0] for w in wrong_walks()])
async def test_a_wrong_walk_is_refused_naming_what_is_wrong(
    checks: Harness, why: str, walk: Any, words: str
) -> None:
    maze = small_maze(3)
    check = await started(checks, wire(maze))
    status, body = await post(
        checks, "/api/clear-checks/finish", {"check": check, "maze": wire(maze), "walk": walk}
    )
    assert (status, body["error"]["code"]) == (400, "bad_walk"), why
    assert words in body["error"]["message"], body


async def test_a_wrong_token_is_refused(checks: Harness) -> None:
    maze, other = small_maze(4), small_maze(5)
    check = await started(checks, wire(maze))
    cleared = (await clear(checks, maze))["cleared"]
    tampered = check[:-3] + ("AAA" if not check.endswith("AAA") else "BBB")
    cases = [
        (None, "a clear check token is needed"),
        ("nonsense", "not one this server gave"),
        (tampered, "not one this server gave"),
        (cleared, "not a started clear check"),
        (await started(checks, wire(other)), "for another maze"),
    ]
    for token, words in cases:
        body = {"check": token, "maze": wire(maze), "walk": way(maze)}
        status, answer = await post(checks, "/api/clear-checks/finish", body)
        assert (status, answer["error"]["code"]) == (400, "bad_check"), token
        assert words in answer["error"]["message"]


async def test_another_servers_token_is_refused(
    start_server: StartServer, tmp_path: Path, checks: Harness
) -> None:
    elsewhere = await start_server(db_path=tmp_path / "elsewhere.db")
    maze = small_maze(6)
    check = await started(elsewhere, wire(maze))
    status, answer = await post(
        checks, "/api/clear-checks/finish", {"check": check, "maze": wire(maze), "walk": way(maze)}
    )
    assert (status, answer["error"]["code"]) == (400, "bad_check")


async def test_a_token_is_good_on_every_process_of_one_database(
    start_server: StartServer, tmp_path: Path
) -> None:
    one = await start_server(db_path=tmp_path / "shared.db")
    two = await start_server(db_path=tmp_path / "shared.db")
    maze = small_maze(7)
    check = await started(one, wire(maze))
    status, answer = await post(
        two, "/api/clear-checks/finish", {"check": check, "maze": wire(maze), "walk": way(maze)}
    )
    assert status == 200, answer


async def test_a_walk_faster_than_the_game_allows_is_no_clear(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "speed.db", move_limit=RateLimit(20.0, 10.0))
    maze = small_maze(8, side=12)
    walk = way(maze)
    assert len(walk) > 20
    check = await started(arena, wire(maze))
    status, answer = await post(
        arena, "/api/clear-checks/finish", {"check": check, "maze": wire(maze), "walk": walk}
    )
    assert (status, answer["error"]["code"]) == (400, "bad_walk")
    assert "take at least" in answer["error"]["message"]


async def test_without_a_database_there_is_no_clear_check(arena: Harness) -> None:
    status, answer = await post(arena, "/api/clear-checks", {"maze": wire(small_maze(9))})
    assert (status, answer["error"]["code"]) == (503, "no_store")
