"""`python -m server cluster` as a real subprocess for the launcher's tests: its output read line by
line on a thread (so every wait has a deadline), its table parsed, killed at teardown if still running."""

import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from server.cluster.services import free_port

ROOT = Path(__file__).resolve().parents[2]
UP_SECONDS = 120.0
"""Generous: three processes start one after the other on two cores shared with other work."""
ROLES = ("redis", "sentinel", "node", "nginx")
"""What the first column of the table's lines says."""


@dataclass(frozen=True)
class Row:
    """One line of the launcher's table."""

    role: str
    id: str
    pid: int
    port: int


class Launcher:
    """The launcher process, its output read line by line on a thread (so waits have deadlines)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, start: str, seconds: float = UP_SECONDS) -> str:
        """The next line starting with `start` (the lines before it are kept in `seen`)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                if self.process.poll() is not None and self.lines.empty():
                    break
                continue
            self.seen.append(line)
            if line.startswith(start):
                return line
        raise AssertionError(f"no line starting {start!r}; the launcher said:\n" + "\n".join(self.seen))

    def everything(self) -> list[str]:
        """Every line it printed, once it has ended (its output read to the end)."""
        self.reader.join(10)
        while not self.lines.empty():
            self.seen.append(self.lines.get_nowait())
        return self.seen

    def table(self) -> list[Row]:
        """The rows of the table printed before `ready:`."""
        rows = []
        for line in self.seen:
            cells = line.split()
            if (
                len(cells) >= 4
                and cells[0] in ("redis", "sentinel", "node", "nginx")
                and cells[2].isdecimal()
            ):
                rows.append(Row(cells[0], cells[1], int(cells[2]), int(cells[3])))
        return rows


def gone(pid: int) -> bool:
    """Whether `pid` has ended (a zombie nobody has reaped yet counts as ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


def left_running(pids: list[int], seconds: float) -> list[int]:
    """Those of `pids` still running after up to `seconds` (children ending after their parent's death)."""
    deadline = time.monotonic() + seconds
    while (running := [pid for pid in pids if not gone(pid)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return running


def group_members(pgid: int) -> list[int]:
    """The live processes of process group `pgid` (every child of the launcher leads its own)."""
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                members.append(int(entry.name))
    return members


@contextmanager
def running_launcher(root: Path, *options: str, procs: int = 3) -> Iterator[tuple[Launcher, int]]:
    """`python -m server cluster --procs N [options]` on a free port; killed after if still running."""
    port = free_port()
    command = [
        sys.executable, "-m", "server", "cluster", "--procs", str(procs), "--port", str(port),
        "--data", str(root / "data"), "--db", str(root / "mazerace.db"), *options,
    ]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    launched = Launcher(process)
    try:
        yield launched, port
    finally:
        if process.poll() is None:
            process.kill()  # its children get SIGTERM from Linux (they asked for it), then end
        process.wait()
        launched.reader.join(10)  # the pipe is at its end once every child has let go of it
        if process.stdout is not None:
            process.stdout.close()
