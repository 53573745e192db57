"""Hint searches run in a real worker process, one per player at a time, within per-server bounds."""

import asyncio
import multiprocessing
import random

import pytest

from server.errors import GameError
from server.room.hint_rules import solve_hint
from server.room.room import Room
from server.room.settings import parse_settings
from server.runtime.hint_searches import HintSearches
from tests.mazes import T0, race_in_core, shortest_path

from .conftest import Harness, start_race


def racing_room(players: int) -> tuple[Room, list[str]]:
    """A room racing a 150 x 150 maze (the largest a race allows) with `players` players."""
    settings = parse_settings(
        {"preset": "custom", "rows": 150, "cols": 150, "algorithm": "prim", "hint_limit": 9}
    )
    room = Room("abcdefghjk", settings, random.Random(1), T0, countdown=1.0)
    ids = race_in_core(room, [f"P{n}" for n in range(players)])
    return room, ids


async def test_the_search_runs_in_a_worker_process_and_answers_as_the_core_does() -> None:
    room, [ann] = racing_room(1)
    request = room.request_hint(ann, "bfs", True, T0 + 2)
    answer = await HintSearches().solve(room.code, request)
    assert answer == solve_hint(request)
    assert answer.order is not None
    assert len(answer.order) == answer.explored
    workers = [p for p in multiprocessing.active_children() if p.name.startswith("SpawnProcess")]
    assert workers, "no worker process: the search ran in the server's own process"


async def test_one_hint_at_a_time_per_player_and_a_bounded_server() -> None:
    room, [ann, bob, cid] = racing_room(3)
    searches = HintSearches(max_pending=2)
    first = asyncio.create_task(searches.solve(room.code, room.request_hint(ann, "astar", True, T0 + 2)))
    await asyncio.sleep(0)  # the first is now waiting for its worker
    with pytest.raises(GameError) as again:
        await searches.solve(room.code, room.request_hint(ann, "bfs", False, T0 + 2))
    assert again.value.code == "rate_limited"
    second = asyncio.create_task(searches.solve(room.code, room.request_hint(bob, "dfs", True, T0 + 2)))
    await asyncio.sleep(0)
    assert searches.pending == 2
    with pytest.raises(GameError) as busy:
        await searches.solve(room.code, room.request_hint(cid, "bfs", False, T0 + 2))
    assert busy.value.code == "busy"
    assert {(await first).method, (await second).method} == {"astar", "dfs"}
    assert searches.pending == 0
    assert (await searches.solve(room.code, room.request_hint(cid, "bfs", False, T0 + 2))).found


async def test_a_room_takes_turns_in_its_slots_and_every_hint_is_answered() -> None:
    room, ids = racing_room(6)
    searches = HintSearches(room_slots=1)
    requests = [room.request_hint(pid, "bfs", True, T0 + 2) for pid in ids]
    answers = await asyncio.gather(*(searches.solve(room.code, r) for r in requests))
    assert answers == [solve_hint(r) for r in requests]
    assert searches.pending == 0


async def test_many_racers_asking_at_once_over_the_socket_all_get_their_hint(arena: Harness) -> None:
    code = await arena.create_room(preset="hard", hint_limit=3)
    clients = [await arena.client() for _ in range(8)]
    for n, client in enumerate(clients):
        await client.join(code, f"P{n}")
    maze = await start_race(*clients)
    path = shortest_path(maze)
    methods = ["dfs", "bfs", "astar", "random"] * 2
    asks = [c.ok("hint", {"method": m, "order": True}) for c, m in zip(clients, methods, strict=True)]
    acks = await asyncio.gather(*asks)
    for ack in acks:
        assert ack["found"] is True
        assert ack["next"] == list(path[1])
        assert ack["hints"] == 1
