"""A fog race against a bot added through the page, in a real browser: the page shows the bot only while
the server says it is in the racer's sight, and draws the fog as the server says, with screenshots of
the fog under the pytest tmp dir (printed)."""

import json
from pathlib import Path

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from server.maze.model import Cell, Maze
from server.room.bot_spec import BotSpec
from server.room.room import Room
from tests.browser.bot_page import add_bot, page_bot, past_go
from tests.browser.conftest import Tab, room_of, way_out
from tests.browser.fog_race import (
    check_fog_drawn,
    create_fog_room,
    racer,
    shot,
    start_fog_race,
    truth,
    walk_path,
)
from tests.browser.rooms import bots_of

MAX_READINGS = 1200
"""Tries at reading the page against the server (50 ms apart) before a fog test gives up."""


def near(maze: Maze, cells: list[Cell]) -> set[Cell]:
    """The cells and those up to two rows or columns away: where the bot's arrow and its label may be
    drawn after a step."""
    out = set()
    for r, c in cells:
        for dr in range(-2, 3):
            for dc in range(-2, 3):
                if maze.in_bounds((r + dr, c + dc)):
                    out.add((r + dr, c + dc))
    return out


def far_apart(a: Cell, b: Cell) -> bool:
    """Whether two cells are four rows or columns apart: then the cells `near` one leave out every cell
    next to the other (and a racer always sees at least one of the cells next to it)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 4


async def settled_view(tab: Tab, room: Room, bot_id: str) -> tuple[dict[str, object], Cell, int] | None:
    """The page's record of the bot and the server's cell and move count for it, read when the bot did
    not step while the page was read and the page has every step; None otherwise (try again)."""
    bot = room.players[bot_id]
    assert bot.trail is not None
    before = (bot.moves, bot.trail.current)
    page = await page_bot(tab, bot_id)
    if (bot.moves, bot.trail.current) != before or page["moves"] != bot.moves:
        return None
    return page, before[1], before[0]


async def test_a_fog_race_against_a_bot_shows_it_only_in_sight(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer, tmp_path: Path
) -> None:
    host, code = await create_fog_room(open_tab, "Ann")
    room = room_of(live_server, code)
    await add_bot(host, "dfs", 1)  # one step a second: still in sight once "GO!" has gone
    await expect(host.page.locator("#players li", has_text="DFS bot")).to_be_visible()
    ((bot_id, spec),) = bots_of(room).items()
    assert spec == BotSpec("dfs", 1)
    await start_fog_race(host)
    maze = room.maze
    assert maze is not None
    assert await host.state("m.state.inFog()") is True
    ann = racer(room, str(await host.state("m.you.id")))
    await past_go(host)
    await shot(host, tmp_path, "fog-bot-start")

    async def compare(label: str, readings: int, both: bool) -> dict[bool, int]:
        """Read the page against the server: `readings` settled readings, and when `both`, on until the
        bot has been both in and out of Ann's sight (within MAX_READINGS tries, or fail); how many of
        each were compared. Stops early once the bot is out of the race (at the exit)."""
        _, sight, here = truth(room, ann)
        counts = {True: 0, False: 0}
        shots: set[bool] = set()
        for _ in range(MAX_READINGS):
            done = sum(counts.values()) >= readings and (not both or (counts[True] and counts[False]))
            if done or not room.players[bot_id].racing:
                return counts
            await host.page.wait_for_timeout(50)
            reading = await settled_view(host, room, bot_id)
            if reading is None:
                continue
            page, cell, _ = reading
            in_sight = maze.index(cell) in sight
            assert page["shown"] is in_sight, (
                f"{label}: the bot at {cell} (Ann at {here}) is drawn iff in sight"
            )
            if in_sight:
                assert tuple(page["cell"]) == cell, f"{label}: in sight, the page has the bot where it is"  # type: ignore[arg-type]
            else:
                assert page["cell"] is None, f"{label}: out of sight, the page does not know where the bot is"
            counts[in_sight] += 1
            if in_sight not in shots:
                shots.add(in_sight)
                await shot(host, tmp_path, f"fog-bot-{label}-{'in' if in_sight else 'out-of'}-sight")
        raise AssertionError(f"{label}: after {MAX_READINGS} tries only {counts} settled readings")

    counts = await compare("entrance", 10, both=True)
    print(f"from the entrance, readings by in sight: {counts}")
    assert counts[True], "the bot set off in Ann's sight"
    assert counts[False], "and left it"

    # with the bot out of sight and well away, the fog is drawn as the server says (its cells left out)
    here = truth(room, ann)[2]
    for _ in range(MAX_READINGS):
        await host.page.wait_for_timeout(50)
        reading = await settled_view(host, room, bot_id)
        if reading is not None and not reading[0]["shown"] and far_apart(reading[1], here):
            break
    else:
        raise AssertionError("the bot never stayed out of sight, well away, for a reading")
    seen, sight, here = truth(room, ann)
    fog = await check_fog_drawn(host.page, maze, seen, sight, {here} | near(maze, [reading[1]]))
    print(f"fog with the bot out of sight: {fog}")
    assert fog["unseen"] > 0
    assert fog["in sight"] > 0

    # Ann walks on along the way out: the same holds from where she stands now
    path = way_out(room)
    await walk_path(host, path[:5])
    assert truth(room, ann)[2] == path[4]
    await shot(host, tmp_path, "fog-bot-ann-midway")
    print(f"five steps on, readings by in sight: {await compare('midway', 10, both=False)}")
    trail = await host.state(f"m.state.player({json.dumps(bot_id)}).trail.length")
    assert trail in (0, 1), "a fog racer never gets the bot's trail"
