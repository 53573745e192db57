"""Rooms left to their bots, races nobody watches, a number too big for a float, bots across a restart:
measured the way the hardening issue reported them, against real servers, and printed.

- A room whose last person leaves: who hosts it then, what a newcomer may do, whether it closes after
  the idle timeout and gives its place under `max_rooms` back (an in-process server with a 2 s idle
  timeout and room for one room).
- 20 rooms x 15 bots at 20 moves/s set up from 2 addresses, then everyone gone: the bots the server
  took, its CPU and the ack p99 of a probe racer (10 moves/s, a room of its own), before the attack,
  with the hosts connected and after they left (a real server process).
- `braid` = 10^400 in the settings, over HTTP and the socket.
- A racing bot across a restart (SIGTERM, a real server process on SQLite) and a grace period.

Every load loop is bounded in time; nothing here asserts.
"""

import asyncio
import contextlib
import socket
import tempfile
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from server.app.factory import create_app
from server.config import AppConfig
from tests.bench.abuse_peer import Peer
from tests.bench.abuse_unwatched import BIG, bots_alone
from tests.bench.timing import print_table
from tests.store.live import ServerProcess

HUGE = "1" + "0" * 400


def _code(ack: dict[str, Any]) -> str:
    return "ok" if ack.get("ok") else str(ack.get("error", {}).get("code"))


@contextlib.asynccontextmanager
async def in_process(config: AppConfig) -> AsyncIterator[str]:
    """The app on a free local port, in this process; its URL."""
    runner = web.AppRunner(create_app(config))
    await runner.setup()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        await runner.cleanup()


# ----- a room nobody can close -----------------------------------------------------------------------


async def unattended_room(url: str, idle_timeout: float) -> list[tuple[str, object]]:
    """The last person leaves a room with a bot; a newcomer comes and goes; is the room closed after
    the idle timeout, and is its place under `max_rooms` (1 here) free again?"""
    host, newcomer = await Peer(url).connect(), await Peer(url).connect()
    try:
        code = await host.make_room({})
        await host.call("join", {"code": code, "name": "Host"})
        bot = (await host.call("add_bot", {"kind": "dfs", "speed": 5})).get("id")
        await host.call("leave")
        joined = await newcomer.call("join", {"code": code, "name": "Newcomer"})
        holder = joined.get("snapshot", {}).get("host")
        who = "the bot" if holder == bot else "the newcomer" if holder == joined["you"]["id"] else holder
        settings = await newcomer.call("settings", {"preset": "medium"})
        await newcomer.call("leave")
        await asyncio.sleep(idle_timeout + 1.5)
        async with host.http.get(f"{url}/api/rooms/{code}") as response:
            still_open = response.status == 200
        made = await host.make_room({})
        return [
            ("after the last person left, a newcomer finds the host role held by", who),
            ("the newcomer's settings change", _code(settings)),
            (f"the room {idle_timeout + 1.5:.1f} s after everyone left (idle timeout {idle_timeout:g} s)",
             "still open" if still_open else "closed"),
            ("a new room on a server with room for one", "made" if made else "server_full"),
        ]  # fmt: skip
    finally:
        await host.close()
        await newcomer.close()


async def huge_braid(url: str) -> list[tuple[str, object]]:
    """`braid` = 10^400 over HTTP and over the socket."""
    peer = await Peer(url).connect()
    try:
        body = f'{{"braid": {HUGE}}}'
        headers = {"Content-Type": "application/json"}
        async with peer.http.post(url + "/api/rooms", data=body, headers=headers) as response:
            status, answer = response.status, await response.json()
        code = await peer.make_room({})
        await peer.call("join", {"code": code, "name": "Host"})
        ack = await peer.call("settings", {"braid": 10**400})
        return [
            ("POST /api/rooms with braid = 10^400", f"HTTP {status} {answer['error']['code']}"),
            ("socket settings with braid = 10^400", _code(ack)),
        ]
    finally:
        await peer.close()


# ----- bots across a restart -------------------------------------------------------------------------


async def restart_with_bot() -> list[tuple[str, object]]:
    """A racing bot, a SIGTERM, a restart, the host back, and a 2 s grace period waited out."""
    grace = 2.0
    with tempfile.TemporaryDirectory() as folder:
        db, log = Path(folder) / "bench.db", Path(folder) / "server.log"
        async with aiohttp.ClientSession() as http:
            first = await ServerProcess.start(db, log, http, grace=grace)
            host = await Peer(first.url).connect()
            try:
                code = await host.make_room(BIG)
                token = (await host.call("join", {"code": code, "name": "Host"}))["you"]["token"]
                bot = (await host.call("add_bot", {"kind": "dfs", "speed": 10}))["id"]
                await host.call("start")
                await host.wait_for("moved")
            finally:
                await host.close()
                await first.stop()
            second = await ServerProcess.start(db, log, http, grace=grace)
            back = await Peer(second.url).connect()
            try:
                joined = await back.call("join", {"code": code, "name": "Host", "token": token})
                entry = next(p for p in joined["snapshot"]["players"] if p["id"] == bot)
                await asyncio.sleep(grace + 1.0)
                later = next(p for p in (await back.call("resync"))["snapshot"]["players"] if p["id"] == bot)
            finally:
                await back.close()
                await second.ensure_stopped()

    def state(player: dict[str, Any]) -> str:
        if player["left"]:
            return "left (DNF)"
        return f"{'connected' if player['connected'] else 'away'}, {player['moves']} moves"

    return [
        ("a racing bot just after a restart", state(entry)),
        (f"the same bot {grace + 1:.0f} s later (grace period {grace:g} s)", state(later)),
    ]


async def main(quick: bool) -> None:
    """Every measurement of this module, printed as one table."""
    idle_timeout = 2.0
    config = replace(AppConfig(), idle_timeout=idle_timeout, max_rooms=1)
    async with in_process(config) as url:
        rows = await unattended_room(url, idle_timeout)
    async with in_process(AppConfig()) as url:
        rows += await huge_braid(url)
    rows += await asyncio.wait_for(bots_alone(quick), 180.0)
    rows += await asyncio.wait_for(restart_with_bot(), 60.0)
    print_table(
        "Rooms left to their bots, races nobody watches, huge numbers, bots across a restart",
        ["measured", "figure"],
        rows,
        note="The probe races alone in its own room at 10 moves/s; CPU is the server process's, in % of"
        " one core; 'everyone gone' is after every host's connection closed.",
    )


def run(quick: bool = False) -> None:
    """Measure and print the table."""
    asyncio.run(main(quick))


if __name__ == "__main__":
    import sys

    run("--quick" in sys.argv)
