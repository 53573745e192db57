"""The terminal client refuses, before joining, a server that speaks another protocol version."""

from typing import cast

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from server.clients.terminal.console import Console
from server.clients.terminal.live import play_live
from server.clients.terminal.server_rules import LiveError
from server.room.protocol import PROTOCOL_VERSION


@pytest.mark.parametrize("served", [{"protocol": PROTOCOL_VERSION - 1}, {}])
async def test_a_server_of_another_protocol_is_refused_with_both_versions_named(
    aiohttp_server: "type[TestServer]", served: dict[str, int]
) -> None:
    async def rules(request: web.Request) -> web.Response:
        return web.json_response(served)

    app = web.Application()
    app.router.add_get("/api/rules", rules)
    server = await aiohttp_server(app)  # type: ignore[operator]
    url = str(server.make_url("")).rstrip("/")
    with pytest.raises(LiveError) as refused:
        await play_live(cast(Console, None), url, "abcdefghij", "Ann", False, 1.0)
    assert f"speaks protocol {PROTOCOL_VERSION - 1}" in str(refused.value)
    assert f"this client speaks {PROTOCOL_VERSION}" in str(refused.value)
