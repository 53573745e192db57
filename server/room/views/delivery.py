"""Which form of an event each viewer gets: the room-wide one, the racers' one, a fog racer's, or the
racing member's own (their hint as the room lets them see it)."""

from collections.abc import Mapping
from typing import TypeVar

from server.room.envelope import Envelope, WireEvent
from server.room.events import EventData
from server.room.views.viewer import Viewer

Key = TypeVar("Key")


def is_redacted_for(envelope: Envelope, viewer: Viewer) -> bool:
    """Whether `viewer` gets less of `envelope` than a room-wide broadcast carries."""
    if _is_own(envelope, viewer):
        return True
    if envelope.seen_d is not None and viewer.sees is not None:
        return True  # a fog racer gets one of the fog forms, even of their own move
    return envelope.racer_d is not None and viewer.racing and viewer.member_id != envelope.d.get("id")


def hides_from_racers(envelopes: list[Envelope]) -> bool:
    """Whether some of these events are redacted for players still racing."""
    return any(envelope.racer_d is not None or envelope.own_d is not None for envelope in envelopes)


def data_for(envelope: Envelope, viewer: Viewer) -> EventData:
    """The data of `envelope` that `viewer` may see: one of its forms, never a copy of one."""
    if _is_own(envelope, viewer) and envelope.own_d is not None:
        return envelope.own_d
    if envelope.seen_d is not None and viewer.sees is not None and envelope.racer_d is not None:
        in_sight = viewer.member_id == envelope.d.get("id") or envelope.at in viewer.sees
        return envelope.seen_d if in_sight else envelope.racer_d
    if is_redacted_for(envelope, viewer) and envelope.racer_d is not None:
        return envelope.racer_d
    return envelope.d


def _is_own(envelope: Envelope, viewer: Viewer) -> bool:
    """Whether `viewer` is the racing member the event is about and it has a form for them."""
    return envelope.own_d is not None and viewer.racing and viewer.member_id == envelope.d.get("id")


def event_for(envelope: Envelope, viewer: Viewer) -> WireEvent:
    """`envelope` on the wire as `viewer` may see it."""
    return {"v": envelope.v, "t": envelope.t, "d": data_for(envelope, viewer)}


def forms_for(envelope: Envelope, viewers: Mapping[Key, Viewer]) -> list[tuple[WireEvent, list[Key]]]:
    """`envelope` as each of `viewers` (by connection) may see it, the viewers who get the same form
    together: an event has at most three forms, so it goes out in as many sends, not one a viewer."""
    groups: dict[int, tuple[WireEvent, list[Key]]] = {}
    for key, viewer in viewers.items():
        data = data_for(envelope, viewer)
        group = groups.get(id(data))
        if group is None:
            groups[id(data)] = group = ({"v": envelope.v, "t": envelope.t, "d": data}, [])
        group[1].append(key)
    return list(groups.values())
