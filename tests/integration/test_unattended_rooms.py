"""Regression tests: a room left to its bots. A bot never inherits the host role (a newcomer gets it),
a room with no connected person idles out and frees its place under `max_rooms`, and a race nobody
is connected to waits for its people over their grace period and then ends.
"""

import asyncio
import time
from typing import Any

from .conftest import TIMEOUT, Client, Harness, StartServer

BIG = {"preset": "custom", "rows": 60, "cols": 60}
"""A maze no bot crosses within any of these tests."""
SLACK = 3
"""Bot moves that may be on their way when a client disconnects."""


async def _host_with_bot(harness: Harness, speed: int = 5, **settings: Any) -> tuple[Client, str, str]:
    """A room with its host and one bot; the host's client, the room code and the bot's id."""
    code = await harness.create_room(**settings)
    host = await harness.client()
    await host.join(code, "Host")
    bot = str((await host.ok("add_bot", {"kind": "dfs", "speed": speed}))["id"])
    return host, code, bot


async def _eventually(check: Any, within: float, every: float = 0.05) -> None:
    """Wait until `check()` (a coroutine function) returns true, polling every `every` seconds."""
    deadline = time.monotonic() + within
    while not await check():
        assert time.monotonic() < deadline, "not within the time allowed"
        await asyncio.sleep(every)


def _bot_moves(snapshot: dict[str, Any], bot: str) -> int:
    return int(next(p for p in snapshot["players"] if p["id"] == bot)["moves"])


async def test_a_bot_never_inherits_the_host_role_and_a_newcomer_takes_it(arena: Harness) -> None:
    host, code, bot = await _host_with_bot(arena)
    watcher = await arena.client()
    await watcher.join(code, "", role="spectator")
    await host.ok("leave", {})
    handed = await watcher.wait_for("host")
    assert handed["d"]["id"] is None  # not the bot: pass_host refuses a bot, and so does leaving
    newcomer = await arena.client()
    await newcomer.join(code, "Newcomer")
    assert newcomer.snapshot["host"] == newcomer.id
    assert (await watcher.wait_for("host", after=handed["v"]))["d"]["id"] == newcomer.id
    await newcomer.ok("settings", {"preset": "medium"})
    await newcomer.ok("remove_bot", {"id": bot})


async def test_a_room_left_to_its_bots_idles_out_and_frees_its_place(start_server: StartServer) -> None:
    harness = await start_server(idle_timeout=0.5, max_rooms=1)
    host, code, _ = await _host_with_bot(harness)
    await host.ok("leave", {})

    async def closed() -> bool:
        return await harness.room_status(code) == 404

    await _eventually(closed, within=8.0)
    await harness.create_room()  # the bots' room no longer holds the only place


async def _racing_with_bot(harness: Harness, speed: int) -> tuple[Client, str, str, str]:
    host, code, bot = await _host_with_bot(harness, speed, **BIG)
    await host.ok("start", {})
    race = str((await host.wait_for("started"))["d"]["race"])
    await host.wait_for("moved", lambda d: d["id"] == bot)
    return host, code, bot, race


async def test_bots_wait_while_nobody_is_connected_and_the_race_is_as_it_was_on_return(
    start_server: StartServer,
) -> None:
    harness = await start_server(grace=10.0)
    host, code, bot, _ = await _racing_with_bot(harness, speed=20)
    token = host.you["token"]
    await host.sio.disconnect()  # the tab closes; the host has the grace period to come back
    away = max(d["moves"] for d in host.of_type("moved", bot))  # the last the host heard of
    back = await harness.client()
    await asyncio.sleep(1.5)  # a 20 moves/s bot would make about 30 moves here
    await back.join(code, "Host", token=token)
    assert back.snapshot["phase"] == "racing"
    assert _bot_moves(back.snapshot, bot) <= away + SLACK, (away, _bot_moves(back.snapshot, bot))
    # with a person back, the bot races again
    await back.wait_for("moved", lambda d: d["id"] == bot and d["moves"] > away + SLACK)


async def test_a_race_nobody_is_connected_to_ends_after_the_grace_period(
    start_server: StartServer, tmp_path: Any
) -> None:
    harness = await start_server(grace=0.5, db_path=tmp_path / "races.db")
    host, code, bot, race = await _racing_with_bot(harness, speed=1)
    await host.sio.disconnect()

    async def over() -> bool:
        _, summary, _ = await harness.request("GET", f"/api/rooms/{code}")
        return bool(summary["phase"] != "racing")

    await _eventually(over, within=TIMEOUT)

    async def stored() -> bool:
        status, _, _ = await harness.request("GET", f"/api/races/{race}")
        return status == 200

    await _eventually(stored, within=TIMEOUT, every=0.5)  # replays are asked for 1 a second
    status, body, _ = await harness.request("GET", f"/api/races/{race}")
    assert status == 200, body
    assert {r["id"]: r["dnf"] for r in body["results"]}[bot] is True
