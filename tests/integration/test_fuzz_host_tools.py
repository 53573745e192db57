"""`pass_host`, `take_seat` and `react` sent malformed, oversized, wrong-typed, by the wrong member and in
the wrong phase, through a real server and real Socket.IO clients: every one gets a clear error, and the
room is exactly as it was (the same snapshot, no event, no `reacted` to anyone); then the same room
still passes the host role, seats a spectator and shows a reaction."""

from typing import Any

from tests.mazes import shortest_path

from .conftest import GENEROUS, Client, StartServer, assert_consecutive, start_race

BIG = "x" * 12_000  # oversized, but under the 16 KB packet limit


def malformed(field: str) -> list[Any]:
    """Payloads that are no object, or hold `field` with the wrong type or size."""
    return [
        None if field != "to" else {},
        "gg",
        7,
        [],
        [{field: "gg"}],
        BIG,
        {field: None},
        {field: 5},
        {field: True},
        {field: 1.5},
        {field: ["p1"]},
        {field: {"id": "p1"}},
        {field: BIG},
        {field: "\x1b[31m\u202e"},
        {field.upper(): "gg"},
    ]


def stable(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A snapshot without its clock reading."""
    return {key: value for key, value in snapshot.items() if key != "now"}


async def refused_quietly(clients: list[Client], calls: list[tuple[Client, str, Any, set[str]]]) -> None:
    """Each call is refused with one of its codes, and nobody's snapshot or messages change."""
    before = [stable(await client.resync()) for client in clients]
    received = [len(client.received) for client in clients]
    for client, event, payload, codes in calls:
        ack = await client.call(event, payload)
        assert ack["ok"] is False, (event, payload, ack)
        assert ack["error"]["code"] in codes, (event, payload, ack)
        assert isinstance(ack["error"]["message"], str)
        assert 0 < len(ack["error"]["message"]) < 200, ack
        assert client.sio.connected
    for client, count in zip(clients, received, strict=True):
        news = [(name, args) for name, args in client.received[count:] if name != "ack"]
        assert news == [], news
    assert [stable(await client.resync()) for client in clients] == before


async def test_bad_host_tool_commands_change_nothing(start_server: StartServer) -> None:
    arena = await start_server(reaction_limit=GENEROUS)
    code = await arena.create_room(preset="custom", rows=5, cols=5, max_players=3)
    ann, bob, eve, outsider = [await arena.client() for _ in range(4)]
    await ann.join(code, "Ann")
    await bob.join(code, "Bob")
    await eve.join(code, role="spectator")
    room = [ann, bob, eve]
    bad = {"bad_payload"}
    calls: list[tuple[Client, str, Any, set[str]]] = []
    calls += [(ann, "pass_host", p, bad) for p in malformed("to")]
    calls += [
        (ann, "pass_host", {"to": "p" + "9" * 10}, bad),
        (ann, "pass_host", {"to": "s" + "1" * 10}, bad),
    ]
    calls += [
        (ann, "pass_host", {"to": ann.id}, {"not_eligible"}),
        (ann, "pass_host", {"to": eve.id}, {"not_eligible"}),
        (ann, "pass_host", {"to": "p99"}, {"unknown_member"}),
        (bob, "pass_host", {"to": bob.id}, {"not_host"}),
        (eve, "pass_host", {"to": eve.id}, {"not_host"}),
        (outsider, "pass_host", {"to": ann.id}, {"not_joined"}),
    ]
    calls += [(eve, "take_seat", p, bad | {"bad_name"}) for p in malformed("name")]
    calls += [
        (eve, "take_seat", {"name": " \t "}, {"bad_name"}),
        (ann, "take_seat", {"name": "Ann"}, {"not_spectator"}),
        (outsider, "take_seat", {"name": "Out"}, {"not_joined"}),
    ]
    calls += [(who, "react", p, bad) for who in (ann, eve) for p in malformed("reaction")]
    calls += [(ann, "react", {"reaction": key}, bad) for key in ("GG", "gg ", "__proto__", "toString", "")]
    calls += [(outsider, "react", {"reaction": "gg"}, {"not_joined"})]
    await refused_quietly(room, calls)
    await outsider.join(code, role="spectator")  # a refused connection still joins and plays
    room.append(outsider)

    maze = await start_race(ann, bob)
    await eve.wait_for("started")
    await refused_quietly(
        room,
        [
            (eve, "take_seat", {"name": "Eve"}, {"wrong_phase"}),  # seats are taken between races
            (eve, "take_seat", {"name": BIG}, {"wrong_phase", "bad_name"}),
            (ann, "pass_host", {"to": ann.id}, {"not_eligible"}),
            (bob, "react", {"reaction": BIG}, bad),
        ],
    )

    await ann.ok("pass_host", {"to": bob.id})  # any phase
    await eve.wait_for("host", lambda d: d["id"] == bob.id)
    await bob.ok("react", {"reaction": "wow"})
    for client in (ann, bob):
        await client.walk(shortest_path(maze)[1:])
    await eve.wait_for("race_over")
    seated = await eve.ok("take_seat", {"name": "Eve"})  # a seat is free at the results
    assert seated["you"]["role"] == "player"
    for client in room:
        assert_consecutive(client)
    assert [args[0] for name, args in ann.received if name == "reacted"] == [
        {"id": bob.id, "reaction": "wow"}
    ]
