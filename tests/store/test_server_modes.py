"""The server process runs on uvloop and orjson by default and on plain asyncio and json with
`--plain` (MAZERACE_PLAIN=1): a whole race works the same on both."""

from pathlib import Path

import aiohttp
import pytest

from server.maze.wire import decode_maze
from tests.mazes import shortest_path

from .live import Racer, ServerProcess, post_json


@pytest.mark.parametrize(("plain", "loop"), [("0", "uvloop"), ("1", "asyncio")])
async def test_a_race_on_either_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plain: str, loop: str
) -> None:
    monkeypatch.setenv("MAZERACE_PLAIN", plain)
    async with aiohttp.ClientSession() as http:
        server = await ServerProcess.start(tmp_path / "races.db", tmp_path / "server.log", http)
        racer = Racer(server.url)
        try:
            assert f"event loop: {loop}" in server.output()
            status, body = await post_json(http, server.url + "/api/rooms", {"preset": "easy"})
            assert status == 201, body
            await racer.connect()
            await racer.join(body["code"], "Ünïcødé 名前")
            await racer.ok("start")
            maze = decode_maze((await racer.wait_for("started"))["d"]["maze"])
            await racer.walk(shortest_path(maze)[1:])
            over = await racer.wait_for("race_over")
            assert over["d"]["results"][0]["name"] == "Ünïcødé 名前"
            bad = await racer.sio.call("move", {"seq": 2**70, "dir": "up"}, timeout=5)
            assert bad["error"]["code"] == "bad_payload"  # integers orjson cannot read still parse
        finally:
            await racer.close()
            await server.ensure_stopped()
