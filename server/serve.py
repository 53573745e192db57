"""`python -m server serve`: run the web server."""

import argparse
import os
from collections.abc import Sequence

from aiohttp import web

from server.app import create_app


def main(argv: Sequence[str]) -> int:
    """Parse host and port and serve until interrupted."""
    parser = argparse.ArgumentParser(prog="python -m server", description="Run the MazeRace server.")
    parser.add_argument("--host", default=os.environ.get("MAZERACE_HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8080")))
    args = parser.parse_args(argv)
    web.run_app(create_app(), host=args.host, port=args.port)
    return 0
