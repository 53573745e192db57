"""`python -m server serve`: run the web server."""

import argparse
import logging
import os
from collections.abc import Sequence
from pathlib import Path

from aiohttp import web

from server.app import create_app
from server.config import AppConfig
from server.room_links import parse_public_url


def main(argv: Sequence[str]) -> int:
    """Parse host and port and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m server", description="Run the MazeRace server.")
    parser.add_argument("--host", default=os.environ.get("MAZERACE_HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8080")))
    parser.add_argument(
        "--db",
        type=Path,
        default=Path(os.environ.get("MAZERACE_DB", "mazerace.db")),
        help="SQLite file for results and restarts, created on first start (env MAZERACE_DB)",
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
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = AppConfig(
        db_path=args.db, countdown=args.countdown, grace=args.grace, public_url=args.public_url
    )
    web.run_app(create_app(config), host=args.host, port=args.port, shutdown_timeout=2, access_log=None)
    return 0
