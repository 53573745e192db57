"""One redis-server on a loopback port, durable: every write is in its append-only file, fsynced before
Redis answers (`appendfsync always`), so a Redis that crashes or restarts loses nothing it acked; no RDB
snapshots. SIGTERM always ends it (`shutdown-on-sigterm force`): by default Redis refuses to exit while
it writes a new append-only file (a replica does, right after copying its primary), and the SIGTERM a
launcher killed with SIGKILL leaves its children is the only one they get. Forcing loses nothing
acknowledged (it is in the old file, fsynced) and a replica's copy is had again from its primary.
`restart` stops it and starts it again on the same port and data dir, which is what a client sees when
Redis is restarted in production. A node of a replicated set (`redis_ha`) also has a config file,
which Sentinel rewrites when it changes the node's role, and may start as a replica."""

import contextlib
import signal
import socket
from dataclasses import dataclass
from pathlib import Path

from server.cluster.install import REDIS, find_program
from server.cluster.services import LOOPBACK, Service, ServiceError, start_on_free_port

START_SECONDS = 30.0
"""A large append-only file takes a while to load; Redis answers LOADING until it is in."""


def redis_command(
    port: int,
    data_dir: Path,
    binary: str = "redis-server",
    conf: Path | None = None,
    replica_of: int | None = None,
    host: str = LOOPBACK,
) -> list[str]:
    """The command line of a durable redis-server on `host` (loopback by default), reading `conf`
    first, if given; a replica of the loopback Redis on `replica_of`, if given."""
    first = [binary] if conf is None else [binary, str(conf)]
    replica = [] if replica_of is None else ["--replicaof", LOOPBACK, str(replica_of)]
    return [
        *first, *replica, "--port", str(port), "--bind", host, "--save", "", "--appendonly", "yes",
        "--appendfsync", "always", "--shutdown-on-sigterm", "force", "--dir", str(data_dir),
        "--daemonize", "no", "--logfile", "",
    ]  # fmt: skip


def pong(port: int, host: str = LOOPBACK) -> bool:
    """Whether Redis answers PING with PONG (not LOADING, not an error, not silence)."""
    with contextlib.suppress(OSError), socket.create_connection((host, port), timeout=1.0) as conn:
        conn.sendall(b"PING\r\n")
        return conn.recv(64).startswith(b"+PONG")
    return False


def redis_binary() -> str:
    """The redis-server executable; `ServiceError` when it is not installed."""
    found = find_program(REDIS.program)
    if found is None:
        raise ServiceError("redis-server is not installed (Debian: apt-get install redis-server)")
    return found


@dataclass
class RedisServer:
    """A redis-server this process started, with its data dir (the append-only file lives there)."""

    data_dir: Path
    service: Service
    binary: str
    conf: Path | None = None
    replica_of: int | None = None
    """The port of the primary this node replicates at its next start (its config file may say)."""

    @classmethod
    def start(
        cls, data_dir: Path, port: int | None = None, conf: Path | None = None, replica_of: int | None = None
    ) -> "RedisServer":
        """Start Redis on `port` (a free one by default) and wait until it answers PING."""
        data_dir.mkdir(parents=True, exist_ok=True)
        binary = redis_binary()
        service = start_on_free_port(
            "redis-server",
            lambda chosen: redis_command(chosen, data_dir, binary, conf, replica_of),
            data_dir / "redis.log",
            lambda started: pong(started.port),
            seconds=START_SECONDS,
            port=port,
        )
        return cls(data_dir, service, binary, conf, replica_of)

    @property
    def port(self) -> int:
        """The port Redis listens on."""
        return self.service.port

    @property
    def url(self) -> str:
        """The URL the MazeRace processes are given (`--redis`)."""
        return f"redis://{LOOPBACK}:{self.port}/0"

    def stop(self) -> int:
        """SIGTERM (Redis fsyncs its append-only file and exits), killed if it hangs; its exit status."""
        return self.service.stop(signal.SIGTERM)

    def kill(self) -> int:
        """SIGKILL, as a crash would: only what `appendfsync always` wrote survives."""
        return self.service.stop(signal.SIGKILL)

    def restart(self, *, crash: bool = False) -> None:
        """Stop (or kill, with `crash`) and start again on the same port with the same data dir."""
        self.kill() if crash else self.stop()
        self.service = start_on_free_port(
            "redis-server",
            lambda chosen: redis_command(chosen, self.data_dir, self.binary, self.conf, self.replica_of),
            self.service.log,
            lambda started: pong(started.port),
            seconds=START_SECONDS,
            port=self.port,
        )
