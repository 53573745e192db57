"""A whole room in Chinese: `python -m server play ... --lang zh` in an 80 x 24 pseudo-terminal beside a
Socket.IO host called 小明, through the lobby, a race with a hint and the results. Each screen is 24 lines
that fit 80 display columns, its words are Chinese (no Latin word but names, the room's code, DFS/BFS/A*,
numbers and key names), and the lobby's and the results' columns line up by display width although 小明
is as wide as four Latin letters in two characters."""

import re

from server.clients.terminal.width import display_width
from server.maze.solvers import search
from server.maze.wire import decode_maze
from tests.clients.terminal.pty_client import Terminal, last_frame
from tests.integration.conftest import StartServer

LATIN_WORD = re.compile(r"[0-9A-Za-z]+")
ALLOWED = {"ana", "DFS", "BFS", "WASD", "Tab"}
"""Latin words a Chinese screen may show: a name, the search methods, key names; and, below, numbers,
sizes (10x10), single letters (keys such as r, s, q; A of A*) and the room's code."""
NUMBER_OR_LETTER = re.compile(r"\d+(x\d+)?|[A-Za-z]")


async def frame_after(terminal: Terminal, text: str) -> list[str]:
    """The first whole frame drawn once `text` has shown."""
    await terminal.expect(text)
    await terminal.expect("\x1b[J")
    return last_frame(terminal.seen)


def check_screen(lines: list[str], code: str) -> None:
    """24 lines within 80 display columns, and Chinese but for the allowed Latin words."""
    assert len(lines) == 24, lines
    assert all(display_width(line) <= 80 for line in lines), lines
    words = {w for line in lines for w in LATIN_WORD.findall(line)} - ALLOWED - {code}
    assert {w for w in words if not NUMBER_OR_LETTER.fullmatch(w)} == set(), lines


def mark_column(line: str, name: str) -> int:
    """The display column where what follows a name in the lobby begins."""
    after = line.index(name) + len(name)
    start = after + len(line[after:]) - len(line[after:].lstrip())
    return display_width(line[:start])


async def test_a_room_in_chinese_from_the_lobby_through_a_hint_to_the_results(
    start_server: StartServer,
) -> None:
    arena = await start_server()
    code = await arena.create_room(preset="easy", hint_limit=5)
    host = await arena.client(room=code)
    await host.join(code, "小明")  # the first to join hosts
    ana = Terminal(f"{arena.url}/r/{code}", "--name", "ana", "--lang", "zh")
    try:
        lobby = await frame_after(ana, "ana ")
        check_screen(lobby, code)
        assert "大厅" in lobby[0], lobby
        names = ("小明", "ana")
        rows = {name: next(line for line in lobby if line.startswith(f"  {name}")) for name in names}
        assert "房主" in rows["小明"], rows
        assert "（你）" in rows["ana"], rows
        assert mark_column(rows["小明"], "小明") == mark_column(rows["ana"], "ana") == 23, rows
        assert any("选手（2 位）" in line for line in lobby), lobby
        assert any("2 位选手" in line for line in lobby), lobby  # the status line

        await host.ok("ready", {"ready": True})
        ana.send("r")
        await host.wait_for("ready", lambda d: d.get("ready") is True and d.get("id") != host.id)
        await host.ok("start", {})
        maze = decode_maze((await host.wait_for("started"))["d"]["maze"])

        await ana.expect("位置 0 0")
        ana.send("h")
        race = await frame_after(ana, "提示（")
        check_screen(race, code)
        assert "比赛中" in race[0], race
        assert any("提示（" in line for line in race), race

        path = search(maze, "bfs").path
        assert path is not None
        await host.walk(path[1:])  # 小明 finishes first
        for moves, (row, col) in enumerate(path[1:], start=1):
            ana.send(f"{row} {col}\r")  # one at a time: the client keeps only a few steps waiting
            await ana.expect(f"步数 {moves} ·")  # reading the screen, which the client waits on

        results = await frame_after(ana, "比赛结果：")
        check_screen(results, code)
        table = results[results.index("比赛结果：") + 1 :]
        table = [line for line in table if line.strip()][:3]
        assert table[0].split() == ["名次", "名字", "用时", "步数", "提示"], table
        assert "小明" in table[1], table
        assert "ana" in table[2], table
        assert len({display_width(line) for line in table}) == 1, table  # the last column right-aligned
        heads = zip(table, ("名字", *names), strict=True)
        names_at = {display_width(line[: line.index(name)]) for line, name in heads}
        assert len(names_at) == 1, table  # the names' column starts at one display column

        ana.send("q")
        status, _ = await ana.finish()
        assert status == 0
        assert f"房间 {code}：第 2 名" in ana.seen
    finally:
        ana.close()
