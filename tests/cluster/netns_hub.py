"""The hub every simulated network joins: one bridge in the root namespace, with the test process's
address on it and the addresses players' connections leave from, made once for a whole test session.

Why once: Chromium watches the root namespace's addresses, and any address added or removed there makes
it fail every request in flight with `ERR_NETWORK_CHANGED` (a browser test on another worker lost a
whole room page that way when a simulated network was made or removed). So the addresses the root
namespace needs are all put on the bridge before the first browser starts (the session's first hook, in
`tests/conftest.py`) and taken away after the last one has closed; a simulated network then adds only
links there (namespaces, and veths without IPv6 addresses, `addrgenmode none`), which Chromium ignores.

Made on demand when a simulated network finds no hub (a benchmark on its own); removed by the last
process using it, whoever made it."""

import contextlib
import fcntl
import ipaddress
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

HUB_BRIDGE = "mrhub"
SPACE = ipaddress.IPv4Network("10.77.0.0/16")
"""Every simulated machine's address is in it; the hub's own are in its first /24."""
HUB = str(SPACE.network_address + 1)
"""The bridge's address: the test process's on every simulated network."""
FIRST_SOURCE = 100
SOURCES = 64
"""Addresses from 10.77.0.100 on: where players' connections leave from, to look like different people."""
USERS_LOCK = Path("/run/mazerace-test-hub.users")
BUILD_LOCK = Path("/run/mazerace-test-hub.build")
HUB_MAC = "02:6d:72:68:75:62"
"""The bridge's own, set once: a bridge otherwise takes the lowest address of its ports, so another
network's veth joining or leaving changed it, and every machine sent to the old one (cut off from the
hub for seconds, until its ARP entry was renewed)."""


class NetworkError(RuntimeError):
    """A command that builds or changes the simulated network failed; the message has its output."""


def run(*command: str, stdin: str | None = None) -> str:
    """Run one network command; its output, or `NetworkError` with what it said."""
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=20, check=False)
    if done.returncode != 0:
        raise NetworkError(f"{' '.join(command)}: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


def sources() -> list[str]:
    return [str(SPACE.network_address + FIRST_SOURCE + n) for n in range(SOURCES)]


def _present() -> bool:
    links = json.loads(run("ip", "-j", "link", "show", "type", "bridge") or "[]")
    return any(link.get("ifname") == HUB_BRIDGE for link in links)


def _make() -> None:
    """The bridge, its address, then up: one batch of `ip` commands; nothing left if it fails."""
    for line in run("ip", "-o", "-4", "addr", "show").splitlines():
        address = ipaddress.IPv4Interface(line.split()[3])
        if address.network.overlaps(SPACE):
            raise NetworkError(f"{line.split()[1]} has {address}, in the simulated machines' {SPACE}")
    commands = [
        f"link add {HUB_BRIDGE} type bridge",
        f"link set {HUB_BRIDGE} address {HUB_MAC}",
        f"link set {HUB_BRIDGE} addrgenmode none",
        f"addr add {HUB}/{SPACE.prefixlen} dev {HUB_BRIDGE}",
        *(f"addr add {source}/{SPACE.prefixlen} dev {HUB_BRIDGE}" for source in sources()),
        f"link set {HUB_BRIDGE} up",
    ]
    try:
        run("ip", "-batch", "-", stdin="\n".join(commands) + "\n")
    except NetworkError:
        with contextlib.suppress(NetworkError):
            run("ip", "link", "delete", HUB_BRIDGE)
        raise


@contextlib.contextmanager
def building() -> Iterator[None]:
    """Alone among the processes that make or change simulated networks (the hub, a network's /24 and
    its first veths), for the block."""
    with open(BUILD_LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@contextlib.contextmanager
def hub() -> Iterator[None]:
    """The hub for the block: made if there is none, and removed after it by the last process using it
    (each holds a shared lock while it does; the kernel lets a killed one's go, so a hub left by a run
    that was killed is used, then removed, by the next)."""
    with open(USERS_LOCK, "a") as users:
        fcntl.flock(users, fcntl.LOCK_SH)
        with building():
            if not _present():
                _make()
        try:
            yield
        finally:
            try:
                fcntl.flock(users, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                pass  # still used by another process
            else:
                with contextlib.suppress(NetworkError):
                    run("ip", "link", "delete", HUB_BRIDGE)
