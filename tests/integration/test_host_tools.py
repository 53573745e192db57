"""Host and room through a real server and real Socket.IO clients: the join preview, passing the host
role, spectators taking a seat, quick reactions; commands that arrive together (sent with no await
between them) settle to one consistent room."""

import asyncio
import json
from typing import Any

from server.room.reactions import REACTIONS
from tests.mazes import shortest_path

from .conftest import Client, Harness, StartServer, assert_consecutive, start_race

REACTION_KEYS = [r.key for r in REACTIONS]


def reactions_of(client: Client) -> list[dict[str, Any]]:
    """The `reacted` messages a client has received, in order."""
    return [args[0] for name, args in client.received if name == "reacted"]


async def eventually(check: Any, within: float = 5.0) -> None:
    """Wait until `check()` is true (messages arrive on their own)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while not check():
        assert loop.time() < deadline, "the condition never held"
        await asyncio.sleep(0.01)


async def send_together(*calls: tuple[Client, str, Any]) -> list[Any]:
    """Emit every command before any ack is awaited; the acks, in the order given."""
    loop = asyncio.get_running_loop()
    acks: list[asyncio.Future[Any]] = [loop.create_future() for _ in calls]
    for (client, event, data), done in zip(calls, acks, strict=True):
        await client.sio.emit(
            event, data, callback=lambda *a, done=done: done.set_result(a[0] if a else None)
        )
    return list(await asyncio.wait_for(asyncio.gather(*acks), 5))


# ----- the join preview ------------------------------------------------------------------------------


async def test_the_preview_shows_the_players_and_phase_and_never_the_maze(arena: Harness) -> None:
    code = await arena.create_room(preset="custom", rows=5, cols=5, max_players=3)
    host, guest, watcher = await arena.client(), await arena.client(), await arena.client()
    await host.join(code, "Ann")
    await guest.join(code, "Bob")
    await watcher.join(code, role="spectator")
    await host.ok("add_bot", {"kind": "dfs", "speed": 1})
    await guest.ok("ready", {"ready": True})
    status, summary, _ = await arena.request("GET", f"/api/rooms/{code}")
    assert status == 200
    assert (summary["phase"], summary["players"], summary["spectators"]) == ("lobby", 3, 1)
    assert (summary["full"], summary["locked"], summary["ranked"]) == (True, False, False)
    assert summary["settings"]["rows"] == 5
    assert summary["settings"]["max_players"] == 3
    assert [(p["name"], p["host"], p["ready"], p.get("bot")) for p in summary["roster"]] == [
        ("Ann", True, False, None),
        ("Bob", False, True, None),
        ("DFS bot", False, True, "dfs"),
    ]
    _, listed, _ = await arena.request("GET", "/api/rooms")
    (row,) = listed["rooms"]
    assert "roster" not in row
    assert "settings" not in row
    assert row["full"] is True

    await start_race(host, guest)
    await host.wait_for("started")
    _, racing, _ = await arena.request("GET", f"/api/rooms/{code}")
    assert racing["phase"] == "racing"
    text = json.dumps(racing)
    for secret in ("maze", "walls", "trail", "cell", "distance", "token", "id", host.id, guest.id):
        assert f'"{secret}"' not in text, secret


# ----- pass the host role ----------------------------------------------------------------------------


async def test_the_host_passes_the_role_and_everyone_sees_it(arena: Harness) -> None:
    code = await arena.create_room()
    ann, bob, eve = await arena.client(), await arena.client(), await arena.client()
    await ann.join(code, "Ann")
    await bob.join(code, "Bob")
    await eve.join(code, role="spectator")
    assert await ann.refused("pass_host", {"to": eve.id}) == "not_eligible"
    assert await ann.refused("pass_host", {"to": ann.id}) == "not_eligible"
    assert await ann.refused("pass_host", {"to": "p99"}) == "unknown_member"
    assert await ann.refused("pass_host", {"to": "<script>"}) == "bad_payload"
    assert await ann.refused("pass_host", {}) == "bad_payload"
    assert await bob.refused("pass_host", {"to": ann.id}) == "not_host"
    await ann.ok("pass_host", {"to": bob.id})
    for client in (ann, bob, eve):
        await client.wait_for("host", lambda d: d["id"] == bob.id)
    assert (await eve.resync())["host"] == bob.id
    assert await ann.refused("start", {}) == "not_host"
    await bob.ok("lock", {"locked": True})  # the new host's tools work
    for client in (ann, bob, eve):
        assert_consecutive(client)


async def test_pass_host_racing_a_leave_settles_on_a_host_who_is_here(arena: Harness) -> None:
    code = await arena.create_room()
    ann, bob, cid = await arena.client(), await arena.client(), await arena.client()
    await ann.join(code, "Ann")
    await bob.join(code, "Bob")
    await cid.join(code, "Cid")
    passed, left = await send_together((ann, "pass_host", {"to": bob.id}), (bob, "leave", {}))
    assert left["ok"] is True
    if passed["ok"]:  # the pass came first: Bob hosted, then left, and the role moved on
        await cid.wait_for("host", lambda d: d["id"] == bob.id)
    else:
        assert passed["error"]["code"] == "unknown_member"
    snapshot = await cid.resync()
    assert snapshot["host"] in {ann.id, cid.id}
    assert [p["name"] for p in snapshot["players"]] == ["Ann", "Cid"]
    hosts = [d["id"] for d in cid.of_type("host")]
    assert not hosts or hosts[-1] == snapshot["host"]
    assert_consecutive(cid)


async def test_the_host_role_goes_to_nobody_who_is_away_or_a_bot(start_server: StartServer) -> None:
    harness = await start_server(grace=30.0)
    code = await harness.create_room()
    ann, bob = await harness.client(), await harness.client()
    await ann.join(code, "Ann")
    await bob.join(code, "Bob")
    bot = (await ann.ok("add_bot", {"kind": "bfs", "speed": 3}))["id"]
    assert await ann.refused("pass_host", {"to": bot}) == "not_eligible"
    await bob.sio.disconnect()
    await ann.wait_for("presence", lambda d: d["id"] == bob.id and not d["connected"])
    assert await ann.refused("pass_host", {"to": bob.id}) == "not_eligible"


# ----- take a seat -----------------------------------------------------------------------------------


async def test_a_spectator_takes_a_seat_and_comes_back_as_that_player(arena: Harness) -> None:
    code = await arena.create_room()
    ann, eve = await arena.client(), await arena.client()
    await ann.join(code, "Ann")
    await eve.join(code, role="spectator")
    watcher_id = eve.id
    assert await ann.refused("take_seat", {"name": "Ann"}) == "not_spectator"
    assert await eve.refused("take_seat", {"name": ""}) == "bad_name"
    seated = await eve.ok("take_seat", {"name": "Eve"})
    you = seated["you"]
    assert you["role"] == "player"
    assert you["id"] != watcher_id
    assert you["token"]
    await ann.wait_for("left", lambda d: d["id"] == watcher_id and d["spectators"] == 0)
    joined = await ann.wait_for("joined", lambda d: d["id"] == you["id"])
    assert joined["d"]["name"] == "Eve"
    await eve.ok("ready", {"ready": True})  # this connection is the player now
    await ann.wait_for("ready", lambda d: d["id"] == you["id"])

    await eve.sio.disconnect()
    again = await arena.client()
    back = await again.join(code, "anyone", role="spectator", token=you["token"])
    assert back["you"]["id"] == you["id"]
    assert back["you"]["role"] == "player"
    assert_consecutive(ann)


async def test_seats_are_refused_when_locked_or_mid_race_and_offered_at_the_results(arena: Harness) -> None:
    code = await arena.create_room(preset="custom", rows=5, cols=5)
    ann, eve = await arena.client(), await arena.client()
    await ann.join(code, "Ann")
    await eve.join(code, role="spectator")
    await ann.ok("lock", {"locked": True})
    assert await eve.refused("take_seat", {"name": "Eve"}) == "room_locked"
    await ann.ok("lock", {"locked": False})
    maze = await start_race(ann)
    await eve.wait_for("started")
    assert await eve.refused("take_seat", {"name": "Eve"}) == "wrong_phase"
    await ann.walk(shortest_path(maze)[1:])
    await eve.wait_for("race_over")
    you = (await eve.ok("take_seat", {"name": "Eve"}))["you"]
    after = max(ann.versions())
    await ann.ok("rematch", {})
    lobby = await eve.wait_for("lobby", after=after)
    assert [p["id"] for p in lobby["d"]["players"]] == [ann.id, you["id"]]


async def test_two_spectators_racing_for_the_last_seat_get_one_seat(arena: Harness) -> None:
    code = await arena.create_room(max_players=2)
    ann, eve, fay = await arena.client(), await arena.client(), await arena.client()
    await ann.join(code, "Ann")
    await eve.join(code, role="spectator")
    await fay.join(code, role="spectator")
    acks = await send_together((eve, "take_seat", {"name": "Eve"}), (fay, "take_seat", {"name": "Fay"}))
    assert sorted(ack["ok"] for ack in acks) == [False, True]
    (loser,) = [ack for ack in acks if not ack["ok"]]
    assert loser["error"]["code"] == "room_full"
    snapshot = await ann.resync()
    assert len(snapshot["players"]) == 2
    assert snapshot["spectators"] == 1
    assert_consecutive(ann)


# ----- reactions -------------------------------------------------------------------------------------


async def test_reactions_reach_the_room_and_a_flood_is_cut_at_the_burst(arena: Harness) -> None:
    code = await arena.create_room()
    ann, eve = await arena.client(), await arena.client()
    outsider = await arena.client()
    await ann.join(code, "Ann")
    await eve.join(code, role="spectator")
    version = (await ann.resync())["version"]
    assert await outsider.refused("react", {"reaction": "gg"}) == "not_joined"
    assert await ann.refused("react", {"reaction": "<img src=x>"}) == "bad_payload"
    assert await ann.refused("react", "gg") == "bad_payload"

    await ann.ok("react", {"reaction": "gg"})  # its third token: refusals count too
    assert await ann.refused("react", {"reaction": "gg"}) == "rate_limited"

    flood = [(eve, "react", {"reaction": REACTION_KEYS[i % 6]}) for i in range(10)]
    acks = await send_together(*flood)
    codes = ["ok" if ack["ok"] else ack["error"]["code"] for ack in acks]
    assert codes == ["ok"] * 3 + ["rate_limited"] * 7  # one every 2 s, a burst of 3
    expected = [{"id": ann.id, "reaction": "gg"}] + [{"id": eve.id, "reaction": k} for k in REACTION_KEYS[:3]]
    for client in (ann, eve):
        await eventually(lambda client=client: len(reactions_of(client)) == len(expected))
        assert reactions_of(client) == expected
    assert (await ann.resync())["version"] == version  # no room change, no event version
    assert max(ann.versions()) == version
    assert reactions_of(outsider) == []
