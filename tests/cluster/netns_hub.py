"""The hub every simulated network joins: one bridge in the root namespace, with the test process's
address on it and the addresses players' connections leave from, made once for a whole test session.

Why once: Chromium watches the root namespace's addresses, and any address added or removed there makes
it fail every request in flight with `ERR_NETWORK_CHANGED` (a browser test on another worker lost a
whole room page that way when a simulated network was made or removed). So the addresses the root
namespace needs are all put on the bridge before the first browser starts (the session's first hook, in
`tests/conftest.py`) and taken away after the last one has closed; a simulated network then adds only
links there (namespaces, and veths without IPv6 addresses, `addrgenmode none`), which Chromium ignores.

Made on demand when a simulated network finds no hub (a benchmark on its own), and then removed with it.
A hub whose maker has gone (SIGKILL, a CI timeout) is taken over by the next run."""

import contextlib
import ipaddress
import json
import os
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
HUB_ALIAS = "mazerace test hub of pid "
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


def _owner() -> int | None:
    """The pid that made the hub: None when there is no hub, 0 when it does not say."""
    for link in json.loads(run("ip", "-j", "link", "show", "type", "bridge") or "[]"):
        if link.get("ifname") == HUB_BRIDGE:
            alias = str(link.get("ifalias", ""))
            return int(alias.removeprefix(HUB_ALIAS)) if alias.startswith(HUB_ALIAS) else 0
    return None


def _make() -> None:
    """The bridge, its addresses, then up: one batch of `ip` commands."""
    commands = [
        f"link add {HUB_BRIDGE} type bridge",
        f"link set {HUB_BRIDGE} address {HUB_MAC}",
        f"link set {HUB_BRIDGE} addrgenmode none",
        f'link set {HUB_BRIDGE} alias "{HUB_ALIAS}{os.getpid()}"',
        f"addr add {HUB}/{SPACE.prefixlen} dev {HUB_BRIDGE}",
        *(f"addr add {source}/{SPACE.prefixlen} dev {HUB_BRIDGE}" for source in sources()),
        f"link set {HUB_BRIDGE} up",
    ]
    run("ip", "-batch", "-", stdin="\n".join(commands) + "\n")


@contextlib.contextmanager
def hub() -> Iterator[None]:
    """The hub for the block: made if there is none (or its maker has gone), and then removed after it;
    one made by a process still running is left to it."""
    owner = _owner()
    if owner and Path(f"/proc/{owner}").exists():  # this process's own, or a live one's
        yield
        return
    if owner is not None:  # its maker has gone
        run("ip", "link", "delete", HUB_BRIDGE)
    _make()
    try:
        yield
    finally:
        with contextlib.suppress(NetworkError):
            run("ip", "link", "delete", HUB_BRIDGE)
