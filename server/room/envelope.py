"""The record of one room event: what the room emits, versioned, and what the outbox sends."""

from dataclasses import dataclass
from typing import TypedDict

from server.room.events import EventData


class WireEvent(TypedDict):
    """An event as a client gets it."""

    v: int
    t: str
    d: EventData


@dataclass(frozen=True)
class Envelope:
    """A room event with its version: `{"v", "t", "d"}` on the wire.

    `racer_d`, when set, is what players still racing (other than the member `d["id"]`) receive
    instead of `d` (`views.event_for` picks per viewer): a rival's hint path must not reach them,
    while everyone else sees it. The same version goes to both, so every client's versions stay
    contiguous.
    """

    v: int
    t: str
    d: EventData
    racer_d: EventData | None = None
    """The data that players still racing, other than the member `d['id']`, receive instead of `d`."""
    seen_d: EventData | None = None
    """In a fog race, a `moved` as the mover and the racers who can see cell `at` get it (`racer_d` goes
    to the other racers; `views.event_for` decides)."""
    at: tuple[int, int] | None = None
    """The cell a fog race's `moved` shows."""
    own_d: EventData | None = None
    """The data the member `d['id']` receives instead of `d` while racing: their own hint as the room's
    `hint_reveal` lets them see it, while spectators and finished players get the whole way in `d`."""

    def to_json(self) -> WireEvent:
        """The wire form of the full event (as everyone but the racers of a redacted event gets it)."""
        return {"v": self.v, "t": self.t, "d": self.d}
