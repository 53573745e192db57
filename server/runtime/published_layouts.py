"""The published mazes rooms race, looked up by share code for the edges that name one: the settings
event, `POST /api/rooms`, ghost rooms and replays of races on a published maze.

The room rules never ask the store (a room is a function of its commands): the edge looks the code up
here and the command carries the maze. A published maze never changes, so a bounded cache of the ones
asked for lately spares the database a room's every settings change.
"""

import collections
import logging
from collections.abc import Mapping

from server.errors import GameError
from server.maze.model import Maze
from server.maze.share_code import SHARE_CODE
from server.store.errors import one_line
from server.store.interface import PublishedMaze, Store

log = logging.getLogger(__name__)

CACHED_MAZES = 256
"""Published mazes kept in memory (a 150 x 150 maze is about 70 KB of walls)."""


class PublishedLayouts:
    """Looks published mazes up in the store (`store` is set once the database is open)."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        self._cache: collections.OrderedDict[str, Maze] = collections.OrderedDict()

    async def layout(self, code: str) -> Maze:
        """The published maze of share code `code`; `unknown_maze` when there is none."""
        cached = self._cache.get(code)
        if cached is not None:
            self._cache.move_to_end(code)
            return cached
        published = await self._looked_up(code)
        if published is None:
            raise GameError(f"no published maze has the code {code!r}", "unknown_maze")
        self._cache[code] = published.maze
        if len(self._cache) > CACHED_MAZES:
            self._cache.popitem(last=False)
        return published.maze

    async def _looked_up(self, code: str) -> PublishedMaze | None:
        """The store's answer for `code`; a failing database is `server_unavailable` with one line in
        the log, not an `internal` error with a traceback for every settings change a host sends."""
        if self.store is None:
            return None
        try:
            return await self.store.published_maze(code)
        except Exception as error:
            if not self.store.is_storage_error(error):
                raise
            log.warning("the published maze %s could not be read: %s", code, one_line(error))
            message = "the published mazes cannot be read just now: try again in a moment"
            raise GameError(message, "server_unavailable") from None

    async def named_by(self, settings: object, current: str | None = None) -> Maze | None:
        """The published maze a settings object newly names (`"maze": code`, other than `current`, the
        code the room races already), or None. A malformed code is left for `parse_settings` to refuse
        as `bad_settings`; a well-formed one that names nothing is `unknown_maze`."""
        if not isinstance(settings, Mapping):
            return None
        code = settings.get("maze")
        if not isinstance(code, str) or not SHARE_CODE.match(code.lower()) or code.lower() == current:
            return None
        return await self.layout(code.lower())

    async def of_stored(self, settings: Mapping[str, object]) -> Maze | None:
        """The published maze a stored race's settings name, or None for a generated maze."""
        code = settings.get("maze")
        return await self.layout(code) if isinstance(code, str) else None
