"""`GET /api/mazes/generate` and `GET /editor` through a real server: the editor starts from the very maze
a room with those settings and seed races, every bad query is a clear 400 that names the field, and an
address asking too fast gets a 429 with `Retry-After`."""

from server.maze.generation import MazeSpec, generate
from server.maze.wire import decode_maze

from .conftest import StartServer


async def test_the_generated_maze_is_the_rooms_maze_of_that_spec(start_server: StartServer) -> None:
    harness = await start_server()
    query = "algorithm=kruskal&rows=7&cols=12&seed=99&directions=8&braid=0.5&openings=edges"
    status, body, _ = await harness.request("GET", "/api/mazes/generate?" + query)
    assert status == 200, body
    expected = generate(MazeSpec("kruskal", 7, 12, 99, 0.5, "edges", directions=8))
    assert decode_maze(body["maze"]) == expected
    status, body, _ = await harness.request("GET", "/api/mazes/generate")
    assert status == 200, body
    assert decode_maze(body["maze"]) == generate(MazeSpec("backtracker", 10, 10, 0))


async def test_bad_queries_are_clear_refusals(start_server: StartServer) -> None:
    harness = await start_server()
    cases = {
        "rows=4": ("bad_query", "rows must be a whole number from 5 to 150"),
        "cols=151": ("bad_query", "cols must be a whole number from 5 to 150"),
        "rows=1e2": ("bad_query", "rows"),
        "seed=-1": ("bad_query", "seed"),
        "seed=" + "9" * 40: ("bad_query", "seed"),
        "directions=6": ("bad_query", "directions must be 4 or 8"),
        "braid=nan": ("bad_query", "braid must be a number from 0 to 1"),
        "braid=1.5": ("bad_query", "braid"),
        "algorithm=nope": ("bad_query", "algorithm must be one of"),
        "openings=middle": ("bad_query", "openings must be one of"),
        "algorithm=eller&directions=8": ("bad_settings", "eller"),
    }
    for query, (code, words) in cases.items():
        status, body, _ = await harness.request("GET", "/api/mazes/generate?" + query)
        assert status == 400, (query, body)
        assert body["error"]["code"] == code, (query, body)
        assert words in body["error"]["message"], (query, body)


async def test_one_address_is_held_to_its_pace(start_server: StartServer) -> None:
    harness = await start_server()
    statuses = []
    for _ in range(12):
        status, _body, response = await harness.request("GET", "/api/mazes/generate?rows=5&cols=5")
        statuses.append(status)
        if status == 429:
            assert int(response.headers["Retry-After"]) >= 1
    assert statuses[:6] == [200] * 6
    assert 429 in statuses


async def test_the_editor_page_is_served(start_server: StartServer) -> None:
    harness = await start_server()
    status, body, response = await harness.request("GET", "/editor")
    assert status == 200
    assert response.content_type == "text/html"
    assert "/js/pages/editor.js" in body
