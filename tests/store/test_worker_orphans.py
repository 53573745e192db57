"""A server killed outright (SIGKILL: no shutdown runs) leaves no hint-search worker behind."""

import asyncio
import signal
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp

from tests.store.live import ServerProcess


def children_of(pid: int) -> set[int]:
    """The processes whose parent is `pid`, read from /proc."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie does not count: it holds no memory)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def settle(check: Callable[[], set[int]], seconds: float) -> set[int]:
    """`check()` polled until it is non-empty or `seconds` pass; its last value."""
    deadline = time.monotonic() + seconds
    while not (found := check()) and time.monotonic() < deadline:
        time.sleep(0.1)
    return found


def still_alive(pids: set[int], seconds: float) -> set[int]:
    """Which of `pids` still run after waiting up to `seconds` for all to end."""
    deadline = time.monotonic() + seconds
    while (left := {pid for pid in pids if alive(pid)}) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


async def test_search_workers_end_with_a_killed_server(tmp_path: Path, http: aiohttp.ClientSession) -> None:
    """Killed at once, while its workers may still be starting (the race that kept them alive)."""
    server = await ServerProcess.start(tmp_path / "maze.db", tmp_path / "server.log", http)
    pid = server.process.pid
    workers = await asyncio.to_thread(settle, lambda: children_of(pid), 20)  # warmed at start
    assert workers, "the server started no search workers"
    server.send(signal.SIGKILL)
    await server.process.wait()
    left = await asyncio.to_thread(still_alive, workers, 10)
    assert not left, f"search workers outlived their server: {sorted(left)}"
