"""A command's write to its room's log: the command as JSON, under the lease it was applied under, with
a snapshot every `SNAPSHOT_EVERY` commands and the room's public summary when it changed."""

import json

from server.cluster.ownership.shared_rooms import Lease
from server.room import views
from server.room.commands import BotStep, Command, Move, command_to_json
from server.room.room import Room
from server.room.snapshot import room_snapshot

SNAPSHOT_EVERY = 200
"""Commands between snapshots: what a takeover replays at most."""


def summary_unchanged_by(room: Room, command: Command) -> bool:
    """Whether `command`, just applied, left the room's summary as it was without rebuilding it to see.

    A summary shows the phase and who finished, never a position, so a step that leaves its racer
    racing cannot change it. Steps are nearly every command of a race, and a 16-player summary with
    its preview roster costs ~150 us to build and encode: skipping it keeps a step's log write cheap.
    """
    if room.phase != "racing":
        return False
    if isinstance(command, Move):
        mover = room.players.get(command.member)
    elif isinstance(command, BotStep):
        mover = room.players.get(command.bot)
    else:
        return False
    return mover is not None and mover.finished_at is None


class LogEntry:
    """One command's write to its room's log, made when the command is applied, written by the
    outbox in the room's order."""

    __slots__ = ("command", "entry_id", "lease", "snapshot", "summary")

    def __init__(
        self, lease: Lease, entry_id: str, command: str, snapshot: str | None, summary: str | None
    ) -> None:
        self.lease = lease
        self.entry_id = entry_id
        """Unique to this write (the lease token and a count), so sending it twice writes it once."""
        self.command = command
        self.snapshot = snapshot
        self.summary = summary


class LogEntries:
    """Makes each held room's log entries: counts commands since its last snapshot, remembers the summary
    last written, and numbers the writes so that sending one twice writes it once."""

    def __init__(self) -> None:
        self._since_snapshot: dict[str, int] = {}
        self._summaries: dict[str, str] = {}
        self._written = 0

    def entry(self, lease: Lease, room: Room, command: Command) -> LogEntry:
        """The log write of `command`, just applied to `room` under `lease`."""
        count = self._since_snapshot.get(room.code, 0) + 1
        snapshot = None
        if count >= SNAPSHOT_EVERY:
            snapshot, count = json.dumps(room_snapshot(room), separators=(",", ":")), 0
        self._since_snapshot[room.code] = count
        changed = None
        if not summary_unchanged_by(room, command):
            summary = json.dumps(views.summary(room), separators=(",", ":"))
            changed = summary if self._summaries.get(room.code) != summary else None
            self._summaries[room.code] = summary
        text = json.dumps(command_to_json(command), separators=(",", ":"))
        self._written += 1
        return LogEntry(lease, f"{lease.token}:{self._written}", text, snapshot, changed)

    def forget(self, code: str) -> None:
        """A room taken over, dropped or closed here: its count and summary start again."""
        self._since_snapshot.pop(code, None)
        self._summaries.pop(code, None)
