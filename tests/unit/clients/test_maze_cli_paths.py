"""`maze generate --bias`, `maze solve --all-paths/--limit/--count-shortest` and `maze analyse`, through the
real command and through `main`, checked against the core functions they print."""

import json
from typing import Any

import pytest

from server.maze.difficulty import analyse
from server.maze.generation import MazeSpec, generate
from server.maze.generators import BIASES
from server.maze.paths import all_paths, count_shortest
from tests.unit.clients.maze_cli_calls import LOOP_JSON, call, generated, maze_of, run, solved


def braided_json(rows: int = 6, cols: int = 8, seed: int = 3) -> str:
    status, out = call(["generate", "--rows", str(rows), "--cols", str(cols), "--algorithm", "kruskal",
                        "--seed", str(seed), "--braid", "0.6"])  # fmt: skip
    assert status == 0
    return out


@pytest.mark.parametrize("bias", BIASES)
def test_generate_growing_tree_bias(bias: str) -> None:
    data = generated(
        ["--rows", "7", "--cols", "9", "--algorithm", "growing-tree", "--bias", bias, "--seed", "4"]
    )
    assert data["bias"] == bias
    assert data["grid"] == generate(MazeSpec("growing-tree", 7, 9, 4, bias=bias)).to_matrix()


def test_bias_default_and_refusals() -> None:
    data = generated(["--rows", "4", "--cols", "4", "--algorithm", "growing-tree", "--seed", "1"])
    assert data["bias"] == "newest"
    assert "bias" not in generated(["--rows", "4", "--cols", "4", "--seed", "1"])
    done = run(["generate", "--rows", "4", "--cols", "4", "--algorithm", "prim", "--bias", "random"])
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "error: --bias is for --algorithm growing-tree only\n"
    done = run(["generate", "--rows", "4", "--cols", "4", "--algorithm", "growing-tree", "--bias", "oldest"])
    assert done.returncode == 2
    assert done.stderr.startswith("error: argument --bias: invalid choice")


def test_all_paths_real_command() -> None:
    done = run(["solve", "--all-paths"], LOOP_JSON)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["paths"] == [
        [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2]],
        [[0, 0], [1, 0], [1, 1], [1, 2], [2, 2]],
    ]
    assert answer["truncated"] is False
    assert "shortest_count" not in answer


def test_all_paths_limit_and_count_shortest() -> None:
    text = braided_json()
    maze = maze_of(json.loads(text))
    answer = solved(text, ["--all-paths", "--limit", "3", "--count-shortest"])
    expected = all_paths(maze, 0, limit=3)
    assert answer["paths"] == [[list(maze.cell(i)) for i in path] for path in expected.paths]
    assert len(answer["paths"]) == 3
    assert answer["truncated"] is True
    assert answer["shortest_count"] == count_shortest(maze, 0).count == 2


def test_all_paths_from_a_trail_blocks_it() -> None:
    answer = solved(LOOP_JSON, ["--trail", "0,0 0,1", "--all-paths", "--count-shortest"])
    assert answer["paths"] == [[[0, 1], [1, 1], [1, 2], [2, 2]]]
    assert answer["shortest_count"] == 1


def test_count_shortest_prints_a_big_exact_int() -> None:
    status, out = call(["generate", "--rows", "60", "--cols", "60", "--algorithm", "kruskal", "--seed", "2",
                        "--braid", "1"])  # fmt: skip
    assert status == 0
    answer = solved(out, ["--count-shortest"])
    assert answer["shortest_count"] == count_shortest(maze_of(json.loads(out)), 0).count
    assert answer["shortest_count"] > 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--limit", "3"], "error: --limit goes with --all-paths\n"),
        (["--all-paths", "--limit", "0"], "error: argument --limit: the limit must be at least 1, got 0\n"),
        (
            ["--all-paths", "--limit", "x"],
            "error: argument --limit: the limit must be a whole number, got 'x'\n",
        ),
    ],
)
def test_bad_limits(args: list[str], message: str) -> None:
    done = run(["solve", *args], LOOP_JSON)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message)


def test_analyse_real_command() -> None:
    text = braided_json(9, 7, 5)
    done = run(["analyse"], text)
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    card = analyse(maze_of(json.loads(text)))
    assert answer == {
        "cells": 63,
        "solution_length": card.solution_length,
        "dead_ends": card.dead_ends,
        "dead_end_share": round(card.dead_end_share, 4),
        "decision_points": card.decision_points,
        "longest_dead_end": card.longest_dead_end,
        "shortest_paths": card.shortest_paths,
        "bottlenecks": [list(cell) for cell in card.bottlenecks],
    }


def test_analyse_the_loop() -> None:
    status, out = call(["analyse"], LOOP_JSON)
    assert status == 0
    answer = json.loads(out)
    assert (answer["solution_length"], answer["shortest_paths"]) == (4, 2)
    assert answer["bottlenecks"] == [[1, 1], [1, 2]]


def test_analyse_bad_input() -> None:
    done = run(["analyse"], "not json")
    assert done.returncode == 2
    assert done.stderr.startswith("error: stdin is not JSON")
