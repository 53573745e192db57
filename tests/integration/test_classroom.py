"""A classroom behind one school NAT address plays under the server's default limits.

Every per-address bound (connections, rooms, joins, commands, page loads, API reads) must leave room for
a class: here a teacher makes three rooms of 16 seats, and 40 students, all from 127.0.0.1, open the
room link within 5 s. Each loads the room page as a browser does (about 60 requests for a first load,
only the page for a later tab), joins as a player (some also open a second tab to watch their own room,
some reload and come back with their token), readies up, and races; every move is acknowledged.

The server is a real `python -m server` process with its default limits; the one setting changed is the
one `ServerProcess` always passes, and here it is the production default again (a 3 s countdown). A join
refused as `rate_limited` is asked again after 2 s, as the room page does; a page or module refused is
a broken page (a browser does not ask again). The pages' limit used to let only 5 first loads through
at once.
"""

import asyncio
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from server.maze.model import Cell
from server.maze.wire import decode_maze
from tests.mazes import shortest_path
from tests.store.live import TIMEOUT, Racer, ServerProcess, post_json

from .page_loads import load_room_page

ROOMS = 3
SEATS = 16
STUDENTS = 40
ARRIVALS = 5.0
"""Seconds over which the students open the room link the teacher gave them."""
JOIN_WINDOW = 60.0
"""Every tab of the class must have joined within this many seconds of the first arrival."""
SECOND_TAB_EVERY = 5
"""Every fifth student also watches their own room in a second tab."""
REJOIN_EVERY = 7
"""Every seventh student drops and comes back with their token before the race."""
MOVES = 6
"""Moves each student makes along the shortest way."""
MOVE_GAP = 0.2
"""Seconds between a student's moves: five a second, like a person at the keys."""
REJOIN_WAIT = 2.0
"""The room page's wait before asking again after `rate_limited`."""
COUNTDOWN = 3.0
"""The server's default countdown (`AppConfig.countdown`)."""


@dataclass
class Student:
    """One student: their room, their player tab and perhaps a second tab."""

    name: str
    code: str
    tabs: list[Racer] = field(default_factory=list)
    cache: set[str] = field(default_factory=set)
    """The assets in this student's browser cache."""
    token: str = ""
    joined_at: float = 0.0


async def join(racer: Racer, code: str, payload: dict[str, Any], give_up_at: float) -> dict[str, Any]:
    """Join like the room page: asked again after 2 s while refused as `rate_limited`."""
    while True:
        ack: dict[str, Any] = await racer.sio.call("join", {"code": code, **payload}, timeout=TIMEOUT)
        if ack["ok"]:
            if payload.get("role", "player") == "player":
                racer.you = ack["you"]
            return ack
        assert ack["error"]["code"] == "rate_limited", (payload, ack)
        assert time.monotonic() + REJOIN_WAIT < give_up_at, f"still rate limited: {ack}"
        await asyncio.sleep(REJOIN_WAIT)


async def open_tab(server: ServerProcess, http: aiohttp.ClientSession, code: str, cache: set[str]) -> Racer:
    """A tab of the room page: loaded (its assets from `cache`, a browser's, when they are in it), then
    connected with the room in its handshake."""
    await load_room_page(http, server.url, code, cache)
    racer = Racer(f"{server.url}/?room={code}")
    await racer.connect()
    return racer


async def arrive(
    student: Student, index: int, server: ServerProcess, http: aiohttp.ClientSession, deadline: float
) -> None:
    """A student opens the link, joins as a player, maybe a second tab and a rejoin, then readies."""
    await asyncio.sleep(random.Random(index).uniform(0.0, ARRIVALS))
    tab = await open_tab(server, http, student.code, student.cache)
    student.tabs.append(tab)
    ack = await join(tab, student.code, {"name": student.name}, deadline)
    assert ack["you"]["role"] == "player", ack
    student.token = ack["you"]["token"]
    if index % REJOIN_EVERY == 0:  # the tab reloads: a new connection, the same player
        await tab.close()
        tab = await open_tab(server, http, student.code, student.cache)
        student.tabs[0] = tab
        back = await join(tab, student.code, {"name": student.name, "token": student.token}, deadline)
        assert back["you"]["id"] == ack["you"]["id"], (ack, back)
    if index % SECOND_TAB_EVERY == 0:
        watcher = await open_tab(server, http, student.code, student.cache)
        student.tabs.append(watcher)
        seen = await join(watcher, student.code, {"name": student.name, "role": "spectator"}, deadline)
        assert seen["you"]["role"] == "spectator", seen
    student.joined_at = time.monotonic()
    await tab.ok("ready", {"ready": True})


async def race(student: Student) -> list[dict[str, Any]]:
    """A few moves along the shortest way from the entrance, at a person's pace; their acks."""
    tab = student.tabs[0]
    started = await tab.wait_for("started", within=COUNTDOWN + 15.0)
    path: list[Cell] = shortest_path(decode_maze(started["d"]["maze"]))
    acks = []
    for cell in path[1 : 1 + MOVES]:
        acks.append(await _move_when_racing(tab, cell))
        await asyncio.sleep(MOVE_GAP)
    return acks


async def _move_when_racing(tab: Racer, cell: Cell) -> dict[str, Any]:
    """A move; during the countdown the server answers `not_racing`, so the student waits and presses on."""
    deadline = time.monotonic() + COUNTDOWN + 15.0
    while True:
        ack: dict[str, Any] = await tab.sio.call("move", {"to": list(cell)}, timeout=TIMEOUT)
        if ack["ok"] or ack["error"]["code"] != "not_racing" or time.monotonic() > deadline:
            return ack
        await asyncio.sleep(0.1)


async def test_a_classroom_behind_one_address_joins_three_rooms_of_16_and_races(tmp_path: Path) -> None:
    students: list[Student] = []
    teacher_tabs: list[Racer] = []
    teacher_cache: set[str] = set()
    async with aiohttp.ClientSession() as http:
        server = await ServerProcess.start(
            tmp_path / "mazerace.db", tmp_path / "server.log", http, countdown=COUNTDOWN
        )
        try:
            codes = []
            for _ in range(ROOMS):
                status, body = await post_json(http, server.url + "/api/rooms", {"max_players": SEATS})
                assert status == 201, body
                codes.append(body["code"])
                teacher = await open_tab(server, http, body["code"], teacher_cache)
                teacher_tabs.append(teacher)
                await teacher.join(body["code"], "Teacher")
            students = [Student(f"Student {i + 1}", codes[i % ROOMS]) for i in range(STUDENTS)]
            first = time.monotonic()
            deadline = first + JOIN_WINDOW
            await asyncio.wait_for(
                asyncio.gather(*(arrive(s, i, server, http, deadline) for i, s in enumerate(students))),
                JOIN_WINDOW,
            )
            assert max(s.joined_at for s in students) - first < JOIN_WINDOW

            for code, teacher in zip(codes, teacher_tabs, strict=True):
                summary = await (await http.get(f"{server.url}/api/rooms/{code}")).json()
                assert summary["players"] == 1 + sum(s.code == code for s in students), summary
                await teacher.ok("start", {})
            results = await asyncio.gather(*(race(s) for s in students))
            refused = [
                (s.name, a) for s, acks in zip(students, results, strict=True) for a in acks if not a["ok"]
            ]
            assert not refused, refused
            assert sum(len(acks) for acks in results) == STUDENTS * MOVES
            assert "Traceback" not in server.output()
        finally:
            for racer in teacher_tabs + [tab for s in students for tab in s.tabs]:
                await racer.close()
            await server.ensure_stopped()
