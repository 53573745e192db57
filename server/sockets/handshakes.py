"""What each Socket.IO connection said when it connected: the client address it came from, and the
room its handshake named (`?room=`), which a load balancer can route by and a `join` must match.

In a cluster, nginx routes a connection by its routing key (`routing_key`): the raw text of the first
query argument named `room` in any case, as nginx's `$arg_room` reads it. A process then serves a
room's sockets only when that key is exactly the room's code: a handshake routed by anything else
(another `ROOM` first, no room, the code percent-encoded or in capitals) reached a process the ring
does not give the room to, and a join there would pull the room away from where its players land."""

from dataclasses import dataclass

from server.errors import GameError
from server.sockets.payloads import room_code


@dataclass(frozen=True)
class Handshake:
    """One connection's handshake: its client address, the room it named ("" for text that is no
    room code: no join is then accepted on it; None when it named none, so any join is), and the key a
    load balancer routed it by (`routing_key`)."""

    address: str
    room: str | None
    routing_key: str = ""


def routing_key(raw_query: str) -> str:
    """nginx's `$arg_room` of a raw query string: the undecoded value of the first argument whose name
    is `room` in any case and is followed by `=` ("" when there is none)."""
    for argument in raw_query.split("&"):
        name, equals, value = argument.partition("=")
        if equals and name.lower() == "room":
            return value
    return ""


def handshake_of(environ: object) -> Handshake:
    """The handshake in Engine.IO's `environ` (whose own REMOTE_ADDR is a fixed placeholder)."""
    request = _request_in(environ)
    address = getattr(request, "remote", None) or "unknown"
    query = getattr(request, "query", None)
    named = query.get("room") if query is not None else None
    url = getattr(request, "rel_url", None)
    raw = url.raw_query_string if url is not None else ""
    room = _room_or_nothing(named) if named is not None else None
    return Handshake(str(address), room, routing_key(raw))


def own_connection(environ: object) -> object | None:
    """The aiohttp request whose TCP connection belongs to the session alone (closing it hangs the
    session up): a WebSocket handshake's. A polling handshake came on a pooled keep-alive connection
    that carries the client's next request, another session's WebSocket even; None for those."""
    request = _request_in(environ)
    query = getattr(request, "query", None)
    if query is None or query.get("transport") != "websocket":
        return None
    return request


def _request_in(environ: object) -> object | None:
    """The aiohttp request Engine.IO keeps in a session's `environ`."""
    return environ.get("aiohttp.request") if isinstance(environ, dict) else None


def _room_or_nothing(value: str) -> str:
    try:
        return room_code(value)
    except GameError:
        return ""


class Handshakes:
    """The handshake of every live connection, by sid."""

    def __init__(self, exact_routing: bool = False) -> None:
        """`exact_routing` (a cluster's processes): a join is accepted only on a connection whose
        routing key is exactly the room's code."""
        self._by_sid: dict[str, Handshake] = {}
        self.exact_routing = exact_routing

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
        """Refuse a join of another room than the one the connection was opened (and routed) for."""
        handshake = self._by_sid.get(sid)
        if handshake is None:
            return
        if (handshake.room is not None and handshake.room != code) or (
            self.exact_routing and handshake.routing_key != code
        ):
            message = "this connection was opened for another room: connect with this room's code"
            raise GameError(message, code="wrong_room")
