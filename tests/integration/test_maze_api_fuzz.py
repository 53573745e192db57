"""Random bodies to every maze route through a real server with a database: JSON of any shape, the
right field names with values of every kind, mazes with fields broken one at a time, walks of junk.
None may answer 5xx, and each refusal is the API's error shape with a code and a message.

A seeded `random.Random` makes the bodies, so a failure reruns as it was.
"""

import json
import random
from pathlib import Path
from typing import Any

from server.room.rate_limits import RateLimit
from tests.integration.conftest import StartServer
from tests.integration.maze_helpers import small_maze, way, wire

ROUTES = {
    "/api/mazes/import": ("format", "text"),
    "/api/mazes/export": ("format", "maze"),
    "/api/clear-checks": ("maze",),
    "/api/clear-checks/finish": ("check", "maze", "walk"),
    "/api/mazes": ("maze", "title", "author", "cleared"),
}
EXAMPLES = 60
"""Bodies per route."""
GENEROUS = RateLimit(10_000.0, 10_000.0)


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any kind."""
    kinds = ["int", "float", "str", "bool", "null", "big"] + (["list", "dict"] if depth < 3 else [])
    kind = rng.choice(kinds)
    if kind == "int":
        return rng.randint(-(10**6), 10**6)
    if kind == "float":
        return rng.choice([0.5, -1.0, 1e308, 149.0])
    if kind == "str":
        return "".join(rng.choice('01#SE. \n\t\x00é迷{}[]"\\abc') for _ in range(rng.randint(0, 40)))
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "null":
        return None
    if kind == "big":
        return 10 ** rng.randint(18, 40)
    if kind == "list":
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {rng.choice(["rows", "cols", "walls", "maze", "x"]): junk(rng, depth + 1) for _ in range(3)}


def broken_maze(rng: random.Random) -> Any:
    """A real maze's wire form with one field replaced by junk, or left out."""
    maze = dict(
        wire(small_maze(rng.randint(0, 5), side=rng.choice([5, 6, 9]), directions=rng.choice([4, 8])))
    )
    key = rng.choice([*maze, "directions"])
    if rng.random() < 0.3:
        maze.pop(key, None)
    else:
        maze[key] = junk(rng)
    return maze


def value_for(rng: random.Random, field: str) -> Any:
    good = wire(small_maze(1))
    choices: dict[str, list[Any]] = {
        "format": ["matrix", "blocks", "ascii", "json", "png", junk(rng)],
        "text": ["1 0 1\n1 0 1\n1 1 1", "#S#\n# #\n#E#", '{"rows": 2}', junk(rng)],
        "maze": [good, broken_maze(rng), broken_maze(rng), junk(rng)],
        "walk": [way(small_maze(1)), [[0, 0], junk(rng)], [junk(rng) for _ in range(3)], junk(rng)],
        "check": ["a.b", "x" * 500, junk(rng)],
        "cleared": ["eyJrIjoiY2xlYXJlZCJ9.AAAA", junk(rng)],
        "title": ["ok", "\x1b[31m", "x" * 300, junk(rng)],
        "author": ["Ann", "\u202e", junk(rng)],
    }
    return rng.choice(choices[field])


def body_for(rng: random.Random, fields: tuple[str, ...]) -> Any:
    if rng.random() < 0.15:
        return junk(rng)
    return {field: value_for(rng, field) for field in fields if rng.random() < 0.9}


async def test_no_maze_route_answers_5xx_to_random_bodies(start_server: StartServer, tmp_path: Path) -> None:
    site = await start_server(
        db_path=tmp_path / "fuzz.db",
        maze_work_limit=GENEROUS,
        publish_limit=GENEROUS,
        publishes_per_day=10_000,
    )
    rng = random.Random(2026)
    for path, fields in ROUTES.items():
        for _ in range(EXAMPLES):
            body = body_for(rng, fields)
            async with site.http.post(site.url + path, json=body) as response:
                status, data = response.status, await response.read()
            assert status < 500, (path, body, data[:300])
            if status >= 400:
                assert set(json.loads(data)["error"]) >= {"code", "message"}, (path, body, data[:300])
