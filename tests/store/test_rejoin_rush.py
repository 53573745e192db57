"""Regression test: after a SIGTERM restart, every player of every restored room rejoins with their
token at the same moment (as their clients do on reconnect). Before the fix this froze 4 of 4 rooms:
no later command was answered."""

import asyncio
from pathlib import Path

import aiohttp

from .live import TIMEOUT, Racer, ServerProcess, post_json

ROOMS = 4
PLAYERS = 4


async def test_players_rejoining_together_after_a_restart_never_freeze_a_room(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db, log = tmp_path / "mazerace.db", tmp_path / "server.log"
    racers: list[Racer] = []
    servers: list[ServerProcess] = []
    try:
        first = await ServerProcess.start(db, log, http)
        servers.append(first)
        seats: list[tuple[str, str, str]] = []  # room code, name, token
        for _ in range(ROOMS):
            status, body = await post_json(http, first.url + "/api/rooms", {})
            assert status == 201, body
            for i in range(PLAYERS):
                racer = Racer(first.url)
                racers.append(racer)
                await racer.connect()
                ack = await racer.join(body["code"], f"P{i}")
                seats.append((body["code"], f"P{i}", ack["you"]["token"]))
        assert (await first.stop())[0] == 0
        for racer in racers:
            await racer.close()

        second = await ServerProcess.start(db, log, http)
        servers.append(second)
        back = [await Racer(second.url).connect() for _ in seats]
        racers += back
        joins = [  # every rejoin sent before any answer can come back
            asyncio.create_task(r.sio.call("join", {"code": c, "name": n, "token": t}, timeout=TIMEOUT))
            for r, (c, n, t) in zip(back, seats, strict=True)
        ]
        acks = await asyncio.gather(*joins)
        assert all(ack["ok"] and ack["you"]["role"] == "player" for ack in acks), acks
        for racer in back:  # every room still answers, and still sends its events
            await racer.ok("ready", {"ready": True})
        for racer in back[::PLAYERS]:
            await racer.wait_for("ready")
    finally:
        for racer in racers:
            await racer.close()
        for server in servers:
            await server.ensure_stopped()
