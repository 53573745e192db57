"""`python -m server serve`: run the web server."""

import argparse
import asyncio
import logging
import os
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from server.app import listening
from server.app.factory import create_app
from server.app.listening import AddressLimits
from server.app.log_limits import bound_logs
from server.app.open_files import raise_open_files_limit
from server.cluster.redis_url import redis_url_argument
from server.config import AppConfig
from server.http.client_address import parse_proxy_address
from server.http.healthz import parse_node_id
from server.http.room_links import parse_public_url
from server.runtime.worker_pools import stop_all_pools
from server.store.errors import StoreError
from server.store.open import is_postgres_url

log = logging.getLogger(__name__)

EXIT_SECONDS = 5.0
"""How long the process waits for worker threads (the database's) after the server stopped."""


def fast_loop() -> asyncio.AbstractEventLoop | None:
    """A uvloop event loop (a fifth less CPU a move), or None where uvloop is not installed."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop()


def _seconds(what: str, least: float, most: float) -> Callable[[str], float]:
    """An argument parser for a number of seconds from `least` to `most`, its errors naming `what`."""

    def parse(text: str) -> float:
        try:
            seconds = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} is a number of seconds") from None
        if not least <= seconds <= most:
            raise argparse.ArgumentTypeError(f"{what} is between {least:g} and {most:g} seconds")
        return seconds

    return parse


def main(argv: Sequence[str]) -> int:
    """Parse host and port and serve until interrupted; 2 when the database cannot be used."""
    parser = argparse.ArgumentParser(prog="python -m server", description="Run the MazeRace server.")
    parser.add_argument("--host", default=os.environ.get("MAZERACE_HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8080")))
    parser.add_argument(
        "--db",
        default=os.environ.get("MAZERACE_DB", "mazerace.db"),
        help="SQLite file for results and restarts, created on first start, or a postgresql:// URL of a"
        " database several servers share (env MAZERACE_DB)",
    )
    parser.add_argument(
        "--countdown", type=float, default=3.0, help="seconds between start and race (default 3)"
    )
    parser.add_argument(
        "--grace", type=float, default=60.0, help="seconds a dropped player keeps their place"
    )
    parser.add_argument(
        "--public-url",
        type=parse_public_url,
        default=os.environ.get("MAZERACE_PUBLIC_URL"),
        help="the address players reach the server at, for room links, e.g. https://maze.example"
        " (env MAZERACE_PUBLIC_URL; default: the address each request arrived on)",
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        default=os.environ.get("MAZERACE_PLAIN") == "1",
        help="plain asyncio and json instead of uvloop and orjson (env MAZERACE_PLAIN=1)",
    )
    parser.add_argument(
        "--node",
        type=parse_node_id,
        default=os.environ.get("MAZERACE_NODE", "solo"),
        help="this process's id in a cluster, in /healthz and the X-MazeRace-Node header (env MAZERACE_NODE)",
    )
    parser.add_argument(
        "--redis",
        type=redis_url_argument,
        default=os.environ.get("MAZERACE_REDIS") or None,
        help="the Redis URL a cluster's processes share, e.g. redis://127.0.0.1:6379/0, or its Sentinels"
        " redis+sentinel://host:port,host:port,host:port/MASTER/DB (env MAZERACE_REDIS)",
    )
    parser.add_argument(
        "--lease-ttl",
        type=_seconds("the lease ttl", 0.3, 30),
        default=1.5,
        help="seconds a room's lease lives unrenewed in a cluster: how soon a dead process's rooms move"
        " (0.3-30, default 1.5)",
    )
    parser.add_argument(
        "--trusted-proxy",
        type=parse_proxy_address,
        action="append",
        default=[],
        help="the address of a proxy (nginx) whose X-Real-IP header names the client; repeatable",
    )
    parser.add_argument(
        "--silent-for",
        type=_seconds("the silence allowed", 1, 300),
        default=AppConfig.silent_for,
        help="seconds a new connection may send nothing before it is hung up (1-300, default 30)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bound_logs(logging.getLogger())
    raise_open_files_limit()
    loop = None if args.plain else fast_loop()
    log.info("event loop: %s; json: %s", "uvloop" if loop else "asyncio", "json" if args.plain else "orjson")
    db_url, db_path = (args.db, None) if is_postgres_url(args.db) else (None, Path(args.db))
    config = AppConfig(
        db_path=db_path,
        db_url=db_url,
        countdown=args.countdown,
        grace=args.grace,
        fast_json=not args.plain,
        public_url=args.public_url,
        node=args.node,
        redis_url=args.redis,
        lease_ttl=args.lease_ttl,
        trusted_proxies=frozenset(args.trusted_proxy),
        silent_for=args.silent_for,
    )
    limits = AddressLimits(config.tcp_connections_per_address, config.silent_for, config.trusted_proxies)
    code = 0
    try:
        listening.run(
            create_app(config),
            host=args.host,
            port=args.port,
            limits=limits,
            loop=loop,
            shutdown_timeout=2,
            access_log=None,
        )
    except StoreError as error:
        print(f"mazerace: cannot start: {error}", file=sys.stderr, flush=True)
        code = 2
    stop_all_pools()
    return _exit_when_threads_end(code)


def _exit_when_threads_end(code: int) -> int:
    """Give worker threads a moment to end; a stuck one (a disk that hangs) must not keep the process
    alive after the server has stopped, so then the process ends without them."""
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join(EXIT_SECONDS)
            if thread.is_alive():
                log.error("a worker thread (%s) did not end; exiting without it", thread.name)
                logging.shutdown()
                os._exit(code or 1)
    return code
