"""The order of a room's events for the terminal client: versions, a bounded buffer, and when to resync.

Every room event comes in an envelope `{v, t, d}` with the room's version (docs/protocol.md, "Room
events"). An envelope at or below the known version is stale and dropped; one that skips a version
means something was missed, and the caller asks for a snapshot (`resync`), meanwhile later envelopes
wait in a bounded buffer and are replayed on top of the snapshot. An event whose data is malformed (or
of a newer protocol) still takes its version, so the order holds, but changes nothing: its error is
kept in `problem` for the caller to show.
"""

from dataclasses import dataclass, field
from typing import Literal

from server.clients.terminal.room_events import apply_event
from server.clients.terminal.room_view import RoomView
from server.errors import BadMaze
from server.room.views import Snapshot
from server.room.wire_readers import BadMessage

Outcome = Literal["applied", "stale", "buffered", "gap"]
MAX_BUFFER = 2000


@dataclass(frozen=True)
class Envelope:
    """A room event as it arrived: its version and kind checked, its data not read yet."""

    v: int
    t: str
    d: object


@dataclass
class RoomFeed:
    """Puts the room's snapshots and events into `view` in version order."""

    view: RoomView
    version: int | None = None
    """The version of the last event applied (or of the snapshot); None before the first snapshot."""
    buffer: list[Envelope] = field(default_factory=list)
    awaiting_resync: bool = False
    problem: str = ""
    """Why the last malformed message was ignored, until the caller clears it."""

    def apply_snapshot(self, snap: Snapshot, local_ms: int) -> Outcome:
        """Replace everything with a snapshot, then replay the buffered envelopes that follow it. Raises
        `BadMaze`, nothing changed, for a maze that is not one."""
        self.view.load_snapshot(snap, local_ms)
        self.version = snap["version"]
        self.awaiting_resync = False
        buffered, self.buffer = sorted(self.buffer, key=lambda e: e.v), []
        for index, envelope in enumerate(buffered):
            if self._take(envelope, local_ms) == "gap":
                self.buffer.extend(buffered[index + 1 :])
                return "gap"
        return "applied"

    def apply(self, envelope: object, local_ms: int) -> Outcome:
        """One room envelope `{v, t, d}` as it arrived; one without a version is dropped as stale."""
        if not isinstance(envelope, dict) or type(envelope.get("v")) is not int:
            return "stale"
        return self._take(Envelope(envelope["v"], str(envelope.get("t")), envelope.get("d")), local_ms)

    def _take(self, envelope: Envelope, local_ms: int) -> Outcome:
        version = envelope.v
        if self.version is not None and version <= self.version:
            return "stale"
        if self.version is None or self.awaiting_resync or version > self.version + 1:
            self.awaiting_resync = self.version is not None
            if len(self.buffer) < MAX_BUFFER:
                self.buffer.append(envelope)
            return "gap" if self.awaiting_resync else "buffered"
        self.version = version
        try:
            apply_event(self.view, envelope.t, envelope.d, local_ms)
        except (BadMessage, BadMaze) as error:
            self.problem = f"ignored the server's {envelope.t[:40]!r} event: {error}"
        return "applied"
