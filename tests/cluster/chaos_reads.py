"""What a chaos test's client was told, read back from its sessions: where the server last placed the
player, the first event of a kind, and the race's results (from the event or a finished room's
snapshot)."""

from typing import Any

from server.maze.model import Cell
from tests.cluster.players import ClusterPlayer


def current_cell(player: ClusterPlayer) -> Cell | None:
    """Where the server last said this player stands: the latest `moved` (or `started`) of the current
    join, or the join's snapshot."""
    me = player.you.get("id")
    if player.sessions:
        session = player.sessions[-1]
        for event in reversed(session.events):
            if event["v"] <= session.version:
                continue
            if event["t"] == "moved" and event["d"]["id"] == me:
                return (event["d"]["cell"][0], event["d"]["cell"][1])
            if event["t"] == "started":
                for entry in event["d"]["players"]:
                    if entry["id"] == me:
                        return (entry["cell"][0], entry["cell"][1])
    for entry in player.snapshot.get("players", []):
        if entry["id"] == me and entry.get("cell") is not None:
            return (entry["cell"][0], entry["cell"][1])
    return None


def seen(player: ClusterPlayer, kind: str) -> dict[str, Any] | None:
    """The data of the first `kind` event this client received over all its joins."""
    for session in player.sessions:
        for event in session.events:
            if event["t"] == kind:
                return dict(event["d"])
    return None


def race_over(player: ClusterPlayer) -> dict[str, Any] | None:
    """The race's results as this client learnt them: the `race_over` event, or a snapshot of the
    finished room (a client that rejoined after the race ended gets no event)."""
    event = seen(player, "race_over")
    if event is not None:
        return event
    if player.snapshot.get("phase") == "finished" and player.snapshot.get("results"):
        return {"race": player.snapshot.get("race"), "results": player.snapshot["results"]}
    return None
