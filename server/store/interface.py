"""The store: what the app needs of a database, once for every backend. The SQLite file
(`server.store.sqlite.results`) and PostgreSQL (`server.store.postgres.results`) both satisfy `Store`;
everything outside `server.store` sees only this interface, and only `server.store.open` picks (and
imports) a backend.

A save is idempotent by race id: saving a race that is already stored changes nothing (after a fail-over
a finished race may be saved twice). A race the store refuses for its content raises `RaceRefused`;
any other failure (a full disk, a server out of reach) is worth retrying (`server.store.errors`).
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, NotRequired, Protocol, TypedDict

from server.maze.model import Maze
from server.maze.race_card import Count, DifficultyCard
from server.room.racelog import RaceLog
from server.room.records import RaceRecord
from server.room.results import ResultRow
from server.room.settings import SettingsJson
from server.room.snapshot import RoomStateJson
from server.store.saving import RaceSaver


@dataclass(frozen=True)
class StoreHealth:
    """What `/healthz` says about the database: ok, or the problem in one line."""

    ok: bool
    problem: str | None = None


class StoredRaceJson(TypedDict):
    """A stored race but its log, in the JSON shape the replay sends (times in epoch ms). A race stored
    before the difficulty card has `difficulty` and `shortest_routes` null, and its `settings` may lack
    the settings added since (`spec_for` and `parse_settings` fill them in)."""

    id: str
    settings: SettingsJson
    ranked: bool
    seed: int
    daily: str | None
    started_at: int
    ended_at: int
    shortest: int
    difficulty: DifficultyCard | None
    shortest_routes: Count | None
    results: list[ResultRow]


class StoredRace(StoredRaceJson):
    """A stored race as `Store.race` gives it: its JSON fields and its whole log."""

    log: RaceLog


class RecentRace(TypedDict):
    """One of the latest finished races of public rooms, as `GET /api/races` lists it."""

    id: str
    preset: str
    rows: int
    cols: int
    algorithm: str
    maze: NotRequired[str]
    """The share code of the published maze it was raced on, only when it was: a hand-made maze."""
    daily: str | None
    ended_at: int
    """Epoch ms, like every other time on the wire."""


class LeaderboardRow(TypedDict):
    """One best finish on a leaderboard, as `GET /api/leaderboard` sends it (times in ms)."""

    place: int
    name: str
    total: int
    time: int
    penalty: int
    moves: int
    hints: int
    race: str
    preset: str
    algorithm: str
    rows: int
    cols: int
    daily: str | None
    ended_at: int


MazeOrder = Literal["newest", "most_raced"]
"""The orders of the published mazes' list."""


@dataclass(frozen=True)
class PublishedMaze:
    """A published maze as stored: it never changes once published (`races` counts the stored races
    on it)."""

    code: str
    maze: Maze
    title: str
    author: str
    clear_ms: int
    """The author's time in the clear check, measured by the server."""
    created_at: float
    """Epoch seconds."""
    races: int


class PublishedMazeSummary(TypedDict):
    """A published maze in the list, as `GET /api/mazes` sends it (created_at in epoch ms)."""

    code: str
    title: str
    author: str
    rows: int
    cols: int
    directions: int
    clear_ms: int
    created_at: int
    races: int


class Store(Protocol):
    """Finished races, leaderboards, replays, the rooms kept over a restart and the daily secret."""

    saver: RaceSaver
    """The saving (`server.store.saving`): races that could not be written yet, retried until they are."""

    @property
    def name(self) -> str:
        """Which database this is, for logs and errors (a file name, or a URL without its password)."""

    @property
    def rescue_base(self) -> Path:
        """The path the rescue files of this database are named after (`server.store.rescue`)."""

    @property
    def health(self) -> StoreHealth:
        """Whether the database is there and the last write went in."""

    def explain(self, error: BaseException) -> str:
        """One line for a failure of this database, saying what to do, fit for a terminal."""

    def is_storage_error(self, error: BaseException) -> bool:
        """Whether `error` is this database failing (rather than a bug of the caller)."""

    async def close(self) -> None:
        """Close the connections (a failure to close is logged: shutdown must go on)."""

    async def schema_version(self) -> int:
        """The applied schema version."""

    async def migrate(self) -> None:
        """Apply the migrations this database has not seen (opening the store already did)."""

    async def check(self) -> StoreHealth:
        """Look at the database now (called every few seconds), and say how it is."""

    async def save_race(self, record: RaceRecord) -> bool:
        """Write a finished race, its results and its log in one transaction; False if it was stored
        already (nothing is written then). `RaceRefused` for a race that breaks a constraint."""

    async def race(self, race_id: str) -> StoredRace | None:
        """A stored race with its results and its log, or None."""

    async def recent_races(self, limit: int = 20) -> list[RecentRace]:
        """The latest finished races of public rooms, newest first."""

    async def leaderboard(
        self,
        preset: str | None = None,
        algorithm: str | None = None,
        name: str | None = None,
        daily: str | None = None,
        limit: int = 20,
        fog: bool = False,
        maze: str | None = None,
    ) -> list[LeaderboardRow]:
        """Best finishing times, fastest first, ties to who finished first; ranked races of people only,
        and fog races have boards of their own. Without `name`: each player's best in the category;
        with it: that player's best in each category. With `maze` (a share code): that published maze's
        own board (preset, generator and day do not apply); races on published mazes are on no other."""

    async def publish_maze(
        self, maze: Maze, title: str, author: str, clear_ms: int, address_key: str, now: float
    ) -> tuple[str, bool]:
        """Store a maze for good under its share code: (the code, whether it was stored now). A maze
        identical to a stored one gets the stored one's code and nothing is written."""

    async def published_maze(self, code: str) -> PublishedMaze | None:
        """The published maze of that code, or None."""

    async def published_mazes(self, order: MazeOrder, limit: int) -> list[PublishedMazeSummary]:
        """Published mazes, newest first or most raced first (ties newest first); at most 100."""

    async def publications_since(self, address_key: str, since: float) -> int:
        """How many mazes were published from that address key since `since` (epoch seconds)."""

    async def save_rooms(self, states: list[RoomStateJson], saved_at: float) -> None:
        """Replace the saved rooms with `states` in one transaction."""

    async def saved_rooms(self) -> list[tuple[float, RoomStateJson]]:
        """The rooms saved at the last shutdown, with the moment they were saved."""

    async def clear_saved_rooms(self) -> None:
        """Forget the saved rooms, once they are back in play (not before: a failed start keeps them)."""

    async def daily_secret(self) -> str:
        """The secret mixed into daily seeds: made on first use, one per database even when several
        processes start at once (insert if absent, then read what is there)."""
