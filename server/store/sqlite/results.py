"""The store's SQLite backend, the embedded default: finished races, leaderboards, replays, and open rooms
across restarts.

One SQLite file in WAL mode, reached through aiosqlite (a worker thread), so the event loop never waits on
the disk. Writes go through one connection, one transaction at a time; reads (replays, recent races,
leaderboards) through a second, read-only one: WAL gives each read the last committed state, so a read
never sees half a race and never waits for a save, nor a save for a read. `server.store.sqlite.file`
checks, repairs and migrates the file before it is opened here. Every query is parameterised. A race's log
is one compressed blob (`RaceLog.to_blob`), packed off the loop.

The store watches its file: `check` notices it deleted (and rebuilds it from the open connection, which
still holds the data) or replaced, and `health` says what is wrong for `/healthz`.

`SqliteStore` is one of the two backends of the store's interface (`server.store.interface.Store`).
"""

import asyncio
import contextlib
import json
import logging
import secrets
import sqlite3
from pathlib import Path

import aiosqlite

from server.room.records import RaceRecord
from server.room.snapshot import RoomStateJson
from server.store.errors import RaceRefused, StoreError
from server.store.interface import LeaderboardRow, RecentRace, StoredRace, StoreHealth
from server.store.saving import RaceSaver
from server.store.sqlite.file import BUSY_MS, FileIdentity, describe, migrate, prepare
from server.store.sqlite.mazes import SqliteMazes
from server.store.sqlite.reads import read_leaderboard, read_race, read_recent_races
from server.store.tables import Statement, save_race_statements, save_rooms_statements, sql_with

log = logging.getLogger(__name__)

SQL = sql_with("?")


class SqliteStore(SqliteMazes):
    """The game's memory in one file; open with `SqliteStore.open(path)`, close with `close()`."""

    def __init__(
        self, db: aiosqlite.Connection, reader: aiosqlite.Connection, path: Path, identity: FileIdentity
    ) -> None:
        self.db = db
        self.reader = reader
        """The read-only connection of the API's reads, on a thread of its own."""
        self.path = path
        self.identity = identity
        self._exclusive = asyncio.Lock()
        """One transaction at a time on the writing connection: BEGIN does not nest, so two rooms
        finishing at once would collide (the loser's ROLLBACK undoing the winner's race). Reads on it
        that belong with the writes (saved rooms, the daily secret) take it too."""
        self._file_problem: str | None = None
        self._write_problem: str | None = None
        self.saver = RaceSaver(self.save_race)
        """Races that could not be written yet, retried until they are."""

    @classmethod
    async def open(cls, path: Path) -> "SqliteStore":
        """Check, migrate and open the database file (creating it if needed); `StoreError` if unusable."""
        identity = await asyncio.to_thread(prepare, path)
        db = await _connect(path)
        try:
            reader = await _connect(path, read_only=True)
        except BaseException:
            await db.close()
            raise
        return cls(db, reader, path, identity)

    async def close(self) -> None:
        """Close the connections (a failure to close is logged: shutdown must go on)."""
        for connection in (self.reader, self.db):
            try:
                await connection.close()
            except Exception as error:
                log.error("closing %s failed: %s", self.path, error)

    @property
    def name(self) -> str:
        """The file's name (never its folder: it goes into logs and `/healthz`)."""
        return self.path.name

    @property
    def rescue_base(self) -> Path:
        """The rescue files sit next to the database file."""
        return self.path

    @property
    def health(self) -> StoreHealth:
        """Whether the file is there and the last write went in."""
        problem = self._file_problem or self._write_problem
        return StoreHealth(problem is None, problem)

    def explain(self, error: BaseException) -> str:
        """What went wrong with the file, and what to do."""
        return describe(error, self.path)

    def is_storage_error(self, error: BaseException) -> bool:
        """SQLite's errors and the operating system's."""
        return isinstance(error, sqlite3.Error | OSError)

    async def schema_version(self) -> int:
        """The applied schema version."""
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Apply the migrations this file has not seen (`Store.open` already did)."""
        async with self._exclusive:
            await asyncio.to_thread(migrate, self.path)

    # ----- the file itself ----------------------------------------------------------------------------

    async def check(self) -> StoreHealth:
        """Notice the file deleted or replaced under the running server, say so loudly, and rebuild a
        deleted file from the open connection (which still holds every page, the WAL's too)."""
        async with self._exclusive:
            now = await asyncio.to_thread(FileIdentity.of, self.path)
            if now == self.identity:
                self._file_problem = None
            elif now is None:
                await self._rebuild()
            elif self._file_problem is None:
                self._file_problem = (
                    f"{self.path.name} was replaced by another file while the server ran; still writing to"
                    " the file it opened, which nothing else can see: stop the server and put it back"
                )
                log.error("%s", self._file_problem)
        return self.health

    async def _rebuild(self) -> None:
        log.error("%s was deleted while the server ran: rebuilding it from the open connection", self.path)
        try:
            await self.db.execute("VACUUM INTO ?", (str(self.path),))
            identity = await asyncio.to_thread(prepare, self.path)
            fresh = await _connect(self.path)
            fresh_reader = await _connect(self.path, read_only=True)
        except (StoreError, sqlite3.Error, OSError) as error:
            self._file_problem = f"{self.path.name} was deleted and could not be rebuilt: {error}"
            log.error("%s", self._file_problem)
            return
        old = (self.db, self.reader)
        self.db, self.reader, self.identity = fresh, fresh_reader, identity
        for connection in old:
            with contextlib.suppress(Exception):
                await connection.close()
        self._file_problem = None
        log.warning("%s rebuilt with every stored race and room", self.path)

    async def _file_checked(self) -> None:
        """Before a write: look at the file first, so a deleted one is rebuilt before data goes into
        a file nobody will ever see again."""
        if (await asyncio.to_thread(FileIdentity.of, self.path)) != self.identity:
            await self.check()

    async def _write(self, statements: list[Statement], *, if_new: bool = False) -> bool:
        """Run `(sql, params)` pairs (a list of rows for executemany) as one transaction, holding the
        lock; a failure rolls it back (if SQLite has not already) and is remembered for `health`.
        `if_new`: when the first statement changes no row (ON CONFLICT DO NOTHING found it there),
        commit without running the others and return False."""
        try:
            await self.db.execute("BEGIN IMMEDIATE")
            for n, (sql, params) in enumerate(statements):
                if isinstance(params, list):
                    await self.db.executemany(sql, params)
                else:
                    cursor = await self.db.execute(sql, params)
                    if n == 0 and if_new and cursor.rowcount == 0:
                        await self.db.execute("COMMIT")
                        return False
            await self.db.execute("COMMIT")
        except BaseException as error:
            if self.db.in_transaction:  # a full disk may have rolled it back already
                with contextlib.suppress(sqlite3.Error):
                    await self.db.execute("ROLLBACK")
            if _is_file_trouble(error):
                self._write_problem = describe(error, Path(self.path.name))  # no folder names on /healthz
            if isinstance(error, sqlite3.IntegrityError):
                raise RaceRefused(str(error)) from error
            raise
        self._write_problem = None
        return True

    # ----- races ------------------------------------------------------------------------------------

    async def save_race(self, record: RaceRecord) -> bool:
        """Write a finished race, its results and its whole log in one transaction; False (and nothing
        written) when a race of that id is stored already."""
        blob = await asyncio.to_thread(record.log.to_blob)  # compressing 720,000 moves takes ~50 ms
        statements = save_race_statements(SQL, record, json.dumps(record.settings), blob)
        await self._file_checked()
        async with self._exclusive:
            return await self._write(statements, if_new=True)

    async def race(self, race_id: str) -> StoredRace | None:
        """A stored race with its results and its log, or None."""
        packed = await read_race(self.reader, SQL, race_id)
        return None if packed is None else await asyncio.to_thread(packed.unpack)

    async def recent_races(self, limit: int = 20) -> list[RecentRace]:
        """The latest finished races of public rooms, newest first."""
        return await read_recent_races(self.reader, limit)

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
        """Best finishing times (`Store.leaderboard`), read from the precomputed boards."""
        return await read_leaderboard(self.reader, preset, algorithm, name, daily, limit, fog, maze)

    # ----- open rooms across restarts ---------------------------------------------------------------

    async def save_rooms(self, states: list[RoomStateJson], saved_at: float) -> None:
        """Replace the saved rooms with `states` in one transaction."""
        statements = save_rooms_statements(SQL, states, saved_at)
        await self._file_checked()
        async with self._exclusive:
            await self._write(statements)

    async def saved_rooms(self) -> list[tuple[float, RoomStateJson]]:
        """The rooms saved at the last shutdown, with the moment they were saved."""
        async with self._exclusive, self.db.execute(SQL.saved_rooms) as cursor:
            rows = await cursor.fetchall()
        return [(row["saved_at"], json.loads(row["state"])) for row in rows]

    async def clear_saved_rooms(self) -> None:
        """Forget the saved rooms, once they are back in play (not before: a failed start keeps them)."""
        await self._file_checked()
        async with self._exclusive:
            await self._write([(SQL.clear_saved_rooms, ())])

    async def daily_secret(self) -> str:
        """This server's secret for daily seeds, made on first use and kept, so the daily maze stays the
        same all day across restarts but cannot be worked out from the code in advance."""
        await self._file_checked()
        async with self._exclusive:
            await self._write([(SQL.keep_daily_secret, (secrets.token_hex(16),))])
            async with self.db.execute(SQL.daily_secret) as cursor:
                row = await cursor.fetchone()
        return str(row["value"]) if row else ""


def _is_file_trouble(error: BaseException) -> bool:
    """A failure of the file or the disk (full, read-only, damaged), not a refused row."""
    refused = sqlite3.IntegrityError | sqlite3.ProgrammingError | sqlite3.InterfaceError
    return isinstance(error, sqlite3.Error | OSError) and not isinstance(error, refused)


async def _connect(path: Path, *, read_only: bool = False) -> aiosqlite.Connection:
    """A connection of the server to a prepared file: the writing one, or the read-only one."""
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    try:
        await db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")
        if read_only:
            await db.execute("PRAGMA query_only = ON")
    except BaseException:
        await db.close()  # a connection left open keeps its thread, and the process, alive
        raise
    return db
