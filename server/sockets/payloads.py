"""Parsing and validating Socket.IO payloads into plain values; anything wrong is a `bad_payload`."""

import re
from dataclasses import dataclass
from typing import Literal

from server.errors import GameError
from server.maze.hints import HINT_METHODS
from server.maze.model import MAX_SIDE, Cell
from server.maze.moves import Target
from server.room.codes import ROOM_CODE

TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}\Z")
MAX_METHOD_CHARS = max(len(method) for method in HINT_METHODS)
"""A hint method longer than every name is refused before it is looked up."""


def bad(message: str) -> GameError:
    """A payload error with a stable code."""
    return GameError(message, code="bad_payload")


def as_object(payload: object) -> dict[str, object]:
    """Payloads are JSON objects; a missing payload counts as empty."""
    if payload is None:
        return {}
    if not isinstance(payload, dict):
        raise bad("the payload must be a JSON object")
    return payload


def room_code(value: object) -> str:
    """A room code as the server issues them (10 characters of 0-9 and a-z, any case)."""
    if not isinstance(value, str) or not ROOM_CODE.match(value.strip().lower()):
        raise GameError("that is not a room code", code="unknown_room")
    return value.strip().lower()


@dataclass(frozen=True)
class JoinRequest:
    """A parsed `join` payload."""

    code: str
    name: object
    role: Literal["player", "spectator"]
    token: str | None


def parse_join(payload: object) -> JoinRequest:
    """`{"code", "name", "role", "token"?}`; the name is checked by the room."""
    data = as_object(payload)
    role = data.get("role", "player")
    if role not in ("player", "spectator"):
        raise bad("role must be player or spectator")
    token = data.get("token")
    if token is not None and (not isinstance(token, str) or not TOKEN.match(token)):
        token = None  # a stale or mangled token just means joining afresh
    name = data.get("name", "")
    if role == "spectator" and not name:
        name = "spectator"
    return JoinRequest(room_code(data.get("code")), name, role, token)


def parse_ready(payload: object) -> bool:
    """`{"ready": bool}`, default true."""
    return parse_flag(payload, "ready", True)


def parse_flag(payload: object, key: str, default: bool) -> bool:
    """`{key: bool}`, `default` when left out."""
    value = as_object(payload).get(key, default)
    if not isinstance(value, bool):
        raise bad(f"{key} must be true or false")
    return value


MEMBER_ID = re.compile(r"^[ps][0-9]{1,9}\Z")


def parse_member(payload: object) -> str:
    """`{"id": member id}` of someone in the room (`p3`, `s7`)."""
    member_id = as_object(payload).get("id")
    if not isinstance(member_id, str) or not MEMBER_ID.match(member_id):
        raise bad("id must be a member id such as p2")
    return member_id


def _cell(value: object) -> Cell:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and -1 <= v <= MAX_SIDE for v in value)
    ):
        return value[0], value[1]
    raise bad("to must be a cell [row, col]")


def parse_move(payload: object) -> tuple[Target, int | None]:
    """`{"dir": name}` or `{"to": [r, c]}`, with an optional client sequence number echoed back."""
    data = as_object(payload)
    seq = data.get("seq")
    if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq < 2**53):
        raise bad("seq must be a whole number")
    if "dir" in data and "to" not in data:
        direction = data["dir"]
        if not isinstance(direction, str) or len(direction) > 10:
            raise GameError("dir must be up, down, left or right", code="bad_direction")
        return direction, seq
    if "to" in data and "dir" not in data:
        return _cell(data["to"]), seq
    raise bad("a move needs either dir or to")


def parse_hint(payload: object) -> tuple[str, bool]:
    """`{"method", "order"?}`."""
    data = as_object(payload)
    method = data.get("method", "random")
    if not isinstance(method, str) or len(method) > MAX_METHOD_CHARS:
        raise GameError(f"method must be one of {', '.join(HINT_METHODS)}", code="bad_method")
    order = data.get("order", False)
    if not isinstance(order, bool):
        raise bad("order must be true or false")
    return method, order
