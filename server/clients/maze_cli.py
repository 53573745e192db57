"""`python -m server maze ...`: generate, solve, analyse, show, import and export mazes from the command line.

The JSON shapes printed here are a contract (docs/maze-cli.md); every bad argument or input ends with a
one-line message on stderr and exit status 2, never a traceback.
"""

import argparse
import itertools
import json
import secrets
import sys
from collections.abc import Sequence
from typing import NoReturn, NotRequired, TextIO, TypedDict

from server.clients.maze_files import FileProblem, add_file_commands, run_export, run_import
from server.errors import GameError
from server.maze.difficulty import analyse
from server.maze.exchange.json_form import maze_object
from server.maze.generation import MAX_SEED, MazeSpec, generate
from server.maze.generators import ALGORITHMS, BIASES, DEFAULT_BIAS
from server.maze.hints import back_up_index
from server.maze.model import Cell, Maze
from server.maze.openings import OPENINGS
from server.maze.paths import DEFAULT_PATH_LIMIT, all_paths, count_shortest
from server.maze.render import render_text
from server.maze.solvers import SEARCH_METHODS, search
from server.maze.walls import DIRECTION_COUNTS


class SolveAnswer(TypedDict):
    """What `solve` prints: the search's way out, and what the options asked for besides."""

    method: str
    path: list[list[int]] | None
    explored: int
    back_to: list[int] | None
    order: NotRequired[list[list[int]]]
    paths: NotRequired[list[list[list[int]]]]
    truncated: NotRequired[bool]
    shortest_count: NotRequired[int]


class UsageError(Exception):
    """Bad arguments or input: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but errors are one line and raise instead of printing usage."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _cell(text: str) -> Cell:
    try:
        row, col = (int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a cell as r,c, got {text!r}") from None
    return row, col


def _trail(text: str) -> list[Cell]:
    return [_cell(part) for part in text.split()]


def _braid(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"braid must be a number, got {text!r}") from None


def _limit(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the limit must be a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"the limit must be at least 1, got {value}")
    return value


def build_parser() -> _Parser:
    """The `maze` command's arguments."""
    parser = _Parser(prog="python -m server maze", description="Generate, solve, show and convert mazes.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    gen = commands.add_parser("generate", help="print a new maze")
    gen.add_argument("--rows", type=int, required=True)
    gen.add_argument("--cols", type=int, required=True)
    gen.add_argument("--algorithm", choices=ALGORITHMS, default="backtracker")
    gen.add_argument("--seed", type=int, help="0..2**63-1; a random one when left out")
    gen.add_argument("--braid", type=_braid, default=0.0, help="share of dead ends removed, 0..1")
    gen.add_argument("--openings", choices=OPENINGS, default="corners")
    gen.add_argument("--bias", choices=BIASES, help="growing-tree only: which cell grows (default newest)")
    gen.add_argument(
        "--directions", type=int, choices=DIRECTION_COUNTS, default=4, help="4, or 8 with diagonal passages"
    )
    gen.add_argument("--format", choices=("json", "text"), default="json")

    solve = commands.add_parser("solve", help="search a maze read on stdin")
    solve.add_argument("--method", choices=SEARCH_METHODS, default="bfs")
    solve.add_argument("--from", dest="start", type=_cell, help="start cell r,c (default: entrance)")
    solve.add_argument("--trail", type=_trail, help='player trail "r,c r,c ...", entrance first')
    solve.add_argument("--explored", action="store_true", help="also print the exploration order")
    solve.add_argument("--all-paths", action="store_true", help='also print every simple path ("paths")')
    solve.add_argument("--limit", type=_limit, help=f"at most this many paths (default {DEFAULT_PATH_LIMIT})")
    solve.add_argument("--count-shortest", action="store_true", help="also print how many shortest paths")

    commands.add_parser("analyse", help="measure how hard a maze read on stdin is")

    show = commands.add_parser("show", help="draw a maze read on stdin")
    show.add_argument("--trail", type=_trail, help='player trail "r,c r,c ...", entrance first')
    add_file_commands(commands)
    return parser


def read_maze(stream: TextIO) -> Maze:
    """A maze from a JSON maze object on `stream` (`"directions": 8` for the 3 x 3 block grid; 4 when
    left out)."""
    try:
        data = json.loads(stream.read())
    except json.JSONDecodeError as error:
        raise UsageError(f"stdin is not JSON: {error}") from None
    except RecursionError:
        raise UsageError("stdin is JSON nested too deeply to be a maze object") from None
    if not isinstance(data, dict):
        raise UsageError("stdin must hold one JSON maze object")
    try:
        grid, entrance, exit = data["grid"], data["entrance"], data["exit"]
    except KeyError as error:
        raise UsageError(f"the maze object has no {error.args[0]!r}") from None
    if not isinstance(grid, list) or not grid:
        raise UsageError("'grid' must be a list of 0/1 strings")
    directions = data.get("directions", 4)
    if type(directions) is not int or directions not in DIRECTION_COUNTS:  # not 8.0, not True
        raise UsageError("'directions' must be 4 or 8")
    return Maze.from_matrix(grid, _json_cell(entrance, "entrance"), _json_cell(exit, "exit"), directions)


def _json_cell(value: object, name: str) -> Cell:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return value[0], value[1]
    raise UsageError(f"{name!r} must be [row, col]")


def check_trail(maze: Maze, trail: Sequence[Cell]) -> None:
    """A trail must start at the entrance and step through open walls without repeating a cell."""
    if not trail:
        raise UsageError("the trail is empty")
    if trail[0] != maze.entrance:
        raise UsageError(f"the trail must start at the entrance {list(maze.entrance)}")
    if len(set(trail)) != len(trail):
        raise UsageError("the trail visits a cell twice")
    for cell in trail:
        if not maze.in_bounds(cell):
            raise UsageError(f"trail cell {list(cell)} is outside the maze")
    for a, b in itertools.pairwise(trail):
        if not maze.is_open(a, b):
            raise UsageError(f"the trail cannot step from {list(a)} to {list(b)}")


def run_generate(args: argparse.Namespace, out: TextIO) -> None:
    """Print a maze as JSON or as a seed-000 picture."""
    seed = secrets.randbelow(MAX_SEED + 1) if args.seed is None else args.seed
    if args.bias is not None and args.algorithm != "growing-tree":
        raise UsageError("--bias is for --algorithm growing-tree only")
    bias = DEFAULT_BIAS if args.bias is None else args.bias
    spec = MazeSpec(
        args.algorithm, args.rows, args.cols, seed, args.braid, args.openings, bias, args.directions
    )
    maze = generate(spec)
    if args.format == "text":
        out.write(render_text(maze) + "\n")
    else:
        out.write(json.dumps(maze_object(maze, spec)) + "\n")


def run_solve(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> None:
    """Search like a hint does and print the result object."""
    if args.limit is not None and not args.all_paths:
        raise UsageError("--limit goes with --all-paths")
    maze = read_maze(stdin)
    if args.trail is not None:
        check_trail(maze, args.trail)
        trail: list[Cell] = args.trail
    else:
        start = args.start if args.start is not None else maze.entrance
        if not maze.in_bounds(start):
            raise UsageError(f"--from {list(start)} is outside the maze")
        trail = [start]
    result = search(maze, args.method, trail[-1], trail[:-1], record_order=args.explored)
    back_to = None
    if result.path is None and args.trail is not None:
        index = back_up_index(maze, trail)
        back_to = list(trail[index]) if index is not None else None
    answer: SolveAnswer = {
        "method": result.method,
        "path": [list(c) for c in result.path] if result.path is not None else None,
        "explored": result.explored,
        "back_to": back_to,
    }
    if args.explored:
        answer["order"] = [list(c) for c in result.order or ()]
    blocked = [maze.index(cell) for cell in trail[:-1]]
    if args.all_paths:
        limit = DEFAULT_PATH_LIMIT if args.limit is None else args.limit
        found = all_paths(maze, maze.index(trail[-1]), limit, blocked)
        answer["paths"] = [[list(maze.cell(i)) for i in path] for path in found.paths]
        answer["truncated"] = found.truncated
    if args.count_shortest:
        answer["shortest_count"] = count_shortest(maze, maze.index(trail[-1]), blocked).count
    out.write(json.dumps(answer) + "\n")


def run_analyse(stdin: TextIO, out: TextIO) -> None:
    """Print the difficulty measures of a maze read on stdin (server/maze/difficulty.py)."""
    card = analyse(read_maze(stdin))
    answer = {
        "cells": card.cells,
        "solution_length": card.solution_length,
        "dead_ends": card.dead_ends,
        "dead_end_share": round(card.dead_end_share, 4),
        "decision_points": card.decision_points,
        "longest_dead_end": card.longest_dead_end,
        "shortest_paths": card.shortest_paths,
        "bottlenecks": [list(cell) for cell in card.bottlenecks],
    }
    out.write(json.dumps(answer) + "\n")


def run_show(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> None:
    """Print the seed-000 picture of a maze read on stdin, with an optional trail."""
    maze = read_maze(stdin)
    trail = args.trail or []
    if trail:
        check_trail(maze, trail)
    out.write(render_text(maze, trail) + "\n")


def main(argv: Sequence[str], stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    """Run one maze command; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        if args.command == "generate":
            run_generate(args, out)
        elif args.command == "solve":
            run_solve(args, stdin, out)
        elif args.command == "analyse":
            run_analyse(stdin, out)
        elif args.command == "import":
            run_import(args, stdin, out)
        elif args.command == "export":
            run_export(args, stdin, out)
        else:
            run_show(args, stdin, out)
    except (UsageError, FileProblem, GameError) as error:
        message = str(error).replace("\n", " ")
        print(f"error: {message}", file=sys.stderr)
        return 2
    return 0
