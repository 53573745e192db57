"""What each Socket.IO connection said when it connected: the client address it came from, and the
room its handshake named (`?room=`), which a load balancer can route by and a `join` must match."""

from dataclasses import dataclass

from server.errors import GameError
from server.sockets.payloads import room_code


@dataclass(frozen=True)
class Handshake:
    """One connection's handshake: its client address, and the room it named ("" for text that is no
    room code: no join is then accepted on it; None when it named none, so any join is)."""

    address: str
    room: str | None


def handshake_of(environ: object) -> Handshake:
    """The handshake in Engine.IO's `environ` (whose own REMOTE_ADDR is a fixed placeholder)."""
    request = environ.get("aiohttp.request") if isinstance(environ, dict) else None
    address = getattr(request, "remote", None) or "unknown"
    query = getattr(request, "query", None)
    named = query.get("room") if query is not None else None
    return Handshake(str(address), _room_or_nothing(named) if named is not None else None)


def _room_or_nothing(value: str) -> str:
    try:
        return room_code(value)
    except GameError:
        return ""


class Handshakes:
    """The handshake of every live connection, by sid."""

    def __init__(self) -> None:
        self._by_sid: dict[str, Handshake] = {}

    def note(self, sid: str, environ: object) -> None:
        """Remember a new connection's handshake."""
        self._by_sid[sid] = handshake_of(environ)

    def forget(self, sid: str) -> None:
        """The connection closed."""
        self._by_sid.pop(sid, None)

    def address(self, sid: str) -> str:
        """The client address `sid` connected from."""
        handshake = self._by_sid.get(sid)
        return handshake.address if handshake is not None else "unknown"

    def check_join(self, sid: str, code: str) -> None:
        """Refuse a join of another room than the one the connection was opened for."""
        handshake = self._by_sid.get(sid)
        if handshake is not None and handshake.room is not None and handshake.room != code:
            message = "this connection was opened for another room: connect with this room's code"
            raise GameError(message, code="wrong_room")
