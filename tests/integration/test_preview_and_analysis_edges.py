"""The edges of the join preview (`GET /api/rooms/{code}`) and of a race's analysis
(`GET /api/races/{id}/analysis`), through a real server and a real SQLite file: unknown and malformed
ids are clear 404s, a full room's preview stays small and names nobody's id, token, position or maze in
any phase, both answers are rate limited, and every 429 (the API's, the replay's, the analysis's, room
making's) carries `Retry-After`."""

from pathlib import Path
from typing import Any

from server.room.rate_limits import RateLimit
from tests.mazes import shortest_path

from .conftest import StartServer, start_race

SECRET_KEYS = {"id", "token", "cell", "trail", "seen", "maze", "walls", "distance", "seed", "log", "facing"}


def keys_and_texts(value: Any) -> tuple[set[str], set[str]]:
    """Every key and every string anywhere in a JSON value."""
    keys: set[str] = set()
    texts: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            keys |= set(item)
            stack += item.values()
        elif isinstance(item, list):
            stack += item
        elif isinstance(item, str):
            texts.add(item)
    return keys, texts


async def test_unknown_and_malformed_room_codes_are_404s(start_server: StartServer) -> None:
    arena = await start_server()
    for code in ("zzzzzzzzzz", "ABC", "x" * 2000, "%00", "..%2F..%2Fetc", "é" * 10, "%3Cscript%3E", " " * 10):
        status, body, _ = await arena.request("GET", f"/api/rooms/{code}")
        assert (status, body["error"]["code"]) == (404, "unknown_room"), code
    real = await arena.create_room()
    assert (await arena.request("GET", f"/api/rooms/{real.upper()}"))[0] == 200  # codes are any case
    status, body, response = await arena.request("POST", f"/api/rooms/{real}")
    assert (status, body["error"]["code"]) == (405, "bad_http_method")
    assert "GET" in response.headers["Allow"]


async def test_a_full_fog_rooms_preview_is_small_and_names_no_secret_in_any_phase(
    start_server: StartServer,
) -> None:
    arena = await start_server()
    code = await arena.create_room(preset="custom", rows=6, cols=6, max_players=16, fog=True)
    players = [await arena.client() for _ in range(16)]
    tokens = []
    for i, client in enumerate(players):
        await client.join(code, f'<b>"{i}"</b>' if i % 2 else f"Player {i}")
        tokens.append(client.you["token"])
    watcher = await arena.client()
    await watcher.join(code, role="spectator")
    ids = {client.id for client in players} | {watcher.id}

    async def check(phase: str) -> None:
        status, body, response = await arena.request(
            "GET", f"/api/rooms/{code}", headers={"Accept-Encoding": ""}
        )
        assert status == 200, body
        assert body["phase"] == phase
        assert int(response.headers["Content-Length"]) < 4096  # 16 players, about 2.5 KB
        assert (body["players"], body["spectators"], body["full"]) == (16, 1, True)
        assert len(body["roster"]) == 16
        keys, texts = keys_and_texts(body)
        assert not keys & SECRET_KEYS, keys & SECRET_KEYS
        assert not texts & (ids | set(tokens)), texts & (ids | set(tokens))

    await check("lobby")
    host, *others = players
    await start_race(host, *others)
    await watcher.wait_for("started")
    maze = arena.maze_of(code)  # a spectator of a fog race sees only what the racers saw at the start
    await check("racing")
    for client in players:
        await client.walk(shortest_path(maze)[1:])
    await watcher.wait_for("race_over")
    await check("finished")


async def test_previews_and_analyses_are_rate_limited_and_every_429_says_when_to_retry(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(
        db_path=tmp_path / "races.db", read_limit=RateLimit(1.0, 30.0), create_limit=RateLimit(0.5, 2.0)
    )
    code = await arena.create_room()
    await arena.create_room()
    status, body, response = await arena.request("POST", "/api/rooms", json={})
    assert (status, body["error"]["code"]) == (429, "rate_limited")  # room making: one every 2 s
    assert response.headers["Retry-After"] == "2"
    assert response.headers["X-Content-Type-Options"] == "nosniff"

    for path in ("/api/races/AAAAAAAAAAAAAAAA/analysis", "/api/races/AAAAAAAAAAAAAAAA"):
        statuses = [(await arena.request("GET", path))[0] for _ in range(10)]
        assert statuses == [404] * 10  # the burst
        status, body, response = await arena.request("GET", path)
        assert (status, body["error"]["code"]) == (429, "rate_limited"), path
        assert response.headers["Retry-After"] == "1", path  # one a second
        assert response.headers["Content-Type"].startswith("application/json")

    statuses = [(await arena.request("GET", f"/api/rooms/{code}"))[0] for _ in range(15)]
    assert statuses[-1] == 429  # the API's own limit, previews included: 30 at once, then one a second
    status, body, response = await arena.request("GET", f"/api/rooms/{code}")
    assert (status, body["error"]["code"]) == (429, "rate_limited")
    assert response.headers["Retry-After"] == "1"


async def test_malformed_race_ids_are_404s_and_an_analysis_holds_no_token(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    for race in (
        "AAAAAAAAAAAAAAA.",
        "AAAAAAAAAAAAAAAAA",
        "é" * 16,
        "%00" * 6,
        "A" * 3000,
        "..%2FAAAAAAAAAAAAA",
    ):
        status, body, _ = await arena.request("GET", f"/api/races/{race}/analysis")
        assert (status, body["error"]["code"]) == (404, "unknown_race"), race
    status, body, _ = await arena.request("GET", "/api/races//analysis")
    assert status == 404, body
    status, body, _ = await arena.request("POST", "/api/races/AAAAAAAAAAAAAAAA/analysis")
    assert (status, body["error"]["code"]) == (405, "bad_http_method")

    code = await arena.create_room(preset="custom", rows=5, cols=5)
    ann, bob = await arena.client(), await arena.client()
    await ann.join(code, "Ann")
    await bob.join(code, "Bob")
    maze = await start_race(ann, bob)
    await ann.walk(shortest_path(maze)[1:])
    await bob.walk(shortest_path(maze)[1:])
    race = (await ann.wait_for("race_over"))["d"]["race"]
    status, body, _ = await arena.request("GET", f"/api/races/{race}/analysis")
    assert status == 200, body
    _, texts = keys_and_texts(body)
    assert not texts & {ann.you["token"], bob.you["token"]}
    assert [p["id"] for p in body["analysis"]["players"]] == [ann.id, bob.id]  # ids of a stored race's racers
