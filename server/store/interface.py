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
from typing import Any, Protocol

from server.room.records import RaceRecord
from server.room.snapshot import RoomStateJson
from server.store.saving import RaceSaver


@dataclass(frozen=True)
class StoreHealth:
    """What `/healthz` says about the database: ok, or the problem in one line."""

    ok: bool
    problem: str | None = None


class Store(Protocol):
    """Finished races, leaderboards, replays, the rooms kept over a restart and the daily secret."""

    saver: RaceSaver
    """Races that could not be written yet, retried until they are."""

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

    async def race(self, race_id: str) -> dict[str, Any] | None:
        """A stored race with its results and its log (a `RaceLog`), or None."""

    async def recent_races(self, limit: int = 20) -> list[dict[str, Any]]:
        """The latest finished races of public rooms, newest first."""

    async def leaderboard(
        self,
        preset: str | None = None,
        algorithm: str | None = None,
        name: str | None = None,
        daily: str | None = None,
        limit: int = 20,
        fog: bool = False,
    ) -> list[dict[str, Any]]:
        """Best finishing times (see `store_reads.read_leaderboard`); fog races have their own boards."""

    async def save_rooms(self, states: list[RoomStateJson], saved_at: float) -> None:
        """Replace the saved rooms with `states` in one transaction."""

    async def saved_rooms(self) -> list[tuple[float, RoomStateJson]]:
        """The rooms saved at the last shutdown, with the moment they were saved."""

    async def clear_saved_rooms(self) -> None:
        """Forget the saved rooms, once they are back in play (not before: a failed start keeps them)."""

    async def daily_secret(self) -> str:
        """The secret mixed into daily seeds: made on first use, one per database even when several
        processes start at once (insert if absent, then read what is there)."""
