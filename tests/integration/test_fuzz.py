"""Random events with random payloads from real clients: every one gets a well-formed ack, no connection
breaks, and afterwards the same server still runs a normal race.

Hypothesis runs in a worker thread and hands each example to the test's event loop, so one server
serves every example and the check afterwards sees whatever the fuzzing left behind.
"""

import asyncio
import time
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.mazes import shortest_path

from .conftest import Harness, StartServer, assert_consecutive, start_race

COMMANDS = [
    "join",
    "ready",
    "settings",
    "start",
    "move",
    "hint",
    "rematch",
    "leave",
    "resync",
    "kick",
    "lock",
    "pass_host",
    "take_seat",
    "react",
]
ODD_EVENTS = ["connect", "disconnect", "*", "event", "events", "message", "replaced", "closing", ""]
ERROR_CODES = {
    "bad_payload", "unknown_event", "unknown_room", "not_joined", "already_joined", "bad_name",
    "room_full", "not_host", "not_player", "wrong_phase", "not_racing", "finished", "bad_settings",
    "bad_direction", "out_of_bounds", "not_adjacent", "wall", "bad_method", "method_not_allowed",
    "no_hints_left", "rate_limited", "unknown_member", "not_eligible", "not_spectator", "room_locked",
    "not_ready",  # start before every connected player is ready (not listed in docs/protocol.md)
}  # fmt: skip
FIELDS = [
    "code", "name", "role", "token", "ready", "dir", "to", "seq", "method", "order", "preset", "rows",
    "cols", "algorithm", "braid", "openings", "hint_methods", "hint_limit", "hint_penalty",
    "hint_moves", "max_players", "public", "time_limit", "without_unready", "locked", "id",
    "reaction",
]  # fmt: skip

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**64), max_value=2**64)
    | st.floats()  # NaN and infinities too: Python's JSON reads them
    | st.text(max_size=24)
    | st.sampled_from(["up", "down", "left", "right", "bfs", "dfs", "astar", "random", "custom", "player"])
    | st.sampled_from(["gg", "wow", "oops", "p1", "p2", "s1", "s2", "spectator"])  # reactions, member ids
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
payloads = st.one_of(
    json_values,
    st.integers(min_value=1_000, max_value=12_000).map(lambda n: "x" * n),  # big, but under 16 KB
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=5),  # the right keys, any values
    st.fixed_dictionaries({"to": st.lists(st.integers(-2, 12), min_size=2, max_size=2)}),
    st.tuples(json_values, json_values),  # two arguments instead of one
)
events = st.sampled_from(COMMANDS) | st.sampled_from(ODD_EVENTS) | st.text(max_size=12)
commands = st.lists(st.tuples(events, payloads), min_size=1, max_size=20)


def assert_well_formed(ack: Any) -> None:
    """`{"ok": true, ...}` or `{"ok": false, "error": {"code", "message"}}` with a known code."""
    assert isinstance(ack, dict), ack
    if ack.get("ok") is True:
        return
    assert ack.get("ok") is False, ack
    assert set(ack) == {"ok", "error"}, ack
    assert ack["error"]["code"] in ERROR_CODES, ack
    assert isinstance(ack["error"]["message"], str), ack
    assert ack["error"]["message"], ack


async def run_example(harness: Harness, joined: str, sequence: list[tuple[str, Any]]) -> None:
    client = await harness.client()
    try:
        if joined != "no":  # most commands only do something inside a room: host a fresh one, or watch it
            role = "spectator" if joined == "spectator" else "player"
            await client.join(await harness.create_room(preset="custom", rows=5, cols=5), "Fuzzer", role)
        for event, payload in sequence:
            assert_well_formed(await client.call(event, payload))
            assert client.sio.connected
        assert_well_formed(await client.call("resync", {}))
    finally:
        await client.sio.disconnect()


async def test_fuzzed_commands_never_break_the_server(start_server: StartServer) -> None:
    harness = await start_server(countdown=0.05)
    loop = asyncio.get_running_loop()
    examples: list[int] = []

    @settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(joined=st.sampled_from(["no", "host", "spectator"]), sequence=commands)
    def fuzz(joined: str, sequence: list[tuple[str, Any]]) -> None:
        asyncio.run_coroutine_threadsafe(run_example(harness, joined, sequence), loop).result(timeout=60)
        examples.append(len(sequence))

    await asyncio.to_thread(fuzz)
    assert len(examples) >= 50
    print(f"{len(examples)} examples, {sum(examples)} commands")

    # The same server, fresh clients: a normal race still runs from lobby to results.
    code = await harness.create_room()
    host, guest, watcher = await harness.client(), await harness.client(), await harness.client()
    await host.join(code, "Host")
    await guest.join(code, "Guest")
    await watcher.join(code, role="spectator")
    maze = await start_race(host, guest)
    path = shortest_path(maze)
    await asyncio.gather(host.walk(path[1:]), guest.walk(path[1:]))
    over = await watcher.wait_for("race_over")
    assert {r["id"] for r in over["d"]["results"]} == {host.id, guest.id}
    for client in (host, guest, watcher):
        assert_consecutive(client)

    deadline = time.monotonic() + 3  # the fuzzing clients' disconnections are all counted, once
    while (await harness.request("GET", "/healthz"))[1]["connections"] != 3:
        assert time.monotonic() < deadline, (await harness.request("GET", "/healthz"))[1]
        await asyncio.sleep(0.02)
