"""The players of the fail-over benchmarks and their rooms: `TimedPlayer` (a `ClusterPlayer` that walks
legal moves and notes when each was acked), the rooms they race in, and the check of their acked moves
against the room's final state.

Its own module because three benchmarks kill parts of a racing cluster under the same players: the
owner of a room (cluster_failover.py), the Redis primary (cluster_redis_failover.py) and a simulated
machine (cluster_netns.py).
"""

import asyncio
import contextlib
import random
import time
from typing import Any

from server.maze.model import Cell, Maze
from server.maze.wire import decode_maze
from tests.bench.cluster_client import session_from, source_address
from tests.bench.cluster_generator import make_room
from tests.cluster.players import ClusterPlayer

ROOMS = 4
PLAYERS_PER_ROOM = 3
MOVE_EVERY = 0.2
PLAYER_ADDRESSES = 90_000
ROOM_MAKERS = 95_000


class TimedPlayer(ClusterPlayer):
    """A ClusterPlayer that also notes when each of its moves was acked."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.own_http = kwargs.get("http")
        """The session bound to this player's address: closed by the benchmark after the client."""
        self.ack_times: list[float] = []
        self.maze: Maze | None = None
        self.here: Cell = (0, 0)

    async def move_to(self, cell: list[int]) -> dict[str, Any]:
        ack = await super().move_to(cell)
        if ack.get("ok"):
            self.ack_times.append(time.monotonic())
        return ack

    async def locate(self) -> dict[str, Any]:
        """Where the room says this player is now (a resync snapshot); the player's entry."""
        ack = await self.command("resync")
        snapshot = ack["snapshot"]
        self.maze = decode_maze(snapshot["maze"])
        entry = next(p for p in snapshot["players"] if p["id"] == self.you["id"])
        self.here = (entry["cell"][0], entry["cell"][1])
        return dict(entry)

    async def walk(self, stop: asyncio.Event, rng: random.Random) -> None:
        await self.locate()
        while not stop.is_set():
            assert self.maze is not None
            r, c = self.here
            options = [
                cell
                for cell in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c))
                if self.maze.is_open(self.here, cell) and cell != self.maze.exit
            ]
            target = rng.choice(options)
            ack = await self.move_to(list(target))
            if ack.get("ok"):
                self.here = target
            else:  # the step landed but its ack was lost in the fail-over: ask where we are
                await self.locate()
            await asyncio.sleep(MOVE_EVERY)


def lost_moves(player: TimedPlayer, final: dict[str, Any]) -> int:
    """Acked moves missing from the final state: a later ack reporting a count at or below an earlier
    one (the earlier was rolled back), or a final count below an acked one."""
    counts = [moves for _, moves in player.acked]
    lost = 0
    for index, count in enumerate(counts):
        later = counts[index + 1 :]
        if (later and min(later) <= count) or final["moves"] < count:
            lost += 1
    return lost


async def tally_lost(everyone: list[TimedPlayer]) -> tuple[int, int, int]:
    """Acknowledged moves lost, acknowledged moves, and players that could not be checked (never back):
    each player's acked moves against its room's final state."""
    lost = acked = unchecked = 0
    for player in everyone:
        try:
            final = await player.locate()
        except Exception:  # a player that never came back: its moves cannot be checked
            unchecked += 1
            continue
        lost += lost_moves(player, final)
        acked += len(player.acked)
    return lost, acked, unchecked


async def close_players(everyone: list[TimedPlayer], walkers: list["asyncio.Task[None]"]) -> None:
    """Stop the walks and close every client and its address's session (a benchmark tidies up as it can)."""
    for task in walkers:
        task.cancel()
    for player in everyone:
        with contextlib.suppress(Exception):
            await player.close()
        if player.own_http is not None:
            await player.own_http.close()


async def start_room(
    base: str, index: int, player_class: type[TimedPlayer] = TimedPlayer
) -> tuple[str, list[TimedPlayer]]:
    code = make_room(base, ROOM_MAKERS + index)
    players = []
    for k in range(PLAYERS_PER_ROOM):
        http = session_from(source_address(PLAYER_ADDRESSES + index * PLAYERS_PER_ROOM + k))
        player = player_class(base, code, f"p{k}", http=http)
        await player.connect()
        ack = await player.join()
        if not ack.get("ok"):
            raise RuntimeError(f"join refused: {ack}")
        if k:
            await player.command("ready", {"ready": True})
        players.append(player)
    ack = await players[0].command("start")
    if not ack.get("ok"):
        raise RuntimeError(f"start refused: {ack}")
    await asyncio.sleep(1.0)  # the countdown
    return code, players


async def wait_for(check: Any, within: float, step: float = 0.02) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if check():
            return True
        await asyncio.sleep(step)
    return False
