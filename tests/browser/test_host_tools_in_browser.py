"""Host and room in a real browser, in one page story: a share link shows the room before you
join (its settings, its players as they change, its phase); a visitor who watches takes the free seat;
the host passes the host role with "make host"; and a quick reaction shows beside the sender's name in
the other tab for a few seconds, built from the server's own reaction set."""

import re

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from server.room.reactions import REACTIONS
from tests.browser.conftest import room_of
from tests.browser.rooms import create_room_in_lobby


async def test_preview_seat_host_and_reactions(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    host, code = await create_room_in_lobby(open_tab, "Ann")  # the creator joins their new room at once
    room = room_of(live_server, code)

    # A visitor opens the link: the room shows before joining, and follows what happens in it.
    visitor = await open_tab(f"/r/{code}")
    preview = visitor.page.locator("#room-preview")
    await expect(preview).to_be_visible()
    heading = preview.locator("[data-part=heading]")
    await expect(heading).to_have_text("In the lobby · 1/8 players · 0 watching")
    await expect(preview.locator("[data-part=settings]")).to_contain_text(f"{room.settings.rows}\u00d710")
    await expect(preview.locator("[data-part=settings]")).to_contain_text("ranked")
    await expect(preview.locator("[data-part=players] li")).to_have_count(1)
    await expect(preview.locator("[data-part=players] li").first).to_contain_text("Ann")
    await expect(preview.locator("[data-part=players] li").first).to_contain_text("host")
    await expect(preview.locator("[data-part=seat]")).to_have_text("You can join as a player.")
    await host.page.click("#lock-toggle")  # seen by the next poll (every 3 s)
    seat = preview.locator("[data-part=seat]")
    await expect(seat).to_have_text("The host has locked the room: you can watch.", timeout=8000)
    await host.page.click("#lock-toggle")
    await expect(seat).to_have_text("You can join as a player.", timeout=8000)
    assert await visitor.state("m.you") is None  # still not joined

    # The visitor watches, then takes the free seat.
    await visitor.page.fill("#name", "Bob")
    await visitor.page.click("#join-as-spectator")
    await expect(visitor.page.locator("#lobby-panel")).to_be_visible()
    await expect(preview).to_be_hidden()
    seat = visitor.page.locator("#seat-form")
    await expect(seat).to_be_visible()
    await seat.locator("input").fill("Bob")
    await visitor.page.click("#take-seat")
    await visitor.page.wait_for_function("() => window.mazerace.you?.role === 'player'")
    await expect(seat).to_be_hidden()
    bob = str(await visitor.state("m.you.id"))
    assert [p.name for p in room.active_players()] == ["Ann", "Bob"]
    assert room.spectators == set()
    await expect(host.page.locator(f'#players li[data-player-id="{bob}"]')).to_contain_text("Bob")

    # The host hands the host role to Bob.
    make_host = host.page.locator(f'#players button[data-make-host="{bob}"]')
    await expect(make_host).to_be_visible()
    await expect(visitor.page.locator("#players button[data-make-host]")).to_have_count(0)  # not the host
    await make_host.click()
    await expect(visitor.page.locator("#start-button")).to_be_visible()
    await expect(host.page.locator("#start-button")).to_be_hidden()
    assert room.host_id == bob
    await expect(visitor.page.locator("#players button[data-make-host]")).to_have_count(1)  # for Ann now

    # Reactions: the server's set, and Bob's shows beside his name in Ann's tab.
    bar = visitor.page.locator("#reaction-bar button[data-reaction]")
    assert await bar.evaluate_all("(buttons) => buttons.map((b) => [b.dataset.reaction, b.textContent])") == [
        [r.key, r.emoji] for r in REACTIONS
    ]
    nice = next(r for r in REACTIONS if r.key == "nice")
    await visitor.page.click('#reaction-bar button[data-reaction="nice"]')
    beside_bob = f'#players li[data-player-id="{bob}"] .reacted'
    badge = host.page.locator(beside_bob)
    await expect(badge).to_have_text(nice.emoji)
    await expect(visitor.page.locator(beside_bob)).to_have_text(nice.emoji)  # the sender's own page too
    await expect(badge).to_have_count(0, timeout=6000)  # gone after about 3 s
    assert re.fullmatch(r"p\d+", bob)
