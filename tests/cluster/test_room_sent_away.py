"""A command that reaches a process just after its room left it (a lost lease, a handover) is answered
`server_unavailable`: the room is on the move, so the client reconnects and sends it again where the
room is now. `unknown_room` (the room is gone: final) or `not_joined` would be wrong, and a room whose
players gave up on it would sit unfinished. A process of a real cluster, in this test's event loop so
that the command can arrive in the very turn the room is dropped, on a real redis-server."""

from dataclasses import replace
from typing import Any

import aiohttp
import socketio

from server.app.factory import create_app
from server.cluster.ownership.home import ClusterHome
from server.http.keys import GATEWAY, REGISTRY
from tests.integration.conftest import FAST
from tests.services.redis import RedisServer


async def test_a_command_meeting_its_room_on_the_move_is_told_to_reconnect(
    aiohttp_server: Any, redis_server: RedisServer
) -> None:
    app = create_app(replace(FAST, redis_url=redis_server.url, node="node1"))
    server = await aiohttp_server(app)
    base = str(server.make_url("")).rstrip("/")
    client = socketio.AsyncClient(reconnection=False)
    try:
        async with aiohttp.ClientSession() as http, http.post(f"{base}/api/rooms", json={}) as made:
            code = (await made.json())["code"]
        await client.connect(f"{base}/?room={code}", transports=["websocket"])
        assert (await client.call("join", {"code": code, "name": "Ann"}, timeout=10))["ok"]
        registry, gateway = app[REGISTRY], app[GATEWAY]
        home = gateway.runner.home
        assert isinstance(home, ClusterHome)
        sid = next(sid for sid in list(gateway.joined_at) if registry.member(sid) is not None)
        ready = gateway.sio.handlers["/"]["ready"]

        home.ownership.evict(code, "its lease expired")  # its clients are sent on from a task
        ack = await ready(sid, {"ready": True})  # arriving in the same turn, before they are
        assert ack["error"]["code"] == "server_unavailable", ack
        ack = await ready(sid, {"ready": True})  # and while they are being sent on
        assert ack["error"]["code"] == "server_unavailable", ack
    finally:
        await client.disconnect()
        await client.shutdown()
