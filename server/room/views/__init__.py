"""What each viewer may see of a room: the snapshot, player entries, events and hint details.

The rules decide; this package projects. Every snapshot and event a client gets
passes through here, so a later mode (fog of war) can hide more per viewer in one place. Today's
secrecy rules:

- no maze (nor race id) before the race starts;
- a rival's hint way (`from`, `next`, `path`, `back_to`, `back_path`) is hidden from players still
  racing; spectators and finishers see it whole, and the asker, while racing, as the room's
  `hint_reveal` shows it (by default cut at the next junction: `hints.hint_for_asker`);
- the order the search explored cells in goes only to the asker (in the hint's ack);
- in a fog race, a racer gets the maze with only the cells they have seen, others' positions only when
  they stand where the racer can see now, and no distances to the exit (not the shortest either);
  spectators and finished players see everything.

The package's modules, one job each: `viewer` (who looks), `players` (a player entry, as a fog racer
too), `whole_room` (the snapshot), `room_summary` (the HTTP API's listing), `race_events` and `hints`
(the per-event forms the rules build), `delivery` (which form of an event a viewer gets, and the viewers
grouped by form so each form is sent once). The names below are what the rest of the server uses
(`views.snapshot`, `views.ANYONE`...); the rules import the modules themselves.
"""

from server.room.views.delivery import event_for, forms_for, hides_from_racers, is_redacted_for
from server.room.views.hints import HINT_SEEN_BY_RACERS
from server.room.views.room_summary import RoomSummary, summary
from server.room.views.viewer import ANYONE, Viewer
from server.room.views.whole_room import Snapshot, snapshot

__all__ = [
    "ANYONE",
    "HINT_SEEN_BY_RACERS",
    "RoomSummary",
    "Snapshot",
    "Viewer",
    "event_for",
    "forms_for",
    "hides_from_racers",
    "is_redacted_for",
    "snapshot",
    "summary",
]
