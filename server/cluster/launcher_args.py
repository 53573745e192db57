"""The launcher's command line (`python -m server cluster ...`): what it starts and with what."""

import argparse
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from server.cluster.redis_url import redis_url_argument
from server.cluster.services import LOOPBACK


@dataclass(frozen=True)
class ClusterArgs:
    """The launcher's command line."""

    procs: int
    port: int
    host: str
    redis: str | None
    db: str
    data: Path
    public_url: str | None
    restart: bool
    node_args: tuple[str, ...]
    redis_ha: bool = False
    """Start a primary, a replica and three Sentinels (`redis_ha`) instead of one Redis."""


def _procs(text: str) -> int:
    if not (text.isdecimal() and 1 <= int(text) <= 64):
        raise argparse.ArgumentTypeError("--procs is a whole number from 1 to 64")
    return int(text)


def parse_args(argv: Sequence[str]) -> ClusterArgs:
    """Parse the command line; what follows `--` goes to every MazeRace process."""
    argv = list(argv)
    node_args: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, node_args = argv[:at], argv[at + 1 :]
    parser = argparse.ArgumentParser(
        prog="python -m server cluster", description="Run N MazeRace processes behind nginx, with Redis."
    )
    parser.add_argument("--procs", type=_procs, default=3, help="how many MazeRace processes (default 3)")
    parser.add_argument("--port", type=int, default=8080, help="the port nginx listens on (default 8080)")
    parser.add_argument("--host", default=LOOPBACK, help="the address nginx listens on (default 127.0.0.1)")
    redis = parser.add_mutually_exclusive_group()
    redis.add_argument(
        "--redis",
        type=redis_url_argument,
        help="a running Redis to use (redis://host:port/db, or redis+sentinel://host:port,.../MASTER/DB)"
        " instead of starting one",
    )
    redis.add_argument(
        "--redis-ha",
        action="store_true",
        help="start Redis as a primary, a replica and three Sentinels (a primary that dies is replaced"
        " by its replica) instead of one redis-server",
    )
    parser.add_argument(
        "--db",
        default=os.environ.get("MAZERACE_DB", "mazerace.db"),
        help="the results store every process shares (default: the SQLite file mazerace.db)",
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=Path("cluster-data"),
        help="where Redis's append-only file, nginx's config and the logs go (default ./cluster-data)",
    )
    parser.add_argument("--public-url", help="passed to every process: the address players use")
    parser.add_argument(
        "--restart",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="start a process that died again on its port (default: yes)",
    )
    args = parser.parse_args(argv)
    return ClusterArgs(
        args.procs, args.port, args.host, args.redis, args.db, args.data.resolve(),
        args.public_url, args.restart, tuple(node_args), args.redis_ha,
    )  # fmt: skip
