"""Players in a room: names, colours and each racer's running tally."""

from dataclasses import dataclass

from server.bots import Bot
from server.maze.directions import Direction
from server.maze.fog import FogMemory
from server.maze.trail import Trail
from server.room.bot_spec import BotSpec

PALETTE: tuple[str, ...] = (
    "#0072B2",  # Okabe-Ito blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#D55E00",  # vermillion
    "#56B4E9",  # sky blue
    "#F0E442",  # yellow
    "#332288",  # Tol indigo
    "#117733",  # Tol green
    "#882255",  # Tol wine
    "#44AA99",  # Tol teal
    "#999933",  # Tol olive
    "#AA4499",  # Tol purple
    "#DDCC77",  # Tol sand
    "#88CCEE",  # Tol cyan
    "#661100",  # Tol brown
)
"""Colour-blind-safe colours (Okabe-Ito, then Paul Tol's muted set), one per player slot."""


@dataclass
class Player:
    """A racer (or would-be racer) in a room; the token is the secret that proves who they are."""

    id: str
    name: str
    colour: str
    token: str
    joined_at: float
    ready: bool = False
    connected: bool = True
    disconnected_at: float | None = None
    trail: Trail | None = None
    moves: int = 0
    hints: int = 0
    penalty_ms: int = 0
    finished_at: float | None = None
    dnf: bool = False
    left: bool = False
    distance: int | None = None
    fog: FogMemory | None = None
    """In a fog race, the cells this racer has seen."""
    bot: BotSpec | None = None
    """Set for a bot: what the host asked for (a bot is driven by the server, never joined as)."""
    brain: Bot | None = None
    """A racing bot's brain, made at the race's start (`bot_rules`)."""

    @property
    def racing(self) -> bool:
        """Still in the race: has a trail, not finished, not out."""
        return self.trail is not None and self.finished_at is None and not self.dnf and not self.left

    def reset_for_race(self, entrance: tuple[int, int], distance: int) -> None:
        """Put the player on the entrance with a clean tally."""
        self._clear_tally()
        self.trail = Trail([entrance], Direction.RIGHT)
        self.distance = distance
        self.fog = None

    def reset_for_lobby(self) -> None:
        """Back to the lobby after a race: not ready, no trail."""
        self._clear_tally()
        self.trail = None
        self.distance = None
        self.fog = None
        self.brain = None
        self.ready = self.bot is not None  # a bot is always ready

    def _clear_tally(self) -> None:
        self.moves = 0
        self.hints = 0
        self.penalty_ms = 0
        self.finished_at = None
        self.dnf = False
