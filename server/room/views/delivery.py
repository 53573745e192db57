"""Which form of an event each viewer gets: the room-wide one, the racers' one, or a fog racer's."""

from server.room.envelope import Envelope, WireEvent
from server.room.events import EventData
from server.room.views.viewer import Viewer


def is_redacted_for(envelope: Envelope, viewer: Viewer) -> bool:
    """Whether `viewer` gets less of `envelope` than a room-wide broadcast carries."""
    if envelope.seen_d is not None and viewer.sees is not None:
        return True  # a fog racer gets one of the fog forms, even of their own move
    return envelope.racer_d is not None and viewer.racing and viewer.member_id != envelope.d.get("id")


def hides_from_racers(envelopes: list[Envelope]) -> bool:
    """Whether some of these events are redacted for players still racing."""
    return any(envelope.racer_d is not None for envelope in envelopes)


def event_for(envelope: Envelope, viewer: Viewer) -> WireEvent:
    """`envelope` on the wire as `viewer` may see it."""
    return {"v": envelope.v, "t": envelope.t, "d": data_for(envelope, viewer)}


def data_for(envelope: Envelope, viewer: Viewer) -> EventData:
    """The form of `envelope`'s data `viewer` gets: one of the envelope's own (so viewers who get the
    same form can be sent it at once)."""
    if envelope.seen_d is not None and viewer.sees is not None and envelope.racer_d is not None:
        in_sight = viewer.member_id == envelope.d.get("id") or envelope.at in viewer.sees
        return envelope.seen_d if in_sight else envelope.racer_d
    if is_redacted_for(envelope, viewer) and envelope.racer_d is not None:
        return envelope.racer_d
    return envelope.d
