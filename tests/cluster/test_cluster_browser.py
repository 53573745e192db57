"""The web client on a real cluster: three real MazeRace processes with a real redis-server and nginx in
front, a player in headless Debian Chromium on the room page (through nginx), a python-socketio player
and a spectator. A whole race in the browser, once clean and once with the room's owner killed with
SIGKILL mid-race: the page reconnects on its own, rejoins with its token, its moves and trail intact,
and finishes; the results show everywhere and the race is stored once."""

import asyncio
import signal
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from playwright.async_api import Browser, Page, async_playwright, expect

from server.cluster.nodes import NodeSpec, start_node
from server.cluster.services import Service
from server.maze.model import Cell
from server.maze.wire import decode_maze
from tests.browser.conftest import CHROMIUM, FLAGS, HAVE_CHROMIUM, keys_along
from tests.cluster.conftest import StartNginx
from tests.cluster.players import ClusterPlayer
from tests.mazes import shortest_path
from tests.services.redis import RedisServer

KEY_GAP = 0.12
"""Seconds between key presses: under the client's moves a second and the server's limit."""
WAIT_MS = 30_000
"""Generous: a fail-over on two cores shared with other work."""
NETWORK_NOISE = ("WebSocket connection to", "Failed to load resource", "net::ERR_")
"""Console errors Chromium itself logs while the room's process is down: not the page's faults."""


@dataclass
class Cluster:
    """Three processes behind one nginx, sharing one Redis and one SQLite file."""

    url: str
    nodes: dict[str, Service]


@pytest.fixture
def cluster(redis_server: RedisServer, start_nginx: StartNginx, tmp_path: Path) -> Iterator[Cluster]:
    nodes: dict[str, Service] = {}
    try:
        for number in (1, 2, 3):
            name = f"node{number}"
            spec = NodeSpec(name, redis_server.url, str(tmp_path / "mazerace.db"), extra=("--countdown", "1"))
            nodes[name] = start_node(spec, tmp_path / f"{name}.log", cwd=tmp_path)
        nginx = start_nginx([node.port for node in nodes.values()])
        yield Cluster(nginx.url, nodes)
    finally:
        for node in nodes.values():
            node.stop()


@dataclass
class Tab:
    """The room page, with its script errors and its failed requests recorded."""

    page: Page
    errors: list[str] = field(default_factory=list)
    network: list[str] = field(default_factory=list)

    async def state(self, expression: str) -> Any:
        """An expression over the client's read-only `window.mazerace` hook."""
        return await self.page.evaluate(f"(() => {{ const m = window.mazerace; return {expression}; }})()")

    async def until(self, expression: str) -> None:
        try:
            await self.page.wait_for_function(
                f"() => {{ const m = window.mazerace; return {expression}; }}", timeout=WAIT_MS
            )
        except Exception:
            seen = await self.page.evaluate("() => [window.connStates, window.messages]")
            raise AssertionError(f"never: {expression}; connection states, messages: {seen}") from None


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    if not HAVE_CHROMIUM:  # `make test` installs it; a missing browser is a failure, never a skip
        pytest.fail(f"{CHROMIUM} is missing: run `make test`, or apt-get install chromium")
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield launched
        await launched.close()


async def open_room(browser: Browser, url: str) -> Tab:
    context = await browser.new_context(viewport={"width": 1100, "height": 800})
    page = await context.new_page()
    tab = Tab(page)
    page.on("pageerror", lambda error: tab.errors.append(str(error)))
    page.on("console", lambda msg: tab.errors.append(msg.text) if msg.type == "error" else None)
    page.on("dialog", lambda dialog: tab.errors.append(f"dialog: {dialog.message}"))
    page.on("requestfailed", lambda request: tab.network.append(f"failed: {request.url} {request.failure}"))
    page.on("response", lambda r: tab.network.append(f"{r.status}: {r.url}") if r.status >= 400 else None)
    await page.goto(url)
    # every state the connection pill shows, in order (to see the page lost and got back its socket)
    await page.evaluate(
        """() => {
          window.connStates = [];
          const pill = document.getElementById('conn-state');
          new MutationObserver(() => window.connStates.push(pill.dataset.state))
            .observe(pill, {attributes: true, attributeFilter: ['data-state']});
          window.messages = [];
          const box = document.getElementById('message');
          new MutationObserver(() => window.messages.push(box.textContent))
            .observe(box, {childList: true, characterData: true, subtree: true});
        }"""
    )
    return tab


async def join_as_player(tab: Tab, name: str) -> None:
    """Type a name and press Join as player, once the page has enabled it (its scripts have run)."""
    await tab.page.fill("#name", name)
    try:
        await expect(tab.page.locator("#join-as-player")).to_be_enabled(timeout=WAIT_MS)
    except AssertionError:
        seen = f"errors {tab.errors}, failed requests {tab.network}"
        raise AssertionError(f"the join button was never enabled; {seen}") from None
    await tab.page.click("#join-as-player")


async def walk(tab: Tab, keys: list[str]) -> None:
    await tab.page.focus("#race-canvas")
    for key in keys:
        await tab.page.keyboard.press(key)
        await asyncio.sleep(KEY_GAP)


async def steps(player: ClusterPlayer, cells: list[Cell]) -> None:
    """Walk `cells` at the same pace as the browser, each step acknowledged."""
    for cell in cells:
        ack = await player.move_to(list(cell))
        assert ack["ok"], ack
        await asyncio.sleep(KEY_GAP)


async def event_of(player: ClusterPlayer, kind: str, within: float = 30.0) -> dict[str, Any]:
    """The first event `kind` any of the player's joins received."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        for session in player.sessions:
            for event in session.events:
                if event["t"] == kind:
                    return dict(event["d"])
        await asyncio.sleep(0.05)
    raise AssertionError(f"{player.name} got no {kind} event")


async def owner_of(http: aiohttp.ClientSession, url: str, code: str) -> str | None:
    async with http.get(f"{url}/api/rooms/{code}") as response:
        assert response.status == 200
        return (await response.json())["node"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("kill_owner", [False, True], ids=["clean", "owner-killed"])
async def test_a_race_in_the_browser_through_the_cluster(
    cluster: Cluster, browser: Browser, kill_owner: bool
) -> None:
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{cluster.url}/api/rooms", json={"preset": "easy"}) as response:
            assert response.status == 201
            code = (await response.json())["code"]

        ann = await open_room(browser, f"{cluster.url}/r/{code}")
        await join_as_player(ann, "Ann")
        await expect(ann.page.locator("#lobby-panel")).to_be_visible(timeout=WAIT_MS)
        bob = await ClusterPlayer(cluster.url, code, "Bob").connect()
        watcher = await ClusterPlayer(cluster.url, code, "Watcher", "spectator").connect()
        try:
            assert (await bob.join())["ok"]
            assert (await watcher.join())["ok"]
            assert (await bob.command("ready", {"ready": True}))["ok"]
            await expect(ann.page.locator("#start-button")).to_be_enabled(timeout=WAIT_MS)
            await ann.page.click("#start-button")
            started = await event_of(bob, "started")
            await ann.until("m.state.phase === 'racing' && m.state.canMove()")
            path = shortest_path(decode_maze(started["maze"]))
            keys = keys_along(path)
            half = len(keys) // 2

            await asyncio.gather(walk(ann, keys[:half]), steps(bob, path[1 : half + 1]))
            await ann.until(f"m.state.me().moves === {half} && m.state.pending.length === 0")
            owner = await owner_of(http, cluster.url, code)
            assert owner in cluster.nodes
            ann_id = await ann.state("m.you.id")

            if kill_owner:
                cluster.nodes[owner].stop(signal.SIGKILL)
                await ann.until("window.connStates.includes('reconnecting')")
                await ann.until(
                    "window.connStates.at(-1) === 'connected' && m.joined && m.state.phase === 'racing'"
                    " && m.state.canMove()"
                )  # back in the race, on its own
                new_owner = await owner_of(http, cluster.url, code)
                assert new_owner not in (None, owner)
                await expect(ann.page.locator("#race-panel")).to_be_visible()
                assert await ann.state("m.you.id") == ann_id  # the same player, by its token
                assert await ann.state("m.state.me().moves") == half
                assert await ann.state("m.state.me().trail.length") == half + 1
                assert _cells(await ann.state("m.state.me().trail")) == path[: half + 1]
                assert tuple(await ann.state("m.state.view(m.you.id).cell")) == path[half]
                assert await ann.page.locator("#hud-moves").text_content() == str(half)

            await walk(ann, keys[half:])
            await ann.until("m.state.me().finished === true")
            await steps(bob, path[half + 1 :])
            over = await event_of(watcher, "race_over")

            results = ann.page.locator("#results")
            await expect(results).to_be_visible(timeout=WAIT_MS)
            await expect(ann.page.locator("#results-body tr")).to_have_count(2)
            await expect(ann.page.locator("#results-body tr").first).to_contain_text("Ann")
            rows = {row["name"]: row for row in over["results"]}
            assert (rows["Ann"]["moves"], rows["Bob"]["moves"]) == (len(keys), len(keys))
            assert rows["Ann"]["rank"] == 1
            assert [moves for _, moves in bob.acked] == list(range(1, len(keys) + 1))
            assert bob.gaps() == []
            assert watcher.gaps() == []
            if kill_owner:
                assert bob.rejoins, "the socketio player came back on its own"
                assert watcher.rejoins, "so did the spectator"
            async with http.get(f"{cluster.url}/api/races") as response:
                races = [race["id"] for race in (await response.json())["races"]]
            assert races.count(started["race"]) == 1, "the race is stored once"
            noise = [e for e in ann.errors if not any(text in e for text in NETWORK_NOISE)]
            assert noise == [], f"script errors in the page: {noise}"
            if not kill_owner:
                assert ann.errors == []
        finally:
            await bob.close()
            await watcher.close()
            await ann.page.context.close()


async def test_the_browser_gets_back_into_the_race_when_redis_returns(
    cluster: Cluster, browser: Browser, redis_server: RedisServer
) -> None:
    """Redis down mid-race: the owner cannot log a move, drops the room and its clients; the page's
    rejoin is refused (`server_unavailable`) while Redis is away. When Redis is back the page must
    rejoin by itself, not stay on the join form."""
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{cluster.url}/api/rooms", json={"preset": "easy"}) as response:
            code = (await response.json())["code"]
        ann = await open_room(browser, f"{cluster.url}/r/{code}")
        await join_as_player(ann, "Ann")
        await expect(ann.page.locator("#start-button")).to_be_enabled(timeout=WAIT_MS)
        try:
            await ann.page.click("#start-button")
            await ann.until("m.state.phase === 'racing' && m.state.canMove()")
            keys = keys_along(shortest_path(decode_maze(await _wire_maze(cluster.url, code))))
            await walk(ann, keys[:2])
            await ann.until("m.state.me().moves === 2 && m.state.pending.length === 0")

            redis_server.kill()
            await walk(ann, keys[2:3])  # refused: it cannot be logged; the room is dropped here
            await ann.until("window.connStates.includes('reconnecting')")
            await ann.until(
                "window.connStates.at(-1) === 'connected'"
                " && window.messages.length > 0 && !window.messages.at(-1).includes('restarting')"
            )  # reconnected, and its rejoin answered (refused: Redis is still away)
            redis_server.restart()

            await ann.until("m.joined && !!m.you && m.state.phase === 'racing' && m.state.canMove()")
            await expect(ann.page.locator("#race-panel")).to_be_visible()
            assert await ann.state("m.state.me().moves") == 2
            await walk(ann, keys[2:])
            await ann.until("m.state.me().finished === true")
            await expect(ann.page.locator("#results")).to_be_visible(timeout=WAIT_MS)
            noise = [e for e in ann.errors if not any(text in e for text in NETWORK_NOISE)]
            assert noise == [], f"script errors in the page: {noise}"
        finally:
            await ann.page.context.close()


async def _wire_maze(url: str, code: str) -> dict[str, Any]:
    """The race's wire maze, as a spectator joining (and leaving) sees it."""
    watcher = await ClusterPlayer(url, code, "Watcher", "spectator").connect()
    try:
        ack = await watcher.join()
        assert ack["ok"], ack
        return dict(ack["snapshot"]["maze"])
    finally:
        await watcher.close()


def _cells(trail: list[list[int]]) -> list[Cell]:
    return [(cell[0], cell[1]) for cell in trail]
