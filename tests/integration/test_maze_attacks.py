"""Attacks on the maze routes through a real server, each a defect once found: what JSON lets through
that Python cannot convert (Infinity, numbers of thousands of digits), mazes far over the room bounds
sent to be decoded before being refused, share codes with a line break after them or in capitals,
many maze files at once, whose threads took turns at the GIL before the event loop got it back, and
the database failing under a room that races a published maze."""

import asyncio
import base64
import json
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import server.http.maze_files
import server.http.request_body
from server.http.keys import STORE
from tests.hand_mazes import looped_maze, open_field
from tests.integration.conftest import Harness, StartServer, start_race
from tests.integration.maze_helpers import post, publish, small_maze, wire


@pytest.fixture
async def mazes(start_server: StartServer, tmp_path: Path) -> Harness:
    """A server with a database (the clear check's tokens and the published mazes need one)."""
    return await start_server(db_path=tmp_path / "attacks.db")


async def post_text(arena: Harness, path: str, text: str) -> tuple[int, Any]:
    """POST a body as it is (JSON's `Infinity` included, which `json=` would never write)."""
    headers = {"Content-Type": "application/json"}
    status, body, _ = await arena.request("POST", path, data=text.encode("utf-8"), headers=headers)
    return status, body


@pytest.mark.parametrize("field", ["rows", "entrance"])
async def test_infinity_in_a_maze_is_an_invalid_maze_not_a_500(mazes: Harness, field: str) -> None:
    maze: dict[str, Any] = dict(wire(small_maze(1)))
    maze[field] = "INFINITY" if field == "rows" else ["INFINITY", 0]
    text = json.dumps({"format": "matrix", "maze": maze}).replace('"INFINITY"', "Infinity")
    status, body = await post_text(mazes, "/api/mazes/export", text)
    assert (status, body["error"]["code"]) == (400, "invalid_maze")


async def test_a_number_of_thousands_of_digits_in_a_json_import_is_a_bad_import(mazes: Harness) -> None:
    text = '{"rows": ' + "9" * 5000 + ', "grid": ["1"], "entrance": [0, 0], "exit": [0, 0]}'
    status, body = await post(mazes, "/api/mazes/import", {"format": "json", "text": text})
    assert (status, body["error"]["code"]) == (400, "bad_import")
    assert "number" in body["error"]["message"]


async def test_a_maze_far_over_the_room_bounds_is_refused_for_its_size_before_its_walls_are_read(
    mazes: Harness,
) -> None:
    """A 1,000 x 1,000 maze of 8 directions fits a clear check's 1 MB body; its walls (all open, outer
    wall included) were decoded on the event loop before the size was looked at."""
    walls = base64.b64encode(b"\xff" * (4 * 1000 * 1000 // 8)).decode("ascii")
    maze = {
        "rows": 1000,
        "cols": 1000,
        "entrance": [0, 0],
        "exit": [999, 999],
        "directions": 8,
        "walls": walls,
    }
    status, body = await post(mazes, "/api/clear-checks/finish", {"check": "x", "maze": maze, "walk": []})
    assert (status, body["error"]["code"]) == (400, "invalid_maze")
    assert body["error"]["message"] == "a maze has 5 to 150 rows here; this one has 1000"


@pytest.mark.parametrize("side", [6.0, "6", True])
async def test_a_side_that_is_not_a_whole_number_is_refused(mazes: Harness, side: Any) -> None:
    maze: dict[str, Any] = dict(wire(small_maze(2)))
    maze["rows"] = side
    status, body = await post(mazes, "/api/mazes/export", {"format": "matrix", "maze": maze})
    assert (status, body["error"]["code"]) == (400, "invalid_maze")
    assert "rows must be a whole number" in body["error"]["message"]


async def test_a_code_followed_by_a_line_break_is_no_code(mazes: Harness) -> None:
    status, published = await publish(mazes, small_maze(3))
    assert status == 201, published
    code = published["code"]
    status, body, _ = await mazes.request("GET", f"/api/mazes/{code}%0A")
    assert (status, body["error"]["code"]) == (404, "unknown_maze")
    assert "\n" not in body["error"]["message"]
    status, body = await post(mazes, "/api/rooms", {"maze": code + "\n"})
    assert (status, body["error"]["code"]) == (400, "bad_settings")


async def test_a_code_in_capitals_is_the_same_maze_in_the_api_as_on_its_page(mazes: Harness) -> None:
    status, published = await publish(mazes, small_maze(4))
    assert status == 201, published
    page_status, _, _ = await mazes.request("GET", f"/m/{published['code'].upper()}")
    status, body, _ = await mazes.request("GET", f"/api/mazes/{published['code'].upper()}")
    assert (page_status, status, body.get("code")) == (200, 200, published["code"])


class Overlap:
    """Wraps a job to note how many run at once in threads (each holds on a little, so that jobs let
    run together would overlap)."""

    def __init__(self) -> None:
        self.running = self.most = 0
        self.lock = threading.Lock()

    def around(self, job: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any) -> Any:
            if threading.current_thread() is threading.main_thread():  # on the loop: a small body
                return job(*args)
            with self.lock:
                self.running += 1
                self.most = max(self.most, self.running)
            try:
                time.sleep(0.03)
                return job(*args)
            finally:
                with self.lock:
                    self.running -= 1

        return counted


async def test_maze_files_sent_at_once_are_parsed_and_worked_one_at_a_time(
    mazes: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    overlap = Overlap()
    monkeypatch.setattr(server.http.maze_files, "_read", overlap.around(server.http.maze_files._read))
    monkeypatch.setattr(
        server.http.maze_files, "export_maze", overlap.around(server.http.maze_files.export_maze)
    )
    parser = SimpleNamespace(loads=overlap.around(json.loads))  # bodies over 64 KB are parsed in a thread
    monkeypatch.setattr(server.http.request_body, "json", parser)
    maze = small_maze(5)
    text = "#S#\n# #\n#E#" + " " * 70_000  # its body parsed off the loop, then its text read off the loop
    imports = [post(mazes, "/api/mazes/import", {"format": "ascii", "text": text}) for _ in range(4)]
    exports = [post(mazes, "/api/mazes/export", {"format": "json", "maze": wire(maze)}) for _ in range(4)]
    answers = await asyncio.gather(*imports, *exports)
    assert all(status in (200, 400) for status, _ in answers), answers
    assert overlap.most == 1


async def test_a_failing_database_is_server_unavailable_and_the_room_races_its_maze(
    mazes: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database fails (a disk error, injected where the store reads its published mazes) once a
    room has its maze: the room still races it; naming another maze, reading one or the list, and
    making a room on one are each `server_unavailable`, not an `internal` error and a traceback."""
    assert mazes.app is not None
    store = mazes.app[STORE]
    code, _ = await store.publish_maze(looped_maze(), "Loops", "Ann", 4_000, "key-of-ann", time.time())
    other, _ = await store.publish_maze(open_field(6, 6), "Open", "Ann", 4_000, "key-of-ann", time.time())
    status, body = await post(mazes, "/api/rooms", {"maze": code, "fog": False})
    assert status == 201, body
    ann, bob = await mazes.client(), await mazes.client()
    await ann.join(body["code"], "Ann")
    await bob.join(body["code"], "Bob")

    async def failing(*_: Any) -> Any:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(store, "published_maze", failing)
    monkeypatch.setattr(store, "published_mazes", failing)
    ack = await ann.call("settings", {"maze": other})
    assert ack["error"]["code"] == "server_unavailable", ack
    for path in (f"/api/mazes/{other}", "/api/mazes"):
        status, answer, _ = await mazes.request("GET", path)
        assert (status, answer["error"]["code"]) == (503, "server_unavailable"), path
    status, answer = await post(mazes, "/api/rooms", {"maze": other})
    assert (status, answer["error"]["code"]) == (503, "server_unavailable")
    assert await start_race(ann, bob) == looped_maze()
