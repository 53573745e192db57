"""`--public-url` / `MAZERACE_PUBLIC_URL` through a real `python -m server` process: room links name the
public address whatever Host a request carries, and a bad value stops the server at once with one line."""

import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from .live import ROOT, ServerProcess


async def test_the_public_url_from_the_environment_names_every_room_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MAZERACE_PUBLIC_URL", "https://maze.example/")
    async with aiohttp.ClientSession() as http:
        server = await ServerProcess.start(tmp_path / "races.db", tmp_path / "server.log", http)
        try:
            for path in ("/api/rooms", "/api/daily"):
                async with http.post(
                    server.url + path, json={}, headers={"Host": "evil.example"}
                ) as response:
                    body = await response.json()
                assert response.status in (200, 201), body
                assert body["url"] == f"https://maze.example/r/{body['code']}"
        finally:
            await server.ensure_stopped()


@pytest.mark.parametrize(
    "value", ["ftp://maze.example", "maze.example", "https://maze.example:99999", "https://a@b"]
)
def test_a_bad_public_url_is_one_line_and_a_non_zero_exit(tmp_path: Path, value: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "server", "--db", str(tmp_path / "x.db"), "--public-url", value],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode == 2
    assert "--public-url" in done.stderr.splitlines()[-1]
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "x.db").exists()
