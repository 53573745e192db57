"""The terminal's results say when the time limit ended the race, in its language: from the `race_over`
event and from the snapshot of a finished room (a terminal that joins or reconnects afterwards)."""

from server.clients.terminal.messages import ENGLISH
from server.clients.terminal.room_feed import RoomFeed
from server.clients.terminal.room_frame import Choices, room_frame
from server.clients.terminal.room_view import RoomView
from server.clients.terminal.screen import compose
from server.maze.wire import encode_maze
from server.room.settings import RoomSettings
from server.room.wire_readers import read_resync_ack
from tests.clients.terminal.test_bot_names import CHINESE, MAZE, players, screen

RACING = {"maze": encode_maze(MAZE), "started_at": 900}
ROW = {
    "id": "p1", "name": "ana", "rank": 1, "time": 30000, "penalty": 0, "total": 30000, "moves": 3,
    "hints": 0, "route": 3, "shortest": 8, "efficiency": 0.5, "dnf": True, "distance": 5,
    "progress": 0.4, "cell": [1, 1], "colour": "#e6194b", "on_shortest": None,
}  # fmt: skip


def test_a_finished_rooms_snapshot_titles_its_results_time_up() -> None:
    assert "Time's up. Results:" in screen("finished", ENGLISH, **RACING, results=[ROW], time_up=True)
    assert "时间到。比赛结果：" in screen("finished", CHINESE, **RACING, results=[ROW], time_up=True)
    plain = screen("finished", ENGLISH, **RACING, results=[ROW], time_up=False)
    assert "Results:" in plain
    assert "Time's up" not in plain


def test_the_race_over_event_says_time_up() -> None:
    snap = {
        "code": "abcdefghjk", "version": 4, "phase": "racing", "settings": RoomSettings().to_json(),
        "host": "p1", "players": players(cell=[0, 0], trail=[[0, 0]]), "spectators": 0, "locked": False,
        "now": 1000, "daily": None, **RACING,
    }  # fmt: skip
    feed = RoomFeed(RoomView(you="p1"))
    feed.apply_snapshot(read_resync_ack({"ok": True, "snapshot": snap}), 1000)
    over = {
        "race": "r1",
        "results": [ROW],
        "shortest": 8,
        "shortest_routes": 1,
        "difficulty": None,
        "time_up": True,
    }
    feed.apply({"v": 5, "t": "race_over", "d": over}, 2000)
    assert feed.problem == ""
    frame = room_frame(feed.view, Choices(methods=("dfs",)), 2000, "", ENGLISH)
    assert "Time's up. Results:" in "\n".join(compose(frame, 24, 80))
