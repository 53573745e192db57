"""A command's write to its room's log, and what goes with a room's group of them in a batch: a
snapshot every `SNAPSHOT_EVERY` commands and the room's public summary when it changed.

The command's JSON is made when it is applied (the room moves on after); the snapshot and summary are
made once a group, when the batch is sent, from the room as it is after the group's last command: the
move path pays for neither, and a batch of many moves writes them once.
"""

import json

import orjson

from server.cluster.ownership.shared_rooms import Lease
from server.room import views
from server.room.commands import BotStep, Command, Move, command_to_json
from server.room.room import Room
from server.room.snapshot import room_snapshot

SNAPSHOT_EVERY = 200
"""Commands between snapshots: what a takeover replays at most (plus one batch)."""

REFRESH_SECONDS = 60.0
"""A room's keys have their expiry pushed back (6 h) by its first group, then by a group at most this
long (in command time) after the last that did, and by every snapshot: not by every group, which cost
Redis three PEXPIREs a call."""


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
    """One command's write to its room's log, made when the command is applied; the group commit
    writes it with the room's other entries of the same batch, in the room's order."""

    __slots__ = ("command", "entry_id", "lease")

    def __init__(self, lease: Lease, entry_id: str, command: str) -> None:
        self.lease = lease
        self.entry_id = entry_id
        """Unique to this write (the lease token and a count), so sending it twice writes it once."""
        self.command = command


class LogEntries:
    """Makes each held room's log entries and the extras of its groups: counts commands since its last
    snapshot, remembers the summary last written and whether one may have changed since, and numbers
    the writes so that sending one twice writes it once."""

    def __init__(self) -> None:
        self._since_snapshot: dict[str, int] = {}
        self._summaries: dict[str, str] = {}
        self._summary_stale: set[str] = set()
        self._summary_read: set[str] = set()
        """Rooms whose stale summary was read for a group on its way: stale again if it is not logged."""
        self._last_now: dict[str, float] = {}
        """The time of each room's latest command."""
        self._refreshed_at: dict[str, float] = {}
        """When (command time) each room's keys last had their expiry pushed back, as logged."""
        self._refresh_read: dict[str, float] = {}
        """Rooms whose group on its way pushes the expiry back, and the command time it does it at."""
        self._written = 0

    def entry(self, lease: Lease, room: Room, command: Command) -> LogEntry:
        """The log write of `command`, just applied to `room` under `lease`."""
        self._since_snapshot[room.code] = self._since_snapshot.get(room.code, 0) + 1
        self._last_now[room.code] = command.now
        if not summary_unchanged_by(room, command):
            self._summary_stale.add(room.code)
        text = orjson.dumps(command_to_json(command)).decode()  # 5x the standard json's speed
        self._written += 1
        return LogEntry(lease, f"{lease.token}:{self._written}", text)

    def extras(self, room: Room) -> tuple[str, str, int, bool]:
        """The snapshot ('' when not due) and the summary ('' when unchanged) to write with the room's
        group, read from `room` as it is now (after the group's last command), the commands they
        cover (for `written`), and whether the group pushes the room's keys' expiry back."""
        count = self._since_snapshot.get(room.code, 0)
        snapshot = ""
        if count >= SNAPSHOT_EVERY:
            snapshot = json.dumps(room_snapshot(room), separators=(",", ":"))
        now, refreshed = self._last_now.get(room.code, 0.0), self._refreshed_at.get(room.code)
        refresh = bool(snapshot) or refreshed is None or now - refreshed >= REFRESH_SECONDS
        if refresh:
            self._refresh_read[room.code] = now
        summary = ""
        if room.code in self._summary_stale:
            self._summary_stale.discard(room.code)
            self._summary_read.add(room.code)
            text = json.dumps(views.summary(room), separators=(",", ":"))
            summary = text if self._summaries.get(room.code) != text else ""
        return snapshot, summary, count, refresh

    def written(self, code: str, snapshot: bool, summary: str, count: int) -> None:
        """A group's extras are logged: the snapshot restarts the count (commands made since it was
        read still count), the summary is the one last written."""
        if snapshot:
            self._since_snapshot[code] = max(0, self._since_snapshot.get(code, 0) - count)
        if summary:
            self._summaries[code] = summary
        self._summary_read.discard(code)
        if code in self._refresh_read:
            self._refreshed_at[code] = self._refresh_read.pop(code)

    def unwritten(self, code: str) -> None:
        """A group whose write went unanswered is sent again: its summary, if it had one to read, is
        read again then."""
        if code in self._summary_read:
            self._summary_read.discard(code)
            self._summary_stale.add(code)
        self._refresh_read.pop(code, None)

    def forget(self, code: str) -> None:
        """A room taken over, dropped or closed here: its count and summary start again."""
        self._since_snapshot.pop(code, None)
        self._summaries.pop(code, None)
        self._summary_stale.discard(code)
        self._summary_read.discard(code)
        self._last_now.pop(code, None)
        self._refreshed_at.pop(code, None)
        self._refresh_read.pop(code, None)
