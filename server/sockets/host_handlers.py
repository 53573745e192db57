"""The host-and-room commands of the Socket.IO edge: pass the host role, take a seat, react.

`pass_host` and `take_seat` change the room, so they are commands like the others
(`server.room.commands.PassHost`, `TakeSeat`): applied through the runtime's `RoomRunner`, logged in a
cluster, replayed exactly. A reaction changes nothing: the core checks it (`server.room.reactions`) and
it goes to the room's Socket.IO room as a `reacted` message beside the envelopes, from the process that
holds the room (in a cluster every connection of a room is there), never logged, never versioned.
"""

import socketio

from server.errors import GameError
from server.room.commands import PassHost, TakeSeat
from server.room.reactions import react
from server.runtime.registry import Member, new_player_token
from server.runtime.runner import RoomRunner
from server.sockets.acks import Done, Joined
from server.sockets.payloads import as_object, parse_member


def parse_pass_host(payload: object) -> str:
    """`{"to": player id}`."""
    return parse_member({"id": as_object(payload).get("to")})


def parse_seat_name(payload: object) -> object:
    """`{"name"}`: checked by the room as a join's name is."""
    return as_object(payload).get("name", "")


class HostCommands:
    """The handlers of `pass_host`, `take_seat` and `react`: rooms through the runner, the reaction
    straight to the room's Socket.IO room."""

    def __init__(self, runner: RoomRunner, sio: socketio.AsyncServer) -> None:
        self.runner = runner
        self.registry = runner.registry
        self.sio = sio

    async def pass_host(self, sid: str, payload: object) -> Done:
        """The host hands the host role to another connected player (`host` event to everyone)."""
        member, room = self.runner.joined(sid)
        target = parse_pass_host(payload)
        await self.runner.run(room, PassHost(member.member_id, target, self.runner.clock()))
        return {}

    async def take_seat(self, sid: str, payload: object) -> Joined:
        """A spectator becomes a player; this connection is that player from now on (the ack's `you`
        carries the new id and token, which brings them back as the player after a reconnect)."""
        member, room = self.runner.joined(sid)
        name = parse_seat_name(payload)
        command = TakeSeat(member.member_id, name, new_player_token(), self.runner.clock())
        outcome, outgoing = self.runner.execute(room, command)
        you = outcome.membership
        if you is None:
            raise GameError("the seat made nobody", code="internal")
        self.registry.detach(sid)
        self.registry.attach(sid, Member(room.code, you.id))
        await self.runner.sender.deliver(outgoing)
        return {"you": you.to_json()}

    async def react(self, sid: str, payload: object) -> Done:
        """`{"reaction": key}` from a player or spectator, sent to the room as `reacted` {id, reaction}."""
        member, room = self.runner.joined(sid)
        reacted = react(room, member.member_id, as_object(payload).get("reaction"))
        self.runner.home.check_holds(room)  # a room moving away sends nothing from here
        await self.sio.emit("reacted", reacted, room=room.code)
        return {}
