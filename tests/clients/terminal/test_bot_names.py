"""A bot is named in the terminal's language, as the web pages name it: the server calls bots "DFS bot",
"DFS bot 2", and a Chinese screen says "DFS 机器人", "DFS 机器人 2", in the lobby, the race's legend and the
results, while a person's name is shown as they typed it, whatever it says."""

from typing import Any

from server.clients.terminal.messages import ENGLISH, Messages
from server.clients.terminal.room_feed import RoomFeed
from server.clients.terminal.room_frame import Choices, room_frame
from server.clients.terminal.room_view import RoomView
from server.clients.terminal.screen import compose
from server.maze.generation import MazeSpec, generate
from server.maze.wire import encode_maze
from server.room.settings import RoomSettings
from server.room.wire_readers import read_resync_ack

CHINESE = Messages("zh")
MAZE = generate(MazeSpec("backtracker", 5, 5, seed=1))


def entry(pid: str, name: str, bot: str | None = None, **extra: Any) -> dict[str, Any]:
    player = {
        "id": pid, "name": name, "colour": "#e6194b", "ready": True, "connected": True, "host": pid == "p1",
        "moves": 0, "hints": 0, "penalty": 0, "finished": False, "dnf": False, "left": False, **extra,
    }  # fmt: skip
    if bot is not None:
        player["bot"] = {"kind": bot, "speed": 5}
    return player


def players(**extra: Any) -> list[dict[str, Any]]:
    """ana, two DFS bots and a person who called themselves "Wall bot"."""
    named = [("ana", None), ("DFS bot", "dfs"), ("DFS bot 2", "dfs"), ("Wall bot", None)]
    return [entry(f"p{k}", name, bot, **extra) for k, (name, bot) in enumerate(named, 1)]


def screen(phase: str, words: Messages, **extra: Any) -> str:
    """What an 80 x 24 terminal shows of a room in `phase`, seen by ana."""
    snap = {
        "code": "abcdefghjk", "version": 4, "phase": phase, "settings": RoomSettings().to_json(),
        "host": "p1", "players": players(), "spectators": 0, "locked": False, "now": 1000, "daily": None,
        **extra,
    }  # fmt: skip
    feed = RoomFeed(RoomView(you="p1"))
    feed.apply_snapshot(read_resync_ack({"ok": True, "snapshot": snap}), 1000)
    frame = room_frame(feed.view, Choices(methods=("dfs",)), 1000, "", words)
    return "\n".join(compose(frame, 24, 80))


def test_the_lobby_names_bots_in_the_terminals_language_and_people_as_they_typed() -> None:
    chinese = screen("lobby", CHINESE)
    lines = [line.strip() for line in chinese.splitlines()]
    assert any(line.startswith("DFS 机器人 2 ") for line in lines), chinese
    assert any(line.startswith("DFS 机器人 ") and "机器人 2" not in line for line in lines), chinese
    assert "DFS bot" not in chinese
    assert "Wall bot" in chinese, "a person's name is theirs, even one that looks like a bot's"
    english = screen("lobby", ENGLISH)
    assert "DFS bot 2" in english
    assert "机器人" not in english


def test_the_races_legend_and_the_results_name_bots_in_the_terminals_language() -> None:
    racing = {"maze": encode_maze(MAZE), "started_at": 900}
    legend = screen("racing", CHINESE, **racing, players=players(cell=[0, 0], trail=[[0, 0]]))
    assert "DFS 机器人 2" in legend
    assert "DFS bot" not in legend

    row = {
        "rank": 1, "time": 9000, "penalty": 0, "total": 9000, "moves": 8, "hints": 0, "route": 8,
        "shortest": 8, "efficiency": 1.0, "dnf": False, "distance": 0, "progress": 1.0, "cell": [4, 4],
        "colour": "#e6194b", "on_shortest": None,
    }  # fmt: skip
    results = [
        {**row, "id": "p3", "name": "DFS bot 2", "bot": "dfs"},
        {**row, "id": "p1", "name": "ana", "rank": 2, "time": 9500, "total": 9500},
    ]
    table = screen("finished", CHINESE, **racing, results=results)
    assert "DFS 机器人 2" in table
    assert "DFS bot" not in table
