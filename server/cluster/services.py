"""Child processes on loopback ports: a free port, waiting for a port or a process, start and stop by
pid. Every child gets its own session (a Ctrl-C in the terminal reaches only the launcher, which stops
the children in order) and, on Linux, SIGTERM when its parent dies, so even a launcher killed with
SIGKILL leaves no process behind. Linux sends that signal when the *thread* that started the child ends:
start children from a thread that lives as long as they should (the main thread), not a worker thread."""

import contextlib
import ctypes
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

LOOPBACK = "127.0.0.1"
STOP_SECONDS = 10.0
"""How long a child gets to exit after its signal before it is killed."""
PR_SET_PDEATHSIG = 1
_PRCTL = ctypes.CDLL(None, use_errno=True).prctl if sys.platform.startswith("linux") else None
"""Looked up here, not in the child: between fork and exec the child should only call it."""


class ServiceError(RuntimeError):
    """A service that could not be started; the message says why, with the end of its log."""


EPHEMERAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
LOWEST_CHOSEN_PORT = 10_000
"""Ports chosen for servers start here: well above the well-known and registered services' ports."""
_CHOOSER = random.SystemRandom()


def free_port(host: str = LOOPBACK) -> int:
    """A TCP port nobody uses right now, chosen at random below the kernel's ephemeral range: a port the
    kernel hands out (to `bind(0)` or to any outgoing connection) can be taken as a connection's local
    port in the moment between this choice and the server's bind, which then fails with EADDRINUSE."""
    lowest_ephemeral = _lowest_ephemeral_port()
    if lowest_ephemeral > LOWEST_CHOSEN_PORT:
        for _ in range(100):
            port = _CHOOSER.randrange(LOWEST_CHOSEN_PORT, lowest_ephemeral)
            if port_is_free(port, host):
                return port
    with socket.socket() as probe:  # no free port below the range: let the kernel choose
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def _lowest_ephemeral_port() -> int:
    """The first port of the range the kernel picks local ports from (Linux's default when unknown)."""
    try:
        return int(EPHEMERAL_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32_768


def port_is_free(port: int, host: str = LOOPBACK) -> bool:
    """Whether a listening socket could be bound to `port` now."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def port_answers(port: int, host: str = LOOPBACK) -> bool:
    """Whether something accepts TCP connections on `port`."""
    with contextlib.suppress(OSError), socket.create_connection((host, port), timeout=0.5):
        return True
    return False


def _die_with_parent() -> None:
    """In the child before exec: ask Linux for SIGTERM when the parent dies (elsewhere: nothing)."""
    if _PRCTL is not None:
        _PRCTL(PR_SET_PDEATHSIG, signal.SIGTERM)


@dataclass
class Service:
    """One started child process: what it is, where it listens, where it writes its output."""

    name: str
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def pid(self) -> int:
        """The child's process id."""
        return self.process.pid

    def alive(self) -> bool:
        """Whether the child is still running (reaping it if it has ended)."""
        return self.process.poll() is None

    def log_tail(self, lines: int = 15) -> str:
        """The last lines of the child's output, for error messages."""
        try:
            text = self.log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def send(self, signum: int) -> None:
        """Send `signum` to the child by pid, if it is still running."""
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signum)

    def wait(self, seconds: float = STOP_SECONDS) -> int:
        """Wait for the child to exit; kill it when it has not within `seconds`. Its exit status."""
        try:
            return self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return self.process.wait()

    def stop(self, signum: int = signal.SIGTERM, seconds: float = STOP_SECONDS) -> int:
        """Signal the child and wait for it (killing it after `seconds`); its exit status. What is
        left of its process group after it is killed."""
        self.send(signum)
        status = self.wait(seconds)
        self.end_group()
        return status

    def end_group(self) -> None:
        """Kill what is left of the child's process group once the child has ended. The child leads
        its group (a session of its own), and its own children outlive it when it is killed: nginx's
        workers, a master killed with SIGKILL, go on holding its port, so an nginx started again there
        cannot bind it and exits."""
        if not self.alive():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, signal.SIGKILL)


def spawn(
    name: str,
    command: Sequence[str],
    port: int,
    log: Path,
    *,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> Service:
    """Start `command` with its output appended to `log`, in a session of its own."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("ab") as out:
        process = subprocess.Popen(
            list(command),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            env={**os.environ, **(env or {})},
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )
    return Service(name, process, port, log)


def wait_until(service: Service, ready: Callable[[Service], bool], seconds: float) -> None:
    """Poll `ready` until it holds; `ServiceError` when the child exits first or time runs out."""
    deadline = time.monotonic() + seconds
    while True:
        if not service.alive():
            raise ServiceError(
                f"{service.name} exited with status {service.process.returncode}:\n{service.log_tail()}"
            )
        if ready(service):
            return
        if time.monotonic() > deadline:
            raise ServiceError(f"{service.name} did not answer within {seconds:.0f} s:\n{service.log_tail()}")
        time.sleep(0.05)


def start_on_free_port(
    name: str,
    command_for: Callable[[int], Sequence[str]],
    log: Path,
    ready: Callable[[Service], bool],
    *,
    seconds: float = 30.0,
    port: int | None = None,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
) -> Service:
    """Start a server on `port` (or a free one) and wait until `ready`; a free port taken meanwhile by
    someone else is retried on another (twice), a fixed one is not."""
    for attempt in range(3):
        chosen = port if port is not None else free_port()
        service = spawn(name, command_for(chosen), chosen, log, cwd=cwd, env=env)
        try:
            wait_until(service, ready, seconds)
            return service
        except ServiceError:
            service.stop(signal.SIGKILL)
            in_use = "address already in use" in service.log_tail().lower()
            if port is not None or not in_use or attempt == 2:
                raise
        except BaseException:
            service.stop(signal.SIGKILL)
            raise
    raise AssertionError("unreachable")
