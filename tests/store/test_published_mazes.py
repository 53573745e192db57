"""Published mazes in both stores (a real SQLite file and a real PostgreSQL server): publishing, the
same maze getting the same code, a taken 8-character code giving way to a longer one, the list in both
orders, the per-address count, and each maze's own leaderboard, apart from the generated boards."""

import pytest

from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze
from server.maze.share_code import SHARE_CODE, share_code
from server.store import maze_codes
from server.store.interface import Store
from tests.store.conftest import Backend
from tests.store.published_races import T0, finish, race_on


def a_maze(seed: int, side: int = 12, directions: int = 4) -> Maze:
    algorithm = "backtracker" if directions == 4 else "prim"
    return generate(MazeSpec(algorithm, side, side, seed, directions=directions))


async def test_a_maze_is_published_once_under_its_share_code(store: Store) -> None:
    maze = a_maze(1)
    code, new = await store.publish_maze(maze, "Spiral", "Ann", 12_345, "key-a", T0)
    assert new
    assert code == share_code(maze)
    assert SHARE_CODE.match(code)
    again, new_again = await store.publish_maze(maze, "Another title", "Bob", 999, "key-b", T0 + 5)
    assert (again, new_again) == (code, False)
    stored = await store.published_maze(code)
    assert stored is not None
    assert stored.maze == maze
    assert (stored.title, stored.author, stored.clear_ms, stored.created_at, stored.races) == (
        "Spiral", "Ann", 12_345, T0, 0,
    )  # fmt: skip
    assert await store.published_maze("zzzzzzzz") is None
    assert len(await store.published_mazes("newest", 10)) == 1


async def test_eight_directions_and_titles_in_any_script_come_back_alike(store: Store) -> None:
    maze = a_maze(2, side=9, directions=8)
    code, _ = await store.publish_maze(maze, "迷宫 «один»", "小明", 1, "key", T0)
    stored = await store.published_maze(code)
    assert stored is not None
    assert stored.maze == maze
    assert stored.maze.directions == 8
    assert (stored.title, stored.author) == ("迷宫 «один»", "小明")


async def test_a_taken_code_gives_way_to_the_next_longer_prefix(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = maze_codes.share_code
    monkeypatch.setattr(
        maze_codes, "share_code", lambda maze, length=8: "cccccccc" if length == 8 else real(maze, length)
    )
    first, second = a_maze(3), a_maze(4)
    assert (await store.publish_maze(first, "one", "Ann", 1, "k", T0)) == ("cccccccc", True)
    code, new = await store.publish_maze(second, "two", "Ann", 1, "k", T0 + 1)
    assert new
    assert code == real(second, 9)
    assert len(code) == 9
    assert (await store.publish_maze(second, "two", "Ann", 1, "k", T0 + 2)) == (code, False)
    stored = await store.published_maze(code)
    assert stored is not None
    assert stored.maze == second


async def test_the_list_newest_or_most_raced(store: Store) -> None:
    codes = [(await store.publish_maze(a_maze(10 + n), f"m{n}", "Ann", 1, "k", T0 + n))[0] for n in range(3)]
    newest = await store.published_mazes("newest", 10)
    assert [m["code"] for m in newest] == codes[::-1]
    assert newest[0] == {
        "code": codes[2], "title": "m2", "author": "Ann", "rows": 12, "cols": 12, "directions": 4,
        "clear_ms": 1, "created_at": round((T0 + 2) * 1000), "races": 0,
    }  # fmt: skip
    for n, code in enumerate((codes[0], codes[0], codes[1])):
        await store.save_race(race_on(f"r{n}", code, [finish(f"r{n}", 0, "Ann", 9000)], end=n))
    await store.save_race(race_on("r0", codes[0], [finish("r0", 0, "Ann", 9000)]))  # saved twice: once
    raced = await store.published_mazes("most_raced", 10)
    assert [(m["code"], m["races"]) for m in raced] == [(codes[0], 2), (codes[1], 1), (codes[2], 0)]
    assert [m["code"] for m in await store.published_mazes("most_raced", 2)] == codes[:2]
    stored = await store.published_maze(codes[0])
    assert stored is not None
    assert stored.races == 2


async def test_publications_are_counted_per_address_key_since_a_moment(store: Store) -> None:
    for n in range(3):
        await store.publish_maze(a_maze(20 + n), "t", "Ann", 1, "key-a", T0 + 100 * n)
    await store.publish_maze(a_maze(30), "t", "Bob", 1, "key-b", T0)
    await store.publish_maze(a_maze(20), "same maze again", "Ann", 1, "key-a", T0 + 500)  # nothing new
    assert await store.publications_since("key-a", T0) == 3
    assert await store.publications_since("key-a", T0 + 150) == 1
    assert await store.publications_since("key-b", T0) == 1
    assert await store.publications_since("key-c", 0) == 0


async def test_each_published_maze_has_its_own_board_and_no_other(store: Store, backend: Backend) -> None:
    one, _ = await store.publish_maze(a_maze(40), "one", "Ann", 1, "k", T0)
    two, _ = await store.publish_maze(a_maze(41), "two", "Ann", 1, "k", T0)
    await store.save_race(race_on("g1", None, [finish("g1", 0, "Gen", 50_000)], end=1))
    first = [
        finish("m1", 0, "Ann", 20_000), finish("m1", 1, "Bob", 15_000),
        finish("m1", 2, "Bot", 1_000, bot=True), finish("m1", 3, "Dnf", 0, dnf=True),
    ]  # fmt: skip
    await store.save_race(race_on("m1", one, first, end=2))
    await store.save_race(race_on("m2", one, [finish("m2", 0, "Ann", 12_000)], end=3))
    await store.save_race(race_on("m3", one, [finish("m3", 0, "Cid", 1_000)], end=4, hint_limit=9))
    await store.save_race(race_on("m4", two, [finish("m4", 0, "Dee", 30_000)], end=5))
    board = await store.leaderboard(maze=one)
    assert [(row["place"], row["name"], row["total"], row["race"]) for row in board] == [
        (1, "Ann", 12_000, "m2"), (2, "Bob", 15_000, "m1"),
    ]  # fmt: skip
    assert [row["name"] for row in await store.leaderboard(maze=two)] == ["Dee"]
    assert [row["total"] for row in await store.leaderboard(maze=one, name="Bob")] == [15_000]
    assert await store.leaderboard(maze=one, fog=True) == []
    assert await store.leaderboard(maze="unknown1") == []
    assert [row["name"] for row in await store.leaderboard()] == ["Gen"]
    assert [row["name"] for row in await store.leaderboard(name="Ann")] == []
    assert await backend.count("races WHERE maze_code IS NOT NULL") == 4


async def test_a_store_reopened_keeps_its_published_mazes(store: Store, backend: Backend) -> None:
    maze = a_maze(50)
    code, _ = await store.publish_maze(maze, "kept", "Ann", 7, "k", T0)
    again = await backend.open()
    try:
        assert await again.schema_version() == backend.latest_version
        stored = await again.published_maze(code)
        assert stored is not None
        assert stored.maze == maze
        assert await again.publish_maze(maze, "kept", "Ann", 7, "k", T0) == (code, False)
    finally:
        await again.close()
