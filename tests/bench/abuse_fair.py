"""Fair play against a real server process: what a racer's own spectator tab receives of a fog race,
whether a room with the `shortest` bot is ranked, and which look-alike and invisible names are taken
beside "Alice" in a room.

Each row is measured on the server of this checkout and, when asked,
of another (`tests.bench.abuse_servers`). Nothing here asserts.
"""

import asyncio
import json
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

from tests.bench.abuse_clients import CALL_TIMEOUT, Client
from tests.bench.abuse_servers import Row, print_both, server_at

FOG = {"preset": "medium", "fog": True, "max_players": 16}
NAMES = (
    ('Cyrillic "\u0410lice"', "\u0410lice"),
    ("fullwidth Alice", "\uff21\uff4c\uff49\uff43\uff45"),
    ("mathematical bold Alice", "\U0001d400\U0001d425\U0001d422\U0001d41c\U0001d41e"),
    ('"Alice" + U+3164', "Alice\u3164"),
    ("U+3164 alone", "\u3164"),
    ("braille blanks", "\u2800\u2800\u2800"),
    ("combining marks only", "\u0301\u0302\u0303"),
    ("Zalgo stack", "Al" + "\u0301\u0315\u035c\u0360" * 3 + "ice"),
    ("20 x U+FDFD", "\ufdfd" * 20),
    ("Chinese (must stay welcome)", "\u5f20\u4f1f"),
)


async def _guest(url: str, address: str, code: str, name: str, role: str) -> tuple[Client, dict[str, Any]]:
    """A client from `address` joining room `code` (no token: a tab of its own)."""
    guest = Client(url, address)
    await guest.sio.connect(url, transports=["websocket"], wait_timeout=10)
    ack = await guest.sio.call("join", {"code": code, "name": name, "role": role}, timeout=CALL_TIMEOUT)
    return guest, dict(ack)


async def _summary(url: str, code: str) -> dict[str, Any]:
    async with aiohttp.ClientSession() as http, http.get(f"{url}/api/rooms/{code}") as answer:
        return dict(await answer.json())


def _during_race(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events from the latest `started` on (the race and its countdown)."""
    starts = [n for n, e in enumerate(events) if e.get("t") == "started"]
    return events[starts[-1] :] if starts else []


def _maze_bytes(events: list[dict[str, Any]]) -> int:
    """Bytes of maze (as JSON) in the race's events: the `started` maze and any fog reveals after."""
    total = 0
    for event in events:
        data = event.get("d") or {}
        for key in ("maze", "cells", "seen", "revealed"):
            if key in data:
                total += len(json.dumps(data[key]))
    return total


def _positions(events: list[dict[str, Any]], racers: set[str]) -> int:
    """Events that say where another racer is (a move, or a position in a list of players)."""
    found = 0
    for event in events:
        text = json.dumps(event.get("d"))
        if event.get("t") == "moved" or any(f'"{racer}"' in text for racer in racers):
            found += '"cell"' in text or '"room": [' in text
    return found


def _form(maze: object) -> str:
    """The keys of a maze as sent (a fog race's maze says less than a whole one)."""
    return ", ".join(sorted(maze)) if isinstance(maze, dict) else type(maze).__name__


async def spectator_tab(url: str, seconds: float) -> list[Row]:
    """A racer in a fog race, a dfs bot racing beside it, and the racer's own second tab joined as a
    spectator from the same address: what each tab receives during `seconds` of the race."""
    racer = await Client(url, "127.0.11.1").enter(FOG, "Racer")
    tab = None
    try:
        bot = await racer.call("add_bot", {"kind": "dfs", "speed": 10})
        code = (await racer.call("resync"))["snapshot"]["code"]
        tab, _ = await _guest(url, "127.0.11.1", code, "Tab", "spectator")
        tab_events: list[dict[str, Any]] = tab.events
        await racer.call("start")
        await asyncio.sleep(seconds)
        seen = _during_race(tab_events)
        own = _during_race(racer.events)
        started = next((e["d"] for e in seen if e.get("t") == "started"), {})
        rivals = {str(bot.get("id", "")), "Racer"}
        told = [key for key in ("shortest", "difficulty") if key in started]
    finally:
        if tab is not None:
            await tab.close()
        await racer.close()
    return [
        (
            f"fog race, the racer's own spectator tab: bytes of maze in {seconds:.0f} s",
            f"{_maze_bytes(seen):,}",
        ),
        ("  the racer's own tab, for comparison", f"{_maze_bytes(own):,}"),
        ("  racers' positions the spectator tab received", f"{_positions(seen, rivals)} events"),
        ("  the way's length in its `started`", " and ".join(told) or "no"),
        ("  the form of its `started` maze", _form(started.get("maze"))),
    ]


async def shortest_bot_ranked(url: str) -> list[Row]:
    """A fog room without bots and one with the host's `shortest` bot: is each ranked?"""
    rows: list[Row] = []
    for label, bots in (("no bot", []), ("the `shortest` bot", ["shortest"])):
        host = await Client(url, "127.0.11.2").enter(FOG, "Host")
        try:
            for kind in bots:
                ack = await host.call("add_bot", {"kind": kind, "speed": 5})
                assert ack.get("ok", True), ack
            code = (await host.call("resync"))["snapshot"]["code"]
            rows.append((f"fog room with {label}: ranked", (await _summary(url, code)).get("ranked")))
        finally:
            await host.close()
    return rows


async def names_beside_alice(url: str) -> list[Row]:
    """Each name of `NAMES` joining a room where "Alice" plays, each from an address of its own: taken
    as what, or refused with which code."""
    host = await Client(url, "127.0.12.1").enter(FOG, "Alice")
    rows: list[Row] = []
    guests: list[Client] = []
    try:
        code = (await host.call("resync"))["snapshot"]["code"]
        for n, (label, name) in enumerate(NAMES):
            guest, ack = await _guest(url, f"127.0.12.{n + 2}", code, name, "player")
            guests.append(guest)
            if ack.get("ok"):
                taken = (await _summary(url, code))["roster"][-1]["name"]
                rows.append((f"name: {label}", f"taken as {taken!a}"))
            else:
                rows.append((f"name: {label}", f"refused: {ack.get('error', {}).get('code')}"))
    finally:
        for guest in guests:
            await guest.close()
        await host.close()
    return rows


async def measure(root: Path, quick: bool) -> list[Row]:
    """Every row of this module against the server of the checkout at `root`."""
    with tempfile.TemporaryDirectory() as name:
        async with server_at(root, Path(name)) as server:
            began = time.monotonic()
            rows = await spectator_tab(server.url, 4.0 if quick else 8.0)
            rows += await shortest_bot_ranked(server.url)
            rows += await names_beside_alice(server.url)
            rows.append(("(measured in)", f"{time.monotonic() - began:.0f} s"))
    return rows


async def print_rows(quick: bool) -> None:
    """Measure and print this module's table (called from `tests.bench.abuse`'s main)."""
    await print_both(
        "Fair play: a racer's spectator tab, a guide bot, look-alike names",
        measure,
        quick,
        "Names in a room are shown as Python escapes; a name taken with a number after it was kept"
        " apart from Alice's.",
    )
