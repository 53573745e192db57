"""The editor's live card (web/js/model/maze-card.js, run in node) against networkx, on generated mazes of
every generator in both topologies, hand-edited at random the way the editor edits them: walls carved and
built one by one, rectangles walled in or opened up, openings moved along the border."""

import itertools
import json
import random
import shutil
import subprocess
from pathlib import Path

import networkx as nx

from server.maze.generation import MazeSpec, generate
from server.maze.generators import ALGORITHMS, EIGHT_DIRECTION_ALGORITHMS
from server.maze.model import Cell, Maze
from server.maze.wire import encode_maze
from tests.unit.support import graph

NODE = shutil.which("node")
SCRIPT = Path(__file__).with_name("editor_card.mjs")


def _border(rows: int, cols: int, rng: random.Random) -> Cell:
    side = rng.randrange(4)
    if side < 2:
        return (0 if side == 0 else rows - 1, rng.randrange(cols))
    return (rng.randrange(rows), 0 if side == 2 else cols - 1)


def hand_edited(maze: Maze, rng: random.Random) -> Maze:
    """`maze` after a few strokes of the editor's tools."""
    rows, cols = maze.rows, maze.cols
    walls = maze.walls()
    kinds = [walls.east, walls.south] + ([walls.southeast, walls.southwest] if maze.directions == 8 else [])
    for _ in range(rng.randrange(1, 3 * (rows + cols))):  # single walls carved or built
        flags = rng.choice(kinds)
        flags[rng.randrange(rows * cols)] = rng.randrange(2)
    for _ in range(rng.randrange(3)):  # a rectangle opened up or walled in
        r0, c0 = rng.randrange(rows), rng.randrange(cols)
        r1, c1 = min(rows - 1, r0 + rng.randrange(4)), min(cols - 1, c0 + rng.randrange(4))
        value = rng.randrange(2)
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                i = r * cols + c
                if c < c1:
                    walls.east[i] = value
                if r < r1:
                    walls.south[i] = value
    for r in range(rows):  # the outer wall stays closed, as the editor keeps it
        walls.east[r * cols + cols - 1] = 0
        if walls.southeast:
            walls.southeast[r * cols + cols - 1] = 0
            walls.southwest[r * cols] = 0
    for i in range((rows - 1) * cols, rows * cols):
        walls.south[i] = 0
        if walls.southeast:
            walls.southeast[i] = walls.southwest[i] = 0
    entrance, exit = maze.entrance, maze.exit
    if rng.random() < 0.5:
        entrance = _border(rows, cols, rng)
        while (exit := _border(rows, cols, rng)) == entrance:
            pass
    return Maze.from_walls(rows, cols, walls, entrance, exit)


def cases() -> list[Maze]:
    rng = random.Random(2026)
    mazes = []
    for algorithm in ALGORITHMS:
        for directions in (4, 8) if algorithm in EIGHT_DIRECTION_ALGORITHMS else (4,):
            for k in range(4):
                spec = MazeSpec(
                    algorithm, rng.randint(3, 11), rng.randint(3, 11), seed=k, directions=directions
                )
                mazes.append(hand_edited(generate(spec), rng))
    return mazes


def test_the_live_card_agrees_with_networkx() -> None:
    assert NODE is not None, "node is missing: the web client's checks need it"
    mazes = cases()
    wire = json.dumps([encode_maze(maze) for maze in mazes])
    done = subprocess.run([NODE, str(SCRIPT)], input=wire, capture_output=True, text=True, check=True)
    answers = json.loads(done.stdout)
    assert len(answers) == len(mazes) > 40
    solvable = 0
    for maze, answer in zip(mazes, answers, strict=True):
        card, way = answer["card"], answer["way"]
        g = graph(maze)
        degrees = [degree for _, degree in g.degree()]
        ends = (maze.entrance, maze.exit)
        assert card["dead_ends"] == sum(1 for cell, degree in g.degree() if degree == 1 and cell not in ends)
        assert card["decision_points"] == sum(1 for degree in degrees if degree >= 3)
        assert card["loops"] == g.number_of_edges() - g.number_of_nodes() + nx.number_connected_components(g)
        if not nx.has_path(g, maze.entrance, maze.exit):
            assert not card["solvable"]
            assert (card["shortest"], card["shortest_routes"], way) == (None, None, None)
            continue
        solvable += 1
        length = nx.shortest_path_length(g, maze.entrance, maze.exit)
        routes = sum(1 for _ in nx.all_shortest_paths(g, maze.entrance, maze.exit))
        assert (card["solvable"], card["shortest"], card["shortest_routes"]) == (True, length, routes)
        assert tuple(way[0]) == maze.entrance
        assert tuple(way[-1]) == maze.exit
        assert len(way) == length + 1
        assert all(g.has_edge(tuple(a), tuple(b)) for a, b in itertools.pairwise(way))
    assert 10 < solvable < len(mazes)  # both kinds were checked
