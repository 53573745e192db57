"""A hint as each viewer sees it: the whole way, the way its asker is shown while racing, the other
racers' short form, and the asker's ack."""

from typing import cast

from server.maze.hint_answer import Hint
from server.maze.hint_reveal import Cut, cut_hint
from server.maze.model import Maze
from server.room.events.hints import HintAck, Hinted, HintSeen
from server.room.players import Player
from server.room.views.viewer import cell_json

HINT_SEEN_BY_RACERS = tuple(HintSeen.__annotations__)
"""What a hint shows the other players still racing: that it was asked, not where it leads."""


def hint_data(player: Player, answer: Hint, cut: Cut | None = None) -> Hinted:
    """The `hinted` data of `answer` (whole, or as `cut`): cell lists packed (base64 of 2-byte flat
    indices), single cells as [r, c]."""
    return {
        "id": player.id,
        "method": answer.method,
        "found": answer.found,
        "from": cell_json(answer.start),
        "next": cell_json(answer.next) if answer.next is not None else None,
        "path": answer.path_cells.to_wire() if answer.path_cells is not None else None,
        "explored": answer.explored,
        "back_to": cell_json(answer.back_to) if answer.back_to is not None else None,
        "back_path": answer.back_cells.to_wire() if answer.back_cells is not None else None,
        "explore": cell_json(answer.explore) if answer.explore is not None else None,
        "explore_path": answer.explore_cells.to_wire() if answer.explore_cells is not None else None,
        "hints": player.hints,
        "penalty": player.penalty_ms,
        "cut": cut,
    }


def hint_for_asker(reveal: str, maze: Maze, player: Player, answer: Hint) -> Hinted:
    """The `hinted` data the asker gets while racing: with `hint_reveal` "junction" the ways it draws only
    to the next junction (`hint_reveal.cut_hint`), but the first step, how far to back up and the cell to
    explore towards as they are; with "whole" the whole way, as everyone who sees it gets it. Spectators
    and players who have finished always get the whole way (`hint_data`)."""
    whole = hint_data(player, answer)
    if reveal == "whole":
        return whole
    shown, cut = cut_hint(maze, answer)
    data = hint_data(player, shown, cut)
    data["back_to"], data["explore"] = whole["back_to"], whole["explore"]
    return data


def hint_for_racers(data: Hinted) -> HintSeen:
    """The `hinted` data the other players still racing get: that a hint was asked, not its way."""
    return {
        "id": data["id"],
        "method": data["method"],
        "found": data["found"],
        "explored": data["explored"],
        "hints": data["hints"],
        "penalty": data["penalty"],
    }


def hint_ack(data: Hinted, want_order: bool, answer: Hint) -> HintAck:
    """The asker's ack: the hint as they are shown it (`hint_for_asker`), and the explored order when
    they asked for it (only theirs: the search animation stays whole, it shows how the method searched)."""
    ack = cast(HintAck, {**data})  # the hint's fields; the order is added below
    if want_order and answer.order_cells is not None:
        ack["order"] = answer.order_cells.to_wire()
    return ack
