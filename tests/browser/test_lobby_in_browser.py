"""The host's lobby tools in real browsers: lock the room, remove a player, and start with the ready
players while another never readies (they watch that race)."""

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from tests.browser.conftest import room_of
from tests.browser.rooms import create_room_in_lobby, join_room


async def test_the_host_locks_removes_and_starts_without_the_idler(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    host, code = await create_room_in_lobby(open_tab, "Ann")
    idler = await join_room(open_tab, code, "Idle")
    griefer = await join_room(open_tab, code, "Grief")
    room = room_of(live_server, code)
    note = host.page.locator("#start-note")
    await expect(note).to_contain_text("Start waits for Idle and Grief to be ready")
    await expect(host.page.locator("#start-button")).to_be_disabled()
    await expect(idler.page.locator("#start-ready-button")).to_be_hidden()
    await expect(idler.page.locator("#players button")).to_have_count(0)  # only the host removes

    await host.page.click("#lock-toggle")
    await expect(host.page.locator("#lock-toggle")).to_have_text("Unlock room")
    assert room.locked is True
    await host.page.get_by_role("button", name="Remove Grief").click()
    await expect(griefer.page.locator("#message")).to_contain_text("The host removed you")
    await expect(host.page.locator("#players li")).to_have_count(2)
    assert [p.name for p in room.active_players()] == ["Ann", "Idle"]

    await host.page.click("#start-ready-button")
    for tab in (host, idler):
        await tab.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
    await expect(idler.page.locator("#where")).to_contain_text("not ready: you watch this race")
    assert await host.state("m.state.canMove()") is True
    assert await idler.state("m.state.canMove()") is False
    assert [p.name for p in room.racers()] == ["Ann"]


async def test_a_removed_player_who_joins_again_no_longer_reads_that_they_were_removed(  # type: ignore[no-untyped-def]
    open_tab, live_server: TestServer
) -> None:
    host, code = await create_room_in_lobby(open_tab, "Ann")
    gus = await join_room(open_tab, code, "Gus")
    await host.page.get_by_role("button", name="Remove Gus").click()
    notice = gus.page.locator("#message")
    await expect(notice).to_contain_text("The host removed you")
    await gus.page.click("#join-as-player")  # the room is not locked: the join form lets him back in
    await expect(gus.page.locator("#lobby-panel")).to_be_visible()
    await expect(host.page.locator("#players li")).to_have_count(2)
    await expect(notice).to_be_hidden()
