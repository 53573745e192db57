"""How the room page feels, measured in headless Chromium against this checkout's app on a real port:

- keys-to-draw latency of a local move: from the keydown's `event.timeStamp` to the requestAnimationFrame
  time of the frame that draws the moved arrow (and to the end of that frame's drawing), read from the
  page's test hook (`window.mazerace.feel.latencies`), over ~100 moves along an open corridor;
- frame time on a 150x150 maze with 16 players and their trails (the page's player and 15 bots, added
  through the room's `add_bot` at 10-20 moves a second): the time spent in the renderer's draw each frame
  (the hook's `frames`) and the gaps between animation frames, while the page races and while a spectator
  watches every trail; the target is a p95 of at most 16 ms;
- page weight: every asset the room page loads, gzip -9, per file and in all.

    python -m tests.bench feel   (make bench ARGS=feel)
"""

import asyncio
import gzip
import statistics
import tempfile
from pathlib import Path

import aiohttp
from aiohttp import web
from playwright.async_api import Browser, Page, async_playwright
from yarl import URL

from server.app.factory import create_app
from server.bots.kinds import BOT_KINDS
from server.cluster.services import free_port
from server.config import AppConfig
from server.http.keys import REGISTRY
from server.room.room import Room
from tests.bench.page_weight import load_page
from tests.browser.conftest import CHROMIUM, FLAGS, keys_along, way_out

TITLE = "the room page: keys-to-draw latency, frame time with 16 racers on 150x150, page weight gzipped"

BOTS = 15
FRAME_TARGET_MS = 16.0


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (0..100), nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def line(label: str, values: list[float]) -> str:
    if not values:
        return f"  {label:<44} no samples"
    return (
        f"  {label:<44} n={len(values):>4}  median {statistics.median(values):6.2f} ms"
        f"  p95 {pct(values, 95):6.2f} ms  max {max(values):6.2f} ms"
    )


async def create_room(base: URL, **settings: object) -> str:
    async with (
        aiohttp.ClientSession() as session,
        session.post(base / "api/rooms", json=settings) as response,
    ):
        code: str = (await response.json())["code"]
    return code


async def open_room(browser: Browser, base: URL, code: str, name: str | None) -> Page:
    """A fresh context at the room's page; joined as `name`, or watching when `name` is None."""
    context = await browser.new_context(viewport={"width": 1100, "height": 800})
    page = await context.new_page()
    if name is None:
        await page.goto(str(base / "r" / code) + "?watch=1")
        await page.wait_for_function("() => window.mazerace.you?.role === 'spectator'")
        return page
    await page.goto(str(base / "r" / code))
    await page.fill("#name", name)
    await page.click("#join-as-player")
    await page.locator("#lobby-panel").wait_for()
    return page


async def start(page: Page) -> None:
    await page.click("#start-button")
    await page.wait_for_function("() => window.mazerace.state.canMove()", timeout=20_000)


async def latency(browser: Browser, base: URL, moves: int) -> None:
    code = await create_room(base, preset="custom", rows=6, cols=40, algorithm="binary-tree")
    page = await open_room(browser, base, code, "Key")
    await start(page)
    await page.focus("#race-canvas")
    await page.evaluate("() => window.mazerace.feel.clear()")
    for i in range(moves):  # right and back along the open top row: every move is a predicted step
        await page.keyboard.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
        await asyncio.sleep(0.12)
    samples: list[dict[str, float]] = await page.evaluate("() => window.mazerace.feel.latencies")
    print(f"keys-to-draw latency of a local move ({len(samples)} of {moves} key presses drawn):")
    print(line("keydown -> rAF time of the frame drawing it", [s["frame"] for s in samples]))
    print(line("keydown -> that frame's drawing done", [s["drawn"] for s in samples]))
    await page.context.close()


RAF_LOOP = """(ms) => new Promise((resolve) => {
    const gaps = [];
    let last = null;
    const end = performance.now() + ms;
    const frame = (t) => {
        if (last !== null) gaps.push(t - last);
        last = t;
        if (performance.now() < end) requestAnimationFrame(frame); else resolve(gaps);
    };
    requestAnimationFrame(frame);
})"""


async def frames(page: Page, seconds: float, label: str) -> tuple[list[float], list[float]]:
    """Draw times and rAF gaps over `seconds` of the page as it is."""
    await page.evaluate("() => window.mazerace.feel.clear()")
    gaps: list[float] = await page.evaluate(RAF_LOOP, seconds * 1000)
    draws: list[float] = await page.evaluate("() => window.mazerace.feel.frames")
    print(line(f"{label}: draw time a frame", draws))
    print(line(f"{label}: gap between animation frames", gaps))
    return draws, gaps


async def walk(page: Page, keys: list[str], stop: asyncio.Event) -> None:
    """The page's player walks its way out at about the server's pace until told to stop."""
    for key in keys:
        if stop.is_set():
            return
        await page.keyboard.press(key)
        await asyncio.sleep(0.055)


async def big_race(browser: Browser, base: URL, app: web.Application, seconds: float) -> None:
    code = await create_room(base, preset="custom", rows=150, cols=150, max_players=16)
    page = await open_room(browser, base, code, "Racer")
    for i in range(BOTS):
        await page.select_option("#bot-kind", BOT_KINDS[i % len(BOT_KINDS)])
        await page.fill("#bot-speed", str(10 + (i * 10) // (BOTS - 1)))
        await page.click("#add-bot")
        await page.wait_for_function(f"() => window.mazerace.state.players.length === {i + 2}")
        await asyncio.sleep(0.25)  # the room's command limit: 5 a second
    await start(page)
    room: Room = app[REGISTRY].get(code)
    keys = keys_along(way_out(room))
    print(f"\n150x150 maze, 16 players (the page's and {BOTS} bots at 10-20 moves/s), {seconds:.0f} s each:")
    await page.focus("#race-canvas")
    await asyncio.sleep(3)  # let the bots lay some trail first
    stop = asyncio.Event()
    walker = asyncio.create_task(walk(page, keys, stop))
    racing = await frames(page, seconds, "racing (own trail, 15 rivals)")
    stop.set()
    await walker
    watcher = await open_room(browser, base, code, None)
    await asyncio.sleep(1)
    watching = await frames(watcher, seconds, "watching (all 16 trails)")
    trail = max(len(p.trail.cells) for p in room.players.values() if p.trail is not None)
    moved = sum(p.moves for p in room.players.values())
    print(f"  longest trail at the end: {trail} cells; moves made: {moved}")
    worst = max(pct(racing[0], 95), pct(watching[0], 95))
    verdict = "meets" if worst <= FRAME_TARGET_MS else "misses"
    print(f"  draw time p95 {worst:.2f} ms {verdict} the {FRAME_TARGET_MS:.0f} ms target")
    await watcher.context.close()
    await page.context.close()


async def page_weight(base: URL) -> None:
    answers = await load_page(base, "/r/0000000000", {"Accept-Encoding": "identity"})
    print(f"\npage weight of the room page, gzip -9 ({len(answers)} files):")
    total_raw = total_gz = 0
    for answer in answers:
        packed = len(gzip.compress(answer.body, 9))
        total_raw += len(answer.body)
        total_gz += packed
        print(f"  {answer.url:<40} {len(answer.body):>8,} bytes  gzip {packed:>7,}")
    print(f"  {'total':<40} {total_raw:>8,} bytes  gzip {total_gz:>7,} ({total_gz / 1024:.1f} KB)")


async def measure(quick: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        config = AppConfig(
            countdown=0.5, tick=0.05, db_path=Path(folder) / "bench.db", max_bots_per_room=BOTS
        )  # 16 racers: the page's and BOTS bots, past a room's usual cap on bots
        app = create_app(config)
        runner = web.AppRunner(app)
        await runner.setup()
        port = free_port()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        base = URL(f"http://127.0.0.1:{port}")
        try:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(
                    executable_path=str(CHROMIUM), args=FLAGS, headless=True
                )
                try:
                    await latency(browser, base, 40 if quick else 100)
                    await big_race(browser, base, app, 4 if quick else 8)
                finally:
                    await browser.close()
            await page_weight(base)
        finally:
            await runner.cleanup()


def run(quick: bool) -> None:
    """Print the three figures (quick: fewer key presses, shorter frame windows)."""
    asyncio.run(measure(quick))
