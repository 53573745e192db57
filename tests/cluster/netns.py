"""Machines, simulated: each part of a cluster in a Linux network namespace of its own, joined by a veth
link to a bridge in the root namespace, on a private /24 of 10.77.0.0/16 that no interface of this
machine uses yet. The bridge's address is the hub: the test process (its players, its relays, its
Redis client) lives there, so every hop between two machines, or between a machine and a player, is a
real one through the kernel's network stack.

A network is made for one test run and always removed: its names carry a random run id (a namespace
`mazerace-<id>-<machine>`, the bridge `mrb<id>`, the veths `mr<id><n>`), and `simulated_network`
deletes the namespaces (each takes its end of the veth, and any `nft` table in it, along) and the bridge
when its block ends, however it ends. A run killed before it could (SIGKILL, a CI timeout) leaves its
network behind: the bridge's alias names the run's pid, and the next run removes the networks of runs
whose process is gone. Stop the processes inside first: a namespace stays alive while a
process runs in it. A partition is an `nft` table in one machine's namespace that drops its packets to
and from an address (and port): nothing is refused, nothing reset, as when a link fails silently.

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

HUB_HOST = 1
"""The bridge's (the root namespace's) host number in the network."""
FIRST_MACHINE = 10
"""Machines get host numbers from here on, in the order they are named."""
ALIAS = "mazerace test network of pid "
"""The bridge's alias: whose network it is, for `remove_stale`."""
FIRST_SOURCE = 100
"""Extra hub addresses (`SimulatedNetwork.sources`) from here on: where players' connections leave from."""


class NetworkError(RuntimeError):
    """A command that builds or changes the simulated network failed; the message has its output."""


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


def run(*command: str, stdin: str | None = None) -> str:
    """Run one network command; its output, or `NetworkError` with what it said."""
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=20, check=False)
    if done.returncode != 0:
        raise NetworkError(f"{' '.join(command)}: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


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
    """A bridge in the root namespace (the hub) and a machine in a namespace on each of its veths."""

    run_id: str
    network: ipaddress.IPv4Network
    machines: dict[str, Machine] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)
    cuts: dict[str, str] = field(default_factory=dict)
    """Machine name -> the nft table that cuts it off."""

    @property
    def bridge(self) -> str:
        return f"mrb{self.run_id}"

    @property
    def hub(self) -> str:
        """The root namespace's address on the network (the test process's)."""
        return self.host(HUB_HOST)

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
        run("ip", "link", "set", outside, "master", self.bridge, "up")
        inside = ("ip", "-n", machine.netns)
        run(*inside, "addr", "add", f"{machine.address}/{self.network.prefixlen}", "dev", "eth0")
        run(*inside, "link", "set", "eth0", "up")
        run(*inside, "link", "set", "lo", "up")
        run(*inside, "route", "add", "default", "via", self.hub)
        return machine

    def add_sources(self, count: int) -> list[str]:
        """`count` more hub addresses, for connections that should look as if from different people."""
        for number in range(FIRST_SOURCE + len(self.sources), FIRST_SOURCE + len(self.sources) + count):
            address = self.host(number)
            run("ip", "addr", "add", f"{address}/{self.network.prefixlen}", "dev", self.bridge)
            self.sources.append(address)
        return self.sources[-count:]

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
        """Delete every cut, namespace (with its veth) and the bridge; carry on past failures, then
        report them."""
        problems: list[str] = []
        for name in list(self.cuts):
            with contextlib.suppress(NetworkError):
                self.heal(name)
        for machine in self.machines.values():
            try:
                run("ip", "netns", "delete", machine.netns)
            except NetworkError as error:
                problems.append(str(error))
        try:
            run("ip", "link", "delete", self.bridge)
        except NetworkError as error:
            problems.append(str(error))
        if problems:
            raise NetworkError("; ".join(problems))


def free_network() -> ipaddress.IPv4Network:
    """A /24 of 10.77.0.0/16 that no address of this machine's root namespace is in."""
    used = [
        ipaddress.IPv4Interface(word).network
        for line in run("ip", "-o", "-4", "addr", "show").splitlines()
        for word in line.split()[3:4]
    ]
    candidates = list(ipaddress.IPv4Network("10.77.0.0/16").subnets(new_prefix=24))[1:-1]
    offset = secrets.randbelow(len(candidates))  # two runs at once should not pick the same one
    for network in candidates[offset:] + candidates[:offset]:
        if not any(network.overlaps(other) for other in used):
            return network
    raise NetworkError("every /24 of 10.77.0.0/16 is in use on this machine")


def remove_stale() -> None:
    """Remove the networks (namespaces and bridge) of test runs whose process has ended."""
    namespaces = [line.split()[0] for line in run("ip", "netns", "list").splitlines() if line.strip()]
    for bridge in json.loads(run("ip", "-j", "link", "show", "type", "bridge") or "[]"):
        alias = str(bridge.get("ifalias", ""))
        if not alias.startswith(ALIAS) or Path(f"/proc/{alias.removeprefix(ALIAS)}").exists():
            continue
        run_id = str(bridge["ifname"]).removeprefix("mrb")
        for netns in namespaces:
            if netns.startswith(f"mazerace-{run_id}-"):
                run("ip", "netns", "delete", netns)
        run("ip", "link", "delete", str(bridge["ifname"]))


@contextlib.contextmanager
def simulated_network(names: Sequence[str]) -> Iterator[SimulatedNetwork]:
    """A bridge with one machine for each of `names`, removed after the block."""
    remove_stale()
    made = SimulatedNetwork(secrets.token_hex(3), free_network())
    run("ip", "link", "add", made.bridge, "type", "bridge")
    try:
        run("ip", "link", "set", made.bridge, "alias", f"{ALIAS}{os.getpid()}")
        run("ip", "addr", "add", f"{made.hub}/{made.network.prefixlen}", "dev", made.bridge)
        run("ip", "link", "set", made.bridge, "up")
        for name in names:
            made.add_machine(name)
        yield made
    finally:
        made.remove()
