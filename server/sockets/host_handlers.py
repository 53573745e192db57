"""The host-and-room commands of the Socket.IO edge: pass the host role, take a seat, react.

`pass_host` and `take_seat` change the room, so they are commands like the others
(`server.room.commands.PassHost`, `TakeSeat`): applied through the gateway's `execute`, logged in a
cluster, replayed exactly. A reaction changes nothing: the core checks it (`server.room.reactions`) and
it goes to the room's Socket.IO room as a `reacted` message beside the envelopes, from the process that
holds the room (in a cluster every connection of a room is there), never logged, never versioned.
"""

from typing import TYPE_CHECKING, Any

from server.errors import GameError
from server.room.commands import PassHost, TakeSeat
from server.room.reactions import react
from server.room.room import Room
from server.runtime.registry import Member, new_player_token
from server.sockets.payloads import as_object, parse_member

if TYPE_CHECKING:  # the gateway owns the handlers; only its type is needed here
    from server.sockets.gateway import SocketGateway


def parse_pass_host(payload: object) -> str:
    """`{"to": player id}`."""
    return parse_member({"id": as_object(payload).get("to")})


def parse_seat_name(payload: object) -> object:
    """`{"name"}`: checked by the room as a join's name is."""
    return as_object(payload).get("name", "")


class HostCommands:
    """The handlers of `pass_host`, `take_seat` and `react`, on the gateway's registry and server."""

    def __init__(self, gateway: "SocketGateway") -> None:
        self.gateway = gateway

    def _joined(self, sid: str) -> tuple[Member, Room]:
        member = self.gateway.registry.member(sid)
        if member is None:
            raise GameError("join a room first", code="not_joined")
        return member, self.gateway.registry.get(member.code)

    async def pass_host(self, sid: str, payload: object) -> dict[str, Any]:
        """The host hands the host role to another connected player (`host` event to everyone)."""
        member, room = self._joined(sid)
        target = parse_pass_host(payload)
        await self.gateway.run(room, PassHost(member.member_id, target, self.gateway.clock()))
        return {}

    async def take_seat(self, sid: str, payload: object) -> dict[str, Any]:
        """A spectator becomes a player; this connection is that player from now on (the ack's `you`
        carries the new id and token, which brings them back as the player after a reconnect)."""
        member, room = self._joined(sid)
        name = parse_seat_name(payload)
        command = TakeSeat(member.member_id, name, new_player_token(), self.gateway.clock())
        outcome, outgoing = self.gateway.execute(room, command)
        you = outcome.membership
        if you is None:
            raise GameError("the seat made nobody", code="internal")
        self.gateway.registry.detach(sid)
        self.gateway.registry.attach(sid, Member(room.code, you.id))
        await self.gateway.outbox.deliver(outgoing)
        return {"you": you.to_json()}

    async def react(self, sid: str, payload: object) -> dict[str, Any]:
        """`{"reaction": key}` from a player or spectator, sent to the room as `reacted` {id, reaction}."""
        member, room = self._joined(sid)
        reacted = react(room, member.member_id, as_object(payload).get("reaction"))
        if self.gateway.ownership is not None:
            self.gateway.ownership.check_holds(room)  # a room moving away sends nothing from here
        await self.gateway.sio.emit("reacted", reacted, room=room.code)
        return {}
