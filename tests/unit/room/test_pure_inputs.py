"""The pure layers (the maze library, the room rules, the bots, the analysis) read no clock, no secrets and
no global random: the caller passes time, tokens, ids and a seeded `random.Random`, so a room is a
deterministic function of its commands."""

import ast
from pathlib import Path


def test_the_core_reads_no_clock_no_secrets_and_no_global_random() -> None:
    """What makes a room's replay possible (`test_room_replay.py`): every outside input reaches the core as
    an argument."""
    server = Path(__file__).resolve().parents[3] / "server"
    pure = ("maze", "room", "bots", "analysis")
    for path in (path for package in pure for path in (server / package).rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [alias.name for alias in node.names]
                module = node.module if isinstance(node, ast.ImportFrom) else None
                assert not {"secrets", "time", "uuid"} & {module, *names}, path
                assert module != "random" or names == ["Random"], path
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id == "random":
                    assert node.attr == "Random", f"{path}: random.{node.attr}"
                assert (node.value.id, node.attr) not in {("datetime", "now"), ("date", "today")}, path
