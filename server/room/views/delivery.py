"""Which form of an event each viewer gets: the room-wide one, the racers' one, or a fog racer's."""

from server.room.envelope import Envelope, WireEvent
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
    if envelope.seen_d is not None and viewer.sees is not None and envelope.racer_d is not None:
        in_sight = viewer.member_id == envelope.d.get("id") or envelope.at in viewer.sees
        return {"v": envelope.v, "t": envelope.t, "d": envelope.seen_d if in_sight else envelope.racer_d}
    if is_redacted_for(envelope, viewer) and envelope.racer_d is not None:
        return {"v": envelope.v, "t": envelope.t, "d": envelope.racer_d}
    return envelope.to_json()
