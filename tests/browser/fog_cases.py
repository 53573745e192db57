"""The fog cases the node tests read (tests/js/fixtures/fog.json): what the server sends a fog racer over
a walk, and what it sees, so the client's fog code is tested against the server's own output.

`python -m tests.browser.fog_cases` writes the file; test_fog_in_browser.py checks it is up to date.
"""

import json
import random
from pathlib import Path
from typing import Any

from server.maze.fog import FogMemory, bitset, fogged_maze, revealed
from server.maze.generation import MazeSpec, generate
from server.maze.wire import encode_maze
from tests.mazes import visible_now

FIXTURE = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "fog.json"

SPECS = {
    "four": (MazeSpec("backtracker", 6, 7, 11, braid=0.4), 2),
    "eight": (MazeSpec("prim", 5, 6, 5, braid=0.3, directions=8), 2),
}
"""A braided 4-direction maze and an 8-direction one, each with its vision."""

STEPS = 24


def walk_case(spec: MazeSpec, vision: int, steps: int = STEPS, seed: int = 3) -> dict[str, Any]:
    """A walk from the entrance (to a cell not stood on yet when there is one) and, for each step, the
    cells the ack reveals and the cells in sight; the fog maze at the start and at the end."""
    maze = generate(spec)
    memory = FogMemory.at_start(maze, vision)
    start = fogged_maze(maze, memory.seen)
    rng = random.Random(seed)
    here = maze.index(maze.entrance)
    stood = {here}
    walk = []
    for _ in range(steps):
        options = [here + step for step in maze.steps[maze.open_sides[here]]]
        fresh = [cell for cell in options if cell not in stood]
        here = rng.choice(fresh or options)
        stood.add(here)
        new = memory.look_from(maze, here, vision)
        walk.append(
            {
                "cell": list(maze.cell(here)),
                "seen": revealed(maze, new)["cells"],
                "sight": sorted(visible_now(maze, here, vision)),
            }
        )
    return {
        "full": encode_maze(maze),
        "vision": vision,
        "start": start,
        "walk": walk,
        "end": fogged_maze(maze, memory.seen),
        "end_seen": bitset(memory.seen),
    }


def fog_cases() -> dict[str, Any]:
    """Every case, by name."""
    return {name: walk_case(spec, vision) for name, (spec, vision) in SPECS.items()}


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(fog_cases(), indent=1) + "\n")
    print(f"wrote {FIXTURE}")
