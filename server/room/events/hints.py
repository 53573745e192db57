"""The data of the `hinted` event in its two forms, and the asker's ack."""

from typing import NotRequired, TypedDict

Hinted = TypedDict(
    "Hinted",
    {
        "id": str,
        "method": str,
        "found": bool,
        "from": list[int],
        "next": list[int] | None,
        "path": str | None,
        "explored": int,
        "back_to": list[int] | None,
        "back_path": str | None,
        "explore": list[int] | None,
        "explore_path": str | None,
        "hints": int,
        "penalty": int,
        "cut": str | None,
    },
)
"""`hinted` as the asker, spectators and those done racing get it: the way on (cell lists packed). In a
fog race, when the exit cannot be reached through what the asker has seen, `explore` is the nearest
unseen cell an open passage leads to and `explore_path` the way there (both null otherwise).

Spectators and those done racing get the whole way (`cut` null). The asker, while racing in a room whose
`hint_reveal` is "junction", gets its cell lists cut (`hint_reveal.cut_hint`; `next`, `back_to` and
`explore` stay): `cut` says why the way shown stops before its end, "junction" (at the next junction) or
"steps" (after a handful of steps); null when the way shown is whole."""


class HintSeen(TypedDict):
    """`hinted` as the other players still racing get it: that a hint was asked, not where it leads."""

    id: str
    method: str
    found: bool
    explored: int
    hints: int
    penalty: int


class HintAck(Hinted):
    """The asker's ack: the hint, and its explored order when they asked for it."""

    order: NotRequired[str]
    seen: NotRequired[list[list[int]]]
    """In a fog race, when the hint moved the asker: the cells that step let them see (as `MoveAck`)."""
