"""Hints asked through a real server and checked against the core's answer for the player's trail,
and the wire's packed cell lists read back as cells."""

import random
from typing import Any

from server.maze.hint_reveal import cut_hint
from server.maze.hints import hint
from server.maze.model import Cell, Maze
from server.maze.wire import PackedCells

from .conftest import Client


def unpacked(text: str | None, maze: Maze) -> list[list[int]] | None:
    """A packed cell list from the wire (base64 of 2-byte flat indices) as [r, c] cells."""
    if text is None:
        return None
    assert isinstance(text, str), text
    return [list(c) for c in PackedCells.from_wire(text, maze.size, maze.cols).cells()]


async def ask(client: Client, maze: Maze, method: str, order: bool, reveal: str = "whole") -> dict[str, Any]:
    """Ask for a hint in a room whose `hint_reveal` is `reveal` and check it against the core's answer for
    the player's trail."""
    trail = (await client.me())["trail"]
    ack = await client.ok("hint", {"method": method, "order": order})
    expected = core_hint(maze, trail, method, reveal)
    assert set(ack) >= HINT_KEYS
    assert ack["from"] == trail[-1]
    for key in ("method", "found", "next", "explored", "back_to", "cut"):
        assert ack[key] == expected[key], key
    for key in ("path", "back_path"):
        assert unpacked(ack[key], maze) == expected[key], key
    if order:
        assert unpacked(ack["order"], maze) == expected["order"]
        assert len(unpacked(ack["order"], maze) or ()) == ack["explored"]
    else:
        assert "order" not in ack
    return ack


HINT_KEYS = {
    "id", "method", "found", "from", "next", "path", "explored", "back_to", "back_path", "hints", "penalty",
    "cut",
}  # fmt: skip


def core_hint(maze: Maze, trail: list[list[int]], method: str, reveal: str = "whole") -> dict[str, Any]:
    """What `server.maze.hints.hint` says for the same maze, trail and method, its ways cut as the
    asker is shown them with `hint_reveal` `reveal` (`back_to` is never cut)."""
    rooms: list[Cell] = [(r, c) for r, c in trail]
    whole = hint(maze, rooms, method, random.Random(0), record_order=True)
    answer, cut = cut_hint(maze, whole) if reveal == "junction" else (whole, None)
    return {
        "cut": cut,
        "method": answer.method,
        "found": answer.found,
        "next": list(answer.next) if answer.next is not None else None,
        "path": cells(list(answer.path) if answer.path is not None else None),
        "explored": answer.explored,
        "back_to": list(whole.back_to) if whole.back_to is not None else None,
        "back_path": cells(list(answer.back_path) if answer.back_path is not None else None),
        "order": cells(list(answer.order or ())),
    }


def cells(value: list[Any] | None) -> list[list[int]] | None:
    return None if value is None else [list(c) for c in value]
