"""One room's rules: lobby, countdown, race, results, rematch. Pure and deterministic: the caller passes
the time, the maze, new players' tokens and race ids, and owns the seeded random source the room draws
seeds and random hint methods from (its state is part of the room's snapshot), so a snapshot and the
commands since rebuild the room exactly (see `persist`).

Every change the room makes is recorded as an `Envelope` with the next version number; methods return
the envelopes to broadcast, and the edge only sends them. A refused command raises a `GameError` before
anything changes. Times are seconds (the caller's clock); on the wire they are milliseconds.
"""

import hmac
import random
from dataclasses import dataclass
from typing import Any, Literal

from server.game.errors import GameError
from server.game.generation import MAX_SEED, MazeSpec
from server.game.hints import HINT_METHODS, Hint, HintJob, choose_method, solve
from server.game.maze import Cell, Maze
from server.game.moves import Target, apply_move
from server.game.players import PALETTE, Player, clean_name
from server.game.racelog import RaceLog, hint_cap, move_cap
from server.game.records import RaceRecord, race_record
from server.game.results import elapsed_ms, provisional_rank, result_rows
from server.game.settings import MAX_PLAYERS_CAP, RoomSettings, parse_settings
from server.game.trail import Trail
from server.game.wire import encode_maze

Phase = Literal["lobby", "countdown", "racing", "finished"]
Role = Literal["player", "spectator"]

MAX_SPECTATORS = 100
UNJOINED_TIMEOUT = 60.0
"""Seconds a room that nobody ever joined lives: creating rooms must not fill the server."""


@dataclass(frozen=True)
class Envelope:
    """A room event with its version: `{"v", "t", "d"}` on the wire.

    `racer_d`, when set, is what players still racing (other than the member `d["id"]`) receive
    instead of `d`: a rival's hint path must not reach them, while everyone else sees it. The same
    version goes to both, so every client's versions stay contiguous.
    """

    v: int
    t: str
    d: dict[str, Any]
    racer_d: dict[str, Any] | None = None
    """The data that players still racing, other than the member `d['id']`, receive instead of `d`."""

    def to_json(self) -> dict[str, Any]:
        """The wire form, as everyone but the racers of a redacted event gets it."""
        return {"v": self.v, "t": self.t, "d": self.d}

    def racer_json(self) -> dict[str, Any]:
        """The wire form for the players still racing."""
        return {"v": self.v, "t": self.t, "d": self.d if self.racer_d is None else self.racer_d}


@dataclass(frozen=True)
class Membership:
    """Who joined: the member id, the role they got, and (players) their secret token and colour."""

    id: str
    role: Role
    token: str | None
    colour: str | None

    def to_json(self) -> dict[str, Any]:
        """The `you` object of a join ack."""
        data: dict[str, Any] = {"id": self.id, "role": self.role}
        if self.token is not None:
            data["token"] = self.token
            data["colour"] = self.colour
        return data


@dataclass(frozen=True)
class HintRequest:
    """A hint that may be given: who asked, how many moves they had made, and the search to run."""

    member_id: str
    moves: int
    """The asker's move count when asking: a different count at the answer means they moved meanwhile."""
    job: HintJob
    want_order: bool


def solve_hint(request: HintRequest) -> Hint:
    """The search of a hint request: pure, so the server runs it in a worker process."""
    return solve(request.job)


HINT_SEEN_BY_RACERS = ("id", "method", "found", "explored", "hints", "penalty")
"""What a hint shows the other players still racing: that it was asked, not where it leads."""


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


def _cell(cell: Cell) -> list[int]:
    return [cell[0], cell[1]]


class Room:
    """The authoritative state of one room."""

    def __init__(
        self,
        code: str,
        settings: RoomSettings,
        rng: random.Random,
        now: float,
        *,
        countdown: float = 3.0,
        grace: float = 60.0,
        daily: str | None = None,
        fixed_seed: int | None = None,
    ) -> None:
        self.code = code
        self.daily = daily
        """The UTC date of the daily maze this room races, if it is a daily room."""
        self.fixed_seed = fixed_seed
        """Every race of the room uses this seed (the daily maze); None draws a new seed each race."""
        self.race_id: str | None = None
        self.settings = settings
        self.countdown = countdown
        self.grace = grace
        self.phase: Phase = "lobby"
        self.version = 0
        self.players: dict[str, Player] = {}
        self.spectators: set[str] = set()
        self.host_id: str | None = None
        self.seed: int | None = None
        self.maze: Maze | None = None
        self.distances: list[int] | None = None
        self.start_at: float | None = None
        self.started_at: float | None = None
        self.ended_at: float | None = None
        self.results: list[dict[str, Any]] | None = None
        self.log = RaceLog()
        self.last_active = now
        self.rng = rng
        self.serial = 0
        self._outbox: list[Envelope] = []
        self._finished_race: RaceRecord | None = None
        self.locked = False
        """Set by the host: no new players join (spectators still may; players with a token return)."""
        self.sitting_out: set[str] = set()
        """Players the host started without (not ready): they watch this race."""

    # ----- bookkeeping -------------------------------------------------------------------------------

    def _emit(self, kind: str, data: dict[str, Any], racer_data: dict[str, Any] | None = None) -> None:
        self.version += 1
        self._outbox.append(Envelope(self.version, kind, data, racer_data))

    def _drain(self) -> list[Envelope]:
        out, self._outbox = self._outbox, []
        return out

    def _next_id(self, prefix: str) -> str:
        self.serial += 1
        return f"{prefix}{self.serial}"

    def _player(self, member_id: str) -> Player:
        player = self.players.get(member_id)
        if player is None or player.left:
            raise GameError("only players can do that", code="not_player")
        return player

    def _racer(self, member_id: str, now: float) -> Player:
        player = self._player(member_id)
        if self.phase != "racing":
            raise GameError("the race is not running", code="not_racing")
        if self.started_at is not None and now >= self.started_at + self.settings.time_limit:
            raise GameError("the time limit has passed", code="not_racing")
        if player.finished_at is not None:
            raise GameError("you have already finished", code="finished")
        if not player.racing:
            raise GameError("you are out of this race", code="not_racing")
        return player

    def _require_host(self, member_id: str) -> None:
        if member_id != self.host_id:
            raise GameError("only the host can do that", code="not_host")

    def _require_phase(self, *phases: Phase) -> None:
        if self.phase not in phases:
            raise GameError(f"not possible while the room is in {self.phase}", code="wrong_phase")

    def active_players(self) -> list[Player]:
        """Players who have not left, in joining order."""
        return [p for p in self.players.values() if not p.left]

    def racers(self) -> list[Player]:
        """Everyone who took part in the current or last race, including those who left it."""
        return [p for p in self.players.values() if p.trail is not None]

    @property
    def connected_count(self) -> int:
        """Members with a live connection."""
        return sum(1 for p in self.active_players() if p.connected) + len(self.spectators)

    # ----- views -------------------------------------------------------------------------------------

    def player_entry(self, player: Player) -> dict[str, Any]:
        """A player as every client sees them (never the token)."""
        entry: dict[str, Any] = {
            "id": player.id,
            "name": player.name,
            "colour": player.colour,
            "ready": player.ready,
            "connected": player.connected,
            "host": player.id == self.host_id,
            "moves": player.moves,
            "hints": player.hints,
            "penalty": player.penalty_ms,
            "finished": player.finished_at is not None,
            "dnf": player.dnf,
            "left": player.left,
        }
        if player.trail is not None and self.phase in ("racing", "finished"):
            entry["room"] = _cell(player.trail.current)
            entry["facing"] = player.trail.facing.value
            entry["trail"] = [_cell(c) for c in player.trail]
            entry["distance"] = player.distance
        if player.finished_at is not None and self.started_at is not None:
            entry["time"] = elapsed_ms(player, self.started_at)
            entry["rank"] = provisional_rank(player, self.racers(), self.started_at)
        return entry

    def snapshot(self, now: float) -> dict[str, Any]:
        """Everything a client needs to draw the room from scratch."""
        data: dict[str, Any] = {
            "code": self.code,
            "version": self.version,
            "phase": self.phase,
            "settings": self.settings.to_json(),
            "host": self.host_id,
            "players": [self.player_entry(p) for p in self.players.values()],
            "spectators": len(self.spectators),
            "locked": self.locked,
            "now": _ms(now),
        }
        if self.start_at is not None and self.phase == "countdown":
            data["start_at"] = _ms(self.start_at)
        if self.maze is not None and self.phase in ("racing", "finished"):
            data["race"] = self.race_id
            data["maze"] = encode_maze(self.maze)
            data["started_at"] = _ms(self.started_at or now)
            data["shortest"] = self.shortest
        if self.results is not None and self.phase == "finished":
            data["results"] = self.results
        return data

    def summary(self) -> dict[str, Any]:
        """The short public description listed by the HTTP API."""
        return {
            "code": self.code,
            "phase": self.phase,
            "players": len(self.active_players()),
            "spectators": len(self.spectators),
            "max_players": self.settings.max_players,
            "rows": self.settings.rows,
            "cols": self.settings.cols,
            "algorithm": self.settings.algorithm,
            "preset": self.settings.preset,
            "public": self.settings.public,
            "daily": self.daily,
            "locked": self.locked,
        }

    @property
    def shortest(self) -> int:
        """Length in steps of the shortest way from the entrance to the exit."""
        if self.maze is None or self.distances is None:
            return 0
        return self.distances[self.maze.index(self.maze.entrance)]

    # ----- membership --------------------------------------------------------------------------------

    def join(
        self, name: object, role: Role, token: str | None, now: float, *, new_token: str
    ) -> tuple[Membership, list[Envelope]]:
        """Add a player or spectator, or give a returning player (by token) their place back.

        `new_token` is the secret a new player gets (the caller draws it, so replaying the join gives
        the same player the same token); it is unused when the join makes no new player.
        """
        self.last_active = now
        if token is not None:
            for player in self.players.values():
                if not player.left and hmac.compare_digest(player.token, token):
                    return self._rejoin(player)
        if role == "player":
            display = clean_name(name)
            full = len(self.active_players()) >= min(self.settings.max_players, MAX_PLAYERS_CAP)
            if self.phase in ("lobby", "finished") and not full and not self.locked:
                return self._add_player(display, now, new_token)
        if len(self.spectators) >= MAX_SPECTATORS:
            raise GameError("this room has no room for more spectators", code="room_full")
        spectator_id = self._next_id("s")
        self.spectators.add(spectator_id)
        self._emit("joined", {"id": spectator_id, "role": "spectator", "spectators": len(self.spectators)})
        return Membership(spectator_id, "spectator", None, None), self._drain()

    def _add_player(self, name: str, now: float, token: str) -> tuple[Membership, list[Envelope]]:
        taken = {p.name for p in self.active_players()}
        unique, n = name, 2
        while unique in taken:
            suffix = f" {n}"
            unique = name[: 20 - len(suffix)] + suffix
            n += 1
        used = {p.colour for p in self.active_players()}
        colour = next(c for c in PALETTE if c not in used)
        player = Player(self._next_id("p"), unique, colour, token, now)
        self.players[player.id] = player
        new_host = self.host_id is None
        if new_host:
            self.host_id = player.id
        entry = self.player_entry(player)
        self._emit("joined", {**entry, "role": "player"})
        if new_host:
            self._emit("host", {"id": player.id})
        return Membership(player.id, "player", player.token, player.colour), self._drain()

    def _rejoin(self, player: Player) -> tuple[Membership, list[Envelope]]:
        if not player.connected:
            player.connected = True
            player.disconnected_at = None
            self._emit("presence", {"id": player.id, "connected": True})
        return Membership(player.id, "player", player.token, player.colour), self._drain()

    def disconnect(self, member_id: str, now: float) -> list[Envelope]:
        """A connection dropped: spectators go at once, players keep their place for the grace period."""
        self.last_active = now
        if member_id in self.spectators:
            return self.leave(member_id, now)
        player = self.players.get(member_id)
        if player is None or player.left or not player.connected:
            return []
        player.connected = False
        player.disconnected_at = now
        self._emit("presence", {"id": player.id, "connected": False})
        return self._drain()

    def leave(self, member_id: str, now: float) -> list[Envelope]:
        """A member leaves for good: a racer is out of the race (DNF); the host passes on."""
        self.last_active = now
        if member_id in self.spectators:
            self.spectators.discard(member_id)
            self._emit("left", {"id": member_id, "role": "spectator", "spectators": len(self.spectators)})
            return self._drain()
        player = self.players.get(member_id)
        if player is None or player.left:
            return []
        if player.trail is not None and self.phase in ("racing", "finished"):
            player.left = True  # kept for the results
            if player.finished_at is None:
                player.dnf = True
        else:
            del self.players[member_id]
        player.connected = False
        self._emit("left", {"id": member_id, "role": "player"})
        if self.host_id == member_id:
            remaining = sorted(self.active_players(), key=lambda p: (not p.connected, p.joined_at))
            self.host_id = remaining[0].id if remaining else None
            self._emit("host", {"id": self.host_id})
        if self.phase == "countdown" and not self.active_players():
            self._back_to_lobby()
        self._check_race_over(now)
        if self.phase == "finished" and not self.active_players():
            self._back_to_lobby()  # nobody is left to ask for a rematch: open the room again
        return self._drain()

    # ----- lobby -------------------------------------------------------------------------------------

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

    def prepare_start(self, member_id: str, without_unready: bool = False) -> MazeSpec:
        """Refuse a start that cannot happen; otherwise draw the race's seed and say which maze to make.

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
        if self.seed is None:
            self.seed = self.fixed_seed if self.fixed_seed is not None else int(self.rng.random() * MAX_SEED)
        s = self.settings
        return MazeSpec(s.algorithm, s.rows, s.cols, self.seed, s.braid, s.openings)

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
                "start_at": _ms(self.start_at),
                "now": _ms(now),
                "seconds": self.countdown,
                "sitting_out": sorted(self.sitting_out),
            },
        )
        return self._drain()

    def _course(self) -> tuple[Maze, list[int]]:
        """The maze and its distance field; they exist from the countdown on."""
        if self.maze is None or self.distances is None:
            raise GameError("the race has no maze yet", code="wrong_phase")
        return self.maze, self.distances

    def _begin_race(self, now: float) -> None:
        maze, distances = self._course()
        self.phase = "racing"
        self.started_at = now
        self.results = None
        self.log = RaceLog(maze.cols)
        distance = distances[maze.index(maze.entrance)]
        for player in self.active_players():
            if player.id not in self.sitting_out:
                player.reset_for_race(maze.entrance, distance)
        self._emit(
            "started",
            {
                "race": self.race_id,
                "maze": encode_maze(maze),
                "started_at": _ms(now),
                "shortest": self.shortest,
                "players": [self.player_entry(p) for p in self.players.values()],
            },
        )

    # ----- racing ------------------------------------------------------------------------------------

    def _elapsed(self, now: float) -> int:
        return _ms(now - (self.started_at or now))

    def move(self, member_id: str, target: Target, now: float) -> tuple[dict[str, Any], list[Envelope]]:
        """Move a racer one room; the ack data and the events. Refused moves raise and change nothing."""
        player = self._racer(member_id, now)
        self._step(player, target, now)
        self._check_race_over(now)
        return self._position(player), self._drain()

    @staticmethod
    def _trail(player: Player) -> Trail:
        if player.trail is None:
            raise GameError("you are not in this race", code="not_racing")
        return player.trail

    def _position(self, player: Player) -> dict[str, Any]:
        trail = self._trail(player)
        return {
            "room": _cell(trail.current),
            "facing": trail.facing.value,
            "trail_len": len(trail),
            "moves": player.moves,
            "distance": player.distance,
        }

    def move_cap(self) -> int:
        """Most moves a racer may make in one race (`racelog.move_cap`): what the move limit allows in
        the time limit, and room to explore every room twice; it bounds the race log's memory."""
        s = self.settings
        return move_cap(s.rows, s.cols, s.time_limit, self.hint_cap() if s.hint_moves else 0)

    def hint_cap(self) -> int:
        """Most hints a racer may get in one race: the room's limit, within what one a second allows."""
        return hint_cap(self.settings.hint_limit, self.settings.time_limit)

    def _step(self, player: Player, target: Target, now: float) -> None:
        maze, distances = self._course()
        if player.moves >= self.move_cap():
            raise GameError("you have used every move this race allows", code="move_limit")
        room = apply_move(maze, self._trail(player), target)
        self.last_active = now
        player.moves += 1
        player.distance = distances[maze.index(room)]
        self.log.add_move(self._elapsed(now), player.id, room)
        self._emit("moved", {"id": player.id, **self._position(player)})
        if room == maze.exit:
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

    def hint(
        self, member_id: str, method: str, want_order: bool, now: float
    ) -> tuple[dict[str, Any], list[Envelope]]:
        """Search for a racer from where they stand; the ack (with the order if asked) and the events.

        The server splits this in two (`request_hint`, then `answer_hint`) to run the search off the
        event loop; this is the same in one call.
        """
        request = self.request_hint(member_id, method, want_order, now)
        return self.answer_hint(request, solve_hint(request), now)

    def request_hint(self, member_id: str, method: str, want_order: bool, now: float) -> HintRequest:
        """Check a hint may be given and pin down what to search: the pure part runs anywhere."""
        player = self._racer(member_id, now)
        if method not in HINT_METHODS:
            raise GameError(f"hint method must be one of {', '.join(HINT_METHODS)}", code="bad_method")
        if method not in self.settings.hint_methods:
            allowed = ", ".join(self.settings.hint_methods)
            raise GameError(f"this room allows hints by {allowed}", code="method_not_allowed")
        self._check_hints_left(player)
        maze, _ = self._course()
        search_method = choose_method(method, self.rng)
        job = HintJob.of(maze, self._trail(player).rooms, search_method, want_order)
        return HintRequest(player.id, player.moves, job, want_order)

    def _check_hints_left(self, player: Player) -> None:
        if player.hints >= self.hint_cap():
            raise GameError("no hints left in this race", code="no_hints_left")

    def answer_hint(
        self, request: HintRequest, answer: Hint, now: float
    ) -> tuple[dict[str, Any], list[Envelope]]:
        """Count and announce a hint found by `solve_hint`; the ack and the events.

        The answer is for the room the player asked from (`from`), even if they have moved since: the
        search is never run twice, and never here. A hint that moves you (hint_moves) takes its step
        only when you still stand where it was asked.
        """
        player = self._racer(request.member_id, now)
        self._check_hints_left(player)  # another hint may have landed meanwhile
        self.last_active = now
        player.hints += 1
        player.penalty_ms += self.settings.hint_penalty * 1000
        public = self._hint_json(player, answer)
        self.log.add_hint(self._elapsed(now), player.id, answer.method, answer.found)
        self._emit("hinted", public, {key: public[key] for key in HINT_SEEN_BY_RACERS})
        step = answer.next if self.settings.hint_moves and player.moves == request.moves else None
        if step is not None and player.moves < self.move_cap():  # at the cap the hint counts, no step
            self._step(player, step, now)
        self._check_race_over(now)
        ack = dict(public)
        if request.want_order and answer.order_rooms is not None:
            ack["order"] = answer.order_rooms.to_wire()
        return ack, self._drain()

    def _hint_json(self, player: Player, answer: Hint) -> dict[str, Any]:
        """The `hinted` data: room lists packed (base64 of 2-byte flat indices), single rooms as [r, c]."""
        return {
            "id": player.id,
            "method": answer.method,
            "found": answer.found,
            "from": _cell(answer.start),
            "next": _cell(answer.next) if answer.next is not None else None,
            "path": answer.path_rooms.to_wire() if answer.path_rooms is not None else None,
            "explored": answer.explored,
            "back_to": _cell(answer.back_to) if answer.back_to is not None else None,
            "back_path": answer.back_rooms.to_wire() if answer.back_rooms is not None else None,
            "hints": player.hints,
            "penalty": player.penalty_ms,
        }

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
            self._emit(
                "race_over", {"race": self.race_id, "results": self.results, "shortest": self.shortest}
            )
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

    def kick(self, member_id: str, target_id: str, now: float) -> list[Envelope]:
        """The host removes a player or spectator for good: a racer is DNF, and the token stops working
        (lock the room to keep them from joining again as someone new)."""
        self._require_host(member_id)
        if target_id == member_id:
            raise GameError("the host cannot kick themselves; leave instead", code="bad_payload")
        player = self.players.get(target_id)
        if target_id not in self.spectators and (player is None or player.left):
            raise GameError("nobody in this room has that id", code="unknown_member")
        self._emit("kicked", {"id": target_id})
        return self.leave(target_id, now)

    def lock(self, member_id: str, locked: bool) -> list[Envelope]:
        """The host locks the room (no new players) or opens it again."""
        self._require_host(member_id)
        if locked != self.locked:
            self.locked = locked
            self._emit("locked", {"locked": locked})
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
        self._emit(
            "lobby",
            {
                "settings": self.settings.to_json(),
                "players": [self.player_entry(p) for p in self.players.values()],
            },
        )

    # ----- clock -------------------------------------------------------------------------------------

    def tick(self, now: float) -> list[Envelope]:
        """Advance the room's clock: end the countdown, the time limit, and expired grace periods."""
        for player in self.active_players():
            gone_since = player.disconnected_at
            if not player.connected and gone_since is not None and now - gone_since >= self.grace:
                gone = self.leave(player.id, now)  # drains the outbox: take its events before extending
                self._outbox.extend(gone)
        if self.phase == "countdown" and self.start_at is not None and now >= self.start_at:
            self._begin_race(now)
        self._check_race_over(now)
        return self._drain()

    def is_idle(self, now: float, timeout: float) -> bool:
        """Nobody connected or coming back, and nothing happened for `timeout` seconds (a room nobody
        ever joined goes sooner): the room can close."""
        if self.connected_count or any(p.disconnected_at is not None for p in self.active_players()):
            return False
        limit = timeout if self.serial else min(timeout, UNJOINED_TIMEOUT)
        return now - self.last_active >= limit
