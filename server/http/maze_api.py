"""Published mazes over HTTP: publishing one (`POST /api/mazes`), the list (`GET /api/mazes`) and one
maze with its card, its shortest way and its own leaderboard (`GET /api/mazes/{code}`); and where every
maze route (`server.http.maze_files`, `server.http.clear_checks`) is registered.

Publishing is refused, each with a clear error, for a maze that cannot be published (out of the room
bounds, an opening inside, no way through), without a passed clear check of that very maze, for a title
or an author's name that breaks the rules, over the per-address rate, and over the per-address cap a
day, which the store counts (so it holds over restarts and across a cluster). The same maze published
again answers 200 with its code and `new: false`; a new one 201.
"""

import time
from collections import OrderedDict
from typing import Any

from aiohttp import web

from server.errors import GameError
from server.http.check_tokens import read
from server.http.clear_checks import finish_check, start_check
from server.http.keys import CONFIG, store_of
from server.http.maze_files import export_file, import_file
from server.http.maze_input import author, fields, publishable, title, wire_maze
from server.http.maze_state import MAZE_STATE, add_maze_state, address_key, spend, too_many, work_off_loop
from server.http.request_body import json_body, query_limit
from server.maze.maze_card import maze_card, shortest_way
from server.maze.model import Maze
from server.maze.share_code import SHARE_CODE, fingerprint, share_code
from server.maze.wire import encode_maze
from server.store.interface import MazeOrder

DAY_SECONDS = 24 * 3600
ORDERS: tuple[MazeOrder, ...] = ("newest", "most_raced")
CARDS_KEPT = 256
"""Published mazes whose card and shortest way are kept computed (a published maze never changes)."""


class Cards:
    """The card and shortest way of the last published mazes asked for, computed off the loop once."""

    def __init__(self, size: int = CARDS_KEPT) -> None:
        self.size = size
        self._kept: OrderedDict[str, dict[str, Any]] = OrderedDict()

    async def of(self, request: web.Request, code: str, maze: Maze) -> dict[str, Any]:
        kept = self._kept.get(code)
        if kept is None:
            kept = await work_off_loop(request, _card_and_way, maze)
            self._kept[code] = kept
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        self._kept.move_to_end(code)
        return kept


def _card_and_way(maze: Maze) -> dict[str, Any]:
    way = shortest_way(maze)
    return {"card": maze_card(maze), "shortest_way": [list(cell) for cell in way] if way else []}


CARDS = web.AppKey("maze_cards", Cards)


async def publish_maze(request: web.Request) -> web.Response:
    """`{maze, title, author, cleared}` -> 201 `{code, url, new: true}`, or 200 `{..., new: false, title,
    author}` for a maze published already: the title and author it keeps, so the page can say that the
    ones just typed were not taken."""
    state = request.app[MAZE_STATE]
    spend(request, state.publish, "publications")
    value, title_text, author_name, cleared = fields(
        await json_body(request), "maze", "title", "author", "cleared"
    )
    maze = wire_maze(value)
    name, who = title(title_text), author(author_name)
    await work_off_loop(request, publishable, maze)
    store = store_of(request)
    tokens, addresses = await state.keys(request)
    now = time.time()
    ticket = read(tokens, cleared, "cleared", fingerprint(maze), now)
    key = address_key(addresses, request)
    known = await store.published_maze(share_code(maze))
    if known is None or known.maze != maze:  # not published yet (one that is costs nothing of the cap)
        cap = request.app[CONFIG].publishes_per_day
        async with state.publishing:
            if await store.publications_since(key, now - DAY_SECONDS) >= cap:
                message = (
                    f"your address has published {cap} mazes in the last 24 hours: publish more tomorrow"
                )
                raise too_many("too_many_mazes", message, "3600")
            code, new = await store.publish_maze(maze, name, who, ticket.clear_ms, key, now)
        if new:
            return web.json_response({"code": code, "url": f"/m/{code}", "new": True}, status=201)
        known = await store.published_maze(code)  # published meanwhile, by another request
        if known is None:
            raise GameError("that maze could not be read back: try again", code="unknown_maze")
    kept = {"title": known.title, "author": known.author}
    return web.json_response({"code": known.code, "url": f"/m/{known.code}", "new": False, **kept})


async def list_mazes(request: web.Request) -> web.Response:
    """`GET /api/mazes?order=newest|most_raced&limit=N` -> `{mazes: [...]}`."""
    order = request.query.get("order") or "newest"
    if order not in ORDERS:
        raise GameError(f"order must be one of {', '.join(ORDERS)}", code="bad_query")
    limit = query_limit(request.query.get("limit", "20"))
    mazes = await store_of(request).published_mazes("newest" if order == "newest" else "most_raced", limit)
    return web.json_response({"mazes": mazes})


def share_code_of(text: str) -> str:
    """A share code from a path or a query, lowercase (one typed in capitals is the same code, as on
    `/m/{code}` and in a room's settings), or `unknown_maze` (no code is spelt that way)."""
    code = text.lower()
    if not SHARE_CODE.match(code):
        raise GameError(
            "no published maze has that code (a code is 8 to 16 letters and digits)", code="unknown_maze"
        )
    return code


async def one_maze(request: web.Request) -> web.Response:
    """`GET /api/mazes/{code}`: the maze, its card, its shortest way and its leaderboard."""
    code = share_code_of(request.match_info["code"])
    store = store_of(request)
    stored = await store.published_maze(code)
    if stored is None:
        raise GameError(f"no published maze has the code {code}", code="unknown_maze")
    card = await request.app[CARDS].of(request, code, stored.maze)
    board = await store.leaderboard(maze=code)
    return web.json_response(
        {
            "code": code,
            "title": stored.title,
            "author": stored.author,
            "clear_ms": stored.clear_ms,
            "created_at": round(stored.created_at * 1000),
            "races": stored.races,
            "maze": encode_maze(stored.maze),
            **card,
            "leaderboard": board,
        }
    )


def add_maze_routes(app: web.Application) -> None:
    """Register the maze routes, their limiters and their cards."""
    add_maze_state(app)
    app[CARDS] = Cards()
    app.router.add_post("/api/mazes/import", import_file)
    app.router.add_post("/api/mazes/export", export_file)
    app.router.add_post("/api/clear-checks", start_check)
    app.router.add_post("/api/clear-checks/finish", finish_check)
    app.router.add_post("/api/mazes", publish_maze)
    app.router.add_get("/api/mazes", list_mazes)
    app.router.add_get("/api/mazes/{code}", one_maze)
