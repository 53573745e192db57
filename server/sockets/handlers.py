"""The room commands of the Socket.IO edge: parse each payload, make the command, apply it, answer.

Each handler turns a payload into a `server.room.commands` record with every input the room must not
draw itself (the time, a new token or race id, the maze made off the loop, a hint's search) and hands
it to the runtime's `RoomRunner`, so a command reaches a room only one way. The gateway
(`server.sockets.gateway`) guards the handlers: limits, refusals and bugs become error acks there.
"""

from typing import cast

import socketio

from server.errors import GameError
from server.maze.tree_hints import built_tree
from server.room import views
from server.room.bot_spec import BotSpec
from server.room.commands import (
    AddBot,
    AnswerHint,
    ChangeSettings,
    Join,
    Kick,
    Leave,
    Lock,
    Move,
    Rematch,
    RemoveBot,
    SetReady,
    Start,
)
from server.room.events.hints import HintAck
from server.room.lobby import check_settings_change
from server.runtime.bot_quota import BotQuota
from server.runtime.course import COURSE_WORKERS, OneStartARoom, build_course_off_loop
from server.runtime.hint_searches import HintSearches
from server.runtime.published_layouts import PublishedLayouts
from server.runtime.registry import Member, new_player_token, new_race_id
from server.runtime.runner import RoomRunner
from server.sockets.acks import BotAdded, Done, Joined, MoveReply, Resynced, SettingsChanged
from server.sockets.handshakes import Handshakes
from server.sockets.payloads import (
    as_object,
    parse_flag,
    parse_hint,
    parse_join,
    parse_member,
    parse_move,
    parse_ready,
)


class RoomCommands:
    """The handlers of the room commands: rooms through the runner, connections through Socket.IO."""

    def __init__(
        self,
        runner: RoomRunner,
        sio: socketio.AsyncServer,
        handshakes: Handshakes,
        hint_searches: HintSearches,
        joined_at: dict[str, float],
        bot_quota: BotQuota,
        layouts: PublishedLayouts,
    ) -> None:
        self.runner = runner
        self.registry = runner.registry
        self.sio = sio
        self.handshakes = handshakes
        self.hint_searches = hint_searches
        self.joined_at = joined_at
        """When each connection joined (wall clock), shared with the gateway, which forgets it."""
        self.bot_quota = bot_quota
        self.layouts = layouts
        """Where a host's `maze` setting is looked up: the command carries the maze itself."""
        self.starts = OneStartARoom()
        """The starts whose maze is being built, one a room."""
        COURSE_WORKERS.warm()  # the first start need not wait for the maze builders to start

    def _now(self) -> float:
        return self.runner.clock()

    # ----- commands ----------------------------------------------------------------------------------

    async def join(self, sid: str, payload: object) -> Joined:
        """Join a room as a player or spectator, or come back with a token."""
        request = parse_join(payload)
        self.handshakes.check_join(sid, request.code)
        if self.registry.member(sid) is not None:
            raise GameError("this connection is already in a room; leave it first", code="already_joined")
        room = await self.runner.home.open(request.code, request.token)
        command = Join(request.name, request.role, request.token, new_player_token(), self._now())
        outcome, outgoing = self.runner.execute(room, command)
        you = outcome.membership
        if you is None:
            raise GameError("the join made nobody", code="internal")
        replaced = self.registry.attach(sid, Member(room.code, you.id))
        self.joined_at[sid] = command.now
        sent = self.runner.sender.send(outgoing)  # queued now: nothing overtakes them
        if replaced is not None:  # the same player opened the room in another tab
            await self.sio.leave_room(replaced, room.code)
            await self.sio.emit("replaced", {"message": "you joined from somewhere else"}, to=replaced)
        await sent
        try:
            await self.sio.enter_room(sid, room.code)
        except ValueError:  # the connection dropped during the join (its room moved meanwhile)
            raise GameError(
                "the room moved while you joined; join again", code="server_unavailable"
            ) from None
        return {
            "you": you.to_json(),
            "snapshot": views.snapshot(room, views.Viewer.of(room, you.id), self._now()),
        }

    async def ready(self, sid: str, payload: object) -> Done:
        """Mark the player ready or not."""
        member, room = self.runner.joined(sid)
        await self.runner.run(room, SetReady(member.member_id, parse_ready(payload), self._now()))
        return {}

    async def settings(self, sid: str, payload: object) -> SettingsChanged:
        """The host changes the room's settings; a published maze they name is looked up first (only for
        the host in the lobby, so nobody else makes the server ask the store)."""
        member, room = self.runner.joined(sid)
        changes = as_object(payload)
        check_settings_change(room, member.member_id)
        layout = await self.layouts.named_by(changes, room.settings.maze)
        await self.runner.run(room, ChangeSettings(member.member_id, changes, self._now(), layout))
        return {"settings": room.settings.to_json()}

    async def start(self, sid: str, payload: object) -> Done:
        """The host starts the countdown; the maze is made in a maze-build worker process first. A start
        sent while the room's maze is being built joins that start: one maze a room at a time."""
        member, room = self.runner.joined(sid)
        without_unready = parse_flag(payload, "without_unready", False)
        spec = room.prepare_start(member.member_id, without_unready)  # refused here before any build

        async def begin() -> None:
            made = await build_course_off_loop(spec)
            command = Start(member.member_id, without_unready, spec, new_race_id(), self._now())
            await self.runner.run(room, command, lambda _: made)  # refuses a spec changed meanwhile

        await self.starts.start(room.code, begin)
        return {}

    async def move(self, sid: str, payload: object) -> MoveReply:
        """One step, by direction or target cell."""
        member, room = self.runner.joined(sid)
        target, seq = parse_move(payload)
        outcome = await self.runner.run(room, Move(member.member_id, target, self._now()))
        reply = cast(MoveReply, dict(outcome.ack or {}))  # a move's ack is its `MoveAck`, copied
        if seq is not None:
            reply["seq"] = seq
        return reply

    async def hint(self, sid: str, payload: object) -> HintAck:
        """A hint from where the player stands; the explored order only to the asker."""
        member, room = self.runner.joined(sid)
        method, want_order = parse_hint(payload)
        request = room.request_hint(member.member_id, method, want_order, self._now())
        tree = built_tree(room.maze) if room.maze is not None else None
        answer = await self.hint_searches.solve(room.code, request, tree)  # searched once
        command = AnswerHint(request.member_id, request.moves, want_order, answer, self._now())
        return cast(HintAck, (await self.runner.run(room, command)).ack or {})  # a hint's ack is a `HintAck`

    async def rematch(self, sid: str, payload: object) -> Done:
        """The host sends the room back to the lobby for a new maze."""
        member, room = self.runner.joined(sid)
        await self.runner.run(room, Rematch(member.member_id, self._now()))
        return {}

    async def leave(self, sid: str, payload: object) -> Done:
        """Leave the room for good (a racer is DNF)."""
        member, room = self.runner.joined(sid)
        self.registry.detach(sid)
        # out of the Socket.IO room only once the events before its leave (and its own) are out: a
        # queued event must reach a member whole or not at all, never with a gap before it
        await self.runner.run(room, Leave(member.member_id, self._now()))
        await self.sio.leave_room(sid, room.code)
        return {}

    async def kick(self, sid: str, payload: object) -> Done:
        """The host removes someone; their connection leaves the room and is told why."""
        member, room = self.runner.joined(sid)
        target = Member(room.code, parse_member(payload))
        _, outgoing = self.runner.execute(room, Kick(member.member_id, target.member_id, self._now()))
        target_sid = self.registry.sid_of(target)
        if target_sid is not None:
            self.registry.detach(target_sid)
        await self.runner.sender.deliver(outgoing)  # the kicked get the events up to their leaving
        if target_sid is not None:
            await self.sio.leave_room(target_sid, room.code)
            await self.sio.emit("kicked", {"message": "the host removed you from the room"}, to=target_sid)
        return {}

    async def lock(self, sid: str, payload: object) -> Done:
        """The host locks the room to new players, or opens it again."""
        member, room = self.runner.joined(sid)
        await self.runner.run(room, Lock(member.member_id, parse_flag(payload, "locked", True), self._now()))
        return {}

    async def add_bot(self, sid: str, payload: object) -> BotAdded:
        """The host adds a bot `{"kind", "speed"}` in the lobby; answers its id. Within the caps of the
        room, of the host's address and of the server (`bot_quota`), counted and noted with no wait
        between, so two adds at once cannot both pass the last place."""
        member, room = self.runner.joined(sid)
        spec = BotSpec.parse(payload)
        address = self.handshakes.address(sid)
        self.bot_quota.check(room, address)
        command = AddBot(member.member_id, spec, new_player_token(), self._now())
        outcome, outgoing = self.runner.execute(room, command)
        if outcome.added is not None:
            self.bot_quota.note(room.code, outcome.added, address)
        await self.runner.sender.deliver(outgoing)
        return {"id": outcome.added}

    async def remove_bot(self, sid: str, payload: object) -> Done:
        """The host takes a bot `{"id"}` out of the lobby."""
        member, room = self.runner.joined(sid)
        await self.runner.run(room, RemoveBot(member.member_id, parse_member(payload), self._now()))
        return {}

    async def resync(self, sid: str, payload: object) -> Resynced:
        """A full snapshot, for a client that saw a gap in the event versions."""
        member, room = self.runner.joined(sid)
        viewer = views.Viewer.of(room, member.member_id)
        return {"snapshot": views.snapshot(room, viewer, self._now())}
