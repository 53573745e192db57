"""The lobby layer of a room: ready, settings, lock, and starting a race (its seed, maze and countdown)."""

import random

from server.errors import GameError
from server.maze.generation import MAX_SEED, MazeSpec
from server.maze.model import Maze
from server.room.bot_rules import BotRules
from server.room.envelope import Envelope
from server.room.players import Player
from server.room.settings import parse_settings
from server.room.state import ms


class LobbyRules(BotRules):
    """The lobby: players ready up, the host sets the room up and starts the countdown."""

    def set_ready(self, member_id: str, ready: bool) -> list[Envelope]:
        """A player marks themselves ready (or not) in the lobby."""
        player = self._player(member_id)
        self._require_phase("lobby")
        if player.ready != ready:
            player.ready = ready
            self._emit("ready", {"id": player.id, "ready": ready})
        return self._drain()

    def update_settings(self, member_id: str, data: object) -> list[Envelope]:
        """The host changes settings in the lobby; fields left out keep their values."""
        self._require_host(member_id)
        self._require_phase("lobby")
        if self.daily is not None:
            raise GameError("the daily maze is the same for everyone: its settings are fixed", "bad_settings")
        if self.ghosts:
            raise GameError("a ghost races its own maze: this room's settings are fixed", "bad_settings")
        settings = parse_settings(data, self.settings)
        if settings.max_players < len(self.active_players()):
            raise GameError(
                f"{len(self.active_players())} players are here; max_players cannot be lower",
                code="bad_settings",
            )
        if settings != self.settings:
            self.settings = settings
            self._emit("settings", settings.to_json())
        return self._drain()

    def lock(self, member_id: str, locked: bool) -> list[Envelope]:
        """The host locks the room (no new players) or opens it again."""
        self._require_host(member_id)
        if locked != self.locked:
            self.locked = locked
            self._emit("locked", {"locked": locked})
        return self._drain()

    def prepare_start(self, member_id: str, without_unready: bool = False) -> MazeSpec:
        """Refuse a start that cannot happen; otherwise say which maze to make (it changes nothing).

        The host may start `without_unready`: players not ready then watch this race, so one player who
        never readies cannot hold the room.
        """
        self._require_host(member_id)
        self._require_phase("lobby")
        waiting = [p.name for p in self._waiting_for(member_id)]
        if waiting and not without_unready:
            raise GameError(
                f"waiting for {', '.join(waiting)} to be ready (or start with the ready players)",
                code="not_ready",
            )
        return self.settings.maze_spec(self._race_seed(draw=False))

    def _race_seed(self, *, draw: bool) -> int:
        """The seed of the race being started: the daily one, or drawn from the room's random source.

        Asking (`draw=False`) reads the draw from a copy of the source and changes nothing, so the
        check before making the maze is not a change of the room; the `start` command draws it.
        """
        if self.seed is not None:
            return self.seed
        if self.fixed_seed is not None:
            return self.fixed_seed
        source = self.rng
        if not draw:
            source = random.Random()
            source.setstate(self.rng.getstate())
        return int(source.random() * MAX_SEED)

    def _waiting_for(self, host_id: str) -> list[Player]:
        """Connected players the host's start waits for (a dropped player races when back)."""
        return [p for p in self.active_players() if p.connected and not p.ready and p.id != host_id]

    def start(
        self,
        member_id: str,
        spec: MazeSpec,
        maze: Maze,
        distances: list[int],
        now: float,
        without_unready: bool = False,
        *,
        race_id: str,
    ) -> list[Envelope]:
        """Begin the countdown with the maze made (off the event loop) from `prepare_start`'s spec.

        `race_id` is the id the race (and its replay) will have: the caller draws it, unrelated to the
        room code, which stays secret; it is announced when the race begins.
        """
        if self.prepare_start(member_id, without_unready) != spec:
            raise GameError("the settings changed while the maze was being made; start again", "wrong_phase")
        self.seed = self._race_seed(draw=True)
        self.last_active = now
        self.race_id = race_id
        self.maze = maze
        self.distances = distances
        self.phase = "countdown"
        self.start_at = now + self.countdown
        self.sitting_out = {p.id for p in self._waiting_for(member_id)} if without_unready else set()
        self._emit(
            "countdown",
            {
                "start_at": ms(self.start_at),
                "now": ms(now),
                "seconds": self.countdown,
                "sitting_out": sorted(self.sitting_out),
            },
        )
        return self._drain()
