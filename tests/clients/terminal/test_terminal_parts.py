"""The terminal client's pure parts: the picture (held equal to `render_text`), the 80 x 24 layout, key
decoding, typed cells, and the room view's versions and names."""

import re

import pytest

from server.clients.terminal.keys import Command, KeyDecoder, Keymap
from server.clients.terminal.picture import MARGIN, Marks, picture
from server.clients.terminal.room_feed import RoomFeed
from server.clients.terminal.room_view import RoomView
from server.clients.terminal.screen import Frame, compose
from server.maze.directions import Direction, direction_between
from server.maze.generation import MazeSpec, generate
from server.maze.render import render_text
from server.maze.solvers import search
from server.maze.wire import encode_maze
from server.room.settings import RoomSettings
from server.room.wire_readers import read_resync_ack


@pytest.mark.parametrize("directions", [4, 8])
def test_the_picture_is_render_texts_with_the_same_trail_and_arrow(directions: int) -> None:
    maze = generate(MazeSpec("backtracker", 7, 9, seed=3, directions=directions))
    path = search(maze, "bfs").path
    assert path is not None
    diagonal = [
        i for i in range(1, len(path)) if (direction_between(path[i - 1], path[i]) or Direction.UP).diagonal
    ]
    trail = path[: diagonal[0] + 1] if directions == 8 else path[: len(path) // 2]  # 8: end on a diagonal
    expected = render_text(maze, trail).split("\n")
    lines = picture(maze, Marks(trail), trail[-1], len(expected) + 1, len(expected[0]) + MARGIN)
    assert [line[MARGIN:] for line in lines[1:]] == expected
    arrows = "◹◿◺◸" if directions == 8 else "▷◁△▽"
    assert sum("".join(lines).count(arrow) for arrow in arrows) == 1


def test_a_hard_maze_fits_80_by_24_around_the_arrow_with_rivals_as_digits() -> None:
    maze = generate(MazeSpec("backtracker", 100, 100, seed=5))
    path = search(maze, "bfs").path
    assert path is not None
    trail, rival = path[:300], path[305]
    frame = Frame(
        "title",
        "status",
        maze,
        Marks(trail, Direction.DOWN, [("1", rival)]),
        trail[-1],
        legend=["▷ ana", "1 bob"],
    )
    lines = compose(frame, 24, 80)
    assert len(lines) == 24
    assert all(len(line) <= 80 for line in lines)
    assert "▽" in "".join(lines)
    row = next(line for line in lines if "▽" in line)
    assert row.split()[0] == str(trail[-1][0])  # row numbers count from 0, as typed and as the browser
    assert "1" in "".join(line[MARGIN:] for line in lines[2:-4])  # bob, five steps on, is in view
    assert lines[-4] == "▷ ana   1 bob"


def test_keys_arrive_whole_even_when_a_sequence_is_cut_between_two_reads() -> None:
    decoder = KeyDecoder()
    assert decoder.feed(b"\x1b[Aw\x1bOB\x1b[1;2C\x1b[5~\x1b[H3 4\r\x03") == [
        "UP", "w", "DOWN", "RIGHT", "PGUP", "HOME", "3", " ", "4", "ENTER", "CTRL_C",
    ]  # fmt: skip
    assert decoder.feed(b"\x1b[") == []
    assert decoder.feed(b"D\xc3") == ["LEFT"]
    assert decoder.feed(b"\xa9") == ["é"]


def test_letters_mean_what_the_phase_needs_and_typed_cells_count_from_zero() -> None:
    keys = Keymap()
    assert keys.command("s", "lobby") == Command("start")
    assert keys.command("s", "racing") == Command("step", Direction.DOWN)
    assert keys.command("PGDN", "racing") == Command("step", Direction.DOWN_RIGHT)
    assert keys.command("r", "lobby") == Command("ready")
    for key in "3 4":
        keys.command(key, "racing")
    assert keys.line == "3 4"
    assert keys.command("ENTER", "racing") == Command("go", cell=(3, 4))  # as the browser's move box
    for key in "0 0":
        keys.command(key, "racing")
    assert keys.command("ENTER", "racing") == Command("go", cell=(0, 0))  # a cell, not a hint: h is
    for key in "7":
        keys.command(key, "racing")
    assert keys.command("ENTER", "racing") is None
    assert "row and column" in keys.error
    assert keys.command("q", "racing") == Command("quit")


def test_the_room_view_drops_stale_events_resyncs_after_a_gap_and_strips_control_characters() -> None:
    maze = generate(MazeSpec("backtracker", 5, 5, seed=1))
    ana = {
        "id": "p1", "name": "ana\x1b[2J\u202e", "colour": "#e6194b", "ready": False, "connected": True,
        "host": True, "moves": 0, "hints": 0, "penalty": 0, "finished": False, "dnf": False, "left": False,
        "cell": [0, 0], "trail": [[0, 0]],
    }  # fmt: skip
    snap = {
        "code": "abcdefghjk", "version": 4, "phase": "racing", "settings": RoomSettings().to_json(),
        "host": "p1", "players": [ana], "spectators": 0, "locked": False, "now": 1000, "started_at": 900,
        "maze": encode_maze(maze), "daily": None,
    }  # fmt: skip
    feed = RoomFeed(RoomView(you="p1"))
    view = feed.view
    feed.apply_snapshot(read_resync_ack({"ok": True, "snapshot": snap}), 1000)
    assert view.players[0].name == "ana[2J"
    step = next(n for n in ((0, 1), (1, 0)) if maze.is_open((0, 0), n))
    moved = {"id": "p1", "cell": list(step), "facing": "down", "trail_len": 2, "moves": 1}
    assert feed.apply({"v": 4, "t": "moved", "d": moved}, 1000) == "stale"
    assert feed.apply({"v": 6, "t": "ready", "d": {}}, 1000) == "gap"
    assert feed.apply({"v": 5, "t": "moved", "d": moved}, 1000) == "gap"  # waits for the snapshot
    assert feed.apply_snapshot(read_resync_ack({"ok": True, "snapshot": snap}), 1000) == "applied"
    assert feed.version == 6
    assert "ready" in feed.problem  # the malformed `ready` took its version and changed nothing
    assert view.me() is not None
    assert view.me().trail == [(0, 0), step]  # type: ignore[union-attr]
    assert view.elapsed(1500) == 600
    assert re.fullmatch(r"[^\x00-\x1f]*", view.players[0].name)
