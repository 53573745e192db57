"""The few routes whose bodies may be larger than every other request's 16 KB: maze files, mazes and
the walks of clear checks. Each gets its own cap, checked at the edge before the body is read, as the
default one is (`server.http.edge.refusal`); aiohttp reads at most that much for those routes only.
"""

from aiohttp import web

from server.maze.exchange import MAX_IMPORT_CHARS

MAZE_BODY = 64 * 1024
"""A maze in wire form and a few fields: a 150 x 150 maze of 8 directions is 15,000 characters."""
IMPORT_BODY = 2 * MAX_IMPORT_CHARS + 4096
"""An import's text as a JSON string: every line break is two characters there."""
WALK_BODY = 1024 * 1024
"""A clear check's walk: at most 4 steps a cell (`publishing.check_walk`), each `[149,149],`, 900 KB
for a 150 x 150 maze, with the maze itself."""

ROUTE_BODIES = {
    "/api/mazes/import": IMPORT_BODY,
    "/api/mazes/export": MAZE_BODY,
    "/api/mazes": MAZE_BODY,
    "/api/clear-checks": MAZE_BODY,
    "/api/clear-checks/finish": WALK_BODY,
}


def body_limit(request: web.Request, default: int) -> int:
    """The largest body `request` may send: its route's own cap for a POST to one of the routes
    above, else `default`."""
    if request.method != "POST":
        return default
    return max(default, ROUTE_BODIES.get(request.path.rstrip("/"), default))
