"""Which process answered: `GET /healthz` (liveness and load: the node id, its pid, the rooms it holds,
its connections) and the `X-MazeRace-Node` header on every answer, so a cluster's routing can be seen
from outside (the same room always lands on the same node)."""

import argparse
import os
import re
import resource
from typing import NotRequired, TypedDict

from aiohttp import web

from server.http.keys import CONFIG, GATEWAY, REGISTRY, STORE

NODE_HEADER = "X-MazeRace-Node"
NODE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,31}")
"""A node id goes into a header and a table: short, and nothing a header could be split by."""


def parse_node_id(text: str) -> str:
    """A `--node` value: 1-32 letters, digits, `_`, `.` or `-`, starting with a letter or digit."""
    if not NODE_ID.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"a node id is 1-32 letters, digits, '_', '.' or '-' (first a letter or digit): {text[:40]!r}"
        )
    return text


class StoreHealth(TypedDict):
    """Whether the database takes writes, and if not, what to do about it."""

    ok: bool
    problem: str | None


class OpenFiles(TypedDict):
    """File descriptors: how many this process has open (None where it cannot tell), and its limit."""

    open: int | None
    limit: int


def open_files() -> OpenFiles:
    """The process's open file descriptors and its soft limit (raised to the hard one at start)."""
    try:
        count: int | None = len(os.listdir("/proc/self/fd"))
    except OSError:  # not Linux
        count = None
    return {"open": count, "limit": resource.getrlimit(resource.RLIMIT_NOFILE)[0]}


class Health(TypedDict):
    """`GET /healthz`: liveness, the node and its load, and the database's health when it has one."""

    ok: bool
    node: str
    pid: int
    rooms: int
    connections: int
    """Socket.IO connections to the game."""
    sessions: int
    """Engine.IO sessions: the connections above, and any that have not (or no longer) connected to the
    game; those are hung up within the same time as a connection that joins no room."""
    open_files: OpenFiles
    hung_up: int
    """Socket.IO connections hung up since start: never joined in time, or not reading what they were sent."""
    store: NotRequired[StoreHealth]


async def healthz(request: web.Request) -> web.Response:
    """Liveness with a little load information; `ok` is false while the database cannot be written."""
    app = request.app
    body: Health = {
        "ok": True,
        "node": app[CONFIG].node,
        "pid": os.getpid(),
        "rooms": len(app[REGISTRY].rooms),
        "connections": app[GATEWAY].connections,
        "sessions": app[GATEWAY].sessions(),
        "open_files": open_files(),
        "hung_up": app[GATEWAY].hung_up(),
    }
    store = app.get(STORE)
    if store is not None:  # the database: its file there, and taking writes
        health = store.health
        body["ok"] = health.ok
        body["store"] = {"ok": health.ok, "problem": health.problem}
    return web.json_response(body)


async def _name_the_node(request: web.Request, response: web.StreamResponse) -> None:
    """Every answer (errors, Socket.IO polling and WebSocket upgrades included) names its node, but the
    web client's files: every node serves the same bytes, and a page loads some sixty of them."""
    if not request.path.startswith("/static/"):
        response.headers[NODE_HEADER] = request.app[CONFIG].node


def add_health_route(app: web.Application) -> None:
    """Register `GET /healthz` and the node header."""
    app.router.add_get("/healthz", healthz)
    app.on_response_prepare.append(_name_the_node)
