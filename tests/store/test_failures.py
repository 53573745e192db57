"""A database that cannot be used at start, through real server processes on real SQLite files: a
read-only file, a read-only `-shm` (ours, repaired; someone else's, refused), a damaged file and a file
that is no database at all each give one line and a non-zero exit, never a traceback and a process that
hangs. (What goes wrong while a server runs is in `test_running_failures.py`.)

The read-only cases run the server without the root power to override file permissions (`setpriv`).
"""

import asyncio
import contextlib
import os
import shutil
import signal
import sqlite3
from pathlib import Path
from typing import Any

import aiohttp

from tests.store.live import ServerProcess, get_json, post_json

STRANGER = 4321
"""A user id that owns nothing here."""
EXIT_WITHIN = 15.0


async def refused_start(db: Path, log: Path, **options: Any) -> tuple[int, str]:
    """Start a server that must refuse to start: its exit code and what it printed."""
    server = await ServerProcess.spawn(db, log, **options)
    try:
        code = await asyncio.wait_for(server.process.wait(), EXIT_WITHIN)
    finally:
        await server.ensure_stopped()
    return code, server.output()


def assert_one_line_refusal(code: int, output: str, *words: str) -> None:
    assert code == 2, output
    assert "Traceback" not in output, output
    refusals = [line for line in output.splitlines() if line.startswith("mazerace: cannot start:")]
    assert len(refusals) == 1, output
    for word in words:
        assert word in refusals[0], refusals[0]


async def make_database(db: Path, log: Path, http: aiohttp.ClientSession) -> None:
    """A database file as a server leaves it (started once, stopped cleanly)."""
    server = await ServerProcess.start(db, log, http, strict=True)
    try:
        assert (await server.stop())[0] == 0
    finally:
        await server.ensure_stopped()


# ----- at start -------------------------------------------------------------------------------------------


async def test_a_read_only_database_refuses_to_start_in_one_line(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db, log = tmp_path / "data" / "mazerace.db", tmp_path / "server.log"
    await make_database(db, log, http)
    db.chmod(0o444)
    code, output = await refused_start(db, tmp_path / "refused.log", strict=True)
    assert_one_line_refusal(code, output, "mazerace.db", "cannot be written")


async def test_a_read_only_shm_of_ours_is_repaired_and_someone_elses_is_refused(
    tmp_path: Path, http: aiohttp.ClientSession
) -> None:
    db, log = tmp_path / "data" / "mazerace.db", tmp_path / "server.log"
    server = await ServerProcess.start(db, log, http, strict=True)
    await server.stop(signal.SIGKILL)  # a crash leaves the -wal and -shm behind
    shm = db.with_name("mazerace.db-shm")
    assert shm.is_file()
    shm.chmod(0o444)

    again = await ServerProcess.start(db, log, http, strict=True)  # starts, and can write
    try:
        status, _ = await post_json(http, again.url + "/api/rooms", {})
        assert status == 201
        assert "was read-only; made it writable again" in again.output()
        status, health = await get_json(http, again.url + "/healthz")
        assert (status, health["ok"], health["store"]) == (200, True, {"ok": True, "problem": None})
        await again.stop(signal.SIGKILL)
    finally:
        await again.ensure_stopped()

    os.chown(shm, STRANGER, STRANGER)  # now it is another user's, and this server may not write it
    shm.chmod(0o644)
    code, output = await refused_start(db, tmp_path / "refused.log", strict=True)
    assert_one_line_refusal(code, output, "mazerace.db-shm", f"belongs to user {STRANGER}")


def fill_with_rows(db: Path) -> None:
    """A database with a few dozen pages of data."""
    with contextlib.closing(sqlite3.connect(db, isolation_level=None)) as plain:
        plain.execute("PRAGMA journal_mode = WAL")
        plain.execute("BEGIN")
        plain.execute("CREATE TABLE filler (key TEXT PRIMARY KEY, value TEXT)")
        plain.executemany(
            "INSERT INTO filler (key, value) VALUES (?, ?)", [(f"filler {n}", "x" * 200) for n in range(2000)]
        )
        plain.execute("COMMIT")
        plain.execute("PRAGMA wal_checkpoint(TRUNCATE)")


async def test_a_damaged_database_is_refused_at_start(tmp_path: Path) -> None:
    db = tmp_path / "mazerace.db"
    fill_with_rows(db)
    with db.open("r+b") as raw:
        page = 4096
        raw.seek(5 * page)  # a page of the table's b-tree, well inside the file
        raw.write(b"\xa5" * page)
    code, output = await refused_start(db, tmp_path / "server.log")
    assert_one_line_refusal(code, output, "mazerace.db", "is damaged", "move it aside")


async def test_a_file_that_is_no_database_is_refused_at_start(tmp_path: Path) -> None:
    db = tmp_path / "mazerace.db"
    db.write_bytes(b"this is a text file, not SQLite\n" * 100)
    code, output = await refused_start(db, tmp_path / "server.log")
    assert_one_line_refusal(code, output, "mazerace.db", "is damaged")
    assert db.read_bytes().startswith(b"this is a text file")  # refused, not overwritten


def test_the_fixtures_need_root_and_mount() -> None:
    """These tests drop a root power with setpriv and mount a real small disk."""
    assert os.geteuid() == 0, "the persistence failure tests run as root (they mount a tmpfs)"
    for tool in ("mount", "umount", "setpriv"):
        assert shutil.which(tool), tool
