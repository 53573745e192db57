"""Publishing through a real server with a real SQLite file: every refusal (the maze, the clear check,
the title and the author, the body's size, the rate and the daily cap), success, the same maze's same
code, the list in both orders, one maze with its card and its board, and `leaderboard?maze=`."""

import asyncio
import dataclasses
import io
import json
from pathlib import Path
from typing import Any, cast

import pytest

from server.http.keys import STORE
from server.maze.maze_card import maze_card, shortest_way
from server.maze.share_code import share_code
from server.maze.wire import decode_maze
from server.room.racelog import RaceLog
from server.room.rate_limits import RateLimit
from server.room.records import RaceRecord
from server.room.results import ResultRow
from server.room.settings import RoomSettings, SettingsJson
from tests.integration.conftest import Harness, StartServer
from tests.integration.maze_helpers import clear, opening_inside, post, publish, small_maze, walled_in, wire


@pytest.fixture
async def site(start_server: StartServer, tmp_path: Path) -> Harness:
    return await start_server(db_path=tmp_path / "mazes.db")


async def test_a_cleared_maze_is_published_under_its_share_code(site: Harness) -> None:
    maze = small_maze(1)
    status, body = await publish(site, maze, "  My   first maze ", " Ann ")
    assert status == 201, body
    assert body == {"code": share_code(maze), "url": f"/m/{share_code(maze)}", "new": True}
    again, same = await publish(site, maze, "Another title", "Bob")
    kept = {"title": "My first maze", "author": "Ann"}  # the first publication's, not the ones just sent
    assert (again, same) == (200, {**body, "new": False, **kept})
    status, one, _ = await site.request("GET", f"/api/mazes/{body['code']}")
    assert status == 200, one
    assert (one["title"], one["author"], one["races"], one["leaderboard"]) == ("My first maze", "Ann", 0, [])
    assert decode_maze(one["maze"]) == maze
    assert one["card"] == maze_card(maze)
    assert one["shortest_way"] == [list(cell) for cell in shortest_way(maze) or []]
    assert 0 <= one["clear_ms"] < 5000


async def test_an_eight_direction_maze_is_published(site: Harness) -> None:
    maze = small_maze(2, side=7, directions=8)
    status, body = await publish(site, maze)
    assert status == 201, body
    status, one, _ = await site.request("GET", f"/api/mazes/{body['code']}")
    assert decode_maze(one["maze"]) == maze


def too_small() -> Any:
    maze = small_maze(1, side=4)
    return wire(maze)


@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        (lambda body, m: {**body, "maze": wire(walled_in(m))}, "invalid_maze", "no way from the entrance"),
        (lambda body, m: {**body, "maze": wire(opening_inside(m))}, "invalid_maze", "inside the maze"),
        (lambda body, m: {**body, "maze": too_small()}, "invalid_maze", "5 to 150 rows"),
        (lambda body, m: {**body, "maze": {"rows": 5}}, "invalid_maze", "malformed"),
        (lambda body, m: {k: v for k, v in body.items() if k != "cleared"}, "bad_check", "token is needed"),
        (
            lambda body, m: {**body, "cleared": body["cleared"][:-4] + "abcd"},
            "bad_check",
            "not one this server",
        ),
        (lambda body, m: {**body, "title": "bad\x07title"}, "bad_title", "control characters"),
        (lambda body, m: {**body, "title": "line\nbreak"}, "bad_title", "control characters"),
        (lambda body, m: {**body, "title": "right\u202eleft"}, "bad_title", "control characters"),
        (lambda body, m: {**body, "title": "x" * 61}, "bad_title", "at most 60"),
        (lambda body, m: {**body, "title": "   "}, "bad_title", "needs a title"),
        (lambda body, m: {**body, "title": 7}, "bad_title", "must be text"),
        (lambda body, m: {**body, "title": "\u3164"}, "bad_title", "visible characters"),  # Hangul filler
        (lambda body, m: {**body, "title": "\u2800 \u2800"}, "bad_title", "visible characters"),
        (lambda body, m: {**body, "title": "\u0301\u0301"}, "bad_title", "not marks only"),
        (lambda body, m: {**body, "title": "a" + "\u0301" * 59}, "bad_title", "at most 4 marks"),
        (lambda body, m: {**body, "author": "A" * 21}, "bad_name", "at most 20"),
        (lambda body, m: {**body, "author": "Ann\x00"}, "bad_name", "printable"),
        (lambda body, m: {**body, "author": ""}, "bad_name", "empty"),
    ],
)
async def test_publishing_refuses_clearly(site: Harness, change: Any, code: str, words: str) -> None:
    maze = small_maze(3)
    cleared = (await clear(site, maze))["cleared"]
    body = {"maze": wire(maze), "title": "T", "author": "Ann", "cleared": cleared}
    status, answer = await post(site, "/api/mazes", change(body, maze))
    assert (status, answer["error"]["code"]) == (400, code), answer
    assert words in answer["error"]["message"], answer
    status, listed, _ = await site.request("GET", "/api/mazes")
    assert listed == {"mazes": []}


async def test_another_mazes_clear_check_does_not_publish(site: Harness) -> None:
    maze, edited = small_maze(4), small_maze(5)
    cleared = (await clear(site, maze))["cleared"]
    body = {"maze": wire(edited), "title": "T", "author": "Ann", "cleared": cleared}
    status, answer = await post(site, "/api/mazes", body)
    assert (status, answer["error"]["code"]) == (400, "bad_check")
    assert "another maze" in answer["error"]["message"]


async def test_a_started_check_is_no_pass(site: Harness) -> None:
    maze = small_maze(6)
    _, started = await post(site, "/api/clear-checks", {"maze": wire(maze)})
    body = {"maze": wire(maze), "title": "T", "author": "Ann", "cleared": started["check"]}
    status, answer = await post(site, "/api/mazes", body)
    assert (status, answer["error"]["code"]) == (400, "bad_check")


async def test_an_oversized_body_is_refused(site: Harness) -> None:
    data = io.BytesIO(json.dumps({"maze": wire(small_maze(1)), "title": "x" * 70_000}).encode())
    status, answer, _ = await site.request(
        "POST", "/api/mazes", data=data, headers={"Content-Type": "application/json"}
    )
    assert (status, answer["error"]["code"]) == (413, "too_large")


async def test_without_a_database_nothing_is_published(arena: Harness) -> None:
    body = {"maze": wire(small_maze(1)), "title": "T", "author": "Ann", "cleared": "x.y"}
    status, answer = await post(arena, "/api/mazes", body)
    assert (status, answer["error"]["code"]) == (503, "no_store")
    status, answer, _ = await arena.request("GET", "/api/mazes")
    assert (status, answer["error"]["code"]) == (503, "no_store")


async def test_publishing_is_rate_limited(start_server: StartServer, tmp_path: Path) -> None:
    site = await start_server(db_path=tmp_path / "rate.db", publish_limit=RateLimit(0.001, 2.0))
    assert [(await publish(site, small_maze(10 + n)))[0] for n in range(2)] == [201, 201]
    maze = small_maze(20)
    cleared = (await clear(site, maze))["cleared"]
    body = {"maze": wire(maze), "title": "T", "author": "Ann", "cleared": cleared}
    status, answer, response = await site.request("POST", "/api/mazes", json=body)
    assert (status, answer["error"]["code"]) == (429, "rate_limited")
    assert int(response.headers["Retry-After"]) >= 1


async def test_the_daily_cap_holds_over_a_restart(start_server: StartServer, tmp_path: Path) -> None:
    db = tmp_path / "cap.db"
    site = await start_server(db_path=db, publishes_per_day=2)
    assert [(await publish(site, small_maze(30 + n)))[0] for n in range(2)] == [201, 201]
    assert (await publish(site, small_maze(30)))[0] == 200  # the same maze again: nothing new, not capped
    status, answer = await publish(site, small_maze(40))
    assert (status, answer["error"]["code"]) == (429, "too_many_mazes")
    restarted = await start_server(db_path=db, publishes_per_day=2)
    status, answer = await publish(restarted, small_maze(41))
    assert (status, answer["error"]["code"]) == (429, "too_many_mazes")
    assert "24 hours" in answer["error"]["message"]


async def read_ok(site: Harness, path: str) -> Any:
    status, body, _ = await site.request("GET", path)
    assert status == 200, body
    return body


def race_on(code: str, race: str, name: str, total: int, end: float) -> RaceRecord:
    settings = cast(SettingsJson, {**RoomSettings(rows=6, cols=6).to_json(), "maze": code})
    row: ResultRow = {
        "id": f"{race}-1", "name": name, "colour": "#336699", "rank": 1, "time": total, "penalty": 0,
        "total": total, "moves": 12, "hints": 0, "route": 10, "shortest": 10, "efficiency": None,
        "dnf": False, "distance": 0, "progress": 1.0, "cell": None, "on_shortest": None,
    }  # fmt: skip
    return RaceRecord(
        id=race, room_code="ROOM", settings=settings, seed=1, daily=None, started_at=end - 30,
        ended_at=end, shortest=10, players=[], results=[row], log=RaceLog(6),
    )  # fmt: skip


async def test_the_list_and_each_mazes_board(site: Harness) -> None:
    codes = [(await publish(site, small_maze(50 + n), f"Maze {n}", "Ann"))[1]["code"] for n in range(3)]
    store = site.app[STORE] if site.app is not None else None
    assert store is not None
    for n, (code, name, total) in enumerate(
        [(codes[0], "Bob", 9000), (codes[0], "Cid", 7000), (codes[1], "Dee", 8000)]
    ):
        await store.save_race(race_on(code, f"race-{n}", name, total, 1_800_000_000.0 + n))
    newest = await read_ok(site, "/api/mazes?order=newest&limit=2")
    assert [m["code"] for m in newest["mazes"]] == codes[:0:-1]
    assert set(newest["mazes"][0]) == {
        "code",
        "title",
        "author",
        "rows",
        "cols",
        "directions",
        "clear_ms",
        "created_at",
        "races",
    }
    raced = await read_ok(site, "/api/mazes?order=most_raced")
    assert [(m["code"], m["races"]) for m in raced["mazes"]] == [(codes[0], 2), (codes[1], 1), (codes[2], 0)]
    board = await read_ok(site, f"/api/leaderboard?maze={codes[0]}")
    assert [(row["name"], row["total"]) for row in board["leaderboard"]] == [("Cid", 7000), ("Bob", 9000)]
    one = await read_ok(site, f"/api/mazes/{codes[0]}")
    assert (one["races"], [row["name"] for row in one["leaderboard"]]) == (2, ["Cid", "Bob"])
    generated = await read_ok(site, "/api/leaderboard")
    assert generated == {"leaderboard": []}


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/mazes/zzzzzzzz", 404, "unknown_maze"),
        ("/api/mazes/NOT-A-CODE", 404, "unknown_maze"),
        ("/api/mazes/" + "a" * 40, 404, "unknown_maze"),
        ("/api/mazes?order=oldest", 400, "bad_query"),
        ("/api/mazes?limit=0", 400, "bad_query"),
        ("/api/mazes?limit=1000", 400, "bad_query"),
        ("/api/leaderboard?maze=<b>", 400, "bad_query"),
    ],
)
async def test_bad_reads_are_refused(site: Harness, path: str, status: int, code: str) -> None:
    got, answer, _ = await site.request("GET", path)
    assert (got, answer["error"]["code"]) == (status, code), answer


async def test_a_title_is_stored_as_text(site: Harness) -> None:
    title = "<img src=x onerror=alert(1)> & 迷宫"
    status, body = await publish(site, small_maze(60), title)
    assert status == 201
    status, one, response = await site.request("GET", f"/api/mazes/{body['code']}")
    assert response.content_type == "application/json"
    assert one["title"] == title


async def test_the_same_maze_moved_is_another_maze(site: Harness) -> None:
    maze = small_maze(61)  # a perfect maze: every cell is reached, so any border cell can be the exit
    corner = (0, maze.cols - 1) if maze.exit != (0, maze.cols - 1) else (maze.rows - 1, 0)
    moved = dataclasses.replace(maze, exit=corner)
    first = (await publish(site, maze))[1]["code"]
    status, second = await publish(site, moved)
    assert status == 201, second
    assert second["code"] not in (first, None)


async def test_publications_sent_at_once_do_not_pass_the_daily_cap(
    start_server: StartServer, tmp_path: Path
) -> None:
    site = await start_server(db_path=tmp_path / "rush.db", publishes_per_day=3)
    mazes = [small_maze(70 + n) for n in range(8)]
    cleared = [(await clear(site, maze))["cleared"] for maze in mazes]
    bodies = [
        {"maze": wire(maze), "title": "T", "author": "Ann", "cleared": token}
        for maze, token in zip(mazes, cleared, strict=True)
    ]
    answers = await asyncio.gather(*(post(site, "/api/mazes", body) for body in bodies))
    assert sorted(status for status, _ in answers) == [201] * 3 + [429] * 5
    listed = await read_ok(site, "/api/mazes?limit=100")
    assert len(listed["mazes"]) == 3
