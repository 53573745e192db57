"""The load benchmarks' handle on a server child process (`tests.bench.load_servers`): start it on a
free port, wait until it answers, read its CPU time and memory from /proc, stop it.

Its own module because the load, hint-load and bot-load benchmarks all drive their servers through it,
and the child's own code (`tests.bench.load_servers`) is a separate program.
"""

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

from server.cluster.services import free_port

CLOCK_TICK = os.sysconf("SC_CLK_TCK")


class ServerProcess:
    """A benchmark server in a child process, with CPU and memory read from /proc."""

    def __init__(self, kind: str, batch: float = 0.0, plain: bool = False, cwd: Path | None = None) -> None:
        self.kind = kind
        self.port = free_port()
        command = [
            sys.executable,
            "-m",
            "tests.bench.load_servers",
            kind,
            str(self.port),
            "--batch",
            str(batch),
            *(["--plain"] if plain else []),
        ]
        self.process = subprocess.Popen(
            command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.url = f"http://127.0.0.1:{self.port}"

    async def ready(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.close()
                await writer.wait_closed()
                return
            except OSError:
                await asyncio.sleep(0.1)
        raise RuntimeError(f"{self.kind} server did not start")

    def cpu_seconds(self) -> float:
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICK

    def rss_mb(self) -> float:
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
