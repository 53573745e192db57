"""`python -m server play` in a pseudo-terminal, in a live room beside a browser-less player (a real
Socket.IO client), on a real server: lobby, race, keys, typed cells, a hint, the rival's digit, a
dropped connection, and the terminal given back on the way out. A watcher (`--watch`) follows the
race and sees the server go away.
"""

import asyncio
from typing import Any

from server.maze.directions import Direction, direction_between
from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze
from server.room.rate_limits import RateLimit
from tests.clients.terminal.pty_client import ARROWS, LEAVE_ALTERNATE_SCREEN, DropProxy, Terminal, restored
from tests.integration.conftest import Client, StartServer

PICTURE = "■□·◎★○▷◁△▽◹◿◺◸ "


def open_step(maze: Maze, here: Cell, back: Cell | None = None) -> tuple[Direction, Cell]:
    """A direction with an open passage from `here` (not to `back` unless it is the only one), and the
    cell it leads to."""
    ways = [(d, d.step(here)) for d in (Direction.DOWN, Direction.RIGHT, Direction.UP, Direction.LEFT)]
    open_ways = [(d, there) for d, there in ways if maze.is_open(here, there)]
    return next(((d, there) for d, there in open_ways if there != back), open_ways[0])


def moves_of(client: Client, member: str) -> int:
    """The latest move count a client saw for a member."""
    return max((d["moves"] for d in client.of_type("moved", member)), default=0)


async def until(check: Any, what: str, within: float = 10.0) -> None:
    """Wait for a condition on what the real client received."""
    for _ in range(int(within / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never saw {what}")


async def test_a_terminal_player_races_beside_a_socket_player(start_server: StartServer) -> None:
    arena = await start_server(move_limit=RateLimit(8.0, 2.0))  # four steps at once would be refused
    code = await arena.create_room(hint_limit=5)
    port = int(arena.url.rsplit(":", 1)[1])
    proxy = await DropProxy(port).start()
    link = f"http://127.0.0.1:{proxy.port}/r/{code}"
    ana = Terminal(link, "--name", "ana")
    watcher = Terminal(code, "--server", f"http://127.0.0.1:{proxy.port}", "--watch", "--retry-for", "1")
    try:
        await ana.expect("ana")
        bob = await arena.client(room=code)
        await bob.join(code, "bob")
        await ana.expect("bob")  # the lobby lists both names
        await watcher.expect("watching")
        ana_id = next(p["id"] for p in bob.snapshot["players"] if p["name"] == "ana")

        await bob.ok("ready", {"ready": True})
        ana.send("r")
        await ana.expect("2 ready")
        ana.send("s")  # ana joined first: the host starts
        started = await bob.wait_for("started")
        await ana.expect("racing")
        maze = decode_maze(started["d"]["maze"])

        direction, here = open_step(maze, maze.entrance)
        ana.send(ARROWS[direction.value])
        await until(lambda: moves_of(bob, ana_id) == 1, "ana's first move")
        await ana.expect("moves 1 · hints 0/5")
        await ana.expect(direction.arrow)

        _, there = open_step(maze, here, back=maze.entrance)
        ana.send(f"{there[0]} {there[1]}\r")  # a typed move, counted from 0 as drawn and as the browser
        await until(lambda: moves_of(bob, ana_id) == 2, "ana's typed move")
        await ana.expect(f"at {there[0]} {there[1]}")
        before, here = here, there

        ana.send("h")
        await ana.expect("hint (")
        await until(lambda: bob.of_type("hinted", ana_id), "ana's hint")

        back = direction_between(here, before)
        forth = direction_between(before, here)
        assert back is not None
        assert forth is not None
        ana.send((ARROWS[back.value] + ARROWS[forth.value]) * 2)  # typed faster than the move limit
        await until(lambda: moves_of(bob, ana_id) == 6, "four quick steps, paced by the client")
        await ana.expect("moves 6")
        assert "rate" not in ana.seen

        _, rival = open_step(maze, maze.entrance)  # next to the entrance: not ana's cell, two steps on
        await bob.move_to(rival)
        await ana.expect_re(rf"\n {{0,3}}{rival[0]} [{PICTURE}]*1")  # bob is "1" in his row
        await ana.expect("1 bob")
        await watcher.expect("▷ ana")  # a watcher follows the first racer ...
        watcher.send("\t")
        await watcher.expect("▷ bob")  # ... and the next one after Tab

        bob_before = len(bob.of_type("presence", ana_id))
        proxy.drop()
        await until(
            lambda: [d["connected"] for d in bob.of_type("presence", ana_id)][bob_before:] == [False, True],
            "ana dropping and coming back as herself",
        )
        direction, here = open_step(maze, here, back=before)
        ana.send(ARROWS[direction.value])
        await until(lambda: moves_of(bob, ana_id) == 7, "a move after the reconnection")
        assert [p["name"] for p in (await bob.resync())["players"]] == ["ana", "bob"]

        ana.send("q")
        status, modes = await ana.finish()
        assert status == 0
        assert LEAVE_ALTERNATE_SCREEN in ana.seen
        assert restored(modes), modes
        assert f"Left room {code}." in ana.seen
        await until(lambda: bob.of_type("left", ana_id), "ana leaving")

        await proxy.close()  # the watcher's server goes away for good
        status, modes = await watcher.finish()
        assert status == 1
        assert "lost the server" in watcher.seen
        assert restored(modes), modes
    finally:
        ana.close()
        watcher.close()
        await proxy.close()
