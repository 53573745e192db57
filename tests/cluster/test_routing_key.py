"""A process serves a room's sockets only when the handshake was routed by that room's code.

nginx routes a Socket.IO request by `$arg_room`: the raw value of the first query argument named
`room` in any case. A handshake whose key is anything else than the room's exact code (another
`ROOM` first, none at all, the code percent-encoded or in capitals) reached a process the ring does not
give the room to; a join there would take the room over, and the room's own players, routed by its
code, would take it back: one spectator could make a race change process about once a second."""

from urllib.parse import quote

from server.cluster.ownership.shared_rooms import room_keys
from tests.cluster.chaos_table import RaceTable, owner_of
from tests.cluster.raw_socket import raw_join


def odd_queries(code: str) -> dict[str, str]:
    """Handshake queries nginx routes by another key than `code`, though the server could read `code`."""
    return {
        "another ROOM first": f"ROOM=zz{code[2:]}&room={code}",
        "no room": "",
        "percent-encoded": f"room=%{ord(code[0]):02X}{code[1:]}",
        "capitals": f"room={quote(code.upper())}",
    }


async def test_a_join_routed_by_another_key_is_refused_and_the_room_stays(table: RaceTable) -> None:
    cluster = table.cluster
    redis = cluster.client()
    try:
        owner = await owner_of(table)
        token = await redis.get(room_keys(table.code)["owner"])
        spectator = {"code": table.code, "name": "Eve", "role": "spectator"}
        for what, query in odd_queries(table.code).items():
            ack = await raw_join(cluster.url, query, spectator)
            assert not ack["ok"], (what, ack)
            assert ack["error"]["code"] == "wrong_room", (what, ack)
        assert await redis.get(room_keys(table.code)["owner"]) == token, "the room changed hands"
        assert await owner_of(table) == owner
        ack = await raw_join(cluster.url, f"room={table.code}", spectator)  # the routed way still works
        assert ack["ok"], ack
    finally:
        await redis.aclose()
