"""The editor's live card against networkx on hand-edited mazes (generated ones with passages opened and
closed at random and the openings moved), and the shortest way it shows."""

import random
from pathlib import Path

import networkx as nx
import pytest

from server.maze.exchange import import_maze
from server.maze.generation import MazeSpec
from server.maze.generators import ALGORITHMS, EIGHT_DIRECTION_ALGORITHMS
from server.maze.maze_card import maze_card, shortest_way
from server.maze.model import Maze
from server.maze.publishing import check_walk
from server.maze.race_card import MAX_EXACT_NUMBER
from server.maze.walls import Walls
from tests.unit.maze.exchange_support import hand_edited
from tests.unit.support import graph

CASES = Path(__file__).resolve().parents[2] / "cases" / "mazes"


def edited_mazes(directions: int, count: int) -> list[Maze]:
    """`count` hand-edited mazes of every generator with that topology, from a fixed seed."""
    rng = random.Random(directions)
    algorithms = ALGORITHMS if directions == 4 else EIGHT_DIRECTION_ALGORITHMS
    found = []
    for k in range(count):
        spec = MazeSpec(
            algorithms[k % len(algorithms)],
            rng.randint(2, 9),
            rng.randint(2, 9),
            rng.randrange(10**9),
            rng.choice((0.0, 0.5)),
            rng.choice(("corners", "edges")),
            directions=directions,
        )
        found.append(hand_edited(spec, rng, rng.randint(0, spec.rows * spec.cols)))
    return found


@pytest.mark.parametrize("directions", [4, 8])
def test_the_card_agrees_with_networkx_on_hand_edited_mazes(directions: int) -> None:
    solvable = unsolvable = 0
    for maze in edited_mazes(directions, 150):
        g = graph(maze)
        card = maze_card(maze)
        reachable = nx.has_path(g, maze.entrance, maze.exit)
        assert card["solvable"] == reachable
        degrees = dict(g.degree())
        ends = (maze.entrance, maze.exit)
        assert card["dead_ends"] == sum(1 for cell, d in degrees.items() if d == 1 and cell not in ends)
        assert card["decision_points"] == sum(1 for d in degrees.values() if d >= 3)
        assert card["loops"] == g.number_of_edges() - g.number_of_nodes() + nx.number_connected_components(g)
        if reachable:
            solvable += 1
            assert card["shortest"] == nx.shortest_path_length(g, maze.entrance, maze.exit)
            routes = sum(1 for _ in nx.all_shortest_paths(g, maze.entrance, maze.exit))
            assert card["shortest_routes"] == routes
        else:
            unsolvable += 1
            assert (card["shortest"], card["shortest_routes"]) == (None, None)
    assert solvable > 20
    assert unsolvable > 5  # the random edits cut some off: both kinds are checked


def test_the_shortest_way_is_a_legal_walk_of_the_shortest_length() -> None:
    for maze in edited_mazes(4, 40) + edited_mazes(8, 40):
        way = shortest_way(maze)
        card = maze_card(maze)
        if way is None:
            assert not card["solvable"]
            continue
        check_walk(maze, way)
        assert len(way) - 1 == card["shortest"]


def test_counts_beyond_what_javascript_holds_are_digits() -> None:
    open_grid = Walls.closed(30 * 30)
    open_grid.east[:] = b"\x01" * 900
    open_grid.south[:] = b"\x01" * 900
    open_grid.close_outer_walls(30)
    maze = Maze.from_walls(30, 30, open_grid, (0, 0), (29, 29))
    card = maze_card(maze)
    assert card["shortest"] == 58
    routes = 1
    for k in range(29):  # C(58, 29): the ways to order 29 steps down among 58
        routes = routes * (58 - k) // (k + 1)
    assert routes > MAX_EXACT_NUMBER
    assert card["shortest_routes"] == str(routes)
    assert card["loops"] == 29 * 29
    assert card["dead_ends"] == 0
    assert card["decision_points"] == 900 - 4


def test_the_golden_maze_card_counted_by_hand() -> None:
    maze = import_maze((CASES / "ascii.txt").read_text(encoding="utf-8"), "ascii")
    assert maze_card(maze) == {
        "solvable": True,
        "shortest": 5,  # (0,0) (0,1) (0,2) (1,2) (1,3) (2,3)
        "shortest_routes": 1,
        "dead_ends": 2,  # (0,3), (2,0); the entrance (0,0) has one open side too, but a race starts there
        "decision_points": 1,  # (1,3): north, west and south
        "loops": 0,  # 11 passages, 12 cells, one component
    }
    assert shortest_way(maze) == [(0, 0), (0, 1), (0, 2), (1, 2), (1, 3), (2, 3)]
