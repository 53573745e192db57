"""`python -m server play` in an 80 x 24 pseudo-terminal as a player who is not the host, on a real
server beside a Socket.IO host: `s` in the lobby says only the host can start; once the host starts an
easy maze, the whole maze shows (the player's arrow and the exit's row both), numbered from 0 as the
browser's move box numbers cells, and a typed `r c` from 0 moves there.
"""

from server.maze.directions import Direction
from server.maze.wire import decode_maze
from tests.clients.terminal.pty_client import Terminal, last_frame
from tests.integration.conftest import StartServer


async def test_a_player_who_is_not_the_host_sees_why_s_does_nothing_and_the_whole_easy_maze(
    start_server: StartServer,
) -> None:
    arena = await start_server()
    code = await arena.create_room(preset="easy")
    host = await arena.client(room=code)
    await host.join(code, "hana")  # the first to join hosts
    cy = Terminal(f"{arena.url}/r/{code}", "--name", "cy")
    try:
        await cy.expect("cy")
        cy.send("s")
        await cy.expect("Only the host can start the race")
        cy.send("r")
        await host.wait_for("ready", lambda d: d.get("ready") is True)
        await host.ok("start", {})
        started = await host.wait_for("started")
        maze = decode_maze(started["d"]["maze"])
        assert (maze.rows, maze.cols) == (10, 10)
        await cy.expect("at 0 0")  # the entrance, numbered from 0

        await cy.expect("\x1b[J")
        lines = last_frame(cy.seen)
        assert len(lines) <= 24
        assert all(len(line) <= 80 for line in lines)
        labels = [line[:4].strip() for line in lines]
        exit_row, entrance_row = str(maze.exit[0]), str(maze.entrance[0])
        assert exit_row in labels, lines  # the exit's row is on screen ...
        assert "★" in lines[labels.index(exit_row)], lines
        assert "▷" in "".join(lines) or any(arrow in "".join(lines) for arrow in "◁△▽")  # ... and cy
        assert entrance_row in labels
        ruler = lines[1][: 4 + 2 * maze.cols + 1].split()
        assert ruler == [str(c) for c in range(maze.cols)], lines[1]  # columns from 0 too

        step = next(
            d.step(maze.entrance)
            for d in (Direction.RIGHT, Direction.DOWN)
            if maze.is_open(maze.entrance, d.step(maze.entrance))
        )
        cy.send(f"{step[0]} {step[1]}\r")  # typed as the browser's move box takes it: row col from 0
        moved = await host.wait_for("moved", lambda d: d["moves"] == 1)
        assert moved["d"]["cell"] == list(step)
        await cy.expect(f"at {step[0]} {step[1]}")
        cy.send("q")
        status, _ = await cy.finish()
        assert status == 0
    finally:
        cy.close()
