"""Regression tests: a number too big for a float (10^400, written out in full in the JSON) in any
setting or payload field is a clear refusal (`bad_settings` / `bad_payload` ...), never an HTTP 500
or an `internal` ack.

JSON readers turn `1e400` into infinity, but a long run of digits into an exact integer, and Python
raises `OverflowError` when such an integer meets a float (`math.isfinite`, `float()`).
"""

from typing import Any

import pytest

from server.room.settings import RoomSettings

from .conftest import Client, Harness

HUGE = 10**400
NUMBERS: tuple[object, ...] = (HUGE, -HUGE, float("inf"), 1e308)
"""Values no field accepts: an integer past a float's range (both signs), infinity, the largest float."""
SETTING_FIELDS = tuple(RoomSettings.__dataclass_fields__)


def _json(value: object) -> str:
    """JSON text for `value`, with infinity as a long run of digits (JSON has no infinity)."""
    if value == float("inf"):
        return "1e400"
    return str(value)


async def test_a_huge_setting_is_a_400_bad_settings_on_the_http_api(arena: Harness) -> None:
    for field in SETTING_FIELDS:
        for value in NUMBERS:
            preset = '"preset": "custom", ' if field in ("rows", "cols") else ""
            body = f'{{{preset}"{field}": {_json(value)}}}'
            status, answer, _ = await arena.request(
                "POST", "/api/rooms", data=body, headers={"Content-Type": "application/json"}
            )
            assert status == 400, (field, value, status, answer)
            assert answer["error"]["code"] == "bad_settings", (field, value, answer)


async def _host(arena: Harness) -> Client:
    host = await arena.client()
    await host.join(await arena.create_room(), "Host")
    return host


async def test_a_huge_setting_is_bad_settings_on_the_socket(arena: Harness) -> None:
    host = await _host(arena)
    for field in SETTING_FIELDS:
        for value in NUMBERS:
            changes: dict[str, Any] = {field: value}
            if field in ("rows", "cols"):
                changes["preset"] = "custom"
            assert await host.refused("settings", changes) == "bad_settings", (field, value)
    assert await host.refused("add_bot", {"kind": "dfs", "speed": HUGE}) == "bad_settings"
    assert await host.refused("add_bot", {"kind": "dfs", "speed": float("inf")}) == "bad_settings"


@pytest.mark.parametrize("value", NUMBERS)
async def test_a_huge_number_in_any_payload_field_is_refused_clearly(arena: Harness, value: object) -> None:
    host = await _host(arena)
    payloads: list[tuple[str, dict[str, Any]]] = [
        ("move", {"to": [value, 0]}),
        ("move", {"to": [0, value]}),
        ("move", {"dir": "up", "seq": value}),
        ("move", {"dir": value}),
        ("hint", {"method": value}),
        ("hint", {"method": "bfs", "order": value}),
        ("ready", {"ready": value}),
        ("lock", {"locked": value}),
        ("start", {"without_unready": value}),
        ("kick", {"id": value}),
        ("remove_bot", {"id": value}),
        ("pass_host", {"to": value}),
        ("react", {"reaction": value}),
        ("take_seat", {"name": value}),
        ("add_bot", {"kind": value, "speed": 5}),
    ]
    for event, payload in payloads:
        ack = await host.call(event, payload)
        assert ack["ok"] is False, (event, payload, ack)
        assert ack["error"]["code"] != "internal", (event, payload, ack)
    stranger = await arena.client()
    for payload in ({"code": value}, {"code": "0123456789", "name": value}, {"role": value}):
        ack = await stranger.call("join", payload)
        assert ack["ok"] is False, (payload, ack)
        assert ack["error"]["code"] != "internal", (payload, ack)
