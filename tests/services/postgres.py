"""A real PostgreSQL server for the tests: Debian's binaries, `initdb` and `pg_ctl` on a free loopback port
in a temporary folder, one per test session, stopped by its postmaster's pid at the end.

`initdb` refuses to run as root, so as root the server runs as the `postgres` system user (Debian's
package makes it; a `mazerace-pg` system user is created when it is missing). Anyone else runs it as
themselves. Without the binaries a non-root run skips the PostgreSQL tests; a root run (CI, where
`make test` installs Debian's `postgresql`) fails instead, so the backend is never quietly untested.

Authentication is `trust` on loopback only: the server listens on 127.0.0.1 and a socket in its folder.
"""

import contextlib
import itertools
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from tests.store.live import free_port

SUPERUSER = "mazerace"
FALLBACK_USER = "mazerace-pg"
START_SECONDS = 30
STOP_SECONDS = 15.0
TEST_SETTINGS = ("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
"""Speed over durability for throw-away test data; `durable=True` keeps PostgreSQL's defaults."""

_names = itertools.count(1)


def binaries() -> Path | None:
    """The folder of the newest installed PostgreSQL's `initdb` and `pg_ctl`, or None."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name),
        reverse=True,
    )
    if found:
        return found[0].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@dataclass(frozen=True)
class RunAs:
    """The account the server runs as (None: this process's own)."""

    user: str | None
    uid: int
    gid: int

    @classmethod
    def choose(cls) -> "RunAs":
        if os.geteuid() != 0:
            return cls(None, os.geteuid(), os.getegid())
        for name in ("postgres", FALLBACK_USER):
            with contextlib.suppress(KeyError):
                entry = pwd.getpwnam(name)
                return cls(name, entry.pw_uid, entry.pw_gid)
        subprocess.run(["useradd", "--system", "--no-create-home", FALLBACK_USER], check=True)
        entry = pwd.getpwnam(FALLBACK_USER)
        return cls(FALLBACK_USER, entry.pw_uid, entry.pw_gid)

    def run(self, command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
        """Run `command` as this account, its output captured."""
        drop = {"user": self.uid, "group": self.gid, "extra_groups": []} if self.user else {}
        return subprocess.run(
            command, cwd=cwd, capture_output=True, text=True, timeout=START_SECONDS * 2, check=False,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8"}, **drop,  # type: ignore[arg-type]
        )  # fmt: skip


@dataclass(frozen=True)
class PostgresServer:
    """A running PostgreSQL server: where it listens and how to reach its databases."""

    folder: Path
    port: int
    pid: int
    host: str = "127.0.0.1"

    def url(self, database: str = "postgres") -> str:
        """The `postgresql://` URL of one of its databases (as the superuser, no password)."""
        return f"postgresql://{SUPERUSER}@{self.host}:{self.port}/{database}"

    def create_database(self, prefix: str = "t") -> str:
        """A new empty database; its URL."""
        name = f"{prefix}_{os.getpid()}_{next(_names)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')  # our own name: digits and a prefix
        return self.url(name)

    def stop(self) -> None:
        """Fast shutdown (SIGINT to the postmaster), waiting for it to end; SIGKILL if it hangs."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGINT)
        deadline = time.monotonic() + STOP_SECONDS
        while _alive(self.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _alive(self.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
        shutil.rmtree(self.folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    """Whether `pid` still runs (it is pg_ctl's grandchild, not ours to reap)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with contextlib.suppress(OSError):
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z"
    return True


def start_postgres(durable: bool = False) -> PostgresServer:
    """initdb a fresh cluster in a new temporary folder and start it on a free loopback port."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed: apt-get install postgresql (make test does)")
    account = RunAs.choose()
    folder = Path(tempfile.mkdtemp(prefix="mazerace-pg-"))
    os.chown(folder, account.uid, account.gid)  # mkdtemp makes it 0700: only the server's account
    data = folder / "data"
    made = account.run(
        [
            str(bin_dir / "initdb"),
            "-D",
            str(data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-sync",
        ],
        folder,
    )
    if made.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"initdb failed:\n{made.stdout}\n{made.stderr}")
    for _ in range(3):  # a port found free can be taken before the server binds it
        port = free_port()
        options = f"-p {port} -k {folder} -h 127.0.0.1 " + ("" if durable else " ".join(TEST_SETTINGS))
        started = account.run(
            [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-o", options,
             "-w", "-t", str(START_SECONDS), "start"],
            folder,
        )  # fmt: skip
        if started.returncode == 0:
            pid = int((data / "postmaster.pid").read_text().split()[0])
            return PostgresServer(folder, port, pid)
    log = (folder / "server.log").read_text(errors="replace") if (folder / "server.log").exists() else ""
    shutil.rmtree(folder, ignore_errors=True)
    raise RuntimeError(f"pg_ctl start failed:\n{started.stdout}\n{started.stderr}\n{log}")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the whole session (each test makes its own database on it)."""
    if binaries() is None and os.geteuid() != 0:
        if os.environ.get("CI"):  # CI installs it (make test) and runs as root: never skip there
            pytest.fail("PostgreSQL is not installed on CI: `make test` installs it as root")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql) and this is not root")
    server = start_postgres()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The URL of a new empty database for this test."""
    return postgres_server.create_database()
