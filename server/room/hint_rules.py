"""The hint layer of a room: a racer asks, the search runs (anywhere: it is pure), the answer counts."""

import random
from dataclasses import dataclass
from typing import Protocol

from server.errors import GameError
from server.maze.fog import revealed
from server.maze.hints import HINT_METHODS, Hint, HintJob, choose_method, fog_job, solve
from server.room import views
from server.room.envelope import Envelope
from server.room.events import HintAck
from server.room.players import Player
from server.room.race import RaceRules


class AskedHint(Protocol):
    """What answering a hint needs to know of its asking (a `HintRequest`, or the logged command)."""

    @property
    def member_id(self) -> str: ...

    @property
    def moves(self) -> int: ...

    @property
    def want_order(self) -> bool: ...


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


class HintRules(RaceRules):
    """Hints: checking one may be given, choosing its search, and counting and announcing the answer."""

    def hint(
        self, member_id: str, method: str, want_order: bool, now: float
    ) -> tuple[HintAck, list[Envelope]]:
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
        # drawn from the race and the asker's counts, not the room's random source: asking changes
        # nothing, so only the answer is a command (see `commands.AnswerHint`)
        draw = random.Random(f"{self.seed}:{player.id}:{player.hints}:{player.moves}")
        search_method = choose_method(method, draw)
        cells = self._trail(player).cells
        if player.fog is not None:  # only what the asker has seen is searched
            job = fog_job(maze, cells, player.fog.seen, search_method, want_order)
        else:
            job = HintJob.of(maze, cells, search_method, want_order)
        return HintRequest(player.id, player.moves, job, want_order)

    def _check_hints_left(self, player: Player) -> None:
        if player.hints >= self.hint_cap():
            raise GameError("no hints left in this race", code="no_hints_left")

    def answer_hint(self, request: AskedHint, answer: Hint, now: float) -> tuple[HintAck, list[Envelope]]:
        """Count and announce a hint found by `solve_hint`; the ack and the events.

        The answer is for the cell the player asked from (`from`), even if they have moved since: the
        search is never run twice, and never here. A hint that moves you (hint_moves) takes its step
        only when you still stand where it was asked.
        """
        player = self._racer(request.member_id, now)
        self._check_hints_left(player)  # another hint may have landed meanwhile
        self.last_active = now
        player.hints += 1
        player.penalty_ms += self.settings.hint_penalty * 1000
        data = views.hint_data(player, answer)
        self.log.add_hint(self._elapsed(now), player.id, answer.method, answer.found)
        self._emit("hinted", data, views.hint_for_racers(data))
        step = answer.next if self.settings.hint_moves and player.moves == request.moves else None
        newly_seen: list[int] = []
        if step is not None and player.moves < self.move_cap():  # at the cap the hint counts, no step
            newly_seen = self._step(player, step, now)
        self._check_race_over(now)
        ack = views.hint_ack(data, request.want_order, answer)
        if player.fog is not None and newly_seen:
            ack["seen"] = revealed(self._course()[0], newly_seen)["cells"]
        return ack, self._drain()
