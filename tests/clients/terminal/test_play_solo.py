"""`python -m server play --solo` in a pseudo-terminal: the original exercise's game, offline, to the exit."""

import subprocess
import sys

from server.maze.generation import MazeSpec, generate
from server.maze.solvers import search
from tests.clients.terminal.pty_client import ARROWS, Terminal, restored


async def test_a_solo_game_typed_along_the_shortest_way_ends_with_the_time_and_moves() -> None:
    maze = generate(MazeSpec("backtracker", 10, 10, seed=7))
    path = search(maze, "bfs").path
    assert path is not None
    game = Terminal("--solo", "--size", "easy", "--seed", "7")
    try:
        await game.expect("solo · easy 10x10")
        game.send(ARROWS["up"])  # through the outer wall: refused, nothing moves
        await game.expect("outside the maze")
        for row, col in path[1:-1]:
            game.send(f"{row} {col}\r")  # counted from 0, as the browser's move box
        r, c = path[-2]
        await game.expect(f"moves {len(path) - 2} · hints 0 · hint method dfs · at {r} {c}\x1b")
        game.send("m")
        await game.expect("hint method dfs-recursive")
        game.send("h")  # the exercise's help takes the last step
        status, modes = await game.finish()
        assert status == 0
        assert restored(modes), modes
        moves = len(path) - 1
        assert f"with {moves} moves (shortest way {moves}) and 1 hint" in game.seen
    finally:
        game.close()


def test_bad_arguments_say_what_is_wrong_in_one_line() -> None:
    for args, words in [
        (("--solo", "--size", "huge"), "invalid choice"),
        (("abcdefghjk",), "--name"),
        (("http://localhost/r/nope", "--name", "a"), "room code"),
        (("--solo", "--algorithm", "division", "--directions", "8"), "division"),
    ]:
        done = subprocess.run(
            [sys.executable, "-m", "server", "play", *args], capture_output=True, text=True, timeout=30
        )
        assert done.returncode == 2, (args, done.stderr)
        assert words in done.stderr, (args, done.stderr)
        assert done.stderr.count("\n") == 1, (args, done.stderr)
