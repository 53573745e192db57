"""The hint rules: a racer asks, the search runs (anywhere: it is pure), the answer counts.

Asking (`request`) changes nothing, so the server runs the search off the event loop between it and the
`answer`, which is the command (`commands.AnswerHint`); a hint that walks takes its step by `race.step`.
"""

import random
from dataclasses import dataclass
from typing import Protocol

from server.errors import GameError
from server.maze.fog import revealed
from server.maze.hint_answer import Hint
from server.maze.hints import HINT_METHODS, HintJob, choose_method, fog_job, solve
from server.room import race
from server.room.events.hints import HintAck
from server.room.guards import course_of, racer_of, trail_of
from server.room.players import Player
from server.room.state import RoomState
from server.room.views.hints import hint_ack, hint_data, hint_for_asker, hint_for_racers


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


def hint(state: RoomState, member_id: str, method: str, want_order: bool, now: float) -> HintAck:
    """Search for a racer from where they stand; the ack (with the order if asked).

    The server splits this in two (`request`, then `answer`) to run the search off the event loop;
    this is the same in one call.
    """
    asked = request(state, member_id, method, want_order, now)
    return answer(state, asked, solve_hint(asked), now)


def request(state: RoomState, member_id: str, method: str, want_order: bool, now: float) -> HintRequest:
    """Check a hint may be given and pin down what to search: the pure part runs anywhere."""
    player = racer_of(state, member_id, now)
    if method not in HINT_METHODS:
        raise GameError(f"hint method must be one of {', '.join(HINT_METHODS)}", code="bad_method")
    if method not in state.settings.hint_methods:
        allowed = ", ".join(state.settings.hint_methods)
        raise GameError(f"this room allows hints by {allowed}", code="method_not_allowed")
    _check_hints_left(state, player)
    maze, _ = course_of(state)
    # drawn from the race and the asker's counts, not the room's random source: asking changes
    # nothing, so only the answer is a command (see `commands.AnswerHint`)
    draw = random.Random(f"{state.seed}:{player.id}:{player.hints}:{player.moves}")
    search_method = choose_method(method, draw)
    cells = trail_of(player).cells
    if player.fog is not None:  # only what the asker has seen is searched
        job = fog_job(maze, cells, player.fog.seen, search_method, want_order)
    else:
        job = HintJob.of(maze, cells, search_method, want_order)
    return HintRequest(player.id, player.moves, job, want_order)


def _check_hints_left(state: RoomState, player: Player) -> None:
    if player.hints >= state.hint_cap():
        raise GameError("no hints left in this race", code="no_hints_left")


def answer(state: RoomState, asked: AskedHint, found: Hint, now: float) -> HintAck:
    """Count and announce a hint found by `solve_hint`; the ack.

    The answer is for the cell the player asked from (`from`), even if they have moved since: the
    search is never run twice, and never here. A hint that moves you (hint_moves) takes its step
    only when you still stand where it was asked.
    """
    player = racer_of(state, asked.member_id, now)
    _check_hints_left(state, player)  # another hint may have landed meanwhile
    state.last_active = now
    player.hints += 1
    player.penalty_ms += state.settings.hint_penalty * 1000
    data = hint_data(player, found)
    shown = hint_for_asker(state.settings.hint_reveal, course_of(state)[0], player, found)
    state.log.add_hint(race.elapsed(state, now), player.id, found.method, found.found)
    state.emit("hinted", data, hint_for_racers(data), own_data=shown if shown != data else None)
    step = found.next if state.settings.hint_moves and player.moves == asked.moves else None
    newly_seen: list[int] = []
    if step is not None and player.moves < state.move_cap():  # at the cap the hint counts, no step
        newly_seen = race.step(state, player, step, now)
    race.check_over(state, now)
    ack = hint_ack(shown, asked.want_order, found)
    if player.fog is not None and newly_seen:
        ack["seen"] = revealed(course_of(state)[0], newly_seen)["cells"]
    return ack
