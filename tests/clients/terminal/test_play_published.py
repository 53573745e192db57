"""`python -m server play --solo --maze CODE` in a pseudo-terminal: a published maze fetched from a real
server (`GET /api/mazes/CODE`) and raced offline to its exit; an unknown code or a bad one said in one
line."""

import asyncio
import subprocess
import sys
import time
from pathlib import Path

from server.http.keys import STORE
from server.maze.share_code import share_code
from tests.clients.terminal.pty_client import Terminal, restored
from tests.hand_mazes import looped_maze
from tests.integration.conftest import StartServer
from tests.mazes import shortest_path


async def test_a_published_maze_is_raced_in_the_terminal(start_server: StartServer, tmp_path: Path) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    assert arena.app is not None
    maze = looped_maze()
    code, _ = await arena.app[STORE].publish_maze(maze, "Loops", "Ann", 4_000, "key", time.time())
    game = Terminal("--solo", "--maze", code.upper(), "--server", arena.url)
    try:
        await game.expect(f"maze {code} 5x6")
        way = shortest_path(maze)
        for row, col in way[1:]:
            game.send(f"{row} {col}\r")
        status, modes = await game.finish()
        assert status == 0, game.seen
        assert restored(modes), modes
        assert "with 9 moves (shortest way 9) and 0 hints" in game.seen
    finally:
        game.close()


async def test_an_unknown_published_maze_is_one_line_and_status_1(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    missing = share_code(looped_maze())  # never published on this server
    child = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "server", "play", "--solo", "--maze", missing, "--server", arena.url),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )  # the server answers on this event loop while the client waits
    _, stderr = await asyncio.wait_for(child.communicate(), 30)
    said = stderr.decode()
    assert child.returncode == 1, said
    assert f"no published maze with the code {missing!r}" in said
    assert said.count("\n") == 1, said


def test_bad_maze_arguments_say_what_is_wrong_in_one_line() -> None:
    for args, words in [
        (("--solo", "--maze", "not-a-code"), "share code"),
        (("--solo", "--maze", "abcdefgh", "--server", "ftp://x"), "--server"),
        (("abcdefghjk", "--name", "a", "--maze", "abcdefgh"), "--maze is for --solo"),
    ]:
        done = subprocess.run(
            [sys.executable, "-m", "server", "play", *args], capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 2, (args, done.stderr)
        assert words in done.stderr, (args, done.stderr)
        assert done.stderr.count("\n") == 1, (args, done.stderr)


async def test_a_live_room_on_a_published_maze_names_it_in_the_lobby(
    start_server: StartServer, tmp_path: Path
) -> None:
    arena = await start_server(db_path=tmp_path / "races.db")
    assert arena.app is not None
    code, _ = await arena.app[STORE].publish_maze(looped_maze(), "Loops", "Ann", 4_000, "key", time.time())
    room = await arena.create_room(maze=code)
    ana = Terminal(f"{arena.url}/r/{room}", "--name", "ana")
    try:
        await ana.expect(f"custom 5x6 · published maze {code}, 4 directions")
        ana.send("q")
        status, modes = await ana.finish()
        assert status == 0, ana.seen
        assert restored(modes), modes
    finally:
        ana.close()
