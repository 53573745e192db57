"""The SQLite file before the server uses it: checked, repaired where that is safe, migrated, and proved
writable, with plain `sqlite3` in a worker thread at start-up.

Whatever stops the file from being used (read-only, full, corrupt, not a database, locked companion
files) becomes one `StoreError` with a one-line message saying what to do, so the server can refuse to
start cleanly instead of failing later with a traceback.
"""

import contextlib
import logging
import os
import sqlite3
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from server.store.errors import StoreError
from server.store.sqlite.schema import MIGRATIONS

log = logging.getLogger(__name__)

BUSY_MS = 5000


@dataclass(frozen=True)
class FileIdentity:
    """Which file the store opened, to notice it being deleted or replaced while the server runs."""

    device: int
    inode: int

    @classmethod
    def of(cls, path: Path) -> "FileIdentity | None":
        """The identity of the file now at `path`, or None when there is none."""
        try:
            info = path.stat()
        except FileNotFoundError:
            return None
        return cls(info.st_dev, info.st_ino)


def describe(error: BaseException, path: Path) -> str:
    """One line for a database error: what went wrong with which file, and what to do."""
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    lowered = text.lower()
    if "readonly" in lowered or "read-only" in lowered or isinstance(error, PermissionError):
        return (
            f"{path} cannot be written ({text}): check the permissions of the file, its -wal and -shm"
            " files and its folder"
        )
    if "full" in lowered or "no space" in lowered:
        return f"{path} cannot grow ({text}): free some disk space"
    if "not a database" in lowered or "malformed" in lowered or "corrupt" in lowered:
        return (
            f"{path} is damaged ({text}): move it aside (the server then starts a new one) or restore"
            " a backup"
        )
    if "unable to open" in lowered:
        return f"{path} cannot be opened ({text}): check that its folder exists and can be written"
    return f"{path}: {text}"


def _repair_companions(path: Path) -> None:
    """A -wal or -shm file that this user owns but cannot write (left read-only by a copy, a restore or
    a crash) makes every write fail; give it back its write permission. One owned by someone else is
    reported instead: it may be another server's, and only its owner can tell."""
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        try:
            info = companion.stat()
        except FileNotFoundError:
            continue
        if os.access(companion, os.W_OK):
            continue
        if info.st_uid != os.geteuid():
            raise StoreError(
                f"{companion} belongs to user {info.st_uid} and cannot be written: give this user write"
                " access, or remove it while no server uses the database"
            )
        companion.chmod(info.st_mode | stat.S_IWUSR)
        log.warning("%s was read-only; made it writable again", companion)


def _check_integrity(db: sqlite3.Connection, path: Path) -> None:
    problems = [row[0] for row in db.execute("PRAGMA quick_check(3)").fetchall()]
    if problems != ["ok"]:
        damage = sqlite3.DatabaseError(f"database disk image is malformed: {problems[0]}")
        raise StoreError(describe(damage, path))


def _migrate(db: sqlite3.Connection) -> None:
    """Apply the steps this file has not seen, each in its own transaction. Another process may be
    migrating the same file: BEGIN IMMEDIATE waits for its write lock, and the version is read again
    under the lock, so each step runs exactly once."""
    for version, step in enumerate(MIGRATIONS, start=1):
        if db.execute("PRAGMA user_version").fetchone()[0] >= version:
            continue
        db.execute("BEGIN IMMEDIATE")
        try:
            if db.execute("PRAGMA user_version").fetchone()[0] < version:
                if isinstance(step, str):
                    for statement in _statements(step):
                        db.execute(statement)
                else:
                    step(db)
                db.execute(f"PRAGMA user_version = {version}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            raise


def _statements(script: str) -> list[str]:
    """The statements of a migration script, for `execute` one by one (inside our own transaction)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    return [s for s in statements if s.strip(" ;\n")]


def _use_wal(db: sqlite3.Connection) -> None:
    """Switch the file to WAL. On a new file another connection may be switching it at the same moment,
    and SQLite answers "locked" at once (no busy wait) for that, so try again for up to 5 s."""
    for _ in range(100):
        try:
            db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error):
                raise
            time.sleep(0.05)
    db.execute("PRAGMA journal_mode = WAL")


def prepare(path: Path) -> FileIdentity:
    """Make `path` ready for the server, or raise `StoreError`: create it (and its folder) if needed,
    repair companion files, check its integrity, switch to WAL, migrate, and prove it can be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = path.is_file() and path.stat().st_size > 0
        _repair_companions(path)
        with contextlib.closing(sqlite3.connect(path, isolation_level=None, timeout=BUSY_MS / 1000)) as db:
            if existed:
                _check_integrity(db, path)
            _use_wal(db)
            _migrate(db)
            db.execute("BEGIN IMMEDIATE")  # the write probe: a read-only file or full disk fails here
            db.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_start', ?)", (str(time.time()),)
            )
            db.execute("COMMIT")
    except StoreError:
        raise
    except (sqlite3.Error, OSError) as error:
        raise StoreError(describe(error, path)) from None
    identity = FileIdentity.of(path)
    if identity is None:
        raise StoreError(f"{path} vanished while it was being opened")
    return identity


def migrate(path: Path) -> None:
    """Apply any migrations the file has not seen (for a store already open on it)."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None, timeout=BUSY_MS / 1000)) as db:
        _migrate(db)
