"""A real 3-process cluster for the chaos tests, and the checks every one of them ends with.

`ChaosCluster` is redis-server (append-only, `appendfsync always`), three `python -m server --node ...`
processes started at once on free loopback ports (`--countdown 1`) and nginx in front of them, all
children of the test process, stopped by pid at teardown. The test can kill, freeze, thaw and restart
any process, and restart Redis, by pid. `RaceTable` makes a small room through nginx, joins two players
and a spectator (`ClusterPlayer`, which reconnects and rejoins on its own), starts the race and walks
the players along the shortest path; `check_race` then asserts what must hold after any fault: every
client's versions contiguous, both players finished, every acknowledged move in the stored race log at
the move count its ack gave, the race stored exactly once (the list, the replay, the database).
"""

import asyncio
import contextlib
import json
import os
import signal
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import redis.asyncio as aioredis
import socketio

from server.cluster.nginx_conf import Upstream
from server.cluster.nginx_server import NginxServer
from server.cluster.nodes import NodeSpec, health
from server.cluster.redis_server import RedisServer, pong, redis_command
from server.cluster.services import LOOPBACK, Service, free_port, spawn
from server.game.maze import Cell, Maze
from server.game.racelog import RaceLog
from server.game.wire import decode_maze
from server.ownership.shared_rooms import room_keys
from tests.cluster.players import ClusterPlayer
from tests.mazes import shortest_path

NODES = ("node1", "node2", "node3")
NODE_ARGS = ("--countdown", "1")
UP_SECONDS = 60.0
"""Three processes start at once on two busy cores."""
WAIT = 30.0
"""Generous deadline of every wait for something the cluster must do (never a timing assertion)."""
MOVE_GAP = 0.12
"""Seconds between one player's moves: two players stay under the per-address limit (20 a second)."""
SIZE = 7
"""Rows and columns of the test mazes: a race of a dozen or so moves a player."""


@dataclass
class ChaosCluster:
    """Redis, the MazeRace processes by node id, and nginx, all started by this test."""

    root: Path
    redis: RedisServer
    specs: dict[str, NodeSpec]
    nodes: dict[str, Service]
    nginx: NginxServer

    @property
    def url(self) -> str:
        """The cluster's address (nginx)."""
        return self.nginx.url

    @property
    def db(self) -> Path:
        return self.root / "mazerace.db"

    def node_url(self, node: str) -> str:
        """One process's own address, past nginx."""
        return f"http://{LOOPBACK}:{self.nodes[node].port}"

    def pid(self, node: str) -> int:
        return self.nodes[node].pid

    def signal(self, node: str, signum: int) -> None:
        """Send `signum` to a process by its pid."""
        os.kill(self.nodes[node].pid, signum)

    def kill(self, node: str) -> None:
        """kill -9, and reap it."""
        self.signal(node, signal.SIGKILL)
        self.nodes[node].wait(10)

    async def restart(self, node: str) -> None:
        """Start a process that ended again on its port, as the launcher does, and wait until it
        answers (spawned from this, the main, thread: children die with the thread that made them)."""
        old = self.nodes[node]
        assert not old.alive()
        service = spawn(node, self.specs[node].command(old.port), old.port, old.log, env=_UNBUFFERED)
        self.nodes[node] = service
        await _until(lambda: _answers(service, node), f"{node} started again")

    def stop_redis(self) -> None:
        """SIGTERM redis-server (it writes its append-only file and exits)."""
        self.redis.stop()

    async def start_redis(self) -> None:
        """redis-server again on its port with its data dir, as after a restart."""
        redis = self.redis
        command = redis_command(redis.port, redis.data_dir, redis.binary)
        redis.service = spawn("redis-server", command, redis.port, redis.service.log)
        await _until(lambda: pong(redis.port), "redis answers again")

    def client(self) -> "aioredis.Redis":
        """A redis-py client of the cluster's Redis (the caller closes it)."""
        return aioredis.from_url(self.redis.url)

    def stop(self) -> None:
        for service in self.nodes.values():
            if service.alive():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(service.pid, signal.SIGCONT)  # a frozen process cannot exit
            service.stop(signal.SIGTERM, 15)
        self.nginx.stop()
        self.redis.stop()

    def log_of(self, node: str) -> str:
        return self.nodes[node].log.read_text(errors="replace")


_UNBUFFERED = {"PYTHONUNBUFFERED": "1"}


def _answers(service: Service, node: str) -> bool:
    if not service.alive():
        raise AssertionError(f"{node} exited: {service.log_tail()}")
    answer = health(service.port)
    return answer is not None and answer.get("node") == node


async def _until(ready: Callable[[], bool], what: str, within: float = UP_SECONDS) -> None:
    """Poll `ready` (run off the event loop: it may block on a socket) until it holds."""
    deadline = time.monotonic() + within
    while not await asyncio.to_thread(ready):
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {within} s: {what}")
        await asyncio.sleep(0.05)


@contextlib.contextmanager
def running_cluster(root: Path) -> Iterator[ChaosCluster]:
    """The three processes are started together (then each waited for), behind one nginx."""
    redis = RedisServer.start(root / "redis")
    services: dict[str, Service] = {}
    nginx: NginxServer | None = None
    try:
        specs = {
            node: NodeSpec(node, redis.url, str(root / "mazerace.db"), extra=NODE_ARGS) for node in NODES
        }
        for node, spec in specs.items():
            port = free_port()
            services[node] = spawn(
                node, spec.command(port), port, root / "logs" / f"{node}.log", env=_UNBUFFERED
            )
        deadline = time.monotonic() + UP_SECONDS
        for node, service in services.items():
            while not _answers(service, node):
                assert time.monotonic() < deadline, f"{node} did not come up:\n{service.log_tail()}"
                time.sleep(0.05)
        upstreams = [Upstream(LOOPBACK, service.port) for service in services.values()]
        nginx = NginxServer.start(root / "nginx", upstreams)
        cluster = ChaosCluster(root, redis, specs, services, nginx)
        yield cluster
    finally:
        for service in services.values():
            with contextlib.suppress(ProcessLookupError):
                if service.alive():
                    os.kill(service.pid, signal.SIGCONT)
            service.stop(signal.SIGTERM, 15)
        if nginx is not None:
            nginx.stop()
        redis.stop()


# ----- the race ---------------------------------------------------------------------------------------


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
            with contextlib.suppress(socketio.exceptions.ConnectionError, ValueError):
                await self.connect()
                self.comebacks += 1
                return
            await asyncio.sleep(0.25)


def current_cell(player: ClusterPlayer) -> Cell | None:
    """Where the server last said this player stands: the latest `moved` (or `started`) of the current
    join, or the join's snapshot."""
    me = player.you.get("id")
    if player.sessions:
        session = player.sessions[-1]
        for event in reversed(session.events):
            if event["v"] <= session.version:
                continue
            if event["t"] == "moved" and event["d"]["id"] == me:
                return (event["d"]["room"][0], event["d"]["room"][1])
            if event["t"] == "started":
                for entry in event["d"]["players"]:
                    if entry["id"] == me:
                        return (entry["room"][0], entry["room"][1])
    for entry in player.snapshot.get("players", []):
        if entry["id"] == me and entry.get("room") is not None:
            return (entry["room"][0], entry["room"][1])
    return None


def seen(player: ClusterPlayer, kind: str) -> dict[str, Any] | None:
    """The data of the first `kind` event this client received over all its joins."""
    for session in player.sessions:
        for event in session.events:
            if event["t"] == kind:
                return dict(event["d"])
    return None


def race_over(player: ClusterPlayer) -> dict[str, Any] | None:
    """The race's results as this client learnt them: the `race_over` event, or a snapshot of the
    finished room (a client that rejoined after the race ended gets no event)."""
    event = seen(player, "race_over")
    if event is not None:
        return event
    if player.snapshot.get("phase") == "finished" and player.snapshot.get("results"):
        return {"race": player.snapshot.get("race"), "results": player.snapshot["results"]}
    return None


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


async def join_until_held(client: ClusterPlayer) -> float:
    """Connect and join, asking again while the room is moving between processes; when it joined."""
    await client.connect()
    while not (ack := await client.join()).get("ok"):
        assert ack["error"]["code"] == "server_unavailable", ack
        await asyncio.sleep(0.1)
    return time.monotonic()


# ----- what must hold after any fault ------------------------------------------------------------------


async def stored_race(cluster: ChaosCluster, race_id: str) -> dict[str, Any]:
    """The stored race (the replay API answers 200), waiting for a save still under way."""
    async with aiohttp.ClientSession() as http:
        deadline = time.monotonic() + WAIT
        while True:
            async with http.get(f"{cluster.url}/api/races/{race_id}") as answer:
                if answer.status == 200:
                    return dict(await answer.json())
                assert answer.status in (404, 429), (answer.status, await answer.text())
            assert time.monotonic() < deadline, f"race {race_id} was not stored within {WAIT} s"
            await asyncio.sleep(1.0)  # the replay API allows one a second once the burst is spent


async def listed_races(cluster: ChaosCluster) -> list[str]:
    async with aiohttp.ClientSession() as http, http.get(f"{cluster.url}/api/races") as answer:
        assert answer.status == 200
        return [race["id"] for race in (await answer.json())["races"]]


def database_rows(db: Path, race_id: str, code: str) -> tuple[int, int, int]:
    """Rows in the shared SQLite file: races with this id, races of this room, results of the race."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        by_id = conn.execute("SELECT count(*) FROM races WHERE id = ?", (race_id,)).fetchone()[0]
        by_room = conn.execute("SELECT count(*) FROM races WHERE room_code = ?", (code,)).fetchone()[0]
        results = conn.execute("SELECT count(*) FROM results WHERE race_id = ?", (race_id,)).fetchone()[0]
    return int(by_id), int(by_room), int(results)


def logged_moves(stored: dict[str, Any], cols: int) -> dict[str, list[Cell]]:
    """Each player's cells in the stored race log, in order."""
    moves: dict[str, list[Cell]] = {}
    for entry in RaceLog.from_wire(stored["log"], cols):
        if entry["type"] == "move":
            moves.setdefault(str(entry["id"]), []).append((entry["room"][0], entry["room"][1]))
    return moves


async def check_race(table: RaceTable) -> dict[str, Any]:
    """Everything a fault must not break, once the race is over; the stored race."""
    assert table.maze is not None
    for client in table.clients:
        await until(lambda c=client: race_over(c), f"{client.name} sees the race over")
    for client in [*table.clients, *table.retired]:
        assert client.gaps() == [], (client.name, client.gaps())
    results = race_over(table.ann)
    assert results is not None
    assert results["race"] == table.race_id
    by_id = {result["id"]: result for result in results["results"]}
    for player in table.players:
        mine = by_id[player.you["id"]]
        assert not mine["dnf"], mine
        assert mine["rank"] is not None, mine
        assert tuple(mine["room"]) == table.maze.exit

    stored = await stored_race(table.cluster, table.race_id)
    moves = logged_moves(stored, table.maze.cols)
    for player in table.players:
        member = player.you["id"]
        clients = [*table.clients, *table.retired]
        acked = [ack for client in clients if client.you.get("id") == member for ack in client.acked]
        cells = moves[member]
        assert cells == table.path[1:], (player.name, cells)
        for cell, count in acked:
            assert cells[count - 1] == tuple(cell), (player.name, cell, count)
        assert by_id[member]["moves"] == len(cells)
    assert (await listed_races(table.cluster)).count(table.race_id) == 1
    assert database_rows(table.cluster.db, table.race_id, table.code) == (1, 1, 2)
    return stored


# ----- the room's log in Redis ----------------------------------------------------------------------


@dataclass
class LogEntry:
    """One command in a room's Redis stream: its stream id and the command's JSON."""

    id: tuple[int, int]
    command: dict[str, Any]


def stream_id(text: bytes | str) -> tuple[int, int]:
    value = text.decode() if isinstance(text, bytes) else text
    millis, _, seq = value.partition("-")
    return int(millis), int(seq or 0)


class LogTail:
    """Follows a room's command stream (XREAD BLOCK), keeping every entry ever appended (later trims
    by snapshots do not hide any) and calling `on_entry` as each arrives."""

    def __init__(self, cluster: ChaosCluster, code: str) -> None:
        self.redis = cluster.client()
        self.key = room_keys(code)["log"]
        self.entries: list[LogEntry] = []
        self.on_entry: Callable[[LogEntry], None] | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> "LogTail":
        self._task = asyncio.create_task(self._follow())
        return self

    async def _follow(self) -> None:
        last = "0-0"
        while True:
            try:
                found = await self.redis.xread({self.key: last}, block=200)
            except (OSError, aioredis.RedisError):
                await asyncio.sleep(0.1)  # Redis restarting: read on from where we were
                continue
            for _, entries in found:
                for entry_id, fields in entries:
                    last = entry_id.decode()
                    entry = LogEntry(stream_id(entry_id), json.loads(fields[b"c"]))
                    self.entries.append(entry)
                    if self.on_entry is not None:
                        self.on_entry(entry)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.redis.aclose()
