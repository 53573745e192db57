"""Bots in a real browser: "race a bot now" on the lobby page ends in a race with the bot
moving; the host adds and removes bots in the room lobby (everyone sees them with a "bot" badge; a full
room and a bad speed are refused with a clear message); bot rows are marked in the results and the
replay (a fog race against a bot: test_bot_fog_in_browser.py).
The page's kind selects and speed boxes are checked against the server's own kinds, names and speeds,
and the copy of the rules the node tests read (tests/js/fixtures/rules.json) against the served `bots`."""

import json
import re
from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from server.bots import BOT_KINDS, bot_name
from server.http.keys import REGISTRY
from server.room.bot_spec import MAX_SPEED, MIN_SPEED, BotSpec
from tests.browser.bot_page import add_bot, page_bot, past_go
from tests.browser.conftest import Tab, arrive, room_of, way_out
from tests.browser.fog_race import RULES, frames, start_fog_race, walk_path
from tests.browser.rooms import bots_of, join_room, post_room


async def expect_choices_are_the_servers(tab: Tab, kind: str, speed: str) -> None:
    """A bot kind select and speed box offer exactly the server's kinds, names and speeds."""
    options = tab.page.locator(f"{kind} option")
    await expect(options).to_have_count(len(BOT_KINDS))  # filled once the server's rules have come
    assert await options.evaluate_all("(os) => os.map((o) => o.value)") == list(BOT_KINDS)
    assert await options.all_text_contents() == [bot_name(k) for k in BOT_KINDS]
    box = tab.page.locator(speed)
    assert await box.get_attribute("min") == str(MIN_SPEED)
    assert await box.get_attribute("max") == str(MAX_SPEED)


async def test_the_rules_copy_has_the_servers_bots(live_server: TestServer) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.get(live_server.make_url("/api/rules")) as response,
    ):
        served = await response.json()
    assert json.loads(RULES.read_text())["bots"] == served["bots"]
    assert served["bots"]["kinds"] == list(BOT_KINDS)


# ----- race a bot now ------------------------------------------------------------------------------------


async def test_race_a_bot_now_lands_in_a_race_with_the_bot_moving(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer, tmp_path: Path
) -> None:
    lobby: Tab = await open_tab("/")
    await expect_choices_are_the_servers(lobby, "#race-bot-kind", "#race-bot-speed")
    await expect(lobby.page.locator("#race-bot-go")).to_be_enabled()
    assert await lobby.page.input_value("#race-bot-kind") == "dfs", "a DFS bot by default"
    assert await lobby.page.input_value("#race-bot-speed") == "5", "at 5 moves a second"
    assert await lobby.page.input_value("#race-bot-size") == "easy"
    await expect(lobby.page.locator("#race-bot-about")).to_contain_text("stack")
    await lobby.page.click("#race-bot-options > summary")  # kind, speed and size are folded
    picture = tmp_path / "lobby-race-a-bot.png"
    await lobby.page.locator("#race-bot").screenshot(path=str(picture))
    print(f"race a bot card screenshot: {picture}")

    await lobby.page.fill("#name", "Ann")  # without one, the game picks one (test_qa_walkthrough...)
    await lobby.page.fill("#race-bot-speed", "0")
    await lobby.page.click("#race-bot-go")
    await expect(lobby.page.locator("#message")).to_contain_text(f"from {MIN_SPEED} to {MAX_SPEED}")
    assert not live_server.app[REGISTRY].rooms
    await lobby.page.fill("#race-bot-speed", "5")
    await lobby.page.click("#race-bot-go")

    await arrive(lobby.page, re.compile(r"/r/[0-9a-z]{10}$"))
    code = lobby.page.url.rsplit("/", 1)[1]
    await lobby.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await expect(lobby.page.locator("#race-canvas")).to_be_visible()
    room = room_of(live_server, code)
    assert room.settings.public is False, "a race against a bot is not listed"
    assert (room.settings.rows, room.settings.cols) == (10, 10)
    assert room.maze is not None
    (bot_id, spec), *others = bots_of(room).items()
    assert others == []
    assert spec == BotSpec("dfs", 5)
    ann_id = await lobby.state("m.you.id")
    assert room.host_id == ann_id, "the player who asked is the host, racing"
    assert await lobby.state("m.state.canMove()") is True
    assert await lobby.state(f"m.state.player({json.dumps(bot_id)}).bot") == {"kind": "dfs", "speed": 5}
    key = json.dumps(f"mazerace.botRace.{code}")
    assert await lobby.state(f"sessionStorage.getItem({key})") is None, "the request is used once"

    # the bot moves: the page's record of it changes, as the server's does, and the maze draws it
    start = tuple(room.maze.entrance)
    await lobby.page.wait_for_function(
        f"""() => {{
            const p = window.mazerace.state.player({json.dumps(bot_id)});
            return p.moves >= 3 && (p.cell[0] !== {start[0]} || p.cell[1] !== {start[1]});
        }}""",
        timeout=10_000,
    )
    seen = await page_bot(lobby, bot_id)
    assert seen["shown"] is True
    bot = room.players[bot_id]
    assert bot.moves >= seen["moves"], "the page shows no move the server has not made"  # type: ignore[operator]
    await expect(lobby.page.locator("#standings")).to_contain_text("bot · DFS · 5/s")
    await past_go(lobby)
    await frames(lobby.page)
    path = tmp_path / "race-a-bot.png"
    await lobby.page.screenshot(path=str(path))
    print(f"race a bot screenshot: {path}")


async def test_race_a_bot_now_with_the_bot_size_and_fog_picked(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer
) -> None:
    lobby: Tab = await open_tab("/")
    await expect(lobby.page.locator("#race-bot-go")).to_be_enabled()
    await lobby.page.fill("#name", "Ann")
    await lobby.page.click("#race-bot-options > summary")
    await lobby.page.select_option("#race-bot-kind", "shortest")
    await expect(lobby.page.locator("#race-bot-about")).to_contain_text("Knows the maze")
    await lobby.page.fill("#race-bot-speed", str(MAX_SPEED))
    await lobby.page.select_option("#race-bot-size", "medium")
    await lobby.page.check("#race-bot-fog")
    await lobby.page.click("#race-bot-go")
    await arrive(lobby.page, re.compile(r"/r/[0-9a-z]{10}$"))
    await lobby.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    room = room_of(live_server, lobby.page.url.rsplit("/", 1)[1])
    assert room.settings.fog is True
    assert (room.settings.rows, room.settings.cols) == (50, 50)
    assert list(bots_of(room).values()) == [BotSpec("shortest", MAX_SPEED)]
    assert await lobby.state("m.state.inFog()") is True


# ----- the room lobby ------------------------------------------------------------------------------------


async def test_the_host_adds_and_removes_bots_and_everyone_sees_them(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer, tmp_path: Path
) -> None:
    code = await post_room(live_server, max_players=3)
    room = room_of(live_server, code)
    host = await join_room(open_tab, code, "Ann")
    guest = await join_room(open_tab, code, "Bob")
    card = host.page.locator("#bots-card")
    await expect(card).to_be_visible()
    await expect(guest.page.locator("#bots-card")).to_be_hidden()  # the host's only
    await expect(host.page.locator("#bot-none")).to_be_visible()
    await expect_choices_are_the_servers(host, "#bot-kind", "#bot-speed")
    await host.page.select_option("#bot-kind", "wall")
    await expect(host.page.locator("#bot-about")).to_contain_text("right hand")

    await add_bot(host, "wall", 7)
    bot_row = host.page.locator("#players li", has_text="Wall bot")
    await expect(bot_row).to_be_visible()
    await expect(bot_row.locator(".tag.bot")).to_have_text("bot · Wall · 7/s")
    await expect(bot_row).to_contain_text("✓ ready")
    ((bot_id, spec),) = bots_of(room).items()
    assert spec == BotSpec("wall", 7)
    assert room.players[bot_id].ready
    picture = tmp_path / "room-lobby-with-a-bot.png"
    await host.page.screenshot(path=str(picture), full_page=True)
    print(f"room lobby screenshot: {picture}")
    await expect(host.page.locator(f'#players button[data-kick="{bot_id}"]')).to_have_count(0)
    await expect(host.page.locator("#bot-list li")).to_have_text(re.compile("Wall bot"))
    await expect(host.page.locator("#bot-none")).to_be_hidden()
    guest_row = guest.page.locator("#players li", has_text="Wall bot")
    await expect(guest_row.locator(".tag.bot")).to_have_text("bot · Wall · 7/s")
    await expect(guest.page.locator("#players button")).to_have_count(0)  # nobody but the host removes

    # refusals: the room is full (Ann, Bob and the bot); a speed out of range is never sent
    await add_bot(host, "bfs", 3)
    await expect(host.page.locator("#message")).to_contain_text("room is full")
    await host.page.fill("#bot-speed", str(MAX_SPEED + 5))
    await host.page.click("#add-bot")
    await expect(host.page.locator("#message")).to_have_text(
        f"A bot's speed is a whole number of moves a second from {MIN_SPEED} to {MAX_SPEED}"
    )
    assert list(bots_of(room)) == [bot_id], "nothing was added"

    await host.page.click(f'#bot-list button[data-remove-bot="{bot_id}"]')
    for tab in (host, guest):
        await expect(tab.page.locator("#players li", has_text="Wall bot")).to_have_count(0)
    await expect(host.page.locator("#bot-none")).to_be_visible()
    assert bots_of(room) == {}
    await add_bot(host, "tremaux", 1)  # a place again
    await expect(guest.page.locator("#players li", has_text="Trémaux bot").locator(".tag.bot")).to_have_text(
        "bot · Trémaux · 1/s"
    )
    assert list(bots_of(room).values()) == [BotSpec("tremaux", 1)]


async def test_bot_rows_are_marked_in_the_results_and_the_replay(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer
) -> None:
    code = await post_room(live_server, preset="easy")
    room = room_of(live_server, code)
    host = await join_room(open_tab, code, "Ann")
    await add_bot(host, "shortest", MAX_SPEED)
    await expect(host.page.locator("#players li", has_text="Shortest bot")).to_be_visible()
    await start_fog_race(host)
    ((bot_id, _),) = bots_of(room).items()
    await walk_path(host, way_out(room))
    results = host.page.locator("#results")
    await expect(results).to_be_visible(timeout=15_000)
    bot_row = host.page.locator(f'#results-body tr[data-player-id="{bot_id}"]')
    await expect(bot_row.locator(".tag.bot")).to_have_text("bot · Shortest")
    ann_row = host.page.locator("#results-body tr", has_text="Ann")
    await expect(ann_row.locator(".tag.bot")).to_have_count(0)
    assert room.results is not None
    assert {row["id"]: row.get("bot") for row in room.results} == {bot_id: "shortest", room.host_id: None}

    await host.page.click("#replay-link")
    await arrive(host.page, re.compile(r"/replay/"))
    await host.page.wait_for_function("() => window.mazerace_replay && window.mazerace_replay.ready")
    replay_row = host.page.locator(f'#replay-results-body tr[data-player-id="{bot_id}"]')
    await expect(replay_row.locator(".tag.bot")).to_have_text("bot · Shortest")
    side = host.page.locator(f'#replay-players li[data-player-id="{bot_id}"]')
    await expect(side.locator(".tag.bot")).to_have_text("bot · Shortest")
    await expect(host.page.locator("#replay-players .tag.bot")).to_have_count(1)
