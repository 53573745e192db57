"""The maze library's part of the editor's figures on 150 x 150 mazes (the room bounds' largest): the
live card (`server/maze/maze_card.py`) after one edit, in 4 and 8 directions, perfect and braided; the
publishing checks and the share code; the import and export of every format; and the sizes a maze takes
packed, as a share code and as each file.

Run through the `editor` section: `make bench ARGS=editor`.
"""

import base64
import random

from server.maze.exchange import EXPORT_FORMATS, export_maze, import_maze
from server.maze.generation import MazeSpec, generate
from server.maze.maze_card import maze_card, shortest_way
from server.maze.model import Maze
from server.maze.publishing import check_publishable, check_walk
from server.maze.share_code import fingerprint, share_code
from server.maze.wire import encode_maze, pack_walls
from tests.bench.timing import measure, print_table, seconds

TITLE = "the maze card, publishing checks, share codes and exchange formats on 150x150"
SIDE = 150
KINDS = (("backtracker", 0.0, "perfect"), ("backtracker", 0.5, "braided 0.5"), ("classic", 0.0, "classic"))


def edited(maze: Maze, rng: random.Random) -> Maze:
    """`maze` with one inner passage flipped, as one stroke of the editor leaves it."""
    walls = maze.walls()
    kinds = walls.kinds()
    while True:
        kind, cell = rng.randrange(len(kinds)), rng.randrange(maze.size)
        r, c = divmod(cell, maze.cols)
        if r < maze.rows - 1 and 0 < c < maze.cols - 1:  # every kind stays inside the grid here
            break
    kinds[kind][cell] ^= 1
    return Maze.from_walls(maze.rows, maze.cols, walls, maze.entrance, maze.exit)


def card_rows(repeats: int) -> list[list[object]]:
    """The card after one edit, and the checks publishing runs, per topology and kind of maze."""
    rows: list[list[object]] = []
    for directions in (4, 8):
        for algorithm, braid, label in KINDS:
            maze = generate(MazeSpec(algorithm, SIDE, SIDE, 7, braid, directions=directions))
            rng = random.Random(1)
            card = measure(lambda _: maze_card(edited(maze, rng)), repeats)  # noqa: B023 (run at once)
            way = shortest_way(maze) or []
            checks = measure(
                lambda _: (check_publishable(maze, 2, SIDE), check_walk(maze, way), share_code(maze)),  # noqa: B023
                repeats,
            )
            found = maze_card(maze)
            rows.append([
                f"{directions} dirs, {label}", seconds(card.median), seconds(max(card.times)),
                seconds(checks.median), found["shortest"], found["loops"],
            ])  # fmt: skip
    return rows


def format_rows(repeats: int) -> list[list[object]]:
    """Export and import time and file size of each format, on the topology it is for."""
    four = generate(MazeSpec("backtracker", SIDE, SIDE, 7, 0.5))
    eight = generate(MazeSpec("backtracker", SIDE, SIDE, 7, 0.5, directions=8))
    rows: list[list[object]] = []
    for fmt in EXPORT_FORMATS:
        for maze in (four, eight):
            try:
                data = export_maze(maze, fmt)
            except ValueError:  # the format has no form for this topology
                continue
            out = measure(lambda _: export_maze(maze, fmt), repeats)  # noqa: B023
            text = data.decode() if fmt != "png" else ""
            back = measure(lambda _: import_maze(text, fmt), repeats) if text else None  # noqa: B023
            rows.append([
                f"{fmt}, {maze.directions} dirs", f"{len(data):,}", seconds(out.median),
                seconds(back.median) if back else "-",
            ])  # fmt: skip
    return rows


def run(quick: bool) -> None:
    repeats = 5 if quick else 20
    print_table(
        f"the live card after one edit on {SIDE}x{SIDE} (recomputed whole), and the publishing checks",
        ["maze", "card median", "card max", "checks + code", "shortest", "loops"],
        card_rows(repeats),
        note="checks + code: check_publishable, check_walk of the shortest way, and share_code, together",
    )
    print_table(
        f"the exchange formats of a braided {SIDE}x{SIDE} maze",
        ["format", "bytes", "export", "import"],
        format_rows(max(3, repeats // 4)),
    )
    sizes = []
    for directions in (4, 8):
        maze = generate(MazeSpec("backtracker", SIDE, SIDE, 7, directions=directions))
        packed = pack_walls(maze)
        sizes.append([
            f"{directions} dirs", f"{len(packed):,}", f"{len(base64.b64encode(packed)):,}",
            f"{len(encode_maze(maze)['walls']):,}", share_code(maze), len(fingerprint(maze)),
        ])  # fmt: skip
    print_table(
        f"a {SIDE}x{SIDE} maze packed, and its share code",
        ["maze", "packed bytes", "base64 chars", "wire walls", "share code", "fingerprint hex"],
        sizes,
        note="a share code is 8 characters (40 bits of the fingerprint), longer only on a collision",
    )
