"""The race of every chaos test: a small room made through nginx, two players and a spectator joined
through nginx (`Player`: a `ClusterPlayer` that reconnects on its own, also after `closing`), the race
started and the players walked along the shortest path from wherever the server says they are."""

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import socketio

from server.cluster.ownership.shared_rooms import room_keys
from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze
from tests.cluster.chaos import WAIT, ChaosCluster
from tests.cluster.chaos_reads import current_cell, seen
from tests.cluster.players import ClusterPlayer
from tests.mazes import shortest_path

MOVE_GAP = 0.12
"""Seconds between one player's moves: two players stay under the per-address limit (20 a second)."""
SIZE = 7
"""Rows and columns of the test mazes: a race of a dozen or so moves a player."""


class Player(ClusterPlayer):
    """A `ClusterPlayer` that also does what the protocol says after `closing`: reconnect and join
    again. A process handing a room on tells its clients `closing` and then closes their Engine.IO
    sessions; python-socketio takes a close from the server for a deliberate disconnect and does not
    reconnect by itself (the browser's client does), so this client does it. A `replaced` tab does not
    come back. `test_failover_moves` has the plain-client test of this, marked xfail."""

    def __init__(self, base: str, code: str, name: str, role: str = "player") -> None:
        super().__init__(base, code, name, role)
        self.told_to_go = False
        self.comebacks = 0
        """Reconnections this class made itself (python-socketio would not have)."""
        self.refused_connects: list[str] = []
        """Why each of this class's own reconnections failed (a figure)."""

    async def _other(self, name: str, *args: Any) -> None:
        await super()._other(name, *args)
        if name == "closing":
            self.told_to_go = True
        elif name == "replaced":
            self.told_to_go = False

    async def _disconnected(self, *reason: Any) -> None:
        await super()._disconnected(*reason)
        if self.told_to_go and reason and reason[0] == self.sio.reason.SERVER_DISCONNECT:
            self.told_to_go = False
            task = asyncio.create_task(self._come_back())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _come_back(self) -> None:
        await asyncio.sleep(0.05)  # let the client finish its own disconnection first
        for _ in range(80):
            if self.sio.connected:
                return
            try:
                await self.connect()
            except (socketio.exceptions.ConnectionError, ValueError) as error:
                self.refused_connects.append(str(error)[:60])
            else:
                self.comebacks += 1
                return
            await asyncio.sleep(0.25)


async def until(check: Callable[[], Any], what: str, within: float = WAIT) -> Any:
    """Wait (on the event loop) until `check()` is truthy; its value."""
    deadline = time.monotonic() + within
    while not (value := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {within} s: {what}")
        await asyncio.sleep(0.02)
    return value


@dataclass
class RaceTable:
    """A room on the cluster, its two players and a spectator, all through nginx."""

    cluster: ChaosCluster
    code: str
    ann: ClusterPlayer
    bob: ClusterPlayer
    sue: ClusterPlayer
    extra: list[ClusterPlayer] = field(default_factory=list)
    """More clients of the same room (a second tab), closed with the others and checked too."""
    retired: list[ClusterPlayer] = field(default_factory=list)
    """Clients closed before the race ended: their versions and acked moves are still checked."""
    maze: Maze | None = None
    race_id: str = ""
    path: list[Cell] = field(default_factory=list)

    @property
    def players(self) -> list[ClusterPlayer]:
        return [self.ann, self.bob]

    @property
    def clients(self) -> list[ClusterPlayer]:
        return [self.ann, self.bob, self.sue, *self.extra]

    async def owner(self, base: str | None = None) -> str | None:
        """The room's owner now, as `GET /api/rooms/{code}` says (through nginx, or at `base`)."""
        url = f"{base or self.cluster.url}/api/rooms/{self.code}"
        async with aiohttp.ClientSession() as http, http.get(url) as answer:
            body = await answer.json()
        return body.get("node")

    async def retire(self, client: ClusterPlayer, successor: ClusterPlayer | None = None) -> None:
        """Close a client before the race is over (it is still checked for gaps and acked moves),
        and let `successor` (another tab of the same member) take its place in the table."""
        await client.close()
        self.retired.append(client)
        if client is self.ann or client is self.bob:
            assert successor is not None, "a player's client needs a successor"
            self.ann, self.bob = (successor if c is client else c for c in (self.ann, self.bob))
        else:
            self.extra.remove(client)
            if successor is not None:
                self.extra.append(successor)

    def back_after(self, moment: float) -> list[float]:
        """Seconds from `moment` (monotonic) to each client's first rejoin after it (a figure)."""
        return [
            round(min(t for t in client.rejoins if t >= moment) - moment, 2)
            for client in self.clients
            if any(t >= moment for t in client.rejoins)
        ]

    async def start(self) -> None:
        """Bob readies, Ann starts: returns once the countdown is on (not waiting for the race)."""
        assert (await self.bob.command("ready", {"ready": True}))["ok"]
        ack = await self.ann.command("start")
        assert ack["ok"], ack

    async def racing(self) -> None:
        """Wait for the race to start for both players; the maze and the race id."""
        for player in self.players:
            await until(
                lambda p=player: seen(p, "started") or p.snapshot.get("maze"), f"{player.name} racing"
            )
        started = seen(self.ann, "started") or self.ann.snapshot
        self.maze = decode_maze(started["maze"])
        self.race_id = str(started["race"])
        self.path = shortest_path(self.maze)

    async def walk(self, player: ClusterPlayer, stop_before: int = 0) -> None:
        """Step along the shortest path from wherever the server says the player is, until
        `stop_before` cells short of the exit (0: the exit); refusals that a fail-over explains (a step
        whose ack was lost, the pace limit of a new process) are waited out."""
        goal = len(self.path) - 1 - stop_before
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            here = await until(lambda: current_cell(player), f"{player.name}'s cell")
            at = self.path.index(here)
            if at >= goal:
                return
            ack = await player.move_to(list(self.path[at + 1]))
            if ack["ok"]:
                await asyncio.sleep(MOVE_GAP)
                continue
            code = ack["error"]["code"]
            if code in ("finished", "not_racing") and at + 1 == len(self.path) - 1:
                return  # the last step landed, its ack was lost; the replay finished the race
            if code not in ("rate_limited", "not_adjacent"):
                raise AssertionError(f"{player.name}: move to {self.path[at + 1]} refused: {ack}")
            await asyncio.sleep(0.2)
        raise AssertionError(f"{player.name} did not get there within {WAIT} s")

    async def close(self) -> None:
        for client in self.clients:
            with contextlib.suppress(Exception):
                await client.close()


async def open_table(cluster: ChaosCluster, size: int = SIZE) -> RaceTable:
    """A room made through nginx, Ann (host) and Bob joined as players, Sue as a spectator."""
    async with aiohttp.ClientSession() as http:
        settings = {"preset": "custom", "rows": size, "cols": size, "hint_limit": 0}
        async with http.post(f"{cluster.url}/api/rooms", json=settings) as answer:
            assert answer.status == 201, await answer.text()
            code = (await answer.json())["code"]
    table = RaceTable(
        cluster,
        code,
        Player(cluster.url, code, "Ann"),
        Player(cluster.url, code, "Bob"),
        Player(cluster.url, code, "Sue", role="spectator"),
    )
    try:
        for client in table.clients:
            await client.connect()
            ack = await client.join()
            assert ack.get("ok"), ack
    except BaseException:
        await table.close()
        raise
    return table


@contextlib.asynccontextmanager
async def table_on(cluster: ChaosCluster) -> AsyncIterator[RaceTable]:
    """`open_table` for a `with` block (a test's fixture), every client closed after it."""
    made = await open_table(cluster)
    try:
        yield made
    finally:
        await made.close()


async def owner_of(table: RaceTable, base: str | None = None) -> str:
    """The room's owner, once it has one (asked through nginx, or at `base`)."""
    deadline = time.monotonic() + WAIT
    while (owner := await table.owner(base)) is None:
        assert time.monotonic() < deadline, "the room has no owner"
        await asyncio.sleep(0.05)
    return owner


def second_tab(table: RaceTable, of: ClusterPlayer, base: str, *, extra: bool = True) -> Player:
    """The same player opening the room again at `base` (a process's own port): their token. Kept
    among the table's clients (`extra`) unless it is to take `of`'s place (`RaceTable.retire`)."""
    tab = Player(base, table.code, of.name)
    tab.token = of.token
    if extra:
        table.extra.append(tab)
    return tab


async def move_once(player: ClusterPlayer, cell: list[int], within: float = 20) -> dict[str, Any]:
    """One move, sent once (never retried): its ack, or why none came (the connection was dropped)."""
    try:
        return dict(await player.sio.call("move", {"to": cell}, timeout=within))
    except (socketio.exceptions.TimeoutError, socketio.exceptions.BadNamespaceError) as error:
        return {"ok": False, "error": {"code": type(error).__name__}}


async def join_until_held(client: ClusterPlayer) -> float:
    """Connect and join, asking again while the room is moving between processes; when it joined."""
    await client.connect()
    while not (ack := await client.join()).get("ok"):
        assert ack["error"]["code"] == "server_unavailable", ack
        await asyncio.sleep(0.1)
    return time.monotonic()


async def epoch(table: RaceTable) -> int:
    """How many leases the room has ever had (each takeover or handover adds one)."""
    redis = table.cluster.client()
    try:
        return int(await redis.get(room_keys(table.code)["epoch"]))
    finally:
        await redis.aclose()
