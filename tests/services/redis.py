"""A real redis-server for a test: durable (`appendonly yes`, `appendfsync always`, no RDB), on a free
loopback port, its append-only file in the test's temp dir; `restart()` (or `restart(crash=True)`, a
SIGKILL) brings it back on the same port with the same file. Commands go through Debian's redis-cli."""

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from server.cluster.install import find_program
from server.cluster.redis_server import RedisServer

__all__ = ["RedisServer", "redis_cli", "running_redis"]


@contextmanager
def running_redis(data_dir: Path) -> Iterator[RedisServer]:
    """Redis for the `with` block, stopped (by pid) after it."""
    server = RedisServer.start(data_dir)
    try:
        yield server
    finally:
        server.stop()


def redis_cli(server: RedisServer, *args: str) -> str:
    """One command through redis-cli (Debian's redis-tools, installed with redis-server); its reply."""
    cli = find_program("redis-cli")
    if cli is None:
        raise RuntimeError("redis-cli is missing (Debian: apt-get install redis-tools)")
    done = subprocess.run(
        [cli, "-h", "127.0.0.1", "-p", str(server.port), *args],
        capture_output=True,
        text=True,
        timeout=10,
        check=True,
    )
    return done.stdout.strip()
