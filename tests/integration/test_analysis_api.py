"""`GET /api/races/{id}/analysis` through a real server, a real SQLite file and real Socket.IO clients:
a race is played (a walk into a dead end, a hint there, a racer who leaves), then its analysis is read
and checked against what the players did; a daily race of today is sealed; an unknown id is a 404;
the answers are rate limited per address; a server without a database has no analyses."""

from pathlib import Path

from server.analysis.wire import unpack_cells
from server.maze.model import Cell
from server.maze.wire import decode_maze
from tests.mazes import dead_end_branch, shortest_path

from .conftest import StartServer, start_race


async def test_a_stored_races_analysis_tells_what_each_player_did(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    code = await arena.create_room(preset="custom", rows=8, cols=8, hint_penalty=7)
    ann, bob = await arena.client(), await arena.client()
    await ann.join(code, "Ann")
    await bob.join(code, "Bob")
    await start_race(ann, bob)
    maze = decode_maze((await bob.wait_for("started"))["d"]["maze"])
    path = shortest_path(maze)
    at, branch = dead_end_branch(maze, path)  # backtracker: a perfect maze, the branch ends nowhere
    walked: list[Cell] = [*path[1 : at + 1], *branch]
    await ann.walk(walked)
    await ann.ok("hint", {"method": "bfs"})  # at the end of the branch: no way on, and it cuts nothing off
    back = [*branch[-2::-1], path[at], *path[at + 1 :]]
    await bob.walk(path[1:3])
    await bob.ok("leave", {})
    await ann.walk(back)
    race_id = (await ann.wait_for("race_over"))["d"]["race"]

    status, body, response = await arena.request("GET", f"/api/races/{race_id}/analysis")
    assert status == 200, body
    assert response.headers["Content-Encoding"] == "gzip"
    assert (body["race"], body["sealed_until"]) == (race_id, None)
    assert decode_maze(body["maze"]) == maze  # drawn under the routes
    analysis = body["analysis"]
    assert analysis["winner"] == ann.id

    def cells(text: str) -> list[Cell]:
        return [maze.cell(i) for i in unpack_cells(text, maze.size, maze.cols)]

    assert cells(analysis["shortest_path"]) == path
    first, second = analysis["players"]
    assert (first["id"], first["finished"], second["id"], second["finished"]) == (ann.id, True, bob.id, False)
    assert [maze.cell(i) for i in unpack_cells(first["route"], maze.size, maze.cols)] == [
        maze.entrance,
        *walked,
        *back,
    ]
    assert first["moves"] == len(walked) + len(back)
    (visit,) = first["dead_ends"]
    assert (tuple(visit["cell"]), tuple(visit["came_from"])) == (branch[0], path[at])
    assert (visit["depth"], visit["steps"], visit["kind"]) == (len(branch), 2 * len(branch), "dead_end")
    assert first["first_wrong_turn"]["cell"] == list(branch[0])
    (hint,) = first["hints"]
    assert (hint["method"], hint["found"], hint["cost"], hint["on_way"]) == ("bfs", False, 7000, False)
    assert (hint["cell"], hint["saved_cells"], hint["saved"]) == (list(branch[-1]), 0, 0)
    assert first["splits"][-1] == first["end"]  # the last checkpoint is the exit
    assert first["penalty"] == 7000  # one hint's penalty: end + penalty is the total that ranks
    assert first["biggest_loss"] is None  # the winner loses nothing against themselves
    assert cells(second["route"]) == path[:3]
    assert second["dead_ends"] == []
    assert second["first_wrong_turn"] is None
    assert second["segments"][-1]["reached"] is False
    # the stretch Bob lost most on, the earlier on a tie (the times are real, so which one it is varies)
    losses = [-1e18 if segment["loss"] is None else segment["loss"] for segment in second["segments"]]
    assert second["biggest_loss"] == second["segments"][losses.index(max(losses))]

    again = await arena.request("GET", f"/api/races/{race_id}/analysis", headers={"Accept-Encoding": ""})
    assert again[0] == 200
    assert "Content-Encoding" not in again[2].headers
    assert again[1] == body  # the cached answer, sent plain to a client that takes no gzip

    for unknown in ("AAAAAAAAAAAAAAAA", "no-such-race", "x" * 200):
        status, refused, _ = await arena.request("GET", f"/api/races/{unknown}/analysis")
        assert (status, refused["error"]["code"]) == (404, "unknown_race")


async def test_todays_daily_analysis_is_sealed(start_server: StartServer, tmp_path: Path) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    status, room, _ = await arena.request("POST", "/api/daily", json={"preset": "easy"})
    assert status == 200, room
    eli = await arena.client()
    await eli.join(room["code"], "Eli")
    maze = await start_race(eli)
    await eli.walk(shortest_path(maze)[1:])
    race_id = (await eli.wait_for("race_over"))["d"]["race"]
    status, body, _ = await arena.request("GET", f"/api/races/{race_id}/analysis")
    assert status == 200, body
    assert body["analysis"] is None
    assert body["maze"] is None
    assert body["daily"] == room["daily"]
    assert isinstance(body["sealed_until"], int)
    assert "route" not in str(body)
    assert "shortest_path" not in str(body)


async def test_analyses_are_rate_limited_per_address_and_need_a_store(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    url = "/api/races/AAAAAAAAAAAAAAAA/analysis"
    statuses = [(await arena.request("GET", url))[0] for _ in range(14)]
    assert statuses[:10] == [404] * 10  # a burst of 10 (unknown races count too), then one a second
    assert 429 in statuses[10:]
    status, refused, _ = await arena.request("GET", url)
    assert (status, refused["error"]["code"]) == (429, "rate_limited")
    replay = await arena.request("GET", "/api/races/AAAAAAAAAAAAAAAA")
    assert replay[0] == 404  # the replay has a limiter of its own: the page asks for both

    without_store = await start_server()
    status, refused, _ = await without_store.request("GET", url)
    assert (status, refused["error"]["code"]) == (503, "no_store")
