"""The terminal's room feed and a server it does not fully understand: a malformed event, or one of a
kind no event has, takes its version (so the order holds) but changes nothing and says why; the kinds
the terminal shows nothing of pass quietly."""

import copy
import random

from server.clients.terminal.room_feed import RoomFeed
from server.clients.terminal.room_view import RoomView
from server.room import views
from server.room.room import Room
from server.room.settings import parse_settings
from server.room.wire_readers import read_resync_ack

T0 = 1_000_000.0


def lobby_feed() -> tuple[RoomFeed, str]:
    """Ann's feed of a lobby with Ann and Bob, fed the room's own snapshot; Ann's id."""
    settings = parse_settings({"preset": "custom", "rows": 6, "cols": 6})
    room = Room("abcdefghjk", settings, random.Random(1), T0, countdown=1.0)
    ann = room.join("Ann", "player", None, T0, new_token="t-ann")[0].id
    room.join("Bob", "player", None, T0, new_token="t-bob")
    feed = RoomFeed(RoomView(you=ann))
    snapshot = views.snapshot(room, views.Viewer.of(room, ann), T0)
    feed.apply_snapshot(read_resync_ack({"ok": True, "snapshot": snapshot}), 0)
    return feed, ann


def test_a_malformed_event_takes_its_version_changes_nothing_and_says_why() -> None:
    feed, _ = lobby_feed()
    version = feed.version or 0
    before = copy.deepcopy(feed.view)
    started = {"race": "r1", "maze": {"rows": 6}, "started_at": 5, "players": []}
    assert feed.apply({"v": version + 1, "t": "started", "d": started}, 0) == "applied"
    assert feed.version == version + 1
    assert feed.view == before
    assert "started" in feed.problem
    assert "maze" in feed.problem


def test_an_unknown_kind_is_reported_and_a_kind_the_terminal_does_not_show_passes_quietly() -> None:
    feed, ann = lobby_feed()
    version = feed.version or 0
    assert feed.apply({"v": version + 1, "t": "locked", "d": {"locked": True}}, 0) == "applied"
    assert feed.problem == ""
    assert feed.apply({"v": version + 2, "t": "teleported", "d": {"id": ann}}, 0) == "applied"
    assert "teleported" in feed.problem
    assert "newer" in feed.problem
    assert feed.version == version + 2
