"""The race layer of a room: the race begins, racers move, the race ends, the room goes back to the lobby."""

import random

from server.bots import make_bot
from server.errors import GameError
from server.maze.fog import FogMemory
from server.maze.moves import Target, apply_move
from server.maze.race_card import card_of
from server.maze.wire import encode_maze
from server.room import views
from server.room.envelope import Envelope
from server.room.events import MoveAck, Moved, RaceOver, Started
from server.room.ghost_views import ghost_cell, ghost_entries, ghost_moved, ghost_splits, ghost_unseen
from server.room.players import Player
from server.room.racelog import RaceLog
from server.room.records import RaceRecord, race_record
from server.room.results import elapsed_ms, provisional_rank, result_rows
from server.room.state import RoomState, ms


class RaceRules(RoomState):
    """Racing: the start of the race, moves, finishing, the race's end and the way back to the lobby."""

    def _begin_race(self, now: float) -> None:
        maze, distances = self._course()
        self.phase = "racing"
        self.started_at = now
        self.results = None
        self.log = RaceLog(maze.cols)
        distance = distances[maze.index(maze.entrance)]
        fog = FogMemory.at_start(maze, self.settings.vision) if self.settings.fog else None
        for player in self.active_players():
            if player.id not in self.sitting_out:
                player.reset_for_race(maze.entrance, distance)
                player.fog = FogMemory(bytearray(fog.seen)) if fog is not None else None
                if player.bot is not None:  # a fresh brain, its ties broken by the race seed and its id
                    seed = random.Random(f"{self.seed}:{player.id}").getrandbits(63)
                    player.brain = make_bot(player.bot.kind, seed)
        started: Started = {
            "race": self.race_id,
            "maze": encode_maze(maze),
            "started_at": ms(now),
            "shortest": self.shortest,
            "difficulty": card_of(maze),  # measured with the maze, off the loop
            "players": views.player_entries(self),
        }
        if self.ghosts:
            self.ghost_made = {ghost.id: 0 for ghost in self.ghosts}
            started["ghosts"] = ghost_entries(self)  # all on the entrance, which every racer sees
        self._emit("started", started, views.started_for_fog(started, maze, fog) if fog is not None else None)

    def _elapsed(self, now: float) -> int:
        return ms(now - (self.started_at or now))

    def move(self, member_id: str, target: Target, now: float) -> tuple[MoveAck, list[Envelope]]:
        """Move a racer one cell; the ack data and the events. Refused moves raise and change nothing."""
        player = self._racer(member_id, now)
        newly_seen = self._step(player, target, now)
        self._check_race_over(now)
        return views.move_ack(self, player, newly_seen), self._drain()

    def _step(self, player: Player, target: Target, now: float) -> list[int]:
        """Move the player; in a fog race, returns the cells the move let them see for the first time."""
        maze, distances = self._course()
        if player.moves >= self.move_cap():
            raise GameError("you have used every move this race allows", code="move_limit")
        cell = apply_move(maze, self._trail(player), target)
        self.last_active = now
        player.moves += 1
        player.distance = distances[maze.index(cell)]
        self.log.add_move(self._elapsed(now), player.id, cell)
        newly_seen = player.fog.look_from(maze, maze.index(cell), self.settings.vision) if player.fog else []
        self._emit_moved(player, cell)
        if cell == maze.exit:
            player.finished_at = now
            started_at = self.started_at if self.started_at is not None else now
            self._emit(
                "finished",
                {
                    "id": player.id,
                    "rank": provisional_rank(player, self.racers(), started_at),
                    "time": elapsed_ms(player, started_at),
                    "penalty": player.penalty_ms,
                    "moves": player.moves,
                    "hints": player.hints,
                },
            )
        return newly_seen

    def _emit_moved(self, player: Player, cell: tuple[int, int]) -> None:
        """`moved` for everyone; in a fog race also the forms racers get, by whether they see `cell`."""
        moved: Moved = {"id": player.id, **views.position(player, self._trail(player))}
        if not self.settings.fog:
            self._emit("moved", moved)
            return
        self._emit("moved", moved, views.moved_unseen(moved), seen_data=views.moved_seen(moved), at=cell)

    def _advance_ghosts(self, now: float) -> None:
        """Move each ghost through every step its time has come for: one `ghost` event a ghost that moved
        (in a fog race, its position only to the racers who see it, as a rival's `moved`)."""
        if self.phase != "racing" or not self.ghosts:
            return
        maze = self._course()[0]
        elapsed = min(self._elapsed(now), ms(self.settings.time_limit))
        for ghost in self.ghosts:
            made = ghost.steps_due(elapsed)
            if made <= self.ghost_made[ghost.id]:
                continue
            self.ghost_made[ghost.id] = made
            cell = ghost_cell(ghost, made, maze)
            moved = ghost_moved(ghost, made, cell, maze)
            if self.settings.fog:
                self._emit("ghost", moved, ghost_unseen(moved), seen_data=moved, at=cell)
            else:
                self._emit("ghost", moved)

    def _check_race_over(self, now: float) -> None:
        if self.phase != "racing" or self.started_at is None:
            return
        timed_out = now >= self.started_at + self.settings.time_limit
        if timed_out:
            for player in self.racers():
                if player.finished_at is None:
                    player.dnf = True
        if timed_out or not any(p.racing for p in self.racers()):
            self.phase = "finished"
            self.ended_at = now
            self.results = result_rows(self.racers(), self.started_at, self.shortest)
            over: RaceOver = {
                "race": self.race_id,
                "results": self.results,
                "shortest": self.shortest,
                "shortest_routes": self.shortest_routes,
                "difficulty": self.card,
            }
            if self.ghosts:
                over["ghosts"] = ghost_splits(self)
            self._emit("race_over", over)
            # recorded now: the same command may take the room on to the lobby (the last racer left)
            self._finished_race = race_record(self)

    def take_finished_race(self) -> RaceRecord | None:
        """The race that ended since the last call, for the caller to store before announcing it."""
        record, self._finished_race = self._finished_race, None
        return record

    def rematch(self, member_id: str, now: float) -> list[Envelope]:
        """The host takes the room back to the lobby for a new maze with the same settings."""
        self._require_host(member_id)
        self._require_phase("finished")
        self.last_active = now
        self._back_to_lobby()
        return self._drain()

    def _back_to_lobby(self) -> None:
        self.players = {pid: p for pid, p in self.players.items() if not p.left}
        for player in self.players.values():
            player.reset_for_lobby()
        self.phase = "lobby"
        self.seed = None
        self.maze = None
        self.distances = None
        self.start_at = None
        self.started_at = None
        self.sitting_out = set()
        self._emit("lobby", {"settings": self.settings.to_json(), "players": views.player_entries(self)})
