"""A database that fails while the server runs, through real server processes on real SQLite files: a
full disk (a real tmpfs of a few MB, filled with a filler file) keeps the race in memory, tells the room
`results_not_saved`, and stores it once there is room again (`results_saved`); a database file deleted
under the server is noticed, rebuilt from the open connection and reported in /healthz; a SIGTERM on a
full disk still ends the process, and the open rooms come back from the rescue file on the next start.

The full disk is a tmpfs mounted for the test (the tests run as root: `test_failures.py` checks it).
"""

import asyncio
import contextlib
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.store.live import Racer, ServerProcess, get_json, post_json, started_race
from tests.store.races import shortest_path

# ----- a full disk ---------------------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 4 MB tmpfs, mounted for the test."""
    mount = tmp_path / "disk"
    mount.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], check=True)
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    """Fill the disk to the last byte with one file; remove it to make room again."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as out:
        for size in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while out.write(b"\0" * size):
                    pass
    return filler


async def wait_for_notice(racer: Racer, kind: str, within: float) -> dict[str, Any]:
    for _ in range(int(within / 0.05)):
        for data in racer.notice_data:
            if data.get("kind") == kind:
                return data
        await asyncio.sleep(0.05)
    raise AssertionError(f"no {kind} notice within {within} s; got {racer.notice_data}")


class NoticeRacer(Racer):
    """A racer that also keeps the data of `notice` events."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.notice_data: list[dict[str, Any]] = []
        self.sio.on("notice", self._notice)

    async def _notice(self, data: dict[str, Any]) -> None:
        self.notice_data.append(data)


async def solo_race(server: ServerProcess, http: aiohttp.ClientSession, racer: Racer) -> tuple[str, Any]:
    """Racer joins a fresh room and starts; the race id and the maze."""
    status, created = await post_json(http, server.url + "/api/rooms", {"preset": "easy"})
    assert status == 201
    await racer.connect()
    await racer.join(created["code"], "Una")
    maze, race_id, _ = await started_race(racer)
    return race_id, maze


async def test_a_race_finished_on_a_full_disk_is_kept_and_stored_once_there_is_room(
    small_disk: Path, tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db = small_disk / "mazerace.db"
    server = await ServerProcess.start(db, tmp_path / "server.log", http)
    una = NoticeRacer(server.url)
    try:
        race_id, maze = await solo_race(server, http, una)
        filler = fill(small_disk)
        await una.walk(shortest_path(maze)[1:])
        over = (await una.wait_for("race_over"))["d"]  # the results still come at once
        assert over["race"] == race_id
        notice = await wait_for_notice(una, "results_not_saved", 5)
        assert notice["race"] == race_id
        assert "could not be saved" in notice["message"]
        status, health = await get_json(http, server.url + "/healthz")
        assert status == 200
        assert health["ok"] is False
        assert "full" in health["store"]["problem"]
        assert str(small_disk) not in health["store"]["problem"]  # no folder names in public
        assert (await get_json(http, f"{server.url}/api/races/{race_id}"))[0] == 404

        filler.unlink()
        await wait_for_notice(una, "results_saved", 15)
        status, stored = await get_json(http, f"{server.url}/api/races/{race_id}")
        assert status == 200
        assert stored["results"] == over["results"]
        status, health = await get_json(http, server.url + "/healthz")
        assert health["ok"] is True
        assert server.output().count(f"could not store race {race_id}") == 1  # one line, no traceback
        assert "Traceback" not in server.output()
    finally:
        await una.close()
        await server.ensure_stopped()


async def test_a_sigterm_on_a_full_disk_ends_and_the_rooms_come_back_from_the_rescue_file(
    small_disk: Path, tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db, log = small_disk / "mazerace.db", tmp_path / "server.log"
    spare = tmp_path / "spare"  # the temporary folder, on another disk
    spare.mkdir()
    env = {"TMPDIR": str(spare)}
    server = await ServerProcess.start(db, log, http, env=env)
    una = NoticeRacer(server.url)
    servers = [server]
    try:
        _, maze = await solo_race(server, http, una)
        path = shortest_path(maze)
        await una.walk(path[1:4])
        token = una.you["token"]
        code = (await una.ok("resync"))["snapshot"]["code"]
        filler = fill(small_disk)
        exit_code, _ = await server.stop(signal.SIGTERM, within=30)
        assert exit_code == 0, server.output()
        assert "could not take them: 1 rooms, 0 races kept in" in server.output()
        rescued = list(spare.glob("mazerace-rescue-*.json"))
        assert len(rescued) == 1
        await una.close()

        filler.unlink()
        again = await ServerProcess.start(db, log, http, env=env)
        servers.append(again)
        back = Racer(again.url)
        await back.connect()
        joined = await back.join(code, "Una", token=token)
        me = next(p for p in joined["snapshot"]["players"] if p["id"] == una.you["id"])
        assert me["cell"] == list(path[3])
        assert me["moves"] == 3
        assert not list(spare.glob("mazerace-rescue-*.json"))  # restored once, then removed
        await back.close()
    finally:
        await una.close()
        for each in servers:
            await each.ensure_stopped()


# ----- a file deleted under the server ------------------------------------------------------------------


async def test_a_database_deleted_while_running_is_rebuilt_and_keeps_every_race(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db, log = tmp_path / "data" / "mazerace.db", tmp_path / "server.log"
    server = await ServerProcess.start(db, log, http)
    servers = [server]
    racers: list[Racer] = []
    try:
        ids = []
        for name in ("first", "second"):
            racer = Racer(server.url)
            racers.append(racer)
            race_id, maze = await solo_race(server, http, racer)
            await racer.walk(shortest_path(maze)[1:])
            await racer.wait_for("race_over")
            ids.append(race_id)
            if name == "first":
                for suffix in ("", "-wal", "-shm"):
                    with contextlib.suppress(FileNotFoundError):
                        db.with_name(db.name + suffix).unlink()
                for _ in range(100):
                    if "rebuilt with every stored race" in server.output():
                        break
                    await asyncio.sleep(0.05)
                assert "was deleted while the server ran" in server.output()
                assert db.is_file()
                status, health = await get_json(http, server.url + "/healthz")
                assert (status, health["ok"]) == (200, True)
        assert (await server.stop())[0] == 0

        again = await ServerProcess.start(db, log, http)
        servers.append(again)
        for race_id in ids:
            status, _ = await get_json(http, f"{again.url}/api/races/{race_id}")
            assert status == 200, race_id
    finally:
        for racer in racers:
            await racer.close()
        for each in servers:
            await each.ensure_stopped()
