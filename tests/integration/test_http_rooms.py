"""The room API over HTTP: creating a room and its summary, bad settings and bodies, listing, unknown
rooms, the creation rate limit, and the leaderboard and daily queries' refusals."""

from pathlib import Path

import pytest

from server.room.rate_limits import RateLimit
from server.runtime.registry import CODE_ALPHABET

from .conftest import Harness, StartServer
from .http_checks import assert_error, assert_security_headers

SUMMARY_KEYS = (
    "code", "phase", "players", "spectators", "max_players", "rows", "cols", "algorithm", "preset", "public",
)  # fmt: skip


async def test_create_room_returns_a_code_and_url(arena: Harness) -> None:
    status, body, response = await arena.request("POST", "/api/rooms", json={})
    assert status == 201
    assert_security_headers(response)
    code = body["code"]
    assert len(code) == 10
    assert set(code) <= set(CODE_ALPHABET)
    assert body["url"].endswith(f"/r/{code}")
    assert body["url"].startswith("http://")

    status, body, _ = await arena.request("POST", "/api/rooms")  # no body at all: the defaults
    assert status == 201
    status, summary, _ = await arena.request("GET", f"/api/rooms/{body['code']}")
    assert status == 200
    assert {key: summary[key] for key in SUMMARY_KEYS} == {
        "code": body["code"],
        "phase": "lobby",
        "players": 0,
        "spectators": 0,
        "max_players": 8,
        "rows": 10,
        "cols": 10,
        "algorithm": "backtracker",
        "preset": "easy",
        "public": True,
    }


async def test_created_settings_show_in_the_summary(arena: Harness) -> None:
    settings = {"preset": "custom", "rows": 5, "cols": 7, "algorithm": "prim", "max_players": 3}
    code = await arena.create_room(**settings)
    status, summary, _ = await arena.request("GET", f"/api/rooms/{code.upper()}")
    assert status == 200
    assert summary["code"] == code
    assert (summary["rows"], summary["cols"], summary["algorithm"]) == (5, 7, "prim")
    assert (summary["preset"], summary["max_players"]) == ("custom", 3)


@pytest.mark.parametrize(
    "settings",
    [
        {"rows": 3},
        {"preset": "custom", "rows": 4},
        {"preset": "custom", "cols": 151},
        {"preset": "giant"},
        {"algorithm": "bogo"},
        {"braid": 2},
        {"braid": "lots"},
        {"hint_methods": []},
        {"hint_methods": ["telepathy"]},
        {"hint_reveal": "half"},
        {"hint_reveal": True},
        {"hint_limit": 100},
        {"hint_penalty": -1},
        {"max_players": 0},
        {"max_players": 17},
        {"public": "yes"},
        {"time_limit": 10},
        {"rows": 10.5, "preset": "custom"},
        {"colour": "red"},
        [1, 2, 3],
        "easy",
        42,
    ],
)
async def test_bad_settings_are_a_400_with_a_message(arena: Harness, settings: object) -> None:
    status, body, response = await arena.request("POST", "/api/rooms", json=settings)
    assert_error(status, body, 400, "bad_settings")
    assert_security_headers(response)


@pytest.mark.parametrize(
    "body", [b'{"time_limit": Infinity}', b'{"hint_limit": NaN}', b'{"preset": "custom", "rows": -Infinity}']
)
async def test_non_finite_numbers_are_bad_settings(arena: Harness, body: bytes) -> None:
    status, answer, response = await arena.request(
        "POST", "/api/rooms", data=body, headers={"Content-Type": "application/json"}
    )
    assert_error(status, answer, 400, "bad_settings")
    assert_security_headers(response)


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"{'single': 'quotes'}",
        b"\xff\xfe\x00garbage",
        b"[1, 2",
        b'{"rows": 1' + b"0" * 5000 + b"}",  # more digits than Python converts to an int
        b"[" * 8_000 + b"]" * 8_000,  # nested deeper than the JSON parser recurses
    ],
)
async def test_bad_json_is_a_400(arena: Harness, body: bytes) -> None:
    status, answer, _ = await arena.request(
        "POST", "/api/rooms", data=body, headers={"Content-Type": "application/json"}
    )
    assert_error(status, answer, 400, "bad_json")


async def test_an_oversized_body_is_a_413(arena: Harness) -> None:
    body = b'{"preset": "' + b"x" * 20_000 + b'"}'
    status, answer, response = await arena.request(
        "POST", "/api/rooms", data=body, headers={"Content-Type": "application/json"}
    )
    assert_error(status, answer, 413, "too_large")
    assert_security_headers(response)
    assert await arena.room_count() == 0  # none was made


async def test_listing_shows_public_rooms_only(arena: Harness) -> None:
    public = {await arena.create_room(), await arena.create_room(public=True)}
    private = await arena.create_room(public=False)
    for code in (*public, private):
        await (await arena.client()).join(code, "Ann")
    status, body, response = await arena.request("GET", "/api/rooms")
    assert status == 200
    assert_security_headers(response)
    assert {room["code"] for room in body["rooms"]} == public
    assert all(room["public"] is True for room in body["rooms"])
    status, summary, _ = await arena.request("GET", f"/api/rooms/{private}")
    assert status == 200
    assert summary["public"] is False


async def test_listing_counts_members(arena: Harness) -> None:
    code = await arena.create_room()
    player, watcher = await arena.client(), await arena.client()
    await player.join(code, "Ann")
    await watcher.join(code, role="spectator")
    _, body, _ = await arena.request("GET", "/api/rooms")
    assert [(r["code"], r["players"], r["spectators"]) for r in body["rooms"]] == [(code, 1, 1)]


async def test_a_room_nobody_is_in_is_not_listed(start_server: StartServer) -> None:
    arena = await start_server(rooms_list_ttl=0.0)
    unjoined, left, watched = [await arena.create_room() for _ in range(3)]
    leaving, watcher = await arena.client(), await arena.client()
    await leaving.join(left, "Ann")
    await watcher.join(watched, role="spectator")
    _, body, _ = await arena.request("GET", "/api/rooms")
    assert sorted(room["code"] for room in body["rooms"]) == sorted([left, watched])
    await leaving.ok("leave", {})
    _, body, _ = await arena.request("GET", "/api/rooms")
    assert [room["code"] for room in body["rooms"]] == [watched]
    assert unjoined not in str(body)
    bots_only = await arena.create_room()
    host = await arena.client()
    await host.join(bots_only, "Host")
    await host.ok("add_bot", {"kind": "dfs", "speed": 5})
    _, body, _ = await arena.request("GET", "/api/rooms")
    assert sorted(room["code"] for room in body["rooms"]) == sorted([watched, bots_only])
    await host.ok("leave", {})  # its bot stays seated: nobody is in the room
    _, body, _ = await arena.request("GET", "/api/rooms")
    assert [(room["code"], room["occupied"]) for room in body["rooms"]] == [(watched, True)]


@pytest.mark.parametrize("code", ["0000000000", "zzzzzzzzzz", "short", "ABCDEFGHIJKLMNOP", "!!!!!!!!!!"])
async def test_unknown_room_is_a_404(arena: Harness, code: str) -> None:
    await arena.create_room()
    status, body, response = await arena.request("GET", f"/api/rooms/{code}")
    assert_error(status, body, 404, "unknown_room")
    assert_security_headers(response)


async def test_unknown_api_route_is_a_json_404(arena: Harness) -> None:
    status, body, _ = await arena.request("GET", "/api/nothing/here")
    assert_error(status, body, 404, "not_found")


async def test_room_creation_is_rate_limited_per_address(start_server: StartServer) -> None:
    harness = await start_server(create_limit=RateLimit(0.001, 3.0))
    for _ in range(3):
        await harness.create_room()
    status, body, response = await harness.request("POST", "/api/rooms", json={})
    assert_error(status, body, 429, "rate_limited")
    assert_security_headers(response)


@pytest.mark.parametrize("limit", ["0", "101", "abc", "\u00b2", "\u2460", "-1", "1.5"])
async def test_a_bad_leaderboard_limit_is_a_400_even_in_other_scripts(arena: Harness, limit: str) -> None:
    status, body, _ = await arena.request("GET", "/api/leaderboard", params={"limit": limit})
    assert status in (400, 503)  # 503 when the server keeps no records at all
    if status == 400:
        assert_error(status, body, 400, "bad_query")


@pytest.mark.parametrize("preset", [["easy"], {"size": "easy"}, 7, None, True, "giant", ""])
async def test_a_daily_preset_that_is_not_a_preset_name_is_a_400(arena: Harness, preset: object) -> None:
    status, body, response = await arena.request("POST", "/api/daily", json={"preset": preset})
    assert_error(status, body, 400, "bad_settings")
    assert_security_headers(response)
    assert await arena.room_count() == 0  # none was made


@pytest.mark.parametrize("limit", ["1" * 5_000, "0" * 4_301 + "5", "9" * 8_000])
async def test_a_leaderboard_limit_of_thousands_of_digits_is_a_400(
    start_server: StartServer, tmp_path: Path, limit: str
) -> None:
    for harness in (await start_server(), await start_server(db_path=tmp_path / "races.db")):
        status, body, _ = await harness.request("GET", "/api/leaderboard", params={"limit": limit})
        assert_error(status, body, 400, "bad_query")  # checked before the store: a 400 without one too
        status, body, _ = await harness.request("GET", "/api/leaderboard", params={"limit": "0" * 3 + "5"})
        assert_error(status, body, 400, "bad_query")


@pytest.mark.parametrize(
    "content_type", ["application/json; charset=no-such-codec", "application/json; charset=utf-7", "text/x"]
)
async def test_a_body_is_read_as_json_whatever_charset_the_header_names(
    arena: Harness, content_type: str
) -> None:
    status, body, _ = await arena.request(
        "POST", "/api/rooms", data=b'{"max_players": 3}', headers={"Content-Type": content_type}
    )
    assert status == 201, body
    _, summary, _ = await arena.request("GET", f"/api/rooms/{body['code']}")
    assert summary["max_players"] == 3
