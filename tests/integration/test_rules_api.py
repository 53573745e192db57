"""`GET /api/rules` through a real server: what it serves is what the server enforces (every bound is
accepted at its edge and refused one past it, every choice and preset creates the room it names), it
follows the server's configured limits, and it is rate limited with the other API reads."""

from typing import Any

from server.room.players import PALETTE
from server.room.protocol import PROTOCOL_VERSION
from server.room.rate_limits import RateLimit
from server.room.settings import SETTING_NAMES, RoomSettings

from .conftest import Harness, StartServer

MANY = RateLimit(1000.0, 1000.0)
"""Room making and reads without a limit in the way: these tests make a room per bound."""


async def fetch_rules(harness: Harness) -> dict[str, Any]:
    status, body, response = await harness.request("GET", "/api/rules")
    assert status == 200, body
    assert response.content_type == "application/json"
    return dict(body)


async def create_status(harness: Harness, settings: dict[str, Any]) -> tuple[int, Any]:
    status, body, _ = await harness.request("POST", "/api/rooms", json=settings)
    return status, body


async def test_defaults_are_the_settings_a_room_gets_without_any(start_server: StartServer) -> None:
    harness = await start_server(create_limit=MANY)
    rules = await fetch_rules(harness)
    assert set(rules["settings"]) == set(SETTING_NAMES)
    defaults = {name: field["default"] for name, field in rules["settings"].items()}
    assert defaults == {**RoomSettings().to_json(), "maze": None}  # None: the key is left out
    assert rules["settings"]["hint_methods"]["choices"] == rules["hint_methods"]


async def test_every_served_bound_is_the_one_the_server_enforces(start_server: StartServer) -> None:
    harness = await start_server(create_limit=MANY, read_limit=MANY)
    rules = await fetch_rules(harness)
    bounded = {name: field for name, field in rules["settings"].items() if "min" in field}
    assert set(bounded) >= {
        "rows",
        "cols",
        "braid",
        "hint_limit",
        "hint_penalty",
        "max_players",
        "time_limit",
    }
    for name, field in bounded.items():
        extra = {"preset": "custom"} if name in ("rows", "cols") else {}
        step = 1 if field["type"] == "int" else 0.01
        for value in (field["min"], field["max"]):
            status, body = await create_status(harness, {**extra, name: value})
            assert status == 201, (name, value, body)
        for value in (field["min"] - step, field["max"] + step):
            status, body = await create_status(harness, {**extra, name: value})
            assert status == 400, (name, value, body)
            assert body["error"]["code"] == "bad_settings", (name, value, body)


async def test_every_choice_and_preset_makes_the_room_it_names(start_server: StartServer) -> None:
    harness = await start_server(create_limit=MANY, read_limit=MANY)
    rules = await fetch_rules(harness)
    for name, field in rules["settings"].items():
        if field["type"] == "choice":
            for value in field["choices"]:
                status, body = await create_status(harness, {name: value})
                assert status == 201, (name, value, body)
            status, body = await create_status(harness, {name: "no such choice"})
            assert status == 400
            assert body["error"]["code"] == "bad_settings"
    for preset, size in rules["presets"].items():
        status, body = await create_status(harness, {"preset": preset})
        assert status == 201, body
        _, summary, _ = await harness.request("GET", f"/api/rooms/{body['code']}")
        assert (summary["rows"], summary["cols"]) == (size["rows"], size["cols"])
    assert rules["palette"] == list(PALETTE)  # the players' numbers on the pages are places in it
    for method in rules["hint_methods"]:
        assert (await create_status(harness, {"hint_methods": [method]}))[0] == 201
    assert (await create_status(harness, {"hint_methods": ["psychic"]}))[0] == 400


async def test_limits_and_the_hint_cooldown_follow_the_servers_config(start_server: StartServer) -> None:
    harness = await start_server(hint_limit=RateLimit(4.0, 1.0), move_limit=RateLimit(7.0, 3.0))
    rules = await fetch_rules(harness)
    assert rules["hint_cooldown_ms"] == 250
    assert rules["rate_limits"]["hint"] == {"rate": 4.0, "burst": 1.0}
    assert rules["rate_limits"]["move"] == {"rate": 7.0, "burst": 3.0}


async def test_the_rules_are_rate_limited_like_other_api_reads(start_server: StartServer) -> None:
    harness = await start_server(read_limit=RateLimit(0.001, 3.0))
    for _ in range(3):
        await fetch_rules(harness)
    status, body, response = await harness.request("GET", "/api/rules")
    assert status == 429
    assert body["error"]["code"] == "rate_limited"
    assert int(response.headers["Retry-After"]) >= 1


async def test_the_rules_name_the_protocol_version_the_server_speaks(start_server: StartServer) -> None:
    """Clients check it before they join (version 2 calls a position `cell`)."""
    harness = await start_server()
    rules = await fetch_rules(harness)
    assert rules["protocol"] == PROTOCOL_VERSION == 2
