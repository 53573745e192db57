"""Bots survive a restart of a real server process: a racing bot comes back racing (connected, not away)
and carries on from where it stood once its people are back; a bot in the lobby comes back ready. Before,
bots came back away, and left the room for good when the grace period ran out."""

import asyncio
from pathlib import Path
from typing import Any

import aiohttp

from tests.store.live import Racer, ServerProcess, post_json

GRACE = 2.0
"""Seconds a player keeps their place: the bots must outlive it after the restart."""
BIG = {"preset": "custom", "rows": 60, "cols": 60}
"""A maze no bot crosses within the test."""


def entry(snapshot: dict[str, Any], member_id: str) -> dict[str, Any]:
    return next(p for p in snapshot["players"] if p["id"] == member_id)


async def test_bots_race_on_after_a_restart(tmp_path: Path, http: aiohttp.ClientSession) -> None:
    db, log = tmp_path / "mazerace.db", tmp_path / "server.log"
    servers: list[ServerProcess] = []
    racers: list[Racer] = []
    try:
        first = await ServerProcess.start(db, log, http, grace=GRACE)
        servers.append(first)
        codes = []
        for _ in range(2):
            status, made = await post_json(http, first.url + "/api/rooms", BIG)
            assert status == 201, made
            codes.append(made["code"])
        racing_host, lobby_host = Racer(first.url), Racer(first.url)
        racers += [racing_host, lobby_host]
        tokens, bots = [], []
        for host, code in zip((racing_host, lobby_host), codes, strict=True):
            await host.connect()
            tokens.append((await host.join(code, "Host"))["you"]["token"])
            bots.append((await host.ok("add_bot", {"kind": "dfs", "speed": 10}))["id"])
        await racing_host.ok("start")
        await racing_host.wait_for("moved")
        await first.stop()
        before = max(e["d"]["moves"] for e in racing_host.events if e["t"] == "moved")

        second = await ServerProcess.start(db, log, http, grace=GRACE)
        servers.append(second)
        back, lobby_back = Racer(second.url), Racer(second.url)
        racers += [back, lobby_back]
        await back.connect()
        await lobby_back.connect()
        snapshot = (await back.join(codes[0], "Host", token=tokens[0]))["snapshot"]
        lobby = (await lobby_back.join(codes[1], "Host", token=tokens[1]))["snapshot"]
        assert entry(snapshot, bots[0])["connected"] is True  # not restored as away
        assert entry(lobby, bots[1])["connected"] is True
        assert entry(lobby, bots[1])["ready"] is True
        await asyncio.sleep(GRACE + 1.0)  # past the grace period a player away would have
        after = (await back.ok("resync"))["snapshot"]
        bot = entry(after, bots[0])
        assert (bot["left"], bot["dnf"], bot["connected"]) == (False, False, True)
        assert bot["moves"] > before + 5  # racing on since the host came back
        assert any(p["id"] == bots[1] for p in (await lobby_back.ok("resync"))["snapshot"]["players"])
    finally:
        for racer in racers:
            await racer.close()
        for server in servers:
            await server.ensure_stopped()
