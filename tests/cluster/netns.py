"""Machines, simulated: each part of a cluster in a Linux network namespace of its own, joined by a veth
link to the hub, a bridge in the root namespace (`tests/cluster/netns_hub.py`, made once a session), each
network's machines on a /24 of its own in 10.77.0.0/16. The hub's address is the test process's: its
players, its relays, its Redis client live there, so every hop between two machines, or between a machine
and a player, is a real one through the kernel's network stack.

A network is made for one test run and always removed: its names carry a random run id (a namespace
`mazerace-<id>-<machine>`, the veths `mr<id><n>`), and `simulated_network` deletes the namespaces (each
takes its end of the veth, and any `nft` table in it, along) when its block ends, however it ends. A run
killed before it could (SIGKILL, a CI timeout) leaves its network behind: its veths' alias names the
run's pid, and the next run removes the networks of runs whose process is gone. Stop the processes inside
first: a namespace stays alive while a process runs in it. A network adds or removes no address in the
root namespace (see the hub for why). A partition is an `nft` table in one machine's namespace that
drops its packets to and from an address (and port): nothing is refused, nothing reset, as when a link
fails silently.

Needs root, iproute2's `ip` and `nft` (Debian: nftables); `unavailable()` says why not, for a skip."""

import contextlib
import ipaddress
import json
import os
import secrets
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tests.cluster.netns_hub import HUB, HUB_BRIDGE, SPACE, NetworkError, building, hub, run, sources

FIRST_MACHINE = 10
"""Machines get host numbers in their network's /24 from here on, in the order they are named."""
ALIAS = "mazerace test network of pid "
"""The alias of a network's veths in the root namespace: whose network it is, and its /24."""


def unavailable() -> str | None:
    """Why this machine cannot simulate a network (not root, no `ip netns`, no `nft`), or None."""
    if os.geteuid() != 0:
        return "simulated machines need root (network namespaces, veth links, nft)"
    for program, package in (("ip", "iproute2"), ("nft", "nftables")):
        if shutil.which(program) is None:
            return f"simulated machines need `{program}` (Debian: apt-get install {package})"
    probe = f"mazerace-probe-{secrets.token_hex(3)}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True, check=False)
    if made.returncode != 0:
        return f"`ip netns add` does not work here: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "delete", probe], capture_output=True, check=False)
    return None


@dataclass(frozen=True)
class Machine:
    """One simulated machine: its namespace and its address on the network."""

    name: str
    netns: str
    address: str

    @property
    def wrap(self) -> tuple[str, ...]:
        """The command prefix that runs a program on this machine."""
        return ("ip", "netns", "exec", self.netns)


@dataclass
class SimulatedNetwork:
    """A /24 of the hub's space and a machine in a namespace on each of its veths to the hub."""

    run_id: str
    network: ipaddress.IPv4Network
    machines: dict[str, Machine] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)
    cuts: dict[str, str] = field(default_factory=dict)
    """Machine name -> the nft table that cuts it off."""

    @property
    def hub(self) -> str:
        """The root namespace's address on the hub (the test process's), the machines' way out."""
        return HUB

    def host(self, number: int) -> str:
        return str(self.network.network_address + number)

    def add_machine(self, name: str) -> Machine:
        """A namespace with a veth to the bridge, its address, loopback up, routed through the hub."""
        index = len(self.machines)
        machine = Machine(name, f"mazerace-{self.run_id}-{name}", self.host(FIRST_MACHINE + index))
        outside = f"mr{self.run_id}{index}"
        run("ip", "netns", "add", machine.netns)
        self.machines[name] = machine  # from here on, removed with the network
        run("ip", "link", "add", outside, "type", "veth", "peer", "name", "eth0", "netns", machine.netns)
        run("ip", "link", "set", outside, "addrgenmode", "none")  # no IPv6 address: a root address change
        run("ip", "link", "set", outside, "alias", f"{ALIAS}{os.getpid()} {self.network}")
        run("ip", "link", "set", outside, "master", HUB_BRIDGE, "up")
        inside = ("ip", "-n", machine.netns)
        run(*inside, "addr", "add", f"{machine.address}/{SPACE.prefixlen}", "dev", "eth0")
        run(*inside, "link", "set", "eth0", "up")
        run(*inside, "link", "set", "lo", "up")
        run(*inside, "route", "add", "default", "via", self.hub)
        return machine

    def add_sources(self, count: int) -> list[str]:
        """`count` more of the hub's addresses, for connections that should look as if from different
        people (the hub has them all from the start)."""
        taken = len(self.sources)
        more = sources()[taken : taken + count]
        if len(more) < count:
            raise NetworkError(f"the hub has {len(sources())} source addresses; {taken + count} asked for")
        self.sources.extend(more)
        return more

    def cut(self, name: str, peers: Sequence[tuple[str, int | None]]) -> None:
        """Drop every packet between machine `name` and each peer (an address, and the peer's port
        or None for any), both ways, in the machine's own namespace."""
        machine = self.machines[name]
        table = f"mazerace_cut_{self.run_id}"
        out = "".join(f" ip daddr {peer}{f' tcp dport {port}' if port else ''} drop;" for peer, port in peers)
        into = "".join(
            f" ip saddr {peer}{f' tcp sport {port}' if port else ''} drop;" for peer, port in peers
        )
        rules = (
            f"table inet {table} {{\n"
            f"  chain output {{ type filter hook output priority 0; policy accept;{out} }}\n"
            f"  chain input {{ type filter hook input priority 0; policy accept;{into} }}\n"
            "}\n"
        )
        run(*machine.wrap, "nft", "-f", "-", stdin=rules)
        self.cuts[name] = table

    def heal(self, name: str) -> None:
        """Remove machine `name`'s cut: its packets flow again (TCP resends what was dropped)."""
        table = self.cuts.pop(name, None)
        if table is not None:
            run(*self.machines[name].wrap, "nft", "delete", "table", "inet", table)

    def remove(self) -> None:
        """Delete every cut and namespace (with its veth); carry on past failures, then report them."""
        problems: list[str] = []
        for name in list(self.cuts):
            with contextlib.suppress(NetworkError):
                self.heal(name)
        for machine in self.machines.values():
            try:
                run("ip", "netns", "delete", machine.netns)
            except NetworkError as error:
                problems.append(str(error))
        if problems:
            raise NetworkError("; ".join(problems))


@dataclass(frozen=True)
class Claim:
    """A simulated network as its veths' alias in the root namespace names it."""

    run_id: str
    pid: str
    network: str


def _networks() -> list[Claim]:
    """Every simulated network with a veth in the root namespace (one claim a veth)."""
    links = json.loads(run("ip", "-j", "link", "show", "type", "veth") or "[]")
    aliases = [(str(link["ifname"]), str(link.get("ifalias", ""))) for link in links]
    return [
        Claim(name.removeprefix("mr")[:6], *alias.removeprefix(ALIAS).split(" ", 1))
        for name, alias in aliases
        if alias.startswith(ALIAS)
    ]


def free_network() -> ipaddress.IPv4Network:
    """A /24 of the hub's 10.77.0.0/16 that no running network uses (the first is the hub's own)."""
    used = {claim.network for claim in _networks()}
    candidates = list(SPACE.subnets(new_prefix=24))[1:-1]
    offset = secrets.randbelow(len(candidates))  # two runs at once should not pick the same one
    for network in candidates[offset:] + candidates[:offset]:
        if str(network) not in used:
            return network
    raise NetworkError(f"every /24 of {SPACE} is in use by a simulated network")


def remove_stale() -> None:
    """Remove the networks (namespaces, and their veths with them) of test runs whose process has ended,
    and any namespace of ours no running network claims (a run killed while it made one). Called while
    `building`, so no network is half made meanwhile."""
    live = {claim.run_id for claim in _networks() if _alive(claim.pid)}
    for line in run("ip", "netns", "list").splitlines():
        netns = line.split(" ", 1)[0]
        if netns.startswith("mazerace-") and netns.split("-")[1] not in live | {"probe"}:
            with contextlib.suppress(NetworkError):
                run("ip", "netns", "delete", netns)


def _alive(pid: str) -> bool:
    return pid.isdigit() and Path(f"/proc/{pid}").exists()


@contextlib.contextmanager
def simulated_network(names: Sequence[str]) -> Iterator[SimulatedNetwork]:
    """One machine on the hub for each of `names`, removed after the block."""
    with hub():
        with building():  # its /24 taken, and named by its first veth, before another run looks
            remove_stale()
            made = SimulatedNetwork(secrets.token_hex(3), free_network())
            try:
                for name in names:
                    made.add_machine(name)
            except BaseException:
                made.remove()
                raise
        try:
            yield made
        finally:
            made.remove()
