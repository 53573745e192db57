"""Publishing a maze: the stored row's fingerprint decides whether the same maze is there already, and
a new maze's code is the first 8 characters of its share code (`server.maze.share_code`), or, should
another maze already hold those, the next longer prefix (up to 16).

A backend runs `publish` inside one transaction no other publication runs beside (SQLite's one writer,
PostgreSQL's advisory lock), so two processes publishing the same maze at once store one row, and both
answer with its code. Backend-neutral: neither database driver is imported here.
"""

import json
from dataclasses import dataclass
from typing import Protocol

from server.maze.model import Maze
from server.maze.share_code import fingerprint, share_code
from server.maze.wire import encode_maze
from server.store.errors import StoreError
from server.store.published import MazeSql
from server.store.tables import Params, Row

SHORTEST_CODE = 8
LONGEST_CODE = 16

PUBLISH_LOCK = 0x70756273
"""PostgreSQL's advisory lock key every MazeRace server takes to publish ("pubs")."""


class Transaction(Protocol):
    """One open transaction of a backend, as `publish` uses it."""

    async def one(self, sql: str, params: Params) -> Row | None:
        """The first row of a query, or None."""

    async def run(self, sql: str, params: Params) -> None:
        """Run a statement."""


@dataclass(frozen=True)
class Publication:
    """What `Store.publish_maze` is given."""

    maze: Maze
    title: str
    author: str
    clear_ms: int
    address_key: str
    now: float


async def publish(tx: Transaction, sql: MazeSql, p: Publication) -> tuple[str, bool]:
    """Store `p.maze` unless the same maze is stored: (its code, whether it was stored now)."""
    print_ = fingerprint(p.maze)
    same = await tx.one(sql.by_fingerprint, (print_,))
    if same is not None:
        return str(same["code"]), False
    for length in range(SHORTEST_CODE, LONGEST_CODE + 1):
        code = share_code(p.maze, length)
        if await tx.one(sql.by_code, (code,)) is None:
            maze = json.dumps(encode_maze(p.maze), separators=(",", ":"))
            await tx.run(
                sql.insert,
                (code, print_, p.maze.rows, p.maze.cols, p.maze.directions, maze, p.title, p.author,
                 p.clear_ms, p.now, p.address_key),
            )  # fmt: skip
            return code, True
    raise StoreError(f"every share code of maze {print_} up to {LONGEST_CODE} characters is taken")
