"""`python -m server play ...`: the arguments, then a live room or a solo game on a restored-on-exit
terminal.

    python -m server play URL_OR_CODE --name NAME [--watch] [--server URL] [--retry-for S] [--lang zh|en]
    python -m server play --solo [--size easy|medium|hard] [--seed N] [--algorithm A] [--directions 4|8]
    python -m server play --solo --maze CODE [--server URL]

URL_OR_CODE is a room's share link (`http://host:port/r/CODE`, the server is read from it) or its bare
code (the server is then `--server`). Bad arguments print one line and exit with status 2; a room or
server that cannot be reached, one line and status 1: these lines stay English. `--lang` picks the
language of the screen and of the closing line (the locale's by default: LC_ALL, then LC_MESSAGES, then
LANG, zh* meaning Chinese). `python -m server.clients.terminal ...` is the same command.
"""

import argparse
import asyncio
import os
import re
import secrets
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NoReturn
from urllib.parse import urlsplit

from server.clients.terminal.console import Console
from server.clients.terminal.messages import LANGUAGES, Messages, language_of_locale
from server.errors import BadSettings
from server.maze.generation import MAX_SEED
from server.maze.generators import ALGORITHMS, check_directions
from server.maze.model import Maze
from server.maze.share_code import SHARE_CODE
from server.maze.walls import DIRECTION_COUNTS
from server.room.codes import ROOM_CODE
from server.room.settings import PRESETS

DEFAULT_SERVER = "http://localhost:8080"
_LINK = re.compile(r"^(?P<prefix>.*)/r/(?P<code>[0-9A-Za-z]+)/?$")


class UsageError(Exception):
    """Bad arguments: one line on stderr, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


@dataclass(frozen=True)
class RoomTarget:
    """Where to play: the server's base URL and the room's code."""

    server: str
    code: str


def parse_target(text: str, server: str) -> RoomTarget:
    """The server and room of a share link, or of a bare code on `server`."""
    text = text.strip()
    if "://" in text:
        parts = urlsplit(text)
        match = _LINK.match(parts.path)
        if parts.scheme not in ("http", "https") or not parts.netloc or match is None:
            raise UsageError(f"a room link looks like http://host:port/r/CODE, got {text!r}")
        base, code = f"{parts.scheme}://{parts.netloc}{match['prefix']}", match["code"]
    else:
        base, code = server, text
        _check_server(server)
    code = code.lower()
    if not ROOM_CODE.match(code):
        raise UsageError(f"a room code is 10 letters and digits, got {code!r}")
    return RoomTarget(base.rstrip("/"), code)


def _check_server(server: str) -> None:
    parts = urlsplit(server)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise UsageError(f"--server must be an http(s) URL such as {DEFAULT_SERVER}, got {server!r}")


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, got {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"the seed must be between 0 and {MAX_SEED}")
    return value


def _maze_code(text: str) -> str:
    code = text.strip().lower()
    if not SHARE_CODE.match(code):
        raise argparse.ArgumentTypeError(f"a maze's share code is 8 to 16 letters and digits, got {text!r}")
    return code


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError("seconds must be more than 0 and at most 3600")
    return value


def build_parser(environ: Mapping[str, str] = os.environ) -> _Parser:
    """The `play` command's arguments (`environ` gives --lang its default)."""
    parser = _Parser(prog="python -m server play", description="Play MazeRace in the terminal.")
    parser.add_argument("room", nargs="?", help="a room's link (http://host:port/r/CODE) or its code")
    parser.add_argument("--name", help="your name in the room (1-20 printable characters)")
    parser.add_argument("--watch", action="store_true", help="join as a spectator")
    parser.add_argument(
        "--server", default=DEFAULT_SERVER, help=f"the server of a bare code ({DEFAULT_SERVER})"
    )
    parser.add_argument(
        "--retry-for", type=_seconds, default=30.0, help="seconds to keep reconnecting after a drop (30)"
    )
    parser.add_argument("--solo", action="store_true", help="play alone, offline")
    parser.add_argument("--size", choices=tuple(PRESETS), default="easy", help="solo: the maze's size")
    parser.add_argument("--seed", type=_seed, help="solo: the maze's seed (a random one when left out)")
    parser.add_argument("--algorithm", choices=ALGORITHMS, default="backtracker", help="solo: the generator")
    parser.add_argument("--directions", type=int, choices=DIRECTION_COUNTS, default=4, help="solo: 4 or 8")
    parser.add_argument(
        "--maze", type=_maze_code, help="solo: race the published maze of this share code, from --server"
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=language_of_locale(environ),
        help="the screen's language: zh (Chinese) or en (the locale's, from LC_ALL, LC_MESSAGES or LANG)",
    )
    return parser


def main(argv: list[str]) -> int:
    """Run `play`; the exit status."""
    try:
        options = build_parser().parse_args(argv)
        if options.solo:
            if options.room is not None:
                raise UsageError("--solo plays offline: leave out the room")
            if options.maze is not None:
                _check_server(options.server)
            return _solo(options)
        if options.maze is not None:
            raise UsageError("--maze is for --solo (a room's host picks its maze in the room)")
        if options.room is None:
            raise UsageError("name a room (its link or code), or play --solo")
        if not options.watch and not options.name:
            raise UsageError("--name NAME is needed to play (or --watch to watch)")
        target = parse_target(options.room, options.server)
    except UsageError as error:
        print(f"play: {error}", file=sys.stderr)
        return 2
    from server.clients.terminal.live import play_live  # socket.io and aiohttp only for a live room
    from server.clients.terminal.server_rules import LiveError

    try:
        with Console(sys.stdin.fileno(), sys.stdout.fileno()) as console:
            summary = asyncio.run(
                play_live(
                    console,
                    target.server,
                    target.code,
                    options.name or "watcher",
                    options.watch,
                    options.retry_for,
                    Messages(options.lang),
                )
            )
    except LiveError as error:
        print(f"play: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # Ctrl-C when input is no terminal (on one, it is a key)
        return 130
    print(summary)
    return 0


def _solo(options: argparse.Namespace) -> int:
    from server.clients.terminal.solo import play_solo

    try:
        check_directions(options.algorithm, options.directions)
    except BadSettings as error:  # a generator without an 8-direction form
        print(f"play: {error}", file=sys.stderr)
        return 2
    seed = options.seed if options.seed is not None else secrets.randbelow(MAX_SEED + 1)
    published = None
    if options.maze is not None:
        published = _published(options.server, options.maze)
        if published is None:
            return 1
    try:
        with Console(sys.stdin.fileno(), sys.stdout.fileno()) as console:
            words = Messages(options.lang)
            game = play_solo(
                console, options.size, seed, options.algorithm, options.directions, words, published
            )
            summary = asyncio.run(game)
    except KeyboardInterrupt:
        return 130
    print(summary)
    return 0


def _published(server: str, code: str) -> tuple[str, Maze] | None:
    """The published maze `code` from `server`, or None once what went wrong is printed."""
    from server.clients.terminal.published import fetch_published
    from server.clients.terminal.server_rules import LiveError  # aiohttp only when a maze is fetched

    try:
        found = asyncio.run(fetch_published(server.rstrip("/"), code))
    except LiveError as error:
        print(f"play: {error}", file=sys.stderr)
        return None
    return found.code, found.maze
