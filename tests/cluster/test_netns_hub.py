"""Simulated networks made and removed while Chromium loads pages fail none of its requests.

Chromium fails every request in flight with `ERR_NETWORK_CHANGED` when an address of the root namespace
is added or removed; each simulated network used to add its own bridge and addresses there, and a
browser test on the other worker lost a whole room page (its Join button never enabled). The hub now
holds every root address from before the first Chromium starts, and a network adds only links. Nor may
a network coming or going change the hub's hardware address (a bridge takes its lowest port's unless
told one): every machine of another network lost the hub until its ARP entry was renewed."""

import asyncio
import json
import threading
import time

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer
from playwright.async_api import async_playwright

from tests.browser.conftest import CHROMIUM, FLAGS, HAVE_CHROMIUM
from tests.cluster.netns import simulated_network, unavailable
from tests.cluster.netns_hub import HUB_BRIDGE, hub, run

RESOURCES = 30
NETWORKS = 3
RESOURCE_DELAY_S = 0.05
"""Each resource answers this late, so a page always has requests in flight."""


def _page_app() -> web.Application:
    async def page(_: web.Request) -> web.Response:
        images = "".join(f'<img src="/r/{n}" alt="">' for n in range(RESOURCES))
        return web.Response(text=f"<!doctype html><title>t</title>{images}", content_type="text/html")

    async def resource(_: web.Request) -> web.Response:
        await asyncio.sleep(RESOURCE_DELAY_S)
        return web.Response(body=b"", content_type="image/gif")

    app = web.Application()
    app.router.add_get("/", page)
    app.router.add_get("/r/{n}", resource)
    return app


def _hub_mac() -> str:
    (link,) = json.loads(run("ip", "-j", "link", "show", HUB_BRIDGE))
    return str(link["address"])


def _networks_come_and_go(done: threading.Event) -> None:
    try:
        for _ in range(NETWORKS):
            with simulated_network(["a", "b"]) as network:
                network.add_sources(4)
                time.sleep(0.3)
    finally:
        done.set()


async def test_networks_made_and_removed_change_no_root_address_nor_the_hubs() -> None:
    reason = unavailable()
    if reason:
        pytest.skip(reason)
    if not HAVE_CHROMIUM:
        pytest.fail(f"{CHROMIUM} is missing: run `make test`, or apt-get install chromium")
    failed: list[str] = []
    loads = 0
    with hub():  # as the session's first hook makes it (here: already made by it)
        server = TestServer(_page_app(), host="127.0.0.1")
        await server.start_server()
        try:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
                page = await browser.new_page()
                page.on("requestfailed", lambda request: failed.append(f"{request.url} {request.failure}"))
                mac = _hub_mac()
                done = threading.Event()
                changes = asyncio.create_task(asyncio.to_thread(_networks_come_and_go, done))
                while not done.is_set():
                    await page.goto(str(server.make_url("/")), wait_until="load")
                    loads += 1
                await changes
                await browser.close()
                assert _hub_mac() == mac, "the hub's hardware address changed"
        finally:
            await server.close()
    assert loads >= NETWORKS, "pages were loading while the networks came and went"
    assert failed == [], f"{len(failed)} requests failed: {failed[:3]}"
