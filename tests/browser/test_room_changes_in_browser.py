"""What players read when the room changes under them, in real browsers: a player sent to watch is told
why (the lock, not "the race is on or the room is full"), and when the host leaves, everyone sees who
hosts now, not only a screen reader; a race the time limit ends says "Time's up" over its results."""

import re

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from tests.browser.conftest import arrive, room_of, script_ran
from tests.browser.rooms import join_room, post_room


async def test_a_player_back_in_a_locked_room_is_told_it_is_locked(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    code = await post_room(live_server)
    host = await join_room(open_tab, code, "Ann")
    bob = await join_room(open_tab, code, "Bob")
    bob_id = await bob.state("m.you.id")
    await host.page.click(f'#players button[data-kick="{bob_id}"]')
    await expect(bob.page.locator("#join-as-player")).to_be_visible()
    await host.page.click("#lock-toggle")
    await expect(host.page.locator("#lock-toggle")).to_have_attribute("aria-pressed", "true")
    assert room_of(live_server, code).locked

    await bob.page.reload()  # his page joins him again as a player, by the token it kept
    await script_ran(bob.page)
    await bob.page.wait_for_function("() => window.mazerace.you?.role === 'spectator'")
    await expect(bob.page.locator("#message")).to_have_text("The host has locked the room: you can watch.")


async def test_everyone_sees_who_hosts_when_the_host_leaves(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    code = await post_room(live_server)
    host = await join_room(open_tab, code, "Ann")
    bob = await join_room(open_tab, code, "Bob")
    cy = await join_room(open_tab, code, "Cy")
    await host.page.click("#leave-button")
    await arrive(host.page, str(live_server.make_url("/")))  # Ann is on the front page
    await expect(bob.page.locator("#message")).to_have_text("You are now the host.")
    await expect(cy.page.locator("#message")).to_have_text("Bob is the host now.")


async def test_a_rooms_time_limit_is_in_its_summary_and_its_last_seconds_count_down(
    open_tab, live_server: TestServer
) -> None:  # type: ignore[no-untyped-def]
    code = await post_room(live_server, preset="easy", time_limit=30)
    host = await join_room(open_tab, code, "Ann")
    await expect(host.page.locator("#settings-summary")).to_contain_text("time limit 0:30")
    await host.page.click("#start-button")
    await host.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    left = host.page.locator("#time-left")
    await expect(left).to_have_text(re.compile(r"^([12]\d|30) seconds left$"))  # 30 s is all it has
    seconds = int((await left.inner_text()).split()[0])
    await expect(left).not_to_have_text(f"{seconds} seconds left", timeout=3_000)  # it counts down

    room = room_of(live_server, code)
    assert room.started_at is not None
    room.started_at -= 30  # the race has run its 30 s: the server's next tick ends it on time
    winner = host.page.locator("#results-winner")
    await expect(winner).to_have_text("Time's up. Nobody reached the exit.", timeout=5_000)
    await host.page.reload()  # the snapshot of the finished room says so too
    await script_ran(host.page)
    await expect(winner).to_have_text("Time's up. Nobody reached the exit.")


async def test_leaving_mid_race_asks_once_more(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    """Leaving gives up the race with no way back into it: the first tap asks, a second leaves."""
    code = await post_room(live_server, preset="easy")
    ann = await join_room(open_tab, code, "Ann")
    await ann.page.click("#start-button")
    await ann.page.wait_for_function("() => window.mazerace.state.canMove()", timeout=10_000)
    await ann.page.click("#leave-button")
    await expect(ann.page.locator("#message")).to_contain_text("Leave the race?")
    assert ann.page.url.endswith(f"/r/{code}"), ann.page.url
    assert [p.name for p in room_of(live_server, code).active_players()] == ["Ann"]
    await ann.page.click("#leave-button")
    await ann.page.wait_for_url(str(live_server.make_url("/")))
