"""Regression test: a long-polling client that has gone quiet held the shutdown (Engine.IO waits for
every client to fetch its close packet); a SIGTERM now ends the process regardless."""

from pathlib import Path

import aiohttp

from .live import ServerProcess


async def test_a_silent_polling_client_does_not_hold_the_shutdown(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    server = await ServerProcess.start(tmp_path / "mazerace.db", tmp_path / "server.log", http)
    try:
        async with http.get(server.url + "/socket.io/?EIO=4&transport=polling") as response:
            assert response.status == 200
            opened = await response.text()
        sid = opened.split('"sid":"', 1)[1].split('"', 1)[0]
        url = f"{server.url}/socket.io/?EIO=4&transport=polling&sid={sid}"
        async with http.post(url, data="40") as response:  # joins the namespace, then never polls
            assert response.status == 200
        code, _ = await server.stop(within=15)  # before the fix: no exit at all while the client is silent
        assert code == 0
    finally:
        await server.ensure_stopped()
