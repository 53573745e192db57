"""`POST /api/mazes/import` and `POST /api/mazes/export` through a real server: every format both ways,
import errors naming the line and column, a PNG's signature, and the refusals of bad input."""

import io
import json
from pathlib import Path
from typing import Any

import pytest

from server.maze.exchange import export_maze
from server.maze.maze_card import maze_card
from server.maze.wire import decode_maze
from server.room.rate_limits import RateLimit
from tests.integration.conftest import Harness, StartServer
from tests.integration.maze_helpers import post, small_maze, wire

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("fmt", "directions"), [("matrix", 4), ("ascii", 4), ("json", 4), ("json", 8), ("blocks", 8)]
)
async def test_a_maze_file_imports_with_its_card(arena: Harness, fmt: str, directions: int) -> None:
    maze = small_maze(3, side=7, directions=directions)
    text = export_maze(maze, fmt).decode("utf-8")
    status, body = await post(arena, "/api/mazes/import", {"format": fmt, "text": text})
    assert status == 200, body
    assert decode_maze(body["maze"]) == maze
    assert body["card"] == maze_card(maze)


SERPENTINE = """\
1 0 1 1 1 1 1 1 1 1 1
1 0 0 0 0 0 0 0 0 0 1
1 1 1 1 1 1 1 1 1 0 1
1 0 0 0 0 0 0 0 0 0 1
1 0 1 1 1 1 1 1 1 1 1
1 0 0 0 0 0 0 0 0 0 1
1 1 1 1 1 1 1 1 1 0 1
1 0 0 0 0 0 0 0 0 0 1
1 0 1 1 1 1 1 1 1 1 1
1 0 0 0 0 0 0 0 0 0 1
1 1 1 1 1 1 1 1 1 0 1
"""
"""A 5 x 5 maze in the exercise's 0/1 form, typed by hand: one corridor winding down, open top-left and
bottom-right."""


async def test_the_exercise_matrix_typed_by_hand_imports(arena: Harness) -> None:
    status, body = await post(arena, "/api/mazes/import", {"format": "matrix", "text": SERPENTINE})
    assert status == 200, body
    assert (body["maze"]["rows"], body["maze"]["cols"]) == (5, 5)
    assert (body["maze"]["entrance"], body["maze"]["exit"]) == ([0, 0], [4, 4])
    assert body["card"]["solvable"] is True
    assert body["card"]["shortest"] == 24


async def test_a_maze_outside_the_room_bounds_is_refused_by_its_size(arena: Harness) -> None:
    text = "1 0 1 1 1\n1 0 0 0 1\n1 1 1 0 1\n1 0 0 0 1\n1 0 1 1 1\n"  # 2 x 2 cells: the CLI reads it
    status, body = await post(arena, "/api/mazes/import", {"format": "matrix", "text": text})
    assert status == 400, body
    assert body["error"]["code"] == "bad_import"
    assert body["error"]["message"] == "a maze has 5 to 150 rows here; this one has 2"


async def test_an_import_error_names_its_line_and_column(arena: Harness) -> None:
    text = "1 0 1 1 1\n1 0 0 0 1\n1 1 x 0 1\n1 0 0 0 1\n1 0 1 1 1\n"
    status, body = await post(arena, "/api/mazes/import", {"format": "matrix", "text": text})
    assert status == 400
    error = body["error"]
    assert error["code"] == "bad_import"
    assert (error["line"], error["column"]) == (3, 5)
    assert error["message"].startswith("line 3, column 5: ")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"format": "matrix", "text": ""}, "bad_import"),
        ({"format": "matrix", "text": 12}, "bad_import"),
        ({"format": "ascii", "text": "#####\n#S  #\n#####"}, "bad_import"),
        ({"format": "json", "text": "{not json"}, "bad_import"),
        ({"format": "png", "text": "1"}, "bad_payload"),
        ({"format": "word", "text": "1"}, "bad_payload"),
        ({"text": "1"}, "bad_payload"),
        (["matrix", "1"], "bad_payload"),
    ],
)
async def test_bad_imports_are_refused_clearly(arena: Harness, body: object, code: str) -> None:
    status, answer = await post(arena, "/api/mazes/import", body)
    assert (status, answer["error"]["code"]) == (400, code), answer
    assert answer["error"]["message"]


async def big_post(arena: Harness, path: str, body: object) -> tuple[int, Any]:
    """A POST of a body over aiohttp's comfortable size for bytes, sent from a stream."""
    data = io.BytesIO(json.dumps(body).encode("utf-8"))
    headers = {"Content-Type": "application/json"}
    status, answer, _ = await arena.request("POST", path, data=data, headers=headers)
    return status, answer


async def test_an_import_over_the_cap_is_too_large(arena: Harness) -> None:
    status, answer = await big_post(arena, "/api/mazes/import", {"format": "matrix", "text": "1" * 600_001})
    assert (status, answer["error"]["code"]) == (413, "too_large")
    assert "600,000" in answer["error"]["message"]
    status, answer = await big_post(arena, "/api/mazes/import", {"format": "matrix", "text": "1" * 1_300_000})
    assert (status, answer["error"]["code"]) == (413, "too_large")  # refused before it is read


async def test_an_import_near_the_cap_is_read(arena: Harness) -> None:
    maze = small_maze(8, side=150)
    text = export_maze(maze, "matrix").decode("utf-8")
    spaced = "\n".join(" ".join(line) for line in text.splitlines())
    assert 150_000 < len(spaced) < 600_000
    status, body = await big_post(arena, "/api/mazes/import", {"format": "matrix", "text": spaced})
    assert status == 200, body
    assert decode_maze(body["maze"]) == maze


async def test_other_routes_keep_the_small_body_cap(arena: Harness) -> None:
    status, answer = await post(arena, "/api/rooms", {"name": "x" * 20_000})
    assert (status, answer["error"]["code"]) == (413, "too_large")


@pytest.mark.parametrize("fmt", ["matrix", "ascii", "json", "blocks"])
async def test_a_maze_exports_as_a_text_file(arena: Harness, fmt: str) -> None:
    maze = small_maze(4, side=6, directions=8 if fmt == "blocks" else 4)
    status, text, response = await arena.request(
        "POST", "/api/mazes/export", json={"format": fmt, "maze": wire(maze)}
    )
    assert status == 200, text
    assert response.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    assert text.encode("utf-8") == export_maze(maze, fmt)


async def test_a_maze_exports_as_a_png_picture(arena: Harness) -> None:
    maze = small_maze(5, side=9)
    async with arena.http.post(
        arena.url + "/api/mazes/export", json={"format": "png", "maze": wire(maze)}
    ) as response:
        assert response.status == 200
        assert response.headers["Content-Type"] == "image/png"
        assert response.headers["Content-Disposition"] == 'attachment; filename="maze.png"'
        data = await response.read()
    assert data.startswith(PNG_SIGNATURE)


@pytest.mark.parametrize(
    ("maze", "code"),
    [
        ({"rows": 6}, "invalid_maze"),
        ("maze", "invalid_maze"),
        ({**wire(small_maze(1)), "walls": "!!!"}, "invalid_maze"),
        (wire(small_maze(1, side=4)), "invalid_maze"),
    ],
)
async def test_bad_mazes_are_not_exported(arena: Harness, maze: object, code: str) -> None:
    status, answer = await post(arena, "/api/mazes/export", {"format": "matrix", "maze": maze})
    assert (status, answer["error"]["code"]) == (400, code), answer


async def test_maze_files_are_rate_limited(start_server: StartServer, tmp_path: Path) -> None:
    arena = await start_server(maze_work_limit=RateLimit(0.01, 3.0))
    body = {"format": "matrix", "maze": wire(small_maze(6))}
    statuses = [(await post(arena, "/api/mazes/export", body))[0] for _ in range(3)]
    status, answer, response = await arena.request("POST", "/api/mazes/export", json=body)
    assert statuses == [200, 200, 200]
    assert (status, answer["error"]["code"]) == (429, "rate_limited")
    assert int(response.headers["Retry-After"]) >= 1


async def test_a_large_body_that_is_no_json_is_refused(arena: Harness) -> None:
    data = io.BytesIO(b'{"format": "matrix", "text": "' + b"1" * 200_000)  # never closed
    status, answer, _ = await arena.request(
        "POST", "/api/mazes/import", data=data, headers={"Content-Type": "application/json"}
    )
    assert (status, answer["error"]["code"]) == (400, "bad_json")
