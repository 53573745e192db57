"""The servers the abuse benchmarks of one address (`tests.bench.abuse_avail`) and of fair play
(`tests.bench.abuse_fair`) measure: `python -m server` of this checkout and, when
`MAZERACE_BENCH_BEFORE=/path/to/checkout` names another (e.g. the commit before a fix), of that one
too, each under the usual open-files limit, and a table with a column for each."""

import asyncio
import contextlib
import os
import resource
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import aiohttp

from tests.bench.timing import print_table
from tests.store.live import ServerProcess, free_port

HERE = Path(__file__).resolve().parents[2]
USUAL_OPEN_FILES = 1024
"""The open-files limit a server is started under, as on most hosts."""
Row = tuple[str, object]
Measure = Callable[[Path, bool], Awaitable[list[Row]]]


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def checkouts() -> list[tuple[str, Path]]:
    """The checkouts whose servers are measured: another one first when asked, then this one."""
    before = os.environ.get("MAZERACE_BENCH_BEFORE")
    return ([("before", Path(before))] if before else []) + [("now", HERE)]


def _usual_limit() -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(USUAL_OPEN_FILES, hard), hard))


@contextlib.asynccontextmanager
async def server_at(root: Path, folder: Path) -> AsyncIterator[ServerProcess]:
    """`python -m server` of the checkout at `root`, on a new SQLite file, under the usual open-files
    limit (what it does about that limit is its own business), waiting until it answers."""
    port, log = free_port(), folder / f"server-{time.monotonic_ns()}.log"
    with log.open("ab") as out:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port),
            "--db", str(folder / f"{port}.db"), "--countdown", "0.2",
            cwd=root, stdout=out, stderr=subprocess.STDOUT, preexec_fn=_usual_limit,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
    server = ServerProcess(process, port, log)
    try:
        async with aiohttp.ClientSession() as http:
            assert await server._healthy(http), server.output()
        yield server
    finally:
        await server.ensure_stopped()


def session_from(address: str) -> aiohttp.ClientSession:
    """An HTTP session whose connections leave from the loopback address `address`."""
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(address, 0), limit=0))


async def print_both(title: str, measure_at: Measure, quick: bool, note: str) -> None:
    """`measure_at` against each checkout, printed side by side."""
    columns = [(label, await measure_at(root, quick)) for label, root in checkouts()]
    labels = [label for label, _ in columns[-1][1]]
    rows = [[label, *(dict(found).get(label, "-") for _, found in columns)] for label in labels]
    print_table(title, ["measured", *(label for label, _ in columns)], rows, note=note)
