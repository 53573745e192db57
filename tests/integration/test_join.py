"""Joining: names, wrong codes, joining twice, commands before joining, late and surplus players."""

from typing import Any

import pytest

from .conftest import Harness, start_race

COMMANDS = ["ready", "settings", "start", "move", "hint", "rematch", "leave", "resync"]


@pytest.mark.parametrize(
    "name",
    ["<img src=x>&\"'", "<b>bold</b>", "Robert'); DROP--", "{{7*7}} ${x}", "Zoë 🐭 迷路", "a" * 20],
)
async def test_odd_names_are_plain_text(arena: Harness, name: str) -> None:
    code = await arena.create_room()
    first, second = await arena.client(), await arena.client()
    await first.join(code, "First")
    await second.join(code, name)
    entry = next(p for p in second.snapshot["players"] if p["id"] == second.id)
    assert entry["name"] == name
    joined = await first.wait_for("joined", lambda d: d["id"] == second.id)
    assert joined["d"]["name"] == name


async def test_names_are_trimmed_and_folded(arena: Harness) -> None:
    code = await arena.create_room()
    client = await arena.client()
    await client.join(code, "  Ann \t  Lee\n ")
    assert client.snapshot["players"][0]["name"] == "Ann Lee"


@pytest.mark.parametrize(
    "name",
    [
        "",
        "   ",
        "a" * 21,
        "<img src=x onerror=alert(1)>",  # 28 characters: too long, however harmless
        "bell\x07",
        "nul\x00byte",
        "esc\x1b[31m",
        "zero\u200bwidth",
        "del\x7f",
        5,
        None,
        ["Ann"],
    ],
)
async def test_bad_names_are_refused(arena: Harness, name: Any) -> None:
    code = await arena.create_room()
    client = await arena.client()
    assert await client.refused("join", {"code": code, "name": name, "role": "player"}) == "bad_name"
    _, summary, _ = await arena.request("GET", f"/api/rooms/{code}")
    assert summary["players"] == 0
    await client.join(code, "Fine")  # the refused join left the connection free to join


async def test_duplicate_names_get_a_suffix(arena: Harness) -> None:
    code = await arena.create_room()
    names = []
    for raw in ("Ann", "Ann", "Ann", "x" * 20, "x" * 20):
        client = await arena.client()
        await client.join(code, raw)
        names.append(next(p["name"] for p in client.snapshot["players"] if p["id"] == client.id))
    assert names == ["Ann", "Ann 2", "Ann 3", "x" * 20, "x" * 18 + " 2"]
    colours = [p["colour"] for p in client.snapshot["players"]]
    assert len(set(colours)) == len(colours)


BAD_CODES = ["0000000000", "zzzzzzzzzz", "short", "ABCDEFGHIJK", "../../etc", "", 12, None]


@pytest.mark.parametrize("code", BAD_CODES)
async def test_unknown_or_malformed_codes(arena: Harness, code: Any) -> None:
    await arena.create_room()
    client = await arena.client()
    assert await client.refused("join", {"code": code, "name": "Ann"}) == "unknown_room"
    assert await client.refused("resync", {}) == "not_joined"


async def test_codes_are_case_insensitive(arena: Harness) -> None:
    code = await arena.create_room()
    client = await arena.client()
    await client.join(f"  {code.upper()} ", "Ann")
    assert client.snapshot["code"] == code


@pytest.mark.parametrize("payload", ["join me", [1], 7, {"code": "x", "role": "referee"}])
async def test_malformed_join_payloads(arena: Harness, payload: Any) -> None:
    client = await arena.client()
    assert await client.refused("join", payload) == "bad_payload"


async def test_a_second_join_on_one_connection(arena: Harness) -> None:
    first_room, second_room = await arena.create_room(), await arena.create_room()
    client = await arena.client()
    await client.join(first_room, "Ann")
    for code in (first_room, second_room):
        payload = {"code": code, "name": "Ann"}
        assert await client.refused("join", payload) == "already_joined"
    _, summary, _ = await arena.request("GET", f"/api/rooms/{second_room}")
    assert summary["players"] == 0
    await client.ok("leave", {})
    await client.join(second_room, "Ann")  # after leaving, joining another room is fine
    assert client.snapshot["code"] == second_room


async def test_a_join_must_name_the_room_of_the_handshake(arena: Harness) -> None:
    code, other = await arena.create_room(), await arena.create_room()
    client = await arena.client(room=code.upper())  # read like a join's code: any case
    assert await client.refused("join", {"code": other, "name": "Ann"}) == "wrong_room"
    _, summary, _ = await arena.request("GET", f"/api/rooms/{other}")
    assert summary["players"] == 0
    await client.join(code, "Ann")
    assert client.snapshot["code"] == code


async def test_a_handshake_room_that_is_no_room_code_accepts_no_join(arena: Harness) -> None:
    code = await arena.create_room()
    client = await arena.client(room="nope")
    assert await client.refused("join", {"code": code, "name": "Ann"}) == "wrong_room"
    _, summary, _ = await arena.request("GET", f"/api/rooms/{code}")
    assert summary["players"] == 0


@pytest.mark.parametrize("command", COMMANDS)
async def test_commands_before_joining(arena: Harness, command: str) -> None:
    await arena.create_room()
    client = await arena.client()
    assert await client.refused(command, {}) == "not_joined"


async def test_unknown_events_are_refused(arena: Harness) -> None:
    client = await arena.client()
    for event in ("fly", "JOIN", "event", "message", "events", "replaced"):
        assert await client.refused(event, {}) == "unknown_event"


async def test_reserved_event_names_cannot_fake_a_disconnect(arena: Harness) -> None:
    """Clients can emit `connect` and `disconnect` like any event; that must not look like the real thing."""
    code = await arena.create_room()
    player, other = await arena.client(), await arena.client()
    await player.join(code, "Player")
    await other.join(code, "Other")
    for event in ("disconnect", "connect"):
        assert await player.refused(event, {"reason": "spoofed"}) == "unknown_event"
    assert (await player.resync())["code"] == code
    assert not other.of_type("presence")
    _, health, _ = await arena.request("GET", "/healthz")
    assert health["connections"] == 2


async def test_late_joiner_during_a_race_is_a_spectator(arena: Harness) -> None:
    code = await arena.create_room()
    host = await arena.client()
    await host.join(code, "Host")
    await start_race(host)
    late = await arena.client()
    await late.join(code, "Late")
    assert late.you["role"] == "spectator"
    assert "token" not in late.you
    assert late.snapshot["phase"] == "racing"
    assert [p["id"] for p in late.snapshot["players"]] == [host.id]
    assert await late.refused("move", {"dir": "down"}) == "not_player"


async def test_a_full_room_makes_a_spectator(arena: Harness) -> None:
    code = await arena.create_room(max_players=2)
    clients = [await arena.client() for _ in range(3)]
    for i, client in enumerate(clients):
        await client.join(code, f"P{i}")
    assert [c.you["role"] for c in clients] == ["player", "player", "spectator"]
    _, summary, _ = await arena.request("GET", f"/api/rooms/{code}")
    assert (summary["players"], summary["spectators"]) == (2, 1)
