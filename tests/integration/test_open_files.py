"""The server raises its own open-files limit at start and says so in /healthz: a real server process,
started with a low soft limit under a higher hard one, as a system's defaults often are."""

import asyncio
import os
import resource
import subprocess
import sys
from pathlib import Path

import aiohttp

from tests.store.live import ROOT, ServerProcess, free_port, get_json

SOFT, HARD = 256, 2048


def low_soft_limit() -> None:
    """In the child before it runs the server: the soft limit low, the hard one higher."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (SOFT, HARD))


async def test_the_server_raises_its_open_files_limit_and_reports_it(tmp_path: Path) -> None:
    hard_here = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    assert hard_here >= HARD, f"this machine's hard open-files limit is {hard_here}, under {HARD}"
    port, log = free_port(), tmp_path / "server.log"
    with log.open("ab") as out:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port),
            "--db", str(tmp_path / "mazerace.db"),
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, preexec_fn=low_soft_limit,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
    server = ServerProcess(process, port, log)
    async with aiohttp.ClientSession() as http:
        try:
            assert await server._healthy(http), server.output()
            status, body = await get_json(http, server.url + "/healthz")
            assert status == 200
            assert body["open_files"]["limit"] == HARD, body
            assert 0 < body["open_files"]["open"] < HARD
        finally:
            await server.ensure_stopped()
