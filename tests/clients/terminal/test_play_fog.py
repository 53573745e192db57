"""`python -m server play` in a pseudo-terminal, racing a fog room in 8 directions on a real server, with
a real Socket.IO spectator following the race and the server's own room state (the whole maze and what
the racer has seen: a spectator of a fog race sees only its entrance): every frame is checked cell by
cell against that state. An unseen cell is blank,
and no side is drawn that the racer was never sent (a seen cell's north-west, north, north-east and west
sides belong to its neighbours: an unseen neighbour's bit is unknown, not a wall). Then a diagonal key
moves diagonally, to the cell the server says, and the cells that step revealed appear.
"""

import re
from collections import deque

from server.http.keys import REGISTRY
from server.maze.directions import Direction, direction_between
from server.maze.model import Cell, Maze
from tests.clients.terminal.pty_client import Terminal
from tests.integration.conftest import Harness, StartServer
from tests.mazes import sight

SIDE = 6
"""6 x 6 cells are 18 x 18 characters in 3 x 3 blocks: the whole maze fits the 80 x 24 window."""
LETTERS = {
    Direction.UP: "w", Direction.DOWN: "s", Direction.LEFT: "a", Direction.RIGHT: "d",
    Direction.UP_LEFT: "y", Direction.UP_RIGHT: "u", Direction.DOWN_LEFT: "b", Direction.DOWN_RIGHT: "n",
}  # fmt: skip
KEYPAD = {  # the keypad's corner keys with Num Lock off: Home, PgUp, End, PgDn
    Direction.UP_LEFT: "\x1b[1~", Direction.UP_RIGHT: "\x1b[5~",
    Direction.DOWN_LEFT: "\x1b[4~", Direction.DOWN_RIGHT: "\x1b[6~",
}  # fmt: skip
NEIGHBOUR_OWNED = {(-1, -1), (-1, 0), (-1, 1), (0, -1)}
"""The sides of a cell whose passage bit its neighbour owns (on the wire and in a fog maze)."""
AROUND = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


async def server_state(arena: Harness, code: str, racer: str) -> tuple[Maze, bytearray, Cell]:
    """The whole maze, what `racer` has seen, and where they stand, as the server has them."""
    player = arena.app[REGISTRY].get(code).players[racer] if arena.app is not None else None
    assert player is not None
    assert player.fog is not None
    assert player.trail is not None
    return arena.maze_of(code), bytearray(player.fog.seen), player.trail.current


def last_picture(seen: str) -> list[str]:
    """The picture rows of the last whole frame printed (its row labels cut off), after checking that
    the window shows the whole maze."""
    end = seen.rindex("\x1b[J")
    frame = seen[seen.rindex("\x1b[H", 0, end) + 3 : end]
    lines = [line.replace("\x1b[K", "").rstrip("\r") for line in frame.split("\n")]
    width = 4 + 3 * SIDE  # the row numbers, then the picture; the status goes beside it
    assert lines[1][:width].rstrip() == " " * 5 + "  ".join(str(c) for c in range(SIDE)), lines[:2]
    rows = lines[2 : 2 + 3 * SIDE]
    assert [row[:4].strip() for row in rows[1::3]] == [str(r) for r in range(SIDE)], rows
    return [row[4:width].ljust(3 * SIDE) for row in rows]


def expected_block(maze: Maze, seen: bytearray, cell: Cell) -> dict[Cell, str]:
    """What each point of a cell's block may show: "blank", "wall" or "open" (a passage, trail or mark)."""
    r, c = cell
    points = [(3 * r + 1 + dr, 3 * c + 1 + dc) for dr, dc in [(0, 0), *AROUND]]
    if not seen[maze.index(cell)]:
        return dict.fromkeys(points, "blank")
    block = {(3 * r + 1, 3 * c + 1): "open"}
    for dr, dc in AROUND:
        other = (r + dr, c + dc)
        if maze.in_bounds(other) and (dr, dc) in NEIGHBOUR_OWNED and not seen[maze.index(other)]:
            kind = "blank"  # its owner is unseen: the racer was never sent this side
        else:
            kind = "open" if maze.is_open(cell, other) else "wall"
        block[(3 * r + 1 + dr, 3 * c + 1 + dc)] = kind
    return block


def mismatches(picture: list[str], maze: Maze, seen: bytearray) -> list[tuple[Cell, Cell, str, str]]:
    """Every point of the picture that is not what the server's state says the racer knows of it."""
    wrong = []
    for cell in (maze.cell(i) for i in range(maze.size)):
        for (y, x), kind in expected_block(maze, seen, cell).items():
            shown = {" ": "blank", "■": "wall"}.get(picture[y][x], "open")
            if shown != kind:
                wrong.append((cell, (y, x), picture[y][x], kind))
    return wrong


async def settled_picture(terminal: Terminal, maze: Maze, seen: bytearray) -> list[str]:
    """The first frame that shows what the server says the racer knows (the room's `moved` event may
    draw the new cell a moment before the move's ack brings what it revealed); the clock redraws the
    screen ten times a second, so frames keep coming."""
    for _ in range(50):
        await terminal.expect("\x1b[J")
        picture = last_picture(terminal.seen)
        wrong = mismatches(picture, maze, seen)
        if not wrong:
            return picture
    raise AssertionError(("\n".join(picture), wrong))


def diagonal_ahead(maze: Maze, seen: bytearray, vision: int) -> tuple[list[Cell], Cell]:
    """The nearest way (from the entrance, by open passages) to a cell with an open diagonal passage to a
    cell off that way whose step reveals cells the racer has not seen yet: the way, and that cell."""
    before = {maze.entrance: [maze.entrance]}
    queue = deque([maze.entrance])
    while queue:
        here = queue.popleft()
        way = before[here]
        known = bytearray(seen)
        for cell in way:
            for index in sight(maze, maze.index(cell), vision):
                known[index] = 1
        for dr, dc in AROUND:
            there = (here[0] + dr, here[1] + dc)
            if not maze.is_open(here, there):
                continue
            reveals = any(not known[i] for i in sight(maze, maze.index(there), vision))
            if dr and dc and there not in way and reveals:
                return way, there
            if there not in before:
                before[there] = [*way, there]
                queue.append(there)
    raise AssertionError("no diagonal passage reveals anything")


async def test_a_terminal_racer_in_an_eight_direction_fog_room(start_server: StartServer) -> None:
    arena = await start_server()
    vision = 1
    code = await arena.create_room(
        preset="custom", rows=SIDE, cols=SIDE, directions=8, fog=True, vision=vision
    )
    ana = Terminal(f"{arena.url}/r/{code}", "--name", "ana")
    try:
        await ana.expect("ana")
        watcher = await arena.client(room=code)
        await watcher.join(code, role="spectator")
        ana_id = next(p["id"] for p in watcher.snapshot["players"] if p["name"] == "ana")
        ana.send("s")  # the host alone starts
        await watcher.wait_for("started")
        await ana.expect("at 0 0")
        maze, seen, here = await server_state(arena, code, ana_id)
        assert here == maze.entrance == (0, 0)
        await settled_picture(ana, maze, seen)

        way, target = diagonal_ahead(maze, seen, vision)
        for step, cell in enumerate(way[1:], start=1):
            direction = direction_between(way[step - 1], cell)
            assert direction is not None
            ana.send(LETTERS[direction])
            await ana.expect(f"at {cell[0]} {cell[1]}")
        diagonal = direction_between(way[-1], target)
        assert diagonal is not None
        assert diagonal.diagonal
        before = (await server_state(arena, code, ana_id))[1]
        ana.send(KEYPAD[diagonal])
        await watcher.wait_for("moved", lambda d: d["id"] == ana_id and d["moves"] == len(way))
        await ana.expect(f"at {target[0]} {target[1]}")
        maze, seen, here = await server_state(arena, code, ana_id)
        assert here == target
        assert arena.app[REGISTRY].get(code).players[ana_id].trail.facing == diagonal  # type: ignore[index, union-attr]
        picture = await settled_picture(ana, maze, seen)
        y, x = 3 * target[0] + 1, 3 * target[1] + 1
        assert picture[y][x] == diagonal.arrow
        revealed = [maze.cell(i) for i in range(maze.size) if seen[i] and not before[i]]
        assert revealed, "the diagonal step revealed nothing"
        for r, c in revealed:
            assert picture[3 * r + 1][3 * c + 1] != " ", (r, c)
        assert not re.search("refused|rate", ana.seen)

        ana.send("q")
        status, _ = await ana.finish()
        assert status == 0
    finally:
        ana.close()
