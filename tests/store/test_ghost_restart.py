"""A ghost race survives a restart of a real server process: the saved room carries the ghost and how far
it has got, the race clock is paused over the downtime, and the ghost carries on from where it stood,
step for step as the stored log has it."""

import asyncio
from pathlib import Path

import aiohttp

from server.room.racelog import RaceLog
from server.room.settings import RoomSettings
from server.store.sqlite.results import SqliteStore
from tests.store.live import Racer, ServerProcess, get_json, post_json
from tests.store.races import ScriptedRace

DOWNTIME = 1.5


async def test_a_ghost_carries_on_after_a_restart(tmp_path: Path, http: aiohttp.ClientSession) -> None:
    db, log = tmp_path / "mazerace.db", tmp_path / "server.log"
    stored = ScriptedRace(RoomSettings(), ["Ann"])
    stored.finish("Ann", 8000)  # about one step every 0.4 s
    stored.play()
    record = stored.record()
    store = await SqliteStore.open(db)
    await store.save_race(record)
    await store.close()
    ann = stored.ids["Ann"]
    steps = [(e["t"], e["cell"]) for e in record.log if e["type"] == "move" and e["id"] == ann]

    servers: list[ServerProcess] = []
    racers: list[Racer] = []
    try:
        first = await ServerProcess.start(db, log, http)
        servers.append(first)
        status, made = await post_json(
            http, first.url + "/api/ghost-rooms", {"race": record.id, "player": ann}
        )
        assert status == 201, made
        eve = await Racer(first.url).connect()
        racers.append(eve)
        you = (await eve.join(made["code"], "Eve"))["you"]
        await eve.ok("start")
        while not any(e["t"] == "ghost" and e["d"]["moves"] >= 2 for e in eve.events):
            await eve.wait_for("ghost")
            await asyncio.sleep(0.05)
        await first.stop()
        before = max(e["d"]["moves"] for e in eve.events if e["t"] == "ghost")
        assert before < len(steps)
        await eve.close()
        await asyncio.sleep(DOWNTIME)

        second = await ServerProcess.start(db, log, http)
        servers.append(second)
        back = await Racer(second.url).connect()
        racers.append(back)
        snapshot = (await back.join(made["code"], "Eve", token=you["token"]))["snapshot"]
        (ghost,) = snapshot["ghosts"]
        assert ghost["moves"] >= before  # not lost, and the downtime did not count
        assert ghost["moves"] < len(steps)
        assert ghost["cell"] == steps[ghost["moves"] - 1][1]
        while not any(e["t"] == "ghost" and e["d"].get("finished") for e in back.events):
            await back.wait_for("ghost", within=15)
            await asyncio.sleep(0.05)
        after = [e["d"] for e in back.events if e["t"] == "ghost"]
        assert [d["moves"] for d in after] == sorted({d["moves"] for d in after})
        assert after[0]["moves"] > ghost["moves"]
        assert after[-1]["moves"] == len(steps)
        assert all(d["cell"] == steps[d["moves"] - 1][1] for d in after)

        await back.ok("leave")
        await asyncio.sleep(0.3)
        races = (await get_json(http, second.url + "/api/races"))[1]["races"]
        kept = next(r for r in races if r["id"] != record.id)
        status, race = await get_json(http, f"{second.url}/api/races/{kept['id']}")
        assert status == 200
        assert [r["name"] for r in race["results"]] == ["Eve"]
        assert RaceLog.from_wire(race["log"], 10).players == []  # Eve stood still; the ghost is no racer
        assert race["ranked"] is False
    finally:
        for racer in racers:
            await racer.close()
        for server in servers:
            await server.ensure_stopped()
