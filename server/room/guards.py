"""The checks that refuse a command before anything changes, shared by the rule modules.

Each raises a `GameError` with the code the client is told, or returns what it checked (the player,
the maze): a rule asks first and changes the room only once every check has passed.
"""

from server.errors import GameError
from server.maze.model import Maze
from server.maze.trail import Trail
from server.room.players import Player
from server.room.state import Phase, RoomState


def player_of(state: RoomState, member_id: str) -> Player:
    """The member as a player who has not left; spectators and strangers are refused."""
    player = state.players.get(member_id)
    if player is None or player.left:
        raise GameError("only players can do that", code="not_player")
    return player


def racer_of(state: RoomState, member_id: str, now: float) -> Player:
    """The member as a player still racing in a race that is running (and not past its time limit)."""
    player = player_of(state, member_id)
    if state.phase != "racing":
        raise GameError("the race is not running", code="not_racing")
    if state.time_is_up(now):
        raise GameError("the time limit has passed", code="not_racing")
    if player.finished_at is not None:
        raise GameError("you have already finished", code="finished")
    if not player.racing:
        raise GameError("you are out of this race", code="not_racing")
    return player


def require_host(state: RoomState, member_id: str) -> None:
    """Refuse anyone but the host."""
    if member_id != state.host_id:
        raise GameError("only the host can do that", code="not_host")


def require_phase(state: RoomState, *phases: Phase) -> None:
    """Refuse unless the room is in one of `phases`."""
    if state.phase not in phases:
        raise GameError(f"not possible while the room is in {state.phase}", code="wrong_phase")


def course_of(state: RoomState) -> tuple[Maze, list[int]]:
    """The maze and its distance field; they exist from the countdown on."""
    if state.maze is None or state.distances is None:
        raise GameError("the race has no maze yet", code="wrong_phase")
    return state.maze, state.distances


def trail_of(player: Player) -> Trail:
    """The player's trail in this race; a player sitting it out has none."""
    if player.trail is None:
        raise GameError("you are not in this race", code="not_racing")
    return player.trail
