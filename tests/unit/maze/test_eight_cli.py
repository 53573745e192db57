"""The real maze command end to end on 8-direction mazes: generate, solve, show and analyse, and
its refusals (four-only generators, six directions, a diagonal through a closed corner)."""

import json
from typing import Any

import networkx as nx
import pytest

from server.maze.generation import MazeSpec, generate
from server.maze.model import Maze
from server.maze.render import render_text
from server.maze.solvers import SEARCH_METHODS
from tests.unit.clients.maze_cli_calls import run
from tests.unit.maze.eight_hand import HAND, hand
from tests.unit.support import assert_valid_path, graph

# --- the real command -------------------------------------------------------------------------------------


def succeeded(args: list[str], stdin: str = "") -> dict[str, Any]:
    done = run(args, stdin)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.count("\n") == 1
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_cli_generate_solve_show_analyse_eight_directions() -> None:
    """generate --directions 8, then every solve method, --all-paths, --count-shortest, show and
    analyse on its output, each as a real process, checked against networkx on the same maze."""
    text = run(
        [
            *("generate", "--rows", "4", "--cols", "5", "--algorithm", "kruskal"),
            *("--seed", "11", "--braid", "1", "--directions", "8"),
        ]
    ).stdout
    data = json.loads(text)
    assert data["directions"] == 8
    assert (len(data["grid"]), len(data["grid"][0])) == (12, 15)
    maze = Maze.from_matrix(data["grid"], tuple(data["entrance"]), tuple(data["exit"]), directions=8)
    assert maze == generate(MazeSpec("kruskal", 4, 5, 11, braid=1.0, directions=8))
    assert any(maze.southeast) or any(maze.southwest), "the maze has diagonal passages"
    g = graph(maze)
    shortest = nx.shortest_path_length(g, maze.entrance, maze.exit)

    for method in SEARCH_METHODS:
        answer = succeeded(["solve", "--method", method], text)
        path = [tuple(cell) for cell in answer["path"]]
        assert_valid_path(maze, path, maze.entrance)
        if method in ("bfs", "astar"):
            assert len(path) - 1 == shortest

    answer = succeeded(["solve", "--all-paths", "--count-shortest", "--limit", "100000"], text)
    listed = sorted(tuple(tuple(cell) for cell in path) for path in answer["paths"])
    assert listed == sorted(tuple(path) for path in nx.all_simple_paths(g, maze.entrance, maze.exit))
    assert answer["truncated"] is False
    assert answer["shortest_count"] == len(list(nx.all_shortest_paths(g, maze.entrance, maze.exit)))

    bfs_path = succeeded(["solve"], text)["path"]
    trail = " ".join(f"{r},{c}" for r, c in bfs_path[:-1])
    shown = run(["show", "--trail", trail], text)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == render_text(maze, [tuple(cell) for cell in bfs_path[:-1]]) + "\n"
    assert len(shown.stdout.splitlines()) == 12

    card = succeeded(["analyse"], text)
    assert card["solution_length"] == shortest
    assert card["shortest_paths"] == answer["shortest_count"]
    assert card["cells"] == 20


@pytest.mark.parametrize("algorithm", ["division", "sidewinder", "eller"])
def test_cli_refuses_eight_directions_for_four_only_generators(algorithm: str) -> None:
    done = run(["generate", "--rows", "5", "--cols", "5", "--algorithm", algorithm, "--directions", "8"])
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == f"error: the {algorithm} generator has no 8-direction form; use 4 directions\n"


def test_cli_refuses_six_directions() -> None:
    done = run(["generate", "--rows", "5", "--cols", "5", "--directions", "6"])
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("error: argument --directions: invalid choice: 6")
    assert "4, 8" in done.stderr


def test_cli_refuses_a_diagonal_trail_through_a_closed_corner() -> None:
    text = json.dumps({"grid": list(HAND), "entrance": [0, 0], "exit": [0, 2], "directions": 8})
    done = run(["show", "--trail", "0,0 1,1"], text)
    assert done.returncode == 2
    assert done.stderr == "error: the trail cannot step from [0, 0] to [1, 1]\n"
    fine = run(["show", "--trail", "0,0 0,1 1,2"], text)
    assert fine.returncode == 0
    assert fine.stdout == render_text(hand(), [(0, 0), (0, 1), (1, 2)]) + "\n"
