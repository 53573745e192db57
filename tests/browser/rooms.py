"""Rooms opened and raced from the page, as players do: made by the API or the lobby's form, joined by
the shared link's join form, started by the host once everyone is ready, walked with the keys; and the
server's bots in a room."""

import re

import aiohttp
from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from server.room.bot_spec import BotSpec
from server.room.room import Room
from tests.browser.conftest import Tab, arrive, press_keys
from tests.integration.conftest import Client


async def post_room(server: TestServer, **settings: object) -> str:
    async with (
        aiohttp.ClientSession() as session,
        session.post(server.make_url("/api/rooms"), json=settings) as response,
    ):
        code: str = (await response.json())["code"]
    return code


async def join_rival(
    server: TestServer, code: str, clients: list[Client], name: str = "Rex", ready: bool = True
) -> Client:
    """The racer the browser player races against: a python-socketio client that the test walks by
    hand, so it stands exactly where the test needs it (test_bots_in_browser.py races a real bot)."""
    client = Client()
    clients.append(client)
    await client.sio.connect(f"{server.make_url('/')}?room={code}", transports=["websocket"], wait_timeout=5)
    await client.join(code, name)
    if ready:
        await client.ok("ready", {"ready": True})
    return client


async def post_joined_room(server: TestServer, clients: list[Client], **settings: object) -> str:
    """A room made by the API with a player in it, joined over Socket.IO: the front page lists only the
    public rooms someone is in."""
    code = await post_room(server, **settings)
    await join_rival(server, code, clients, ready=False)
    return code


async def join_room(open_tab, code: str, name: str, lang: str | None = None) -> Tab:  # type: ignore[no-untyped-def]
    """Open the room's link in a fresh browser (its page in `lang`, if given) and join by the join form."""
    tab: Tab = await open_tab(f"/r/{code}" + (f"?lang={lang}" if lang else ""))
    await tab.page.fill("#name", name)
    await tab.page.click("#join-as-player")
    await expect(tab.page.locator("#lobby-panel")).to_be_visible()
    return tab


async def create_room_in_lobby(open_tab, name: str) -> tuple[Tab, str]:  # type: ignore[no-untyped-def]
    """Create an easy room from the lobby page; the room page joins the creator as host."""
    host = await open_tab("/")
    await host.page.fill("#name", name)
    await host.page.click("#create-easy")
    await arrive(host.page, re.compile(r"/r/[0-9a-z]{10}$"))
    code = host.page.url.rsplit("/", 1)[1]
    await expect(host.page.locator("#lobby-panel")).to_be_visible()
    return host, code


async def start_race(host: Tab, guests: list[Tab]) -> None:
    """Everyone ready, the host starts, and the race view shows for all."""
    for guest in guests:
        await guest.page.click("#ready-toggle")
    await expect(host.page.locator("#start-button")).to_be_visible()
    await host.page.click("#start-button")
    for tab in (host, *guests):
        await tab.page.wait_for_function("() => window.mazerace.state.phase === 'racing'", timeout=10_000)
        await expect(tab.page.locator("#race-canvas")).to_be_visible()


async def walk(tab: Tab, keys: list[str]) -> None:
    """Press arrow keys on the maze canvas at a steady human pace."""
    await tab.page.focus("#race-canvas")
    await press_keys(tab.page, keys)


def bots_of(room: Room) -> dict[str, BotSpec]:
    """The server's bots in `room`: id -> what the host asked for."""
    return {p.id: p.bot for p in room.active_players() if p.bot is not None}


CREATE_BUTTON = re.compile(r"^easy\b", re.IGNORECASE)  # "Easy 10 x 10", the first size under "Race friends"
