"""Room events applied to the terminal's `RoomView`: one `{t, d}` of docs/protocol.md's room events at a
time, in version order (`room_feed` keeps the order; this module only knows what each event changes).

Each kind's data is read into the core's record by its reader in `server.room.wire_readers` before
anything changes, so an event that is malformed, or of a newer protocol, raises `BadMessage` and leaves
the view as it was. Kinds the terminal shows nothing of (`kicked`, `locked`, `ghost`) are ignored.
"""

from collections.abc import Callable

from server.clients.terminal.racer import Racer
from server.clients.terminal.room_view import RoomView
from server.room.events import EVENT_KINDS
from server.room.wire_readers import (
    BadMessage,
    read_countdown,
    read_finished,
    read_hinted,
    read_host,
    read_joined,
    read_left,
    read_lobby,
    read_moved,
    read_presence,
    read_race_over,
    read_ready,
    read_settings,
    read_started,
)


def apply_event(view: RoomView, kind: str, data: object, local_ms: int) -> None:
    """Apply event `kind` with data `data`, arrived at `local_ms`. Raises `BadMessage` for data that is
    not of its kind or a kind no event has, `BadMaze` for a maze that is not one."""
    change = CHANGES.get(kind)
    if change is not None:
        change(view, data, local_ms)
    elif kind not in EVENT_KINDS:
        raise BadMessage(f"no room event is called {kind[:40]!r}: is the server newer than this client?")


def _joined(view: RoomView, data: object, local_ms: int) -> None:
    d = read_joined(data)
    racer = view.player(d["id"])
    if racer is not None:
        if d["role"] == "player":  # a player back
            racer.update(d)
    elif d["role"] == "player":
        view.players.append(Racer.of(d))
    else:
        view.spectators = d["spectators"]


def _left(view: RoomView, data: object, local_ms: int) -> None:
    d = read_left(data)
    racer = view.player(d["id"])
    if d["role"] == "spectator":
        view.spectators = d["spectators"]
    elif racer is not None and view.phase in ("racing", "countdown"):
        racer.left = True  # a racer stays, DNF
    else:
        view.players = [p for p in view.players if p.id != d["id"]]


def _presence(view: RoomView, data: object, local_ms: int) -> None:
    d = read_presence(data)
    racer = view.player(d["id"])
    if racer is not None:
        racer.connected = d["connected"]


def _ready(view: RoomView, data: object, local_ms: int) -> None:
    d = read_ready(data)
    racer = view.player(d["id"])
    if racer is not None:
        racer.ready = d["ready"]


def _finished(view: RoomView, data: object, local_ms: int) -> None:
    d = read_finished(data)
    racer = view.player(d["id"])
    if racer is not None:
        racer.record_finish(d)


def _settings(view: RoomView, data: object, local_ms: int) -> None:
    view.settings = read_settings(data)


def _host(view: RoomView, data: object, local_ms: int) -> None:
    view.host = read_host(data)["id"]


def _countdown(view: RoomView, data: object, local_ms: int) -> None:
    d = read_countdown(data)
    view.phase, view.start_at = "countdown", d["start_at"]
    view.set_clock(d["now"], local_ms)


def _started(view: RoomView, data: object, local_ms: int) -> None:
    d = read_started(data)
    view.set_maze(d["maze"])
    view.phase, view.started_at, view.results = "racing", d["started_at"], None
    view.players = [Racer.of(entry) for entry in d["players"]]


def _moved(view: RoomView, data: object, local_ms: int) -> None:
    d = read_moved(data)
    racer = view.player(d["id"])
    if racer is None:
        return
    own = racer.id == view.you
    if not (own and d["moves"] <= racer.moves):  # an own move its ack already showed
        racer.moved(d, fog=view.seen is not None and not own)


def _hinted(view: RoomView, data: object, local_ms: int) -> None:
    d = read_hinted(data)
    racer = view.player(d["id"])
    if racer is not None:
        racer.hints = d["hints"]


def _race_over(view: RoomView, data: object, local_ms: int) -> None:
    over = read_race_over(data)
    view.phase, view.results, view.time_up = "finished", over["results"], over["time_up"]


def _lobby(view: RoomView, data: object, local_ms: int) -> None:
    d = read_lobby(data)
    view.phase, view.maze, view.seen, view.results = "lobby", None, None, None
    view.start_at = view.started_at = None
    view.settings = d["settings"]
    view.players = [Racer.of(entry) for entry in d["players"]]


CHANGES: dict[str, Callable[[RoomView, object, int], None]] = {
    "joined": _joined,
    "left": _left,
    "presence": _presence,
    "ready": _ready,
    "finished": _finished,
    "settings": _settings,
    "host": _host,
    "countdown": _countdown,
    "started": _started,
    "moved": _moved,
    "hinted": _hinted,
    "race_over": _race_over,
    "lobby": _lobby,
}
"""What each kind the terminal shows changes in the view."""
